import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import { collectionRows, invoicesToName } from "@/lib/domain/collections/collections";
import { type CollectionsInput, entryOf, type ListName } from "@/lib/domain/collections/collections-input";
import { collectionsQuery, COLUMNS, listed } from "@/lib/domain/collections/collections-list";
import { createBackground } from "../core/background/background-reads";
import { createMemoryStore } from "../core/shared/memory-store";
import { browserRequest, connectKey, DEMO_KEYS, recordingJobs, type TestBackend, UPSTREAM } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { createDisputeStore } from "../disputes/disputes-store";
import { getCollectionsExport } from "./collections-api";
import { createCollectionsSync, type CollectionsSyncJob } from "./collections-sync";
import { COLLECTIONS_TABLES, forgetCollections, type CollectionsTables } from "./tables";
import { collectionsView } from "./collections-view";
import { getAgingExport } from "./aging-export";
import { agingSnapshot } from "./aging-view";
import { addDecimals, parseDecimal, toDecimalString } from "@/lib/format/decimal";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import type { KeyActor } from "../core/parties";
import { createCreditViews } from "../credit/credit-view";
import { createLimitStore } from "../credit/limits-store";
import type { OrderListTables } from "../order-guide/tables";
import { withCredit } from "./collections-credit";
import { linesOf, totalLine, type AgingRow } from "@/lib/domain/ar-aging/aging";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

/** Every record of a v1 list, read straight from the sandbox with the demo staff's key. */
async function walk(path: string): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let page = 1; ; page++) {
    const response = await sandbox.runtime.app.fetch(
      new Request(`${UPSTREAM}/test/api/v1${path}${path.includes("?") ? "&" : "?"}PageSize=500&Page=${page}`, {
        headers: { "x-api-key": DEMO_KEYS.Employee },
      }),
    );
    const body = (await response.json()) as { Data: unknown[]; HasNextPage: boolean };
    all.push(...body.Data);
    if (!body.HasNextPage) return all;
  }
}

/** The collections list computed by the pure model from a direct walk of the API: what the snapshot must equal. */
async function direct() {
  const kept = <L extends ListName>(list: L, records: unknown[]) =>
    records.flatMap((r) => entryOf(list, r) ?? []) as CollectionsInput[L];
  const input: CollectionsInput = {
    aging: kept("aging", await walk("/arAging")),
    customers: kept("customers", await walk("/customers?AccountStatuses=Active,Inactive,OutOfBus")),
    openInvoices: kept("openInvoices", await walk("/payments/openInvoices")),
    payments: kept("payments", await walk("/payments")),
    users: kept("users", await walk("/users?Roles=Customer&Active=true")),
    invoices: [],
  };
  const ids = [...invoicesToName(input.aging, input.openInvoices).keys()];
  if (ids.length)
    input.invoices = kept("invoices", await walk(`/invoices?InvoiceIDs=${ids.join(",")}&Statuses=1,2,3,4,5,7`));
  return { input, rows: collectionRows(input) };
}

