import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CreditList, CreditView } from "@/lib/domain/credit/view";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import type { AuthTables } from "../core/db/schema";
import { databaseProfiles } from "../testing";
import { apiWalkOptions } from "@/lib/domain/api-query";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { WHOLE_LIST_PAGES, walkRequest } from "@/lib/domain/views/whole-list";
import { type KeyActor, sharedPlace } from "../core/parties";
import { requestApi } from "../core/page-api";
import { BACKROOM, browserRequest, type TestBackend } from "../core/testing";
import { getCredit, listCredit, putCreditLimit } from "./credit-api";
import { createCreditViews } from "./credit-view";
import type { CreditTables } from "./tables";
import { creditSetUp } from "./testing";

// Credit's routes against the sandbox: who sets a limit (owners, admins, accounts), once per Idempotency-Key, its
// refusals naming their field with nothing written, and who reads what (staff, the store's rep, the store; a brand
// and anyone else not); the store's overview card's figures, from the overview's own walks, equal to its credit page's.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

type Setup = Awaited<ReturnType<typeof creditSetUp>>;

/** What the store's overview card and its credit page both show of an account. */
const shown = (v: CreditView) => ({
  arAccountId: v.arAccountId,
  name: v.name,
  customerIds: v.customerIds,
  limit: v.limit,
  balance: v.balance,
  openLists: v.openLists,
  available: v.available,
  over60: v.over60,
  asOf: v.asOf,
});

