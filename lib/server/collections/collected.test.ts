import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CollectedView } from "@/lib/domain/credit/view";
import { todayModel } from "@/lib/domain/today/today";
import { requireDecimal } from "@/lib/format/decimal";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { createBackground } from "../core/background/background-reads";
import { sentJobs } from "../core/jobs/testing";
import { createMemoryStore } from "../core/shared/memory-store";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, linkToRep, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import type { NoteTables } from "../notes/tables";
import { loadToday } from "../today/today-api";
import { requestApi } from "../core/page-api";
import type { KeyActor } from "../core/parties";
import { type CollectedDeps, listCollected, recordCollected } from "./collected-api";
import type { CreditReads } from "./collect-today";
import { type CollectedMatchJob, createCollectedMatcher } from "./collected-match";

// What a rep collects at the door, recorded against the sandbox: the account's balance read with the rep's key, the
// visit note written with it, and the match that finds the payment once the sandbox's ERP posts it (its cash receipt,
// `POST /test/operator/payments`), or says after 5 business days that none came.

const STORE = 20001;
type Json = Record<string, unknown>;

let sandbox: TestSandbox;
/** The store's AR account and its balance (TotalBalanceOutstanding, its suppliers' rows added). */
let account: number;
beforeAll(async () => {
  sandbox = await openTestSandbox();
  const row = await sandbox.db
    .selectFrom("customers")
    .select("ar_account_id")
    .where("customer_id", "=", STORE)
    .executeTakeFirstOrThrow();
  account = row.ar_account_id;
}, 60_000);
afterAll(() => sandbox.close());

