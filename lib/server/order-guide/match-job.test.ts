import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ListLine } from "@/lib/domain/order-guide/order-list";
import { type ListMatch, matchWords } from "@/lib/domain/order-guide/shared-list";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { writeInvoice } from "../../../scripts/sandbox-invoice";
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

// The match job against the sandbox: a demo store's list, an invoice the ERP makes for it (written into the sandbox's
// database as its order entry would), one run through the background's reads of the workspace's key.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const STORE = { id: 20001, name: "Valley Cannabis - Oakland" };
const LATE_STORE = { id: 20002, name: "Valley Cannabis - San Jose" };
/** Past the sandbox's seeded days (its clock is 2026-11-21): no seeded invoice is a day this late. */
const SENT = "2026-11-22T09:00:00.000Z";
const MINUTES = 60_000;

interface Product {
  product_id: number;
  product_name: string;
  wholesale_units_per_case: number;
}

/** Ten products of the sandbox, with their units per case. */
async function products(count: number): Promise<Product[]> {
  return sandbox.db
    .selectFrom("products")
    .select(["product_id", "product_name", "wholesale_units_per_case"])
    .where("wholesale_units_per_case", ">", 0)
    .orderBy("product_id")
    .limit(count)
    .execute();
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
  const written: number[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
    // The sandbox is shared by both profiles: the invoices a test made go with it.
    if (written.length) {
      await sandbox.db.deleteFrom("invoice_lines").where("invoice_id", "in", written).execute();
      await sandbox.db.deleteFrom("invoice_supplier_totals").where("invoice_id", "in", written).execute();
      await sandbox.db.deleteFrom("invoices").where("invoice_id", "in", written).execute();
      written.length = 0;
    }
  });

  async function setUp() {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    const clock = { at: Date.parse(SENT) };
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
    const owner = `${retailer.workspaceId}/visitor/v1`;
    const keep = async (customer: { id: number; name: string }, lines: ListLine[], key: string) =>
      (
        await store.keep(
          { workspaceId: owner, environment: "test" },
          {
            customerId: customer.id,
            customerName: customer.name,
            recipient: "rep@example.com",
            lines,
            totalCases: lines.reduce((sum, l) => sum + l.cases, 0),
            total: "0.00",
            priceDay: SENT.slice(0, 10),
            sender: { id: retailer.userId, name: "Buyer", email: "buyer@example.com" },
            idempotencyKey: key,
            sentWith: "Customer",
            visitor: "v1",
          },
        )
      ).list.id;
    const db = backend.db.withTables<OrderListTables>();
    const row = (id: string) => db.selectFrom("order_lists").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const events = (id: string) =>
      db.selectFrom("order_list_events").selectAll().where("list_id", "=", id).orderBy("at").execute();
    const invoicesOf = (id: string) =>
      db.selectFrom("order_list_invoices").selectAll().where("list_id", "=", id).orderBy("invoice_num").execute();
    const invoice = async (customerId: number, lines: { productId: number; units: number }[], date: string) => {
      const made = await writeInvoice(sandbox.db, { customerId, lines, date });
      written.push(made.invoiceId);
      return made;
    };
    /** The upstream requests a run made, by path. */
    const requestsOf = async (run: () => Promise<unknown>) => {
      const before = backend.calls.length;
      await run();
      return backend.calls.slice(before).map((c) => c.url.pathname.split("/").at(-1));
    };
    return { backend, clock, retailer, matcher, sent, told, keep, row, events, invoicesOf, invoice, requestsOf };
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
      "2026-11-23",
    );
    clock.at += 10 * MINUTES;
    // Its invoices since the list's day, then the lines of those that count: one request each.
    expect(await requestsOf(() => matcher.run(sent[0]!.data))).toEqual(["invoices", "invoiceTransactions"]);
    const partly = await row(id);
    const match = JSON.parse(partly.match_json!) as ListMatch;
    expect(matchWords(match)).toBe("Partly invoiced: 9 of 10 lines, 1 short");
    expect(match).toEqual({
      status: "partly",
      invoices: [{ invoiceNum: first.invoiceNum, invoiceId: first.invoiceId, date: "2026-11-23" }],
      lines: ten.map((p, i) => ({
        productId: p.product_id,
        asked: (i % 3) + 1,
        invoiced: i < 9 ? `${(i % 3) + 1}.00` : "0.00",
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
    const second = await invoice(
      STORE.id,
      [{ productId: ten[9]!.product_id, units: 1 * ten[9]!.wholesale_units_per_case }],
      "2026-11-24",
    );
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

  it("matches a list as a side changed it from the lines kept, and reads an invoice's lines again when the ERP changed it, or an hour on", async () => {
    const { backend, clock, retailer, matcher, keep, row, invoice, requestsOf } = await setUp();
    const [a, b, c, d] = await products(4);
    const id = await keep(STORE, [lineOf(a!, 2), lineOf(b!, 1), lineOf(c!, 1), lineOf(d!, 1)], "edited");
    const made = await invoice(
      STORE.id,
      [
        { productId: a!.product_id, units: 2 * a!.wholesale_units_per_case },
        { productId: b!.product_id, units: b!.wholesale_units_per_case },
      ],
      "2026-11-23",
    );
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

    // The ERP takes the second product off the invoice: its header changes, so its lines are read again.
    await sandbox.db
      .deleteFrom("invoice_lines")
      .where("invoice_id", "=", made.invoiceId)
      .where("product_id", "=", b!.product_id)
      .execute();
    await sandbox.db
      .updateTable("invoices")
      .set({ total_cases_centi: 200, invoice_last_updated: "2026-11-23T18:00:00.000Z" })
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
    const { backend, clock, retailer, matcher, told, keep, row, events, requestsOf } = await setUp();
    const [p] = await products(1);
    const id = await keep(LATE_STORE, [lineOf(p!, 2)], "late");
    const withdrawn = await keep(STORE, [lineOf(p!, 1)], "withdrawn");
    await backend.db
      .withTables<OrderListTables>()
      .updateTable("order_lists")
      .set({ withdrawn_at: SENT })
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