describe.each(databaseProfiles())("credit's routes on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });
  const setUp = async () => {
    const s = await creditSetUp(sandbox, open, Date.parse(TEST_CLOCK));
    backends.push(s.backend);
    const [aging] = await sandbox.walk("/arAging", "Customer");
    const account = aging!.ARAccountID as number;
    const path = `/api/credit/${account}`;
    const put = (cookie: string, json: unknown, key = `k-${Math.random()}`, headers = {}) =>
      s.send(putCreditLimit, "PUT", path, cookie, { json, key, params: { arAccountId: String(account) }, headers });
    const get = (cookie: string, id = account) =>
      s.send(getCredit, "GET", `/api/credit/${id}`, cookie, { params: { arAccountId: String(id) } });
    const list = (cookie: string, query = "") => s.send(listCredit, "GET", `/api/credit${query}`, cookie);
    const changes = async () =>
      Number(
        (
          await s.backend.db
            .withTables<CreditTables>()
            .selectFrom("credit_limit_changes")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { ...s, account, put, get, list, changes };
  };

  it("is pending until the key's first walk is in, then the staff set a limit once per key", async () => {
    const s: Setup & Awaited<ReturnType<typeof setUp>> = await setUp();
    expect((await s.list(s.staff.cookie)).body).toMatchObject({ pending: true, rows: [] });
    const early = await s.put(s.staff.cookie, { limit: "10000" });
    expect([early.status, (early.body.Error as { code: string }).code]).toEqual([409, "COLLECTIONS_PENDING"]);
    await s.walk();

    const set = await s.put(s.staff.cookie, { limit: "10000" }, "first");
    expect(set.status).toBe(200);
    expect(set.etag).toBe('"1"');
    const view = set.body as unknown as CreditView;
    expect(view).toMatchObject({ arAccountId: s.account, side: "staff", limit: "10000.00" });
    expect(view.history).toEqual([{ at: expect.any(String), by: expect.any(String), from: null, to: "10000.00" }]);
    // available = limit − balance − open lists, exactly.
    const cents = (t: string) => Math.round(Number(t) * 100);
    expect(cents(view.available!)).toBe(cents(view.limit!) - cents(view.balance) - cents(view.openLists));

    // The same key again: the same answer, nothing more written; with another body: 409.
    const again = await s.put(s.staff.cookie, { limit: "10000" }, "first");
    expect([again.status, (again.body as unknown as CreditView).history.length]).toEqual([200, 1]);
    const other = await s.put(s.staff.cookie, { limit: "5000" }, "first");
    expect([other.status, (other.body.Error as { code: string }).code]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
    // If-Match on a version the limit has left: 412.
    const stale = await s.put(s.staff.cookie, { limit: "5000" }, "second", { "If-Match": '"0"' });
    expect([stale.status, (stale.body.Error as { code: string }).code]).toEqual([412, "LIMIT_CHANGED"]);
    const current = await s.put(s.accounts.cookie, { limit: 5000 }, "third", { "If-Match": '"1"' });
    expect([current.status, current.etag, (current.body as unknown as CreditView).limit]).toEqual([
      200,
      '"2"',
      "5000.00",
    ]);
    expect(await s.changes()).toBe(2);

    // Null removes it: no limit, nothing available.
    const removed = await s.put(s.staff.cookie, { limit: null });
    expect((removed.body as unknown as CreditView).available).toBeNull();
  });

  it("refuses other roles, other keys, unknown accounts and bad limits, writing nothing", async () => {
    const s = await setUp();
    await s.walk();
    for (const who of [s.viewer, s.purchasing]) {
      const refused = await s.put(who.cookie, { limit: "100" });
      expect([refused.status, (refused.body.Error as { code: string }).code]).toEqual([403, "FORBIDDEN_BY_ROLE"]);
    }
    const byStore = await s.put(s.store.cookie, { limit: "100" });
    expect([byStore.status, (byStore.body.Error as { code: string }).code]).toEqual([403, "NOT_FOR_THIS_KEY"]);
    const byBrand = await s.get(s.brand.cookie);
    expect([byBrand.status, (byBrand.body.Error as { code: string }).code]).toEqual([403, "NOT_FOR_THIS_KEY"]);
    const unknown = await s.send(putCreditLimit, "PUT", "/api/credit/999999", s.staff.cookie, {
      json: { limit: "100" },
      key: "u",
      params: { arAccountId: "999999" },
    });
    expect([unknown.status, (unknown.body.Error as { code: string }).code]).toEqual([404, "NO_SUCH_ACCOUNT"]);
    for (const limit of [9_999_999_999, "100.005", "-5", "1e3", ""]) {
      const bad = await s.put(s.staff.cookie, { limit });
      expect(bad.status, String(limit)).toBe(400);
      const error = bad.body.Error as { code: string; fieldErrors: { field: string }[] };
      expect(error.fieldErrors.map((f) => f.field)).toContain("limit");
    }
    const noKey = await s.put(s.staff.cookie, { limit: "100" }, "");
    expect(noKey.status).toBe(400);
    expect(await s.changes()).toBe(0);
  });

  it("answers a double press racing once", async () => {
    const s = await setUp();
    await s.walk();
    const [a, b] = await Promise.all([
      s.put(s.staff.cookie, { limit: "2500.50" }, "double"),
      s.put(s.staff.cookie, { limit: "2500.50" }, "double"),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((a.body as unknown as CreditView).limit).toBe("2500.50");
    expect(await s.changes()).toBe(1);
  });

  it("shows each side its own view: staff, the store's rep, the store; 404 to anyone else", async () => {
    const s = await setUp();
    await s.walk();
    await s.put(s.staff.cookie, { limit: "10000" });
    const staff = (await s.get(s.viewer.cookie)).body as unknown as CreditView;
    expect(staff).toMatchObject({ side: "staff", limit: "10000.00" });
    expect(staff.history).toHaveLength(1);

    const [record] = await sandbox.walk(`/customers?CustomerIDs=${staff.customerIds[0]}`, "Employee");
    await s.link((await memberOf(s, s.purchasing.userId))!, record!.SalesRepUserID as number);
    expect(((await s.get(s.purchasing.cookie)).body as unknown as CreditView).side).toBe("rep");

    const store = await s.get(s.store.cookie);
    expect(store.status).toBe(200);
    const view = store.body as unknown as CreditView;
    expect(view).toMatchObject({
      side: "store",
      limit: "10000.00",
      history: [],
      balance: staff.balance,
      over60: staff.over60,
      available: staff.available,
    });
    // A repeat reads through the proxy's cache: nothing more upstream.
    const calls = s.backend.calls.length;
    expect((await s.get(s.store.cookie)).body).toEqual(view);
    expect(s.backend.calls.length).toBe(calls);
    // An account the store's aging does not list: 404, as for none.
    const rows = ((await s.list(s.staff.cookie)).body as unknown as CreditList).rows;
    const another = rows.find((r) => r.arAccountId !== s.account)!.arAccountId;
    const refused = await s.get(s.store.cookie, another);
    expect([refused.status, (refused.body.Error as { code: string }).code]).toEqual([404, "NO_SUCH_ACCOUNT"]);
  });

  it("lists the snapshot's accounts with their limits, the filters and the sort the query asks", async () => {
    const s = await setUp();
    await s.walk();
    await s.put(s.staff.cookie, { limit: "1" });
    const all = (await s.list(s.viewer.cookie)).body as unknown as CreditList;
    expect(all.pending).toBe(false);
    expect(all.total).toBeGreaterThan(1);
    const over = (await s.list(s.viewer.cookie, "?over=limit")).body as unknown as CreditList;
    expect(over.rows.map((r) => r.arAccountId)).toEqual(
      Number((all.rows.find((r) => r.arAccountId === s.account) ?? { balance: "0" }).balance) > 1 ? [s.account] : [],
    );
    const bad = await s.list(s.viewer.cookie, "?sort=nope");
    expect(bad.status).toBe(400);
  });

  it("gives the store's overview card, from the overview's walks alone, the figures of its credit page", async () => {
    const now = Date.parse(TEST_CLOCK);
    const s = await setUp();
    const actor = (await s.backend.actors.resolve(
      new Headers({ cookie: s.store.cookie, host: new URL(BACKROOM).host }),
    )) as KeyActor;
    expect(actor.key.keyType).toBe("Customer");
    const api = requestApi(browserRequest("GET", "/", { cookie: s.store.cookie }), s.backend);
    const signal = new AbortController().signal;
    // The overview's own walks (lib/ui/overview/requests.ts: `AGING_WALK`, `OPEN_INVOICES_WALK`).
    const [aging, openInvoices] = await Promise.all(
      [walkRequest(LIST_VIEWS.arAging, {}), walkRequest(LIST_VIEWS.openInvoices, {})].map((request) =>
        apiWalkOptions(api, request, 0, WHOLE_LIST_PAGES).queryFn({ signal }),
      ),
    );
    const customerIds = (actor.key.scope.customers ?? []).map((c) => c.id);
    expect(customerIds.length).toBeGreaterThan(0);

    const views = createCreditViews({ db: s.backend.db, now: () => now });
    const card = () =>
      views.storeCreditsFrom(actor, { aging: aging!.records, openInvoices: openInvoices!.records, customerIds });
    const before = await card();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((v) => v.limit === null && v.available === null)).toBe(true);

    // The staff set a limit on the first account: the card carries it, as the page does.
    const first = before[0]!;
    await views.limits.set({
      place: sharedPlace(actor),
      arAccountId: first.arAccountId,
      limit: "10000.00",
      by: { id: "staff", name: "Staff" },
      workspaceId: s.staff.workspaceId,
      idempotencyKey: "overview-card",
      digest: "d",
    });
    const calls = s.backend.calls.length;
    const after = await card();
    expect(s.backend.calls.length).toBe(calls);
    expect(after[0]).toMatchObject({ limit: "10000.00", side: "store", reliability: null });
    const cents = (t: string) => BigInt(t.replace(".", ""));
    expect(cents(after[0]!.available!)).toBe(cents("10000.00") - cents(after[0]!.balance) - cents(after[0]!.openLists));

    // The page's figures, store by store (`storeCredits`: one account once, in the stores' order).
    const page: CreditView[] = [];
    for (const id of customerIds.slice(0, 4)) {
      const view = await views.creditForCustomer(api, actor, id, signal, { score: false }).catch(() => undefined);
      if (view && !page.some((p) => p.arAccountId === view.arAccountId)) page.push(view);
    }
    expect(after.map(shown)).toEqual(page.map(shown));
  });
});

async function memberOf(s: Setup, userId: string): Promise<string | undefined> {
  const row = await s.backend.db
    .withTables<AuthTables>()
    .selectFrom("auth_member")
    .select("id")
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.id;
}