describe.each(databaseProfiles())("the collections sync on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp(
    failAt?: number,
    change?: (url: URL, body: { Data: Record<string, unknown>[] }) => void | Promise<void>,
  ) {
    let calls = 0;
    const backend = await createTestBackend(
      async (request) => {
        calls++;
        if (calls === failAt) throw new Error("connection reset");
        const answer = await sandbox.runtime.app.fetch(request);
        if (!change) return answer;
        const body = (await answer.json()) as { Data: Record<string, unknown>[] };
        await change(new URL(request.url), body);
        return Response.json(body, { status: answer.status });
      },
      { database: await open(), forget: [forgetCollections] },
    );
    backends.push(backend);
    const { jobs, queued } = recordingJobs<CollectionsSyncJob>();
    const clock = { at: Date.parse(TEST_CLOCK) };
    const now = () => clock.at;
    const sync = createCollectionsSync({
      db: backend.db,
      jobs,
      keys: backend.keys,
      background: createBackground({
        proxy: backend,
        // The pace's slots expire on the test's clock, not the machine's: a loaded machine took over a second between
        // two reads, a slot taken had expired, and a read went unpaced (10 s of pace where 11 were due).
        shared: createMemoryStore({ now }),
        now,
        sleep: async (ms) => void (clock.at += ms),
      }),
      now,
    });
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const drain = async () => {
      for (let job = queued.shift(); job; job = queued.shift()) await sync.run(job);
    };
    const count = async (table: (typeof COLLECTIONS_TABLES)[number]) =>
      Number(
        (
          await backend.db
            .withTables<CollectionsTables>()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .where("key_id", "=", staff.keyId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { backend, sync, staff, queued, drain, clock, count };
  }

  it("walks the staff's aging, customers, open invoices, payments and stores' people into one row per AR account, equal to a direct walk of the API", async () => {
    const { backend, sync, staff, drain, count, clock } = await setUp();
    expect(await collectionsView(backend.db, staff.keyId)).toEqual({ ready: false, state: undefined });
    await sync.start(staff.workspaceId, staff.keyId);
    const before = backend.calls.length;
    await drain();
    const state = (await sync.state(staff.keyId))!;
    // Ended when its last request was read: one a second from the start. The snapshot was published before the score's
    // lists were read (its refresh time that of the last balance's page), those lists last.
    const walked = backend.calls.slice(before);
    const isScore = (c: (typeof walked)[number]) =>
      c.url.pathname.endsWith("/payments/applications") || c.url.searchParams.has("StartDate");
    const scoreReads = walked.filter(isScore).length;
    expect(scoreReads).toBeGreaterThan(0);
    expect(walked.slice(-scoreReads).every(isScore)).toBe(true);
    expect([state.phase, state.list, state.pending, state.asOf, state.refreshedAt]).toEqual([
      "idle",
      null,
      [],
      TEST_CLOCK.slice(0, 10),
      new Date(clock.at - scoreReads * 1000).toISOString(),
    ]);
    expect(clock.at - Date.parse(TEST_CLOCK)).toBe((state.requests - 1) * 1000);
    // Every request went upstream as the background's, counted; the kept pages are gone with the walk.
    expect(backend.calls.length - before).toBe(state.requests);
    expect(await count("collections_pages")).toBe(0);

    const { input, rows } = await direct();
    const view = await collectionsView(backend.db, staff.keyId);
    if (!view.ready) throw new Error("the snapshot is not in");
    expect(view.rows).toEqual(rows);
    // The stores' people from a few pages of /users for every store at once, not a request per account.
    const users = backend.calls.filter((c) => c.url.pathname.endsWith("/users"));
    expect(users.length).toBeGreaterThan(0);
    expect(users.length).toBeLessThanOrEqual(5);
    expect(rows.filter((r) => r.people!.length > 0).length).toBeGreaterThan(rows.length / 2);
    expect(view.state).toMatchObject({ phase: "idle", asOf: TEST_CLOCK.slice(0, 10), refreshedAt: state.refreshedAt });
    // A list worth a look: every account of the aging, summed across its suppliers, most of them named, some overdue,
    // on hold, with an agent, with credit on their payments.
    expect(rows.length).toBe(new Set(input.aging.map((a) => a.ARAccountID)).size);
    expect(rows.some((r) => r.suppliers > 1)).toBe(true);
    expect(rows.filter((r) => r.customerIds.length > 0).length).toBeGreaterThan(rows.length / 2);
    for (const check of [
      (r: (typeof rows)[number]) => r.over90 !== "0.000000",
      (r: (typeof rows)[number]) => r.onHold,
      (r: (typeof rows)[number]) => r.agentName !== null,
      (r: (typeof rows)[number]) => r.unapplied !== "0.000000",
      (r: (typeof rows)[number]) => r.lastPayment !== null,
    ]) {
      expect(rows.some(check)).toBe(true);
    }
    // Read again: nothing asked of the API.
    const calls = backend.calls.length;
    await collectionsView(backend.db, staff.keyId);
    expect(backend.calls.length).toBe(calls);
  });

  it("keeps the whole aging: every /arAging row in the API's order, summing exactly to the API's, and exports it as CSV", async () => {
    const { backend, sync, staff, drain } = await setUp();
    expect(await agingSnapshot(backend.db, staff.keyId)).toEqual({ ready: false, state: undefined, outdated: false });
    await sync.start(staff.workspaceId, staff.keyId);
    await drain();
    const snapshot = await agingSnapshot(backend.db, staff.keyId);
    if (!snapshot.ready) throw new Error("the snapshot is not in");
    const api = (await walk("/arAging")) as AgingRow[];
    expect(snapshot.rows.length).toBe(api.length);
    expect(snapshot.rows).toEqual((await direct()).input.aging);
    // The whole AR: the rows' totals added exactly, as the page's total line adds them.
    const whole = addDecimals(...api.map((r) => r.TotalBalanceOutstanding ?? "0"));
    expect(totalLine(linesOf(snapshot.rows as AgingRow[])).amounts.total).toBe(whole);
    // Each bucket's invoices as the API lists them (number and open balance), for the page's panel.
    const first = api.find((r) => (r.CurrentInvoices ?? []).length > 0)!;
    const kept = snapshot.rows.find((r) => r.ARAccountID === first.ARAccountID && r.SupplierID === first.SupplierID)!;
    expect(kept.CurrentInvoices).toEqual(first.CurrentInvoices);
    expect(snapshot.accounts.size).toBe(new Set(api.map((r) => r.ARAccountID)).size);

    // The export: every row of a supplier, smallest total first, from the snapshot alone.
    const calls = backend.calls.length;
    const supplier = api[0]!.SupplierID!;
    const answer = await getAgingExport(
      browserRequest("GET", `/api/collections/ar-aging?SupplierIDs=${supplier}&sort=total&dir=asc`, {
        cookie: staff.cookie,
        site: null,
      }),
      backend,
    );
    expect(backend.calls.length).toBe(calls);
    expect(answer.status).toBe(200);
    const lines = (await answer.text()).trimEnd().split("\r\n");
    const ofSupplier = api.filter((r) => r.SupplierID === supplier);
    expect(lines.length - 1).toBe(ofSupplier.length);
    const totals = lines.slice(1).map((line) => Number(line.split(",").at(-1)));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const refused = await getAgingExport(
      browserRequest("GET", "/api/collections/ar-aging", { cookie: brand.cookie, site: null }),
      backend,
    );
    expect(refused.status).toBe(403);
    // The one sentence of a key type refused (it said "export it from the AR aging page" before).
    expect(await refused.json()).toEqual({
      Error: {
        code: "NOT_FOR_THIS_KEY",
        detail: "The AR aging's snapshot: for Employee keys only; this workspace's key is a Supplier key.",
      },
    });
  });

  it("goes on after a request that failed, refreshes, and a key removed takes its snapshot in the same transaction", async () => {
    const { backend, sync, staff, drain, queued, count } = await setUp(3);
    await sync.start(staff.workspaceId, staff.keyId);
    // The third upstream request fails: that run throws (the queue would retry it) with the walk saved so far.
    await expect(drain()).rejects.toThrow(/answered 502/);
    const halfway = (await sync.state(staff.keyId))!;
    expect([halfway.phase, halfway.list]).toEqual(["walk", "openInvoices"]);
    expect(await count("collections_pages")).toBe(2);
    queued.push({ workspaceId: staff.workspaceId, keyId: staff.keyId });
    await drain();
    const done = (await sync.state(staff.keyId))!;
    expect(done.phase).toBe("idle");
    const view = await collectionsView(backend.db, staff.keyId);
    expect(view.ready && view.rows).toEqual((await direct()).rows);

    // A refresh: the same walk again, the rows replaced (as many), the earlier snapshot shown meanwhile.
    await sync.start(staff.workspaceId, staff.keyId);
    const walking = await collectionsView(backend.db, staff.keyId);
    expect([walking.ready, walking.state?.phase]).toEqual([true, "walk"]);
    await drain();
    const refreshed = (await sync.state(staff.keyId))!;
    expect(refreshed.phase).toBe("idle");
    // The five lists, the invoices by id, and the score's applications (several pages) and year of invoices.
    expect(refreshed.requests - done.requests).toBeLessThanOrEqual(12);
    expect(await count("collections_accounts")).toBe(view.ready ? view.rows.length : -1);

    expect(await backend.keys.remove(staff.workspaceId, staff.keyId)).toBeDefined();
    for (const table of COLLECTIONS_TABLES) expect(await count(table), table).toBe(0);
    // A job of the removed key finds nothing to do, and asks nothing.
    const calls = backend.calls.length;
    await sync.run({ workspaceId: staff.workspaceId, keyId: staff.keyId });
    expect(backend.calls.length).toBe(calls);
  });

  it("publishes the balances before it reads the score's lists, and a refresh keeps each account's last score until its own is in", async () => {
    const scores = async (backend: TestBackend, keyId: string) =>
      new Map(
        (
          await backend.db
            .withTables<CollectionsTables>()
            .selectFrom("collections_accounts")
            .select(["ar_account_id", "reliability_json"])
            .where("key_id", "=", keyId)
            .execute()
        ).map((r) => [r.ar_account_id, r.reliability_json]),
      );
    // What the snapshot holds when the walk asks for the score's first page: its rows published, and their scores.
    const seen: { ready: boolean; scores: Map<number, string | null> }[] = [];
    const at: { now?: { backend: TestBackend; keyId: string } } = {};
    const { backend, sync, staff, drain, clock } = await setUp(undefined, async (url) => {
      const { now } = at;
      if (!now || !url.pathname.endsWith("/payments/applications") || url.searchParams.get("Page") !== "1") return;
      const view = await collectionsView(now.backend.db, now.keyId);
      seen.push({ ready: view.ready, scores: await scores(now.backend, now.keyId) });
    });
    at.now = { backend, keyId: staff.keyId };
    await sync.start(staff.workspaceId, staff.keyId);
    await drain();
    const scored = await scores(backend, staff.keyId);
    expect([...scored.values()].filter((json) => json !== null).length).toBeGreaterThan(scored.size / 2);
    // A refresh, the next day's: its balances published, the accounts still hold their scores until the walk's end.
    clock.at += 86_400_000;
    backend.advance(86_400_000);
    await sync.start(staff.workspaceId, staff.keyId);
    await drain();
    expect(seen.map((s) => s.ready)).toEqual([true, true]);
    expect([...seen[0]!.scores.values()].every((json) => json === null)).toBe(true);
    expect(seen[1]!.scores).toEqual(scored);
    expect([(await sync.state(staff.keyId))!.phase, await scores(backend, staff.keyId)]).toEqual(["idle", scored]);
  });

  it("names an account no open invoice names by one of its invoices, read by id", async () => {
    const { rows } = await direct();
    const account = rows.find((r) => r.customerIds.length === 1 && r.over30 !== "0.000000")!;
    // The open invoices as a service might list them: none of this account's.
    const { backend, sync, staff, drain } = await setUp(undefined, (url, body) => {
      if (url.pathname.endsWith("/payments/openInvoices"))
        body.Data = body.Data.filter((i) => i.ARAccountID !== account.arAccountId);
    });
    await sync.start(staff.workspaceId, staff.keyId);
    await drain();
    // The invoices read by id (the score's year of invoices is read by day, not by id).
    const byId = backend.calls.filter(
      (c) => c.url.pathname.endsWith("/invoices") && c.url.searchParams.has("InvoiceIDs"),
    );
    expect(byId).toHaveLength(1);
    expect(byId[0]!.url.searchParams.get("Statuses")).toBe("1,2,3,4,5,7");
    const view = await collectionsView(backend.db, staff.keyId);
    if (!view.ready) throw new Error("the snapshot is not in");
    expect(view.rows.find((r) => r.arAccountId === account.arAccountId)).toEqual(account);
  });

  it("reads the aging again from its first page when a page of it closed on another day than the walk's first", async () => {
    const { backend, sync, staff, drain, count } = await setUp();
    await sync.start(staff.workspaceId, staff.keyId);
    await backend.db
      .withTables<CollectionsTables>()
      .updateTable("collections_state")
      .set({ walk_close_date: "2026-11-20" })
      .where("key_id", "=", staff.keyId)
      .execute();
    await backend.db
      .withTables<CollectionsTables>()
      .insertInto("collections_pages")
      .values({ key_id: staff.keyId, list: "aging", page: 7, records_json: "[]" })
      .execute();
    await drain();
    const state = (await sync.state(staff.keyId))!;
    expect([state.phase, state.asOf]).toEqual(["idle", TEST_CLOCK.slice(0, 10)]);
    // The aging's one page was read twice: once found closed on another day (and the walk's pages dropped), then past
    // the proxy's copy of it (which would hold the earlier close), and kept.
    const agingReads = backend.calls.filter((c) => c.url.pathname.endsWith("/arAging"));
    expect(agingReads.map((c) => c.headers.has("if-none-match"))).toEqual([false, true]);
    expect(await count("collections_pages")).toBe(0);
    const view = await collectionsView(backend.db, staff.keyId);
    expect(view.ready && view.rows).toEqual((await direct()).rows);
  });

  it("sweeps: an Employee key starts its first walk, a day later its refresh, a lost walk is queued again, a removed key's snapshot goes", async () => {
    const { backend, sync, staff, drain, queued, clock } = await setUp();
    await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    expect(await sync.sweep()).toEqual({ started: 1, forgotten: 0 });
    expect(queued).toEqual([{ workspaceId: staff.workspaceId, keyId: staff.keyId }]);
    // Its walk under way: not started again; an hour without a step: queued again (its job was lost).
    queued.length = 0;
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 0 });
    expect(queued).toEqual([]);
    clock.at += 61 * 60_000;
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 0 });
    expect(queued).toHaveLength(1);
    await drain();
    // Within the day, nothing to start; a day on, the refresh.
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 0 });
    clock.at += 25 * 3_600_000;
    expect(await sync.sweep()).toEqual({ started: 1, forgotten: 0 });
    expect((await sync.state(staff.keyId))!.phase).toBe("walk");
    await drain();
    await backend.db.deleteFrom("workspace_keys").where("id", "=", staff.keyId).execute();
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 1 });
    expect(await sync.state(staff.keyId)).toBeUndefined();
  });

  it("starts an Employee key's first walk when the key is added (the key store's listeners), without reading; no other key's", async () => {
    const { backend, sync, staff, queued } = await setUp();
    backend.keys.onAdded((key) => sync.keyAdded(key.workspaceId, key.keyId, key.keyType));
    const calls = backend.calls.length;
    const { key } = await backend.keys.add(staff.workspaceId, staff.userId, {
      apiKey: "test-employee-second",
      environment: "test",
      keyType: "Employee",
      label: "Second",
      scope: { summary: "test" },
    });
    expect(queued).toEqual([{ workspaceId: staff.workspaceId, keyId: key.id }]);
    expect((await sync.state(key.id))!.phase).toBe("walk");
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    expect([await sync.state(brand.keyId), queued.length, backend.calls.length]).toEqual([undefined, 1, calls]);
  });

  it("answers GET /api/collections/export with the filtered list in the page's order, every column, from the snapshot alone", async () => {
    const { backend, sync, staff, drain } = await setUp();
    const ask = (cookie: string, query = "") =>
      getCollectionsExport(browserRequest("GET", `/api/collections/export${query}`, { cookie, site: null }), {
        ...backend,
        disputes: { openByCustomer: createDisputeStore(backend.db).openByCustomer },
      });
    const pending = await ask(staff.cookie);
    expect([pending.status, ((await pending.json()) as { Error: { code: string } }).Error.code]).toEqual([
      409,
      "COLLECTIONS_PENDING",
    ]);
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const refused = await ask(brand.cookie);
    expect([refused.status, await refused.json()]).toEqual([
      403,
      {
        Error: {
          code: "NOT_FOR_THIS_KEY",
          detail: "The collections list: for Employee keys only; this workspace's key is a Supplier key.",
        },
      },
    ]);
    await sync.start(staff.workspaceId, staff.keyId);
    await drain();
    const calls = backend.calls.length;
    const answer = await ask(staff.cookie, "?age=30&sort=total&dir=asc&page=2");
    expect(backend.calls.length).toBe(calls);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="collections-${TEST_CLOCK.slice(0, 10)}.csv"`,
    );
    const bytes = new Uint8Array(await answer.arrayBuffer());
    // The byte order mark first (Excel reads UTF-8 by it); Response.text() would drop it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe(COLUMNS.map((c) => (c.header.includes(",") ? `"${c.header}"` : c.header)).join(","));
    expect(lines[0]).toContain(",In dispute,");
    // Every row over 30 days, not just the page's 50, smallest total first.
    const expected = listed((await direct()).rows, collectionsQuery({ age: "30", sort: "total", dir: "asc" }));
    expect(expected.length).toBeGreaterThan(0);
    expect(lines.slice(1).map((line) => Number(line.split(",")[0]))).toEqual(expected.map((r) => r.arAccountId));
    expect(expected.every((r) => r.over30 !== "0.000000")).toBe(true);

    await exportsCredit(backend, staff, ask);
  });
});

/**
 * The export's credit (`withCredit`): a $0.00 limit on one account owing something, a large one on another whose store
 * has an open reorder list; each account's limit and credit available as the credit feature figures them (limit −
 * total outstanding − open lists), blank without a limit; the filter over its limit and the sort by credit available as
 * the page's; still no request to the API. Without the credit (absent, or failing) the rows stand, unread.
 */
async function exportsCredit(
  backend: TestBackend,
  staff: { keyId: string; workspaceId: string; userId: string; cookie: string },
  bare: (cookie: string, query?: string) => Promise<Response>,
) {
  const view = await collectionsView(backend.db, staff.keyId);
  if (!view.ready) throw new Error("the snapshot is not in");
  const owing = view.rows.filter((r) => parseDecimal(r.total)! > 0n);
  expect(owing.length).toBeGreaterThan(2);
  const [zero, large] = [owing[0]!, owing[1]!];
  const place = { environment: "test" as const, visitor: null };
  const limits = createLimitStore(backend.db);
  for (const [account, limit] of [
    [zero, "0.00"],
    [large, "9000000.00"],
  ] as const)
    await limits.set({
      place,
      arAccountId: account.arAccountId,
      limit,
      by: { id: staff.userId, name: "Staff" },
      workspaceId: staff.workspaceId,
      idempotencyKey: `limit-${account.arAccountId}`,
      digest: limit,
    });
  const at = new Date(Date.parse(TEST_CLOCK)).toISOString();
  await backend.db
    .withTables<OrderListTables>()
    .insertInto("order_lists")
    .values(openList(staff.workspaceId, large.customerIds[0]!, at))
    .execute();
  const credit = createCreditViews({ db: backend.db, now: () => Date.parse(TEST_CLOCK) });
  const ask = async (query = "") => {
    const answer = await getCollectionsExport(
      browserRequest("GET", `/api/collections/export${query}`, { cookie: staff.cookie, site: null }),
      { ...backend, disputes: { openByCustomer: createDisputeStore(backend.db).openByCustomer }, credit },
    );
    expect(answer.status).toBe(200);
    return csvRecords(await answer.text());
  };
  const calls = backend.calls.length;
  const all = await ask();
  expect(backend.calls.length).toBe(calls);
  expect(Object.keys(all[0]!)).toEqual(COLUMNS.map((c) => c.header));
  const of = (account: CollectionRow) => all.find((r) => r["AR account"] === String(account.arAccountId))!;
  const left = (limit: string, account: CollectionRow, lists: string) =>
    toDecimalString(parseDecimal(limit)! - parseDecimal(account.total)! - parseDecimal(lists)!, 2);
  expect(of(zero)).toMatchObject({
    "Credit limit": "0.00",
    "Open reorder lists": "0.00",
    "Credit available": left("0", zero, "0"),
  });
  expect(of(large)).toMatchObject({
    "Credit limit": "9000000.00",
    "Open reorder lists": "1250.00",
    "Credit available": left("9000000", large, "1250.00"),
  });
  // Every other account: no limit, its columns blank.
  expect(all.filter((r) => r["Credit limit"] !== "").length).toBe(2);
  expect(all.filter((r) => r["Credit available"] === "").length).toBe(all.length - 2);
  // Over its limit: the $0.00 limit's account alone; the least credit available first, no limit last.
  expect((await ask("?over=limit")).map((r) => r["AR account"])).toEqual([String(zero.arAccountId)]);
  const sorted = await ask("?sort=available&dir=asc");
  expect(sorted.slice(0, 2).map((r) => r["AR account"])).toEqual([zero, large].map((a) => String(a.arAccountId)));
  expect(sorted.length).toBe(all.length);

  // Without the credit feature the rows stand, their credit blank; a failing read, the same (unread, not "no limit").
  const without = csvRecords(await (await bare(staff.cookie)).text());
  expect(without.every((r) => r["Credit limit"] === "" && r["Credit available"] === "")).toBe(true);
  const actor = await backend.actors.resolve(
    browserRequest("GET", "/collections", { cookie: staff.cookie, site: null }).headers,
  );
  if (!actor?.key || !actor.workspace || !actor.membership) throw new Error("the staff is not signed in");
  const failing = { creditRows: () => Promise.reject(new Error("down")) };
  const rows = await withCredit(failing, actor as KeyActor, view.rows);
  expect([rows.length, rows.every((r) => r.credit === undefined)]).toEqual([view.rows.length, true]);
}

/** A CSV's lines as records by header (a field with a comma is quoted; none of these holds a quote then a comma). */
function csvRecords(csv: string): Record<string, string>[] {
  const split = (line: string) => {
    const fields: string[] = [];
    for (let at = 0; at <= line.length; ) {
      const quoted = line[at] === '"';
      const end = quoted ? line.indexOf('",', at + 1) + 1 || line.length : line.indexOf(",", at);
      const stop = end === -1 ? line.length : end;
      fields.push(quoted ? line.slice(at + 1, stop - 1).replaceAll('""', '"') : line.slice(at, stop));
      at = stop + 1;
    }
    return fields;
  };
  const [head, ...lines] = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  const headers = split(head!);
  return lines.map((line) => Object.fromEntries(split(line).map((v, i) => [headers[i], v])));
}

/** A reorder list sent for the store at `at`, $1,250.00, none of it invoiced yet (no match). */
function openList(workspaceId: string, customerId: number, at: string) {
  return {
    id: `list-${customerId}`,
    workspace_id: workspaceId,
    environment: "test",
    customer_id: customerId,
    customer_name: "A store",
    recipient: "rep@example.com",
    lines_json: "[]",
    line_count: 1,
    total_cases: 5,
    total: "1250.00",
    price_day: at.slice(0, 10),
    status: "sent",
    sent_by: "someone",
    sent_by_name: "Someone",
    sent_by_email: "someone@example.com",
    sent_at: at,
    idempotency_key: `list-${customerId}`,
    withdrawn_at: null,
    withdrawn_by: null,
    withdrawn_by_name: null,
    withdrawn_by_email: null,
    withdrawal_mail: null,
    withdrawal_key: null,
    visitor: null,
    sent_with: "Customer",
    version: 1,
    acknowledged_at: null,
    acknowledged_by_name: null,
    entered_at: null,
    entered_by_name: null,
    erp_ref: null,
    match_json: null,
    matched_at: null,
  };
}
