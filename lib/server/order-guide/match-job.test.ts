import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ListLine } from "@/lib/domain/order-guide/order-list";
import { type ListMatch, matchWords } from "@/lib/domain/order-guide/shared-list";
import { isoDay } from "@/lib/sandbox/clock";
import { availableUnits } from "@/lib/sandbox/handlers/inventory";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { createBackground } from "../core/background/background-reads";
import { sentJobs } from "../core/jobs/testing";
import type { StoredKeyInfo } from "../core/session/types";
import { createMemoryStore } from "../core/shared/memory-store";
import { connectKey, DEMO_KEYS, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { createListMatcher, type ListMatchJob, ORDER_LIST_MATCH } from "./match-job";
import { matchingKey } from "./match-reads";
import { createOrderListStore } from "./order-lists-store";
import type { OrderListTables } from "./tables";

// The match job against the sandbox: a demo store's list, an invoice the ERP makes for it (the sandbox's order entry,
// `POST /test/operator/invoices`, on the sandbox's clock), one run through the background's reads of the workspace's key.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const STORE = { id: 20001, name: "Valley Cannabis - Oakland" };
const LATE_STORE = { id: 20002, name: "Valley Cannabis - San Jose" };
const MINUTES = 60_000;
const DAY_SECONDS = 86_400;
/** The most cases a test's list asks of a product: its products have that many in stock, so no line is back-ordered. */
const MOST_CASES = 3;

interface Product {
  product_id: number;
  product_name: string;
  wholesale_units_per_case: number;
}

/**
 * Products the sandbox's order entry takes for the demo stores (both served by one warehouse, in one state), in whole
 * cases: Active, of the stores' state, stocked at their warehouse with MOST_CASES cases available.
 */
async function products(count: number): Promise<Product[]> {
  const store = await sandbox.db
    .selectFrom("customers")
    .select(["state", "location_id"])
    .where("customer_id", "in", [STORE.id, LATE_STORE.id])
    .execute();
  expect(new Set(store.map((s) => `${s.state}/${s.location_id}`)).size).toBe(1);
  const stocked = await sandbox.db
    .selectFrom("products as p")
    .innerJoin("inventory as i", "i.product_id", "p.product_id")
    .selectAll("i")
    .select(["p.product_name", "p.wholesale_units_per_case"])
    .where("i.location_id", "=", store[0]!.location_id)
    .where("p.state", "=", store[0]!.state)
    .where("p.status_id", "=", 1)
    .where("p.wholesale_units_per_case", ">", 0)
    .orderBy("p.product_id")
    .execute();
  const picked = stocked.filter((p) => availableUnits(p) >= MOST_CASES * p.wholesale_units_per_case).slice(0, count);
  expect(picked).toHaveLength(count);
  return picked.map(({ product_id, product_name, wholesale_units_per_case }) => ({
    product_id,
    product_name,
    wholesale_units_per_case,
  }));
}

/** The sandbox's clock moved on (the operator's `POST /clock`): its now after. */
async function advanceSandbox(seconds: number): Promise<Date> {
  const { status, body } = await sandbox.operator("POST", "/clock", { advanceSeconds: seconds });
  expect(status).toBe(200);
  return new Date(body.now as string);
}

const lineOf = (p: Product, cases: number): ListLine => ({
  productId: p.product_id,
  name: p.product_name,
  unitsPerCase: p.wholesale_units_per_case,
  unitPrice: "10.00",
  casePrice: `${10 * p.wholesale_units_per_case}.00`,
  cases,
  total: `${10 * p.wholesale_units_per_case * cases}.00`,
});

describe("matchingKey", () => {
  const key = (id: string, keyType: StoredKeyInfo["keyType"], o: Partial<StoredKeyInfo> = {}): StoredKeyInfo => ({
    id,
    fingerprint: id,
    environment: "test",
    keyType,
    label: id,
    scope: { summary: "" },
    hint: "",
    addedAt: "",
    lastUsedAt: null,
    ...o,
  });
  it("takes the Customer key that covers the store, else an Employee key of the environment, never a Supplier key", () => {
    const keys = [
      key("supplier", "Supplier"),
      key("production-staff", "Employee", { environment: "production" }),
      key("other-store", "Customer", { scope: { summary: "", customers: [{ id: 20002, name: "" }] } }),
      key("staff", "Employee"),
      key("store", "Customer", { scope: { summary: "", customers: [{ id: 20001, name: "" }] } }),
    ];
    expect(matchingKey(keys, "test", 20001)?.id).toBe("store");
    expect(matchingKey(keys, "test", 20003)?.id).toBe("staff");
    expect(matchingKey(keys, "production", 20001)?.id).toBe("production-staff");
    expect(matchingKey([key("supplier", "Supplier")], "test", 20001)).toBeUndefined();
  });
});

describe.each(databaseProfiles())("the order lists' match to their invoices on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
    // The sandbox is shared by every test: its seed is restored (the invoices entered, their units pre-sold, the
    // clock's offset all undone).
    expect((await sandbox.operator("POST", "/reset")).status).toBe(200);
  });

  async function setUp() {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    // The lists are sent the day after the seed's (no seeded invoice is made that late), in the morning; the sandbox's
    // clock is moved to that day's evening, so the invoices it makes come after them.
    const evening = await advanceSandbox(DAY_SECONDS);
    const today = isoDay(evening);
    const sentAt = `${today}T09:00:00.000Z`;
    expect(Date.parse(sentAt)).toBeLessThan(evening.getTime());
    const clock = { at: Date.parse(sentAt) };
    const now = () => clock.at;
    const retailer = await connectKey(backend, DEMO_KEYS.Customer, "Customer", {
      summary: "test",
      customers: [STORE, LATE_STORE],
    });
    const { jobs, sent } = sentJobs<ListMatchJob>();
    const told: [string, ListMatch | null, ListMatch][] = [];
    const matcher = createListMatcher({
      db: backend.db,
      jobs,
      keys: backend.keys,
      // The proxy on the test's clock: ten minutes on, its copies of the lists are stale, as a sweep finds them.
      background: createBackground({ proxy: { ...backend, now }, shared: createMemoryStore(), now }),
      shared: createMemoryStore(),
      now,
      told: async (...args) => void told.push(args),
    });
    const store = createOrderListStore(backend.db, () => new Date(clock.at));
    // A demo visitor's list: its owner is the visitor's part of the workspace.
    const keep = async (customer: { id: number; name: string }, lines: ListLine[], key: string, visitor = "v1") =>
      (
        await store.keep(
          { workspaceId: `${retailer.workspaceId}/visitor/${visitor}`, environment: "test" },
          {
            customerId: customer.id,
            customerName: customer.name,
            recipient: "rep@example.com",
            lines,
            totalCases: lines.reduce((sum, l) => sum + l.cases, 0),
            total: "0.00",
            priceDay: today,
            sender: { id: retailer.userId, name: "Buyer", email: "buyer@example.com" },
            idempotencyKey: key,
            sentWith: "Customer",
            visitor,
          },
        )
      ).list.id;
    const db = backend.db.withTables<OrderListTables>();
    const row = (id: string) => db.selectFrom("order_lists").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const events = (id: string) =>
      db.selectFrom("order_list_events").selectAll().where("list_id", "=", id).orderBy("at").execute();
    const invoicesOf = (id: string) =>
      db.selectFrom("order_list_invoices").selectAll().where("list_id", "=", id).orderBy("invoice_num").execute();
    /** The ERP's order entry the next day (the sandbox's clock a day on): the invoice as the sandbox answers it. */
    const invoice = async (customerId: number, lines: { productId: number; units: number }[]) => {
      await advanceSandbox(DAY_SECONDS);
      const entered = await sandbox.enterInvoice({ customerId, lines });
      expect(entered.status, JSON.stringify(entered.body)).toBe(201);
      const made = entered.body.invoice as { InvoiceID: number; InvoiceNum: string; Date: string };
      return {
        invoiceId: made.InvoiceID,
        invoiceNum: made.InvoiceNum,
        date: made.Date.slice(0, 10),
        /** The cases invoiced, by product. */
        cases: new Map(
          (entered.body.lines as { ProductID: number; Cases: string }[]).map((l) => [l.ProductID, l.Cases]),
        ),
      };
    };
    /** The upstream requests a run made, by path. */
    const requestsOf = async (run: () => Promise<unknown>) => {
      const before = backend.calls.length;
      await run();
      return backend.calls.slice(before).map((c) => c.url.pathname.split("/").at(-1));
    };
    return {
      backend,
      sentAt,
      clock,
      retailer,
      matcher,
      sent,
      told,
      keep,
      row,
      events,
      invoicesOf,
      invoice,
      requestsOf,
    };
  }

  it("matches a known invoice against a known list: 9 of 10 lines in full, then the 10th; a run with nothing new changes nothing", async () => {
    const { clock, retailer, matcher, sent, told, keep, row, events, invoicesOf, invoice, requestsOf } = await setUp();
    const ten = await products(10);
    const id = await keep(
      STORE,
      ten.map((p, i) => lineOf(p, (i % 3) + 1)),
      "list-1",
    );

    // The sweep queues one job for the workspace's key that matches the visitor's open list.
    expect(await matcher.sweep()).toBe(1);
    expect(sent).toEqual([
      {
        kind: ORDER_LIST_MATCH,
        data: { workspaceId: retailer.workspaceId, keyId: retailer.keyId },
        options: { key: retailer.keyId, delaySeconds: 0 },
      },
    ]);

    // Nothing invoiced yet: the list waits, its version (its ETag) holds, and only the check's time is kept.
    clock.at += 10 * MINUTES;
    expect(await requestsOf(() => matcher.run(sent[0]!.data))).toEqual(["invoices"]);
    expect(await row(id)).toMatchObject({ version: 1, match_json: null, matched_at: new Date(clock.at).toISOString() });
    expect(told).toEqual([]);

    // The ERP invoices 9 of the 10 products in full, the day after the list was sent.
    const first = await invoice(
      STORE.id,
      ten.slice(0, 9).map((p, i) => ({ productId: p.product_id, units: ((i % 3) + 1) * p.wholesale_units_per_case })),
    );
    clock.at += 10 * MINUTES;
    // Its invoices since the list's day, then the lines of those that count: one request each.
    expect(await requestsOf(() => matcher.run(sent[0]!.data))).toEqual(["invoices", "invoiceTransactions"]);
    const partly = await row(id);
    const match = JSON.parse(partly.match_json!) as ListMatch;
    expect(matchWords(match)).toBe("Partly invoiced: 9 of 10 lines, 1 short");
    expect(match).toEqual({
      status: "partly",
      invoices: [{ invoiceNum: first.invoiceNum, invoiceId: first.invoiceId, date: first.date }],
      // Each line's cases as the invoice has them (the stock filled them all), the 10th's none.
      lines: ten.map((p, i) => ({
        productId: p.product_id,
        asked: (i % 3) + 1,
        invoiced: first.cases.get(p.product_id) ?? "0.00",
      })),
      checkedAt: new Date(clock.at).toISOString(),
    });
    expect(partly).toMatchObject({ version: 2, matched_at: match.checkedAt });
    expect(await events(id)).toEqual([
      expect.objectContaining({
        side: "backroom",
        by_name: "Backroom",
        kind: "invoiced",
        at: match.checkedAt,
        detail: `Partly invoiced: 9 of 10 lines, 1 short (invoice ${first.invoiceNum})`,
      }),
    ]);
    expect(await invoicesOf(id)).toEqual([
      { list_id: id, environment: "test", customer_id: STORE.id, invoice_num: first.invoiceNum },
    ]);
    expect(told).toEqual([[id, null, match]]);

    // Nothing new: the invoices as at the last match, so no lines read; the same match, its version holds; only when
    // it was checked moves.
    clock.at += 10 * MINUTES;
    expect(await requestsOf(() => matcher.run(sent[0]!.data))).toEqual(["invoices"]);
    expect(await row(id)).toMatchObject({
      version: 2,
      match_json: partly.match_json,
      matched_at: new Date(clock.at).toISOString(),
    });
    expect(await events(id)).toHaveLength(1);
    expect(told).toHaveLength(1);

    // The 10th product on a second invoice: invoiced, and no longer open.
    const second = await invoice(STORE.id, [
      { productId: ten[9]!.product_id, units: 1 * ten[9]!.wholesale_units_per_case },
    ]);
    clock.at += 10 * MINUTES;
    expect(await requestsOf(() => matcher.run(sent[0]!.data))).toEqual(["invoices", "invoiceTransactions"]);
    const invoiced = await row(id);
    expect(invoiced.version).toBe(3);
    expect(matchWords(JSON.parse(invoiced.match_json!) as ListMatch)).toBe("Invoiced");
    expect((await events(id)).map((e) => e.detail)).toEqual([
      `Partly invoiced: 9 of 10 lines, 1 short (invoice ${first.invoiceNum})`,
      `Invoiced (invoices ${first.invoiceNum}, ${second.invoiceNum})`,
    ]);
    expect((await invoicesOf(id)).map((i) => i.invoice_num)).toEqual(
      [first.invoiceNum, second.invoiceNum].sort((a, b) => a.localeCompare(b)),
    );
    expect(told.map(([, before, after]) => [before?.status, after.status])).toEqual([
      [undefined, "partly"],
      ["partly", "invoiced"],
    ]);
    sent.length = 0;
    expect(await matcher.sweep()).toBe(0);
  });

  it("matches a workspace's lists soon when a list's page is read and its last match is older than the setting's", async () => {
    const { clock, retailer, matcher, sent, keep } = await setUp();
    const [product] = await products(1);
    await keep(STORE, [lineOf(product!, 1)], "list-viewed");
    const at = (ms: number) => new Date(clock.at - ms).toISOString();
    // Never matched, or matched 5 minutes ago: queued; a minute ago: not (the default is 5 minutes).
    await matcher.viewed(retailer.workspaceId, null);
    await matcher.viewed(retailer.workspaceId, at(60_000));
    await matcher.viewed(retailer.workspaceId, at(300_000));
    expect(sent.map((j) => j.data)).toEqual([
      { workspaceId: retailer.workspaceId, keyId: retailer.keyId },
      { workspaceId: retailer.workspaceId, keyId: retailer.keyId },
    ]);
  });

  it("matches each demo visitor's lists on their own: one visitor's older list never takes another's invoice", async () => {
    const { matcher, sent, keep, row, invoice } = await setUp();
    const [product] = await products(1);
    const first = await keep(STORE, [lineOf(product!, 2)], "list-v1", "v1");
    const second = await keep(STORE, [lineOf(product!, 2)], "list-v2", "v2");
    await invoice(STORE.id, [{ productId: product!.product_id, units: 2 * product!.wholesale_units_per_case }]);
    expect(await matcher.sweep()).toBe(1);
    await matcher.run(sent[0]!.data);
    for (const id of [first, second])
      expect(matchWords(JSON.parse((await row(id)).match_json!) as ListMatch)).toBe("Invoiced");
  });

  it("matches a list as a side changed it from the lines kept, and reads an invoice's lines again when the ERP changed it, or an hour on", async () => {
    const { backend, clock, retailer, matcher, keep, row, invoice, requestsOf } = await setUp();
    const [a, b, c, d] = await products(4);
    const id = await keep(STORE, [lineOf(a!, 2), lineOf(b!, 1), lineOf(c!, 1), lineOf(d!, 1)], "edited");
    const made = await invoice(STORE.id, [
      { productId: a!.product_id, units: 2 * a!.wholesale_units_per_case },
      { productId: b!.product_id, units: b!.wholesale_units_per_case },
    ]);
    const words = async () => matchWords(JSON.parse((await row(id)).match_json!) as ListMatch);
    const match = () => requestsOf(() => matcher.matchNow(retailer.workspaceId));
    clock.at += 10 * MINUTES;
    expect(await match()).toEqual(["invoices", "invoiceTransactions"]);
    expect(await words()).toBe("Partly invoiced: 2 of 4 lines, 2 short");

    // The rep takes the fourth line to 0 cases (an edit moves the version): matched as it is now, with the lines kept.
    const kept = await row(id);
    const lines = JSON.parse(kept.lines_json) as ListLine[];
    await backend.db
      .withTables<OrderListTables>()
      .updateTable("order_lists")
      .set({ lines_json: JSON.stringify([...lines.slice(0, 3), { ...lines[3], cases: 0 }]), version: kept.version + 1 })
      .where("id", "=", id)
      .execute();
    clock.at += 10 * MINUTES;
    expect(await match()).toEqual(["invoices"]);
    expect(await row(id)).toMatchObject({ version: kept.version + 2 });
    expect(await words()).toBe("Partly invoiced: 2 of 3 lines, 1 short");

    // The ERP takes the second product off the invoice: its header changes, so its lines are read again. The sandbox
    // has no route that changes an invoice once entered (nothing moves it past New), so the ERP's edit of the invoice
    // the order entry made is written into its database here: the line gone, its totals and last update with it.
    const changedAt = (await advanceSandbox(3600)).toISOString();
    const gone = await sandbox.db
      .deleteFrom("invoice_lines")
      .where("invoice_id", "=", made.invoiceId)
      .where("product_id", "=", b!.product_id)
      .returning(["num_units", "cases_centi"])
      .executeTakeFirstOrThrow();
    await sandbox.db
      .updateTable("invoices")
      .set((eb) => ({
        total_num_units: eb("total_num_units", "-", gone.num_units),
        total_cases_centi: eb("total_cases_centi", "-", gone.cases_centi),
        invoice_last_updated: changedAt,
      }))
      .where("invoice_id", "=", made.invoiceId)
      .execute();
    clock.at += 10 * MINUTES;
    expect(await match()).toEqual(["invoices", "invoiceTransactions"]);
    expect(await words()).toBe("Partly invoiced: 1 of 3 lines, 2 short");

    // An hour on with nothing new: the lines are read again all the same, and the match holds.
    const version = (await row(id)).version;
    clock.at += 60 * MINUTES;
    expect(await match()).toEqual(["invoices", "invoiceTransactions"]);
    expect(await row(id)).toMatchObject({ version });
  });

  it("says a list not invoiced after 7 days, and leaves a withdrawn list and one sent over 30 days ago alone", async () => {
    const { backend, sentAt, clock, retailer, matcher, told, keep, row, events, requestsOf } = await setUp();
    const [p] = await products(1);
    const id = await keep(LATE_STORE, [lineOf(p!, 2)], "late");
    const withdrawn = await keep(STORE, [lineOf(p!, 1)], "withdrawn");
    await backend.db
      .withTables<OrderListTables>()
      .updateTable("order_lists")
      .set({ withdrawn_at: sentAt })
      .where("id", "=", withdrawn)
      .execute();
    // Sent today: it waits (nothing kept, its version holds).
    expect(await matcher.matchNow(retailer.workspaceId)).toEqual({ lists: 1, changed: 0, requests: 1 });
    expect(await row(id)).toMatchObject({ version: 1, match_json: null });
    // Seven days on, its store's invoices as they were: the days alone say it.
    clock.at += 7 * 24 * 60 * MINUTES;
    const outcome = await matcher.matchNow(retailer.workspaceId);
    expect(outcome).toEqual({ lists: 1, changed: 1, requests: 1 });
    expect(JSON.parse((await row(id)).match_json!)).toMatchObject({ status: "not-invoiced" });
    expect((await events(id)).map((e) => e.detail)).toEqual(["Not invoiced after 7 days"]);
    expect(await row(withdrawn)).toMatchObject({ version: 1, match_json: null, matched_at: null });
    expect(told).toHaveLength(1);

    // Thirty days on, neither is watched: no job, no request.
    clock.at += 23 * 24 * 60 * MINUTES + 1;
    expect(await matcher.sweep()).toBe(0);
    expect(await requestsOf(() => matcher.matchNow(retailer.workspaceId))).toEqual([]);
  });
});