describe.each(databaseProfiles())("collected at the door on $name", ({ open, name }) => {
  // The profiles share one sandbox: each posts its own check, of its own amount, that the other's match cannot take.
  const [dollars, check] = name === "sqlite" ? [420, 4417] : [430, 4418];
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp() {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    const now = () => backend.now!();
    const { jobs } = sentJobs<CollectedMatchJob>();
    const matcher = createCollectedMatcher({
      db: backend.db,
      jobs,
      keys: backend.keys,
      background: createBackground({ proxy: backend, shared: createMemoryStore(), now }),
      notifier: backend.notifier,
      now,
    });
    const deps: CollectedDeps & TestBackend = { ...backend, collections: { collected: matcher } };
    const distributor = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const [record] = await sandbox.walk(`/customers?CustomerIDs=${STORE}`, "Employee");
    const repId = record!.SalesRepUserID as number;
    const link = (memberId: string, rep: number) => linkToRep(backend, memberId, rep);
    const rep = await joinAs(backend, distributor.workspaceId, "purchasing");
    await link(rep.memberId, repId);
    const otherRep = await joinAs(backend, distributor.workspaceId, "purchasing");
    await link(otherRep.memberId, repId + 1);
    const viewer = await joinAs(backend, distributor.workspaceId, "viewer");
    await link(viewer.memberId, repId);
    const send = async (cookie: string, method: "GET" | "POST", json?: unknown, key?: string, id = account) => {
      const route = method === "GET" ? listCollected : recordCollected;
      const response = await route(
        browserRequest(method, `/api/collections/${id}/collected`, {
          cookie,
          headers: key ? { "Idempotency-Key": key } : {},
          ...(json !== undefined ? { json } : {}),
        }),
        deps,
        { arAccountId: String(id) },
      );
      return { status: response.status, body: (await response.json()) as Json & CollectedView & CollectedView[] };
    };
    return { backend, deps, matcher, distributor, rep, otherRep, viewer, repId, send };
  }

  it("records what the rep collected with its visit note, refuses what it must, and matches the posted payment", async () => {
    const s = await setUp();
    const body = {
      amount: String(dollars),
      method: "check",
      reference: String(check),
      customerId: STORE,
      deliveryDate: "2026-11-21",
    };
    const made = await s.send(s.rep.cookie, "POST", body, "c-1");
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      arAccountId: account,
      customerId: STORE,
      amount: `${dollars}.00`,
      method: "check",
      reference: String(check),
      status: "waiting",
      payment: null,
      // Recorded on Saturday 2026-11-21: 5 business days on is Friday 2026-11-27.
      dueBy: "2026-11-27",
    });
    // The same key again: the same record; with another body, 409.
    const again = await s.send(s.rep.cookie, "POST", body, "c-1");
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(made.body.id);
    expect((await s.send(s.rep.cookie, "POST", { ...body, amount: String(dollars + 1) }, "c-1")).status).toBe(409);
    // It is a visit: the note on the store, once.
    const notes = await s.backend.db
      .withTables<NoteTables>()
      .selectFrom("visit_notes")
      .select(["text", "customer_id"])
      .execute();
    expect(notes).toEqual([{ text: `Collected $${dollars}.00, check ${check}`, customer_id: STORE }]);

    // Refusals, each on its field, nothing written.
    const refused = async (cookie: string, json: unknown, status: number, field?: string) => {
      const answer = await s.send(cookie, "POST", json, `r-${Math.random()}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      if (field)
        expect((answer.body.Error as { fieldErrors: { field: string }[] }).fieldErrors.map((e) => e.field)).toContain(
          field,
        );
    };
    await refused(s.rep.cookie, { ...body, amount: "100.005" }, 400, "amount");
    await refused(s.rep.cookie, { ...body, amount: "-5" }, 400, "amount");
    await refused(s.rep.cookie, { ...body, amount: "999999.00" }, 422, "amount");
    await refused(s.rep.cookie, { ...body, customerId: 20003 }, 422, "customerId");
    await refused(s.otherRep.cookie, body, 404);
    await refused(s.viewer.cookie, body, 403);
    const noKey = await s.send(s.rep.cookie, "POST", body);
    expect(noKey.status).toBe(400);
    const listed = await s.send(s.rep.cookie, "GET");
    expect(listed.status).toBe(200);
    expect(listed.body.map((r) => r.id)).toEqual([made.body.id]);
    expect((await s.send(s.otherRep.cookie, "GET")).status).toBe(404);

    // Nothing posted yet: still waiting. The ERP posts the check; the match finds it by its number.
    expect(await s.matcher.matchNow(s.distributor.workspaceId)).toMatchObject({ records: 1, matched: 0 });
    const posted = await sandbox.postPayment({
      arAccountId: account,
      amount: `${dollars}.00`,
      reference: `Check #${check}`,
    });
    expect(posted.status).toBe(201);
    s.backend.advance(5_000);
    expect(await s.matcher.matchNow(s.distributor.workspaceId)).toMatchObject({ records: 1, matched: 1 });
    const [matched] = (await s.send(s.rep.cookie, "GET")).body;
    expect(matched).toMatchObject({
      status: "matched",
      payment: {
        paymentId: (posted.body.payment as Json).PaymentID,
        paymentInvoiceNum: (posted.body.payment as Json).PaymentInvoiceNum,
        amount: `${dollars}.000000`,
      },
    });
  });

  it("turns a collection no payment matched unmatched after 5 business days, and tells its recorder", async () => {
    const s = await setUp();
    const made = await s.send(s.rep.cookie, "POST", { amount: "13.37", method: "cash" }, "u-1");
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // Recorded on Saturday 2026-11-21: unmatched from Friday 2026-11-27 on.
    expect(made.body.dueBy).toBe("2026-11-27");
    s.backend.advance(5 * 86_400_000);
    expect(await s.matcher.matchNow(s.distributor.workspaceId)).toMatchObject({ matched: 0, unmatched: 0 });
    s.backend.advance(86_400_000);
    expect(await s.matcher.matchNow(s.distributor.workspaceId)).toMatchObject({ matched: 0, unmatched: 1 });
    expect((await s.send(s.rep.cookie, "GET")).body[0]).toMatchObject({ status: "unmatched" });
    const told = await s.backend.db
      .selectFrom("notifications")
      .select(["kind", "title"])
      .where("user_id", "=", s.rep.userId)
      .execute();
    expect(told).toEqual([expect.objectContaining({ kind: "collected-unmatched" })]);
    // Told once: a second look changes nothing.
    expect(await s.matcher.matchNow(s.distributor.workspaceId)).toMatchObject({ unmatched: 0 });
  });

  it("lists the rep's deliveries today and tomorrow to accounts over 60 days or over their limit in Today", async () => {
    const s = await setUp();
    const actor = await s.backend.actors.resolve(new Headers({ cookie: s.rep.cookie }));
    const request = browserRequest("GET", "/api/today", { cookie: s.rep.cookie });
    // The credit feature's part, stood in for: a limit of $100.00 on every account, a $50.00 list open for the store.
    const credit: CreditReads = {
      limitsFor: async (_, ids) => new Map(ids.map((id) => [id, { limit: "100.00", version: 1 }])),
      openListsFor: async (_, ids) =>
        new Map(ids.filter((id) => id === STORE).map((id) => [id, { amount: "50.00", count: 1 }])),
    };
    // Monday 2026-11-23 (the sandbox's Saturday has no deliveries today or tomorrow).
    s.backend.advance(2 * 86_400_000);
    const day = "2026-11-23";
    const data = await loadToday(requestApi(request, s.backend), s.backend.db, s.distributor.keyId, s.repId, day, {
      asker: actor as KeyActor,
      now: s.backend.now,
      credit,
    });
    expect(data.collect).toBeDefined();
    // By hand, from Today's own model: each delivery today or tomorrow, per AR account of its card, with the cents
    // over 60 days and the credit left (100 − balance − the store's list when the account holds the store).
    const model = todayModel({ ...data.input, now: new Date(s.backend.now!()), day });
    const cents = (text: string) => {
      const micros = requireDecimal(text);
      return (micros + (micros < 0n ? -5_000n : 5_000n)) / 10_000n;
    };
    const holds = new Set(
      data.input.openInvoices.filter((p) => p.CustomerID === STORE).map((p) => p.ARAccountID as number),
    );
    const expected = [...model.today, ...model.tomorrow].flatMap((g) =>
      g.cards.flatMap((c) =>
        c.balances.flatMap((b) => {
          const over60 = cents(b.over60);
          const left = 10_000n - cents(b.total) - (holds.has(b.arAccountId) || c.customerId === STORE ? 5_000n : 0n);
          const most = over60 > -left ? over60 : -left;
          return over60 > 0n || left < 0n ? [`${g.day}:${c.customerId}:${b.arAccountId}:${most}:${left}`] : [];
        }),
      ),
    );
    expect(expected.length).toBeGreaterThan(0);
    const got = data.collect!.map(
      (c) => `${c.deliveryDate}:${c.customerId}:${c.arAccountId}:${cents(c.toCollect)}:${cents(c.available!)}`,
    );
    expect(got.sort()).toEqual(expected.sort());
  });
});
