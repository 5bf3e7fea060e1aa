import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import { createBackground } from "../core/background/background-reads";
import { createRateLimitBook } from "../core/rate-limit-book";
import { createMemoryStore } from "../core/shared/memory-store";
import {
  BACKROOM,
  browserRequest,
  connectKey,
  DEMO_KEYS,
  joinAs,
  scheduledJobs,
  signUp,
  type TestBackend,
} from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { insightsQuery, insightTables } from "@/lib/domain/insights/insights-tables";
import { whiteSpaceLines } from "@/lib/domain/insights/insight-table-rows";
import { addKey, updateKey } from "../core/keys-api";
import { readHistory } from "./history-read";
import { historyRig } from "./testing";
import { type HistoryTables } from "./tables";
import { createHistorySync, type HistorySyncJob, WINDOW_DAYS } from "./history-sync";
import { getSales } from "./insights-api";
import { estimateWords } from "@/lib/domain/insights/backfill-estimate";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

type Row = Record<string, unknown>;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.each(databaseProfiles())("the history sync on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp(failAt?: number, clock = { at: Date.parse(TEST_CLOCK) }, failing?: RegExp) {
    let calls = 0;
    const rig = await historyRig(
      async (request) => {
        calls++;
        if (calls === failAt) throw new Error("connection reset");
        // The live test environment's /promotionsProducts: a 500 every time (field notes).
        if (failing?.test(request.url)) return Response.json({ Error: "Unexpected server error" }, { status: 500 });
        return sandbox.runtime.app.fetch(request);
      },
      await open(),
      clock,
    );
    backends.push(rig.backend);
    return { ...rig, calls: () => calls };
  }

  it("backfills a year of the key's invoices and lines, newest first, equal to a direct walk of the API", async () => {
    const { backend, sync, brand, drain } = await setUp();
    await sync.start(brand.workspaceId, brand.keyId);
    const before = backend.calls.length;
    await drain();
    const state = (await sync.state(brand.keyId))!;
    expect(state.phase).toBe("idle");
    expect(state.backfilledAt).toBeDefined();

    const to = day(Date.parse(TEST_CLOCK));
    const from = day(Date.parse(TEST_CLOCK) - 365 * 86_400_000);
    const invoices = await sandbox.walk(
      `/invoices?Statuses=1,2,3,4,5,7&StartDate=${from}&EndDate=${to}`,
      DEMO_KEYS.Supplier,
    );
    const kept = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_invoices")
      .selectAll()
      .where("key_id", "=", brand.keyId)
      .orderBy("invoice_id")
      .execute();
    expect(kept.map((r) => [r.invoice_id, r.customer_id, r.customer_name, r.invoice_num, r.status])).toEqual(
      invoices
        .map((i) => [i.InvoiceID, i.CustomerID, i.CustomerName, i.InvoiceNum, i.Status])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const lines: Row[] = [];
    const ids = invoices.map((i) => i.InvoiceID);
    for (let i = 0; i < ids.length; i += 200)
      lines.push(
        ...(await sandbox.walk(
          `/invoiceTransactions?InvoiceIDs=${ids.slice(i, i + 200).join(",")}`,
          DEMO_KEYS.Supplier,
        )),
      );
    const keptLines = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_lines")
      .selectAll()
      .where("key_id", "=", brand.keyId)
      .orderBy("line_id")
      .execute();
    expect(
      keptLines.map((l) => [
        l.line_id,
        l.invoice_id,
        l.product_id,
        l.product_name,
        l.num_units,
        l.ext_price,
        l.promotion_id,
        l.discount,
      ]),
    ).toEqual(
      lines
        .map((l) => [
          l.InvoiceTransID,
          l.InvoiceID,
          l.ProductID,
          l.ProductName,
          l.NumUnits,
          l.ExtPrice,
          l.PromotionID ?? null,
          l.Discount,
        ])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(keptLines.some((l) => l.promotion_id !== null)).toBe(true);
    // And the brand's promotions, as /promotionsProducts lists them.
    const promotions = await sandbox.walk("/promotionsProducts?", DEMO_KEYS.Supplier);
    const keptPromotions = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_promotions")
      .selectAll()
      .where("key_id", "=", brand.keyId)
      .orderBy("promotion_id")
      .execute();
    expect(
      keptPromotions.map((p) => [
        p.promotion_id,
        p.name,
        p.start_date,
        p.end_date,
        p.all_products === 1,
        JSON.parse(p.product_ids_json),
      ]),
    ).toEqual(
      promotions
        .map((p) => [
          p.PromotionID,
          p.PromotionName,
          String(p.StartDate).slice(0, 10),
          String(p.EndDate).slice(0, 10),
          p.AllProducts === true,
          p.ProductIDs ?? [],
        ])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(keptPromotions.length).toBeGreaterThan(0);
    // And the reps it sees, with their customers: the walk's last request.
    const reps = await sandbox.walk("/salesReps?", DEMO_KEYS.Supplier);
    const keptReps = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_reps")
      .selectAll()
      .where("key_id", "=", brand.keyId)
      .orderBy("user_id")
      .execute();
    expect(keptReps.map((r) => [r.user_id, r.name, JSON.parse(r.customer_ids_json)])).toEqual(
      reps
        .map((r) => [
          r.UserID,
          r.Name,
          ((r.Customers as { CustomerID: number }[] | null) ?? []).map((c) => c.CustomerID),
        ])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(keptReps.length).toBeGreaterThan(0);
    const products = await sandbox.walk("/products?", DEMO_KEYS.Supplier);
    const keptProducts = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_products")
      .selectAll()
      .where("key_id", "=", brand.keyId)
      .orderBy("product_id")
      .execute();
    expect(keptProducts.map((p) => [p.product_id, p.name, p.product_group, p.state])).toEqual(
      products
        .map((p) => [p.ProductID, p.ProductName, p.ProductTypeName || "Other", p.State])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // And the retailers' stock of its products, as the API lists it now (the shelf watch's snapshot).
    const shelf = await sandbox.walk("/retailerInventory?", DEMO_KEYS.Supplier);
    const keptShelf = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_shelf")
      .selectAll()
      .where("key_id", "=", brand.keyId)
      .orderBy("customer_id")
      .orderBy("product_id")
      .execute();
    expect(
      keptShelf.map((r) => [r.customer_id, r.product_id, r.inventory, r.daily_sales, r.last_inventory_date]),
    ).toEqual(
      shelf
        .map((r) => [r.CustomerID, r.ProductID, r.Inventory, r.DailySales, r.LastInventoryDate ?? null])
        .sort((a, b) => Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1])),
    );
    expect(keptShelf.length).toBeGreaterThan(0);
    // The retailers it sees, every status, with the rep their record names and their state's zone (from /states).
    const zones = new Map(
      (await sandbox.walk("/states?", DEMO_KEYS.Supplier)).map((s) => [s.StateAbbreviation, s.TimeZone]),
    );
    const apiCustomers = await sandbox.walk("/customers?AccountStatuses=Active,Inactive,OutOfBus", DEMO_KEYS.Supplier);
    const keptCustomers = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_customers")
      .selectAll()
      .where("key_id", "=", brand.keyId)
      .orderBy("customer_id")
      .execute();
    expect(keptCustomers.map((c) => [c.customer_id, c.name, c.state, c.time_zone, c.rep_user_id])).toEqual(
      apiCustomers
        .map((c) => [
          c.CustomerID,
          c.CustomerName,
          c.State ?? null,
          zones.get(c.State) ?? null,
          c.SalesRepUserID ?? null,
        ])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // Supplier keys get customers without their sales rep (the field notes' sparse record): the zone is there.
    expect(keptCustomers.length).toBeGreaterThan(0);
    expect(keptCustomers.every((c) => c.state === null || c.time_zone !== null)).toBe(true);
    expect(invoices.length).toBeGreaterThan(0);
    // Every request went upstream as the background's: a tenth of the key's hour at most.
    expect(backend.calls.length - before).toBe(state.requests);
    expect(state.requests).toBeLessThanOrEqual(100);
  });

  it("goes on after a run that died, and a refresh reads the last 60 days again; a key removed takes its history", async () => {
    const { backend, sync, brand, drain, queued } = await setUp(9);
    await sync.start(brand.workspaceId, brand.keyId);
    // The ninth upstream request fails: that run throws (the queue would retry it) with the walk saved so far.
    await expect(drain()).rejects.toThrow(/answered 502/);
    const halfway = (await sync.state(brand.keyId))!;
    expect(halfway.phase).toBe("backfill");
    queued.push({ workspaceId: brand.workspaceId, keyId: brand.keyId });
    await drain();
    expect((await sync.state(brand.keyId))!.phase).toBe("idle");
    const count = async (table: "history_invoices" | "history_lines") =>
      Number(
        (
          await backend.db
            .withTables<HistoryTables>()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .where("key_id", "=", brand.keyId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [invoices, lines] = [await count("history_invoices"), await count("history_lines")];
    expect(invoices).toBeGreaterThan(0);

    const before = (await sync.state(brand.keyId))!.requests;
    await sync.start(brand.workspaceId, brand.keyId);
    expect((await sync.state(brand.keyId))!.phase).toBe("refresh");
    await drain();
    const refreshed = (await sync.state(brand.keyId))!;
    expect([refreshed.phase, await count("history_invoices"), await count("history_lines")]).toEqual([
      "idle",
      invoices,
      lines,
    ]);
    expect(refreshed.requests - before).toBeLessThan(20);

    // The key removed from its workspace: its history goes in the same transaction.
    expect(await backend.keys.remove(brand.workspaceId, brand.keyId)).toBeDefined();
    expect([await count("history_invoices"), await count("history_lines"), await sync.state(brand.keyId)]).toEqual([
      0,
      0,
      undefined,
    ]);
  });

  it("reads a history kept before lines held their promotion again whole, showing the old meanwhile; a 500 from /promotionsProducts stops nothing", async () => {
    const { backend, sync, brand, drain } = await setUp(undefined, undefined, /\/promotionsProducts/);
    await sync.start(brand.workspaceId, brand.keyId);
    await drain();
    const first = (await sync.state(brand.keyId))!;
    expect([first.phase, first.linesVersion]).toEqual(["idle", 2]);
    // The list failed: no promotion kept, the walk ended all the same (the lift reads them from the lines).
    const promotions = backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_promotions")
      .selectAll()
      .where("key_id", "=", brand.keyId);
    expect(await promotions.execute()).toEqual([]);
    // As a history kept before migration 019: lines without their promotion, a state without its version.
    await backend.db
      .withTables<HistoryTables>()
      .updateTable("history_lines")
      .set({ promotion_id: null, discount: null })
      .where("key_id", "=", brand.keyId)
      .execute();
    const { linesVersion: _version, ...older } = first;
    await backend.db
      .withTables<HistoryTables>()
      .updateTable("history_state")
      .set({ state_json: JSON.stringify(older) })
      .where("key_id", "=", brand.keyId)
      .execute();
    await sync.start(brand.workspaceId, brand.keyId);
    const rereading = (await sync.state(brand.keyId))!;
    // A backfill from today back, its figures kept meanwhile: the page stays open on the old history.
    expect([rereading.phase, rereading.backfilledAt, rereading.window?.to]).toEqual([
      "backfill",
      first.backfilledAt,
      day(Date.parse(TEST_CLOCK)),
    ]);
    await drain();
    expect((await sync.state(brand.keyId))!.linesVersion).toBe(2);
    const priced = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_lines")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("key_id", "=", brand.keyId)
      .where("promotion_id", "is not", null)
      .executeTakeFirstOrThrow();
    expect(Number(priced.n)).toBeGreaterThan(0);
  });

  it("reads the products' states of a history kept before them at its next walk; until then white space takes the line whole, then a store's own state's", async () => {
    const { backend, sync, brand, drain } = await setUp();
    await sync.start(brand.workspaceId, brand.keyId);
    await drain();
    const first = (await sync.state(brand.keyId))!;
    expect(first.referenceVersion).toBe(2);
    const asOf = day(Date.parse(TEST_CLOCK));
    const products = await sandbox.walk("/products?", DEMO_KEYS.Supplier);
    // The line of each store's own state, as the API's products and customers say (the demo brand sells in two).
    const states = new Set(products.map((p) => p.State));
    expect(states.size).toBeGreaterThan(1);
    const ownLine = (state: unknown) => products.filter((p) => p.State === state).length;
    const lineOf = async () => {
      const history = await readHistory(backend.db, brand.keyId);
      const stateOf = new Map(history.customers.map((c) => [c.customerId, c.state]));
      return whiteSpaceLines(history, asOf)
        .map((r) => [r.customerId, stateOf.get(r.customerId), r.activeCount])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    };
    const kept = await lineOf();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(kept.map(([id, state]) => [id, state, ownLine(state)]));

    // As a history kept before migration 030: products without their state, a state without its reference version.
    await backend.db
      .withTables<HistoryTables>()
      .updateTable("history_products")
      .set({ state: null })
      .where("key_id", "=", brand.keyId)
      .execute();
    const { referenceVersion: _version, ...older } = first;
    await backend.db
      .withTables<HistoryTables>()
      .updateTable("history_state")
      .set({ state_json: JSON.stringify(older) })
      .where("key_id", "=", brand.keyId)
      .execute();
    // Meanwhile the page still opens, each store's line the brand's whole line, as before the states were kept.
    expect(await lineOf()).toEqual(kept.map(([id, state]) => [id, state, products.length]));
    // The next walk (a refresh, not a week later) reads the products again.
    await sync.start(brand.workspaceId, brand.keyId);
    await drain();
    expect((await sync.state(brand.keyId))!.referenceVersion).toBe(2);
    expect(await lineOf()).toEqual(kept);
  });

  it("sweeps: a new Supplier key starts its backfill, a lost walk is queued again, a day later its refresh, and a removed key's history goes", async () => {
    const { backend, sync, brand, drain, queued, clock } = await setUp();
    const retailer = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    expect(await sync.sweep()).toEqual({ started: 1, forgotten: 0 });
    expect(queued).toEqual([{ workspaceId: brand.workspaceId, keyId: brand.keyId }]);
    // A Customer key keeps no history.
    expect(await sync.state(retailer.keyId)).toBeUndefined();
    // Its walk under way: not started again; an hour without a step: queued again (its job failed for good).
    queued.length = 0;
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 0 });
    expect(queued).toEqual([]);
    clock.at += 61 * 60_000;
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 0 });
    expect(queued).toEqual([{ workspaceId: brand.workspaceId, keyId: brand.keyId }]);
    await drain();
    // Within the day, nothing to start; a day on, the refresh.
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 0 });
    clock.at += 25 * 3_600_000;
    expect(await sync.sweep()).toEqual({ started: 1, forgotten: 0 });
    expect((await sync.state(brand.keyId))!.phase).toBe("refresh");
    await drain();
    await backend.db.deleteFrom("workspace_keys").where("id", "=", brand.keyId).execute();
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 1 });
    expect(await sync.state(brand.keyId)).toBeUndefined();
  });

  it("keeps an Employee key's history of its linked reps' accounts only, equal to a direct walk of theirs, and none without a linked member", async () => {
    const { backend, sync, drain, queued } = await setUp();
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    // No member linked to a rep: the sweep starts the brand's key (set up beside it), nothing for the Employee key.
    expect(await sync.sweep()).toEqual({ started: 1, forgotten: 0 });
    expect(await sync.state(staff.keyId)).toBeUndefined();
    const rep = await joinAs(backend, staff.workspaceId, "viewer");
    // Linked to Marcus Brown (rep 1006).
    await backend.db
      .withTables<{ auth_member: { id: string; salesRepUserId: number | null } }>()
      .updateTable("auth_member")
      .set({ salesRepUserId: 1006 })
      .where("id", "=", rep.memberId)
      .execute();
    queued.length = 0;
    expect(await sync.sweep()).toEqual({ started: 1, forgotten: 0 });
    await drain();
    const state = (await sync.state(staff.keyId))!;
    expect(state.phase).toBe("idle");
    const reps = await sandbox.walk("/salesReps?", DEMO_KEYS.Employee);
    const customerIds = ((reps.find((r) => r.UserID === 1006)!.Customers as { CustomerID: number }[]) ?? [])
      .map((c) => c.CustomerID)
      .sort((a, b) => a - b);
    expect(state.scope).toEqual({ repUserIds: [1006], customerIds });
    expect(customerIds.length).toBeGreaterThan(0);
    const to = day(Date.parse(TEST_CLOCK));
    const from = day(Date.parse(TEST_CLOCK) - 365 * 86_400_000);
    const invoices = await sandbox.walk(
      `/invoices?Statuses=1,2,3,4,5,7&StartDate=${from}&EndDate=${to}&CustomerIDs=${customerIds.join(",")}`,
      DEMO_KEYS.Employee,
    );
    const kept = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_invoices")
      .select(["invoice_id", "customer_id"])
      .where("key_id", "=", staff.keyId)
      .orderBy("invoice_id")
      .execute();
    expect(kept.map((r) => r.invoice_id)).toEqual(invoices.map((i) => i.InvoiceID as number).sort((a, b) => a - b));
    expect(kept.every((r) => customerIds.includes(r.customer_id))).toBe(true);
    expect(kept.length).toBeGreaterThan(0);
    // Its reps are the linked one; its suppliers named; its customers with their rep (an Employee key sees it).
    expect(
      (
        await backend.db
          .withTables<HistoryTables>()
          .selectFrom("history_reps")
          .select("user_id")
          .where("key_id", "=", staff.keyId)
          .execute()
      ).map((r) => r.user_id),
    ).toEqual([1006]);
    expect(
      Number(
        (
          await backend.db
            .withTables<HistoryTables>()
            .selectFrom("history_suppliers")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("key_id", "=", staff.keyId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
    const customers = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_customers")
      .select(["customer_id", "rep_user_id"])
      .where("key_id", "=", staff.keyId)
      .orderBy("customer_id")
      .execute();
    expect(customers.map((c) => c.customer_id)).toEqual(customerIds);
    // The shelf holds those customers' rows only.
    const shelf = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_shelf")
      .select("customer_id")
      .where("key_id", "=", staff.keyId)
      .execute();
    expect(shelf.every((r) => customerIds.includes(r.customer_id))).toBe(true);
    // The sales endpoint answers an Employee key from it, per supplier too.
    const ask = (query: string) =>
      getSales(browserRequest("GET", `/api/insights/sales?${query}`, { cookie: rep.cookie, site: null }), {
        ...backend,
        insights: sync,
      });
    const all = (await (await ask(`from=${from}&to=${to}&by=customer`)).json()) as {
      rows: { key: number; invoices: number }[];
    };
    expect(all.rows.filter((r) => r.invoices > 0).every((r) => customerIds.includes(r.key))).toBe(true);
    // The member unlinked: the next sweep forgets the key's history.
    await backend.db
      .withTables<{ auth_member: { id: string; salesRepUserId: number | null } }>()
      .updateTable("auth_member")
      .set({ salesRepUserId: null })
      .where("id", "=", rep.memberId)
      .execute();
    expect(await sync.sweep()).toEqual({ started: 0, forgotten: 1 });
  });

  it("keeps the whole distributor's history for an Employee key once an owner chooses it on Keys, equal to a direct walk, one supplier at a time", async () => {
    const { backend, sync, drain, queued } = await setUp();
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const deps = { ...backend, insights: sync };
    const patch = (cookie: string, keyId: string, json: unknown) =>
      updateKey(browserRequest("PATCH", `/api/keys/${keyId}`, { cookie, json }), deps, { keyId });
    // Who may, and what: a viewer may not; a brand's key has no scope to choose; a body that is not one of the two.
    const viewer = await joinAs(backend, staff.workspaceId, "viewer");
    expect((await patch(viewer.cookie, staff.keyId, { historyScope: "distributor" })).status).toBe(403);
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const refused = await patch(brand.cookie, brand.keyId, { historyScope: "distributor" });
    expect([refused.status, ((await refused.json()) as { Error: { code: string } }).Error.code]).toEqual([
      409,
      "NOT_FOR_THIS_KEY",
    ]);
    const bad = await patch(staff.cookie, staff.keyId, { historyScope: "everything" });
    expect([bad.status, ((await bad.json()) as { Error: { code: string } }).Error.code]).toEqual([
      400,
      "VALIDATION_FAILED",
    ]);
    expect(queued).toEqual([]);

    // The owner chooses the whole distributor: the backfill starts (no member is linked to a rep), once for a double click.
    const chosen = await patch(staff.cookie, staff.keyId, { historyScope: "distributor" });
    expect([chosen.status, ((await chosen.json()) as { historyScope: string }).historyScope]).toEqual([
      200,
      "distributor",
    ]);
    expect((await patch(staff.cookie, staff.keyId, { historyScope: "distributor" })).status).toBe(200);
    expect(queued).toEqual([{ workspaceId: staff.workspaceId, keyId: staff.keyId }]);
    const audit = await backend.audit.list(
      { workspaceId: staff.workspaceId, fingerprints: [staff.fingerprint] },
      { events: ["history-scope-changed"], limit: 10, offset: 0 },
    );
    expect(audit.entries.map((e) => [e.event, e.reference.historyScope])).toEqual([
      ["history-scope-changed", "distributor"],
    ]);
    await drain();
    const state = (await sync.state(staff.keyId))!;
    expect([state.phase, state.scope]).toEqual(["idle", { repUserIds: [], customerIds: [], distributor: true }]);

    // Every invoice of the distributor's year and every line of them, as a direct walk finds them.
    const to = day(Date.parse(TEST_CLOCK));
    const from = day(Date.parse(TEST_CLOCK) - 365 * 86_400_000);
    const invoices = await sandbox.walk(
      `/invoices?Statuses=1,2,3,4,5,7&StartDate=${from}&EndDate=${to}`,
      DEMO_KEYS.Employee,
    );
    const kept = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_invoices")
      .select("invoice_id")
      .where("key_id", "=", staff.keyId)
      .orderBy("invoice_id")
      .execute();
    expect(kept.map((r) => r.invoice_id)).toEqual(invoices.map((i) => i.InvoiceID as number).sort((a, b) => a - b));
    const ids = invoices.map((i) => i.InvoiceID);
    const lines: Row[] = [];
    for (let i = 0; i < ids.length; i += 200)
      lines.push(
        ...(await sandbox.walk(
          `/invoiceTransactions?InvoiceIDs=${ids.slice(i, i + 200).join(",")}`,
          DEMO_KEYS.Employee,
        )),
      );
    const keptLines = await backend.db
      .withTables<HistoryTables>()
      .selectFrom("history_lines")
      .select(["line_id", "supplier_id", "ext_price"])
      .where("key_id", "=", staff.keyId)
      .orderBy("line_id")
      .execute();
    expect(keptLines.map((l) => [l.line_id, l.supplier_id, l.ext_price])).toEqual(
      lines.map((l) => [l.InvoiceTransID, l.SupplierID, l.ExtPrice]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(new Set(keptLines.map((l) => l.supplier_id)).size).toBeGreaterThan(1);
    // Every rep (the page's chooser) and the catalogue's active products (a chosen supplier's white space).
    expect(
      (
        await backend.db
          .withTables<HistoryTables>()
          .selectFrom("history_reps")
          .select("user_id")
          .where("key_id", "=", staff.keyId)
          .execute()
      ).length,
    ).toBe((await sandbox.walk("/salesReps?", DEMO_KEYS.Employee)).length);
    expect(
      (
        await backend.db
          .withTables<HistoryTables>()
          .selectFrom("history_products")
          .select("product_id")
          .where("key_id", "=", staff.keyId)
          .execute()
      ).length,
    ).toBe((await sandbox.walk("/products?", DEMO_KEYS.Employee)).length);

    // One supplier's part read from the database is the whole history narrowed in memory: every table of the page.
    const query = insightsQuery({ supplier: "101", weeks: "26" });
    const whole = insightTables(await readHistory(backend.db, staff.keyId), query, to);
    const one = insightTables(await readHistory(backend.db, staff.keyId, { supplier: 101 }), query, to, {
      bySupplier: whole.tables.suppliers.rows,
    });
    for (const table of ["weeks", "products", "retailers", "reps", "health", "white-space", "shelf"] as const)
      expect(one.tables[table].rows).toEqual(whole.tables[table].rows);
    expect(one.tables.products.rows.length).toBeGreaterThan(0);

    // The sales endpoint: one supplier at a time, or by supplier; the demo brand's sales to the cent of its own key's.
    const ask = (cookie: string, query: string) =>
      getSales(browserRequest("GET", `/api/insights/sales?${query}`, { cookie, site: null }), {
        ...backend,
        insights: sync,
      });
    const period = `from=${day(Date.parse(TEST_CLOCK) - 90 * 86_400_000)}&to=${to}`;
    const everyone = await ask(staff.cookie, `${period}&by=product`);
    expect([everyone.status, ((await everyone.json()) as { Error: { code: string } }).Error.code]).toEqual([
      400,
      "SUPPLIER_REQUIRED",
    ]);
    const bySupplier = (await (await ask(staff.cookie, `${period}&by=supplier`)).json()) as {
      rows: { key: number; revenue: string }[];
    };
    expect(bySupplier.rows.length).toBeGreaterThan(1);
    await sync.start(brand.workspaceId, brand.keyId);
    await drain();
    const ofBrand = (await (await ask(brand.cookie, `${period}&by=product`)).json()) as { rows: unknown[] };
    const ofStaff = (await (await ask(staff.cookie, `${period}&by=product&supplier=101`)).json()) as {
      rows: unknown[];
    };
    expect(ofStaff.rows).toEqual(ofBrand.rows);
    // The brand's own history holds its lines only: its one supplier row is the distributor's row of it.
    const brandTotal = (await (await ask(brand.cookie, `${period}&by=supplier`)).json()) as {
      rows: { key: number; revenue: string }[];
    };
    expect(brandTotal.rows).toHaveLength(1);
    expect(bySupplier.rows.find((r) => r.key === 101)).toEqual(brandTotal.rows[0]);

    // Back to the linked reps' accounts, and none is linked: the history goes, and the sweep keeps none.
    expect((await patch(staff.cookie, staff.keyId, { historyScope: "linked-reps" })).status).toBe(200);
    expect(await sync.state(staff.keyId)).toBeUndefined();
    expect(
      Number(
        (
          await backend.db
            .withTables<HistoryTables>()
            .selectFrom("history_lines")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("key_id", "=", staff.keyId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
    queued.length = 0;
    await sync.sweep();
    expect(queued.filter((job) => job.keyId === staff.keyId)).toEqual([]);
  });

  it("answers GET /api/insights/sales from the history alone, to the cent of the API's lines", async () => {
    const { backend, sync, brand, drain } = await setUp();
    const ask = (query: string) =>
      getSales(browserRequest("GET", `/api/insights/sales?${query}`, { cookie: brand.cookie, site: null }), {
        ...backend,
        insights: sync,
      });
    expect((await ask("from=2026-01-01&to=2026-03-31&by=product")).status).toBe(409);
    await sync.start(brand.workspaceId, brand.keyId);
    await drain();
    const calls = backend.calls.length;
    const answer = await ask("from=2026-08-01&to=2026-10-31&by=product");
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      asOf: string;
      rows: { key: number; name: string; units: number; revenue: string; invoices: number }[];
    };
    // Nothing asked of the API.
    expect(backend.calls.length).toBe(calls);
    // The same sums from a direct walk: the lines of invoices dated in the period (UTC days) as the API gives them (a
    // return's written negative).
    const invoices = await sandbox.walk(
      "/invoices?Statuses=1,2,3,4,5,7&StartDate=2026-07-30&EndDate=2026-11-02",
      DEMO_KEYS.Supplier,
    );
    const ids = invoices
      .filter((i) => String(i.Date).slice(0, 10) >= "2026-08-01" && String(i.Date).slice(0, 10) <= "2026-10-31")
      .map((i) => i.InvoiceID);
    const lines: Row[] = [];
    for (let i = 0; i < ids.length; i += 200)
      lines.push(
        ...(await sandbox.walk(
          `/invoiceTransactions?InvoiceIDs=${ids.slice(i, i + 200).join(",")}`,
          DEMO_KEYS.Supplier,
        )),
      );
    const cents = new Map<number, bigint>();
    for (const l of lines) {
      const [whole, fraction = ""] = String(l.ExtPrice).split(".");
      const micros =
        BigInt(whole!) * 1_000_000n + (whole!.startsWith("-") ? -1n : 1n) * BigInt((fraction + "000000").slice(0, 6));
      cents.set(Number(l.ProductID), (cents.get(Number(l.ProductID)) ?? 0n) + micros);
    }
    const expected = Object.fromEntries(
      [...cents].map(([id, micros]) => [id, (Number(micros) / 1_000_000).toFixed(2)]),
    );
    expect(Object.fromEntries(body.rows.map((r) => [r.key, r.revenue]))).toEqual(expected);
    expect(body.rows.length).toBeGreaterThan(0);
    const bad = await ask("from=2026-10-31&to=2026-08-01&by=product");
    expect([bad.status, ((await bad.json()) as { Error: { code: string } }).Error.code]).toEqual([
      400,
      "VALIDATION_FAILED",
    ]);
    const byCustomer = (await (await ask("from=2026-08-01&to=2026-10-31&by=customer")).json()) as {
      rows: { tier: string }[];
    };
    expect(byCustomer.rows.every((r) => ["Active", "Priority", "At risk", "Lost"].includes(r.tier))).toBe(true);
  });
});

describe("the history sync's start and pace", () => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  /**
   * A backend over the test sandbox whose answers give the key an hourly limit of `limit` (the live service's 1,028
   * unless said: the syncs may read 7 % of it an hour), changed by `answer`, a simulated clock that the pace's waits and
   * the queue's delays move, and each upstream request's time on that clock.
   */
  async function paced(
    start: string,
    { limit = 1028, answer }: { limit?: number; answer?: (call: number, response: Response) => Response } = {},
  ) {
    const clock = { at: Date.parse(start) };
    const times: number[] = [];
    const backend = await createTestBackend(async (request) => {
      times.push(clock.at);
      const response = await sandbox.runtime.app.fetch(request);
      const headers = new Headers(response.headers);
      headers.set("RateLimit-Limit", String(limit));
      headers.set("RateLimit-Remaining", String(limit - 10));
      headers.set("RateLimit-Reset", "1800");
      const live = new Response(response.body, { status: response.status, headers });
      return answer ? answer(times.length, live) : live;
    });
    backends.push(backend);
    const { jobs, next, queued } = scheduledJobs<HistorySyncJob>(clock);
    const now = () => clock.at;
    // The proxy notes the figures on the same clock (their reset is when people may be read for again).
    const proxy = { ...backend, rateLimits: createRateLimitBook(createMemoryStore({ now }), () => new Date(clock.at)) };
    const background = createBackground({
      proxy,
      // The pace's slots and the budget's counters expire on the same clock, not the machine's.
      shared: createMemoryStore({ now }),
      now,
      sleep: async (ms) => void (clock.at += ms),
    });
    const sync = createHistorySync({ db: backend.db, jobs, keys: backend.keys, background, now, historyDays: 365 });
    backend.keys.onAdded((key) => sync.keyAdded(key.workspaceId, key.keyId));
    return { backend, sync, clock, times, next, queued };
  }

  it("starts a key's first backfill when the key is added, without reading: a Supplier key's, an Employee key's whose workspace links a rep", async () => {
    const { backend, sync, queued } = await paced("2026-11-21T18:45:00.000Z");
    // Added on Keys (POST /api/keys): the key is checked with the API, then its backfill is queued, not yet read.
    const person = await signUp(backend);
    const headers = new Headers({ cookie: person.cookie, origin: BACKROOM });
    const workspace = (await backend.auth.api.createOrganization({
      body: { name: "A brand", slug: `a-brand-${person.userId.slice(0, 6)}` },
      headers,
    }))!;
    await backend.auth.api.setActiveOrganization({ body: { organizationId: workspace.id }, headers });
    const added = await addKey(
      browserRequest("POST", "/api/keys", {
        cookie: person.cookie,
        json: { apiKey: DEMO_KEYS.Supplier, environment: "test" },
      }),
      backend,
    );
    expect(added.status).toBe(201);
    const keyId = ((await added.json()) as { id: string }).id;
    const calls = backend.calls.length;
    expect(queued.map((q) => q.data)).toEqual([{ workspaceId: workspace.id, keyId }]);
    expect((await sync.state(keyId))!.phase).toBe("backfill");
    expect(backend.calls.length).toBe(calls);
    // The same key again: nothing added, nothing started twice.
    expect(
      (
        await addKey(
          browserRequest("POST", "/api/keys", {
            cookie: person.cookie,
            json: { apiKey: DEMO_KEYS.Supplier, environment: "test" },
          }),
          backend,
        )
      ).status,
    ).toBe(200);
    expect(queued).toHaveLength(1);

    // A Customer key keeps no history; nor does an Employee key until a member of its workspace is linked to a rep.
    const retailer = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    expect([await sync.state(retailer.keyId), await sync.state(staff.keyId), queued.length]).toEqual([
      undefined,
      undefined,
      1,
    ]);
    const rep = await joinAs(backend, staff.workspaceId, "viewer");
    await backend.db
      .withTables<{ auth_member: { id: string; salesRepUserId: number | null } }>()
      .updateTable("auth_member")
      .set({ salesRepUserId: 1006 })
      .where("id", "=", rep.memberId)
      .execute();
    const { key } = await backend.keys.add(staff.workspaceId, staff.userId, {
      apiKey: "test-employee-second",
      environment: "test",
      keyType: "Employee",
      label: "Second",
      scope: { summary: "test" },
    });
    expect((await sync.state(key.id))!.phase).toBe("backfill");
    expect(queued.map((q) => q.data.keyId)).toEqual([keyId, key.id]);
  });

  it("reads its windows back to back, one request a second, within its share of each clock hour, and says when it will be done", async () => {
    // A key of 200 requests an hour: the syncs may read 14 of them an hour, fewer than the test sandbox's year (19).
    const { backend, sync, clock, times, next, queued } = await paced("2026-11-21T18:45:00.000Z", { limit: 200 });
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const estimates: { at: number; secondsLeft?: number; resumesAt?: string; windows: number; windowsRead: number }[] =
      [];
    // What an API client is told meanwhile: 409 HISTORY_PENDING, with the estimate and Retry-After.
    const ask = async () => {
      const answer = await getSales(
        browserRequest("GET", "/api/insights/sales?from=2026-08-01&to=2026-10-31&by=product", {
          cookie: brand.cookie,
          site: null,
        }),
        { ...backend, insights: sync },
      );
      return {
        status: answer.status,
        retryAfter: answer.headers.get("Retry-After"),
        ...((await answer.json()) as { Error: { code: string; detail: string } }).Error,
      };
    };
    const told = [await ask()];
    let runs = 0;
    for (let job = next(); job; job = next()) {
      const estimate = await sync.estimate(brand.keyId);
      if (estimate) estimates.push({ at: clock.at, ...estimate });
      await sync.run(job);
      runs++;
      const after = await sync.estimate(brand.keyId);
      if (after) estimates.push({ at: clock.at, ...after });
      if (after?.resumesAt) told.push(await ask());
    }
    const state = (await sync.state(brand.keyId))!;
    expect([state.phase, state.requests]).toEqual(["idle", times.length]);
    expect(state.backfilledAt).toBeDefined();

    // One request a second at most.
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
    // Within the syncs' share of each clock hour: 14 of the 200.
    const perHour = new Map<number, number>();
    for (const t of times) perHour.set(Math.floor(t / 3_600_000), (perHour.get(Math.floor(t / 3_600_000)) ?? 0) + 1);
    expect(Math.max(...perHour.values())).toBeLessThanOrEqual(14);
    // Back to back: a request follows the one before within its second, save once, for the share's next hour.
    const waits = gaps.map((gap, i) => ({ gap, after: times[i]!, next: times[i + 1]! })).filter((w) => w.gap > 1000);
    expect(waits).toHaveLength(1);
    expect(perHour.get(Math.floor(waits[0]!.after / 3_600_000))).toBe(14);
    expect(new Date(waits[0]!.next).toISOString()).toBe("2026-11-21T19:00:00.000Z");
    // Done a few seconds into that hour, some minutes after it started: not an hour later.
    expect(times.at(-1)! - Date.parse("2026-11-21T19:00:00.000Z")).toBeLessThan(60_000);
    expect(runs).toBeLessThanOrEqual(Math.ceil(times.length / 25) + 1);
    expect(queued).toEqual([]);

    // The estimate: "Starting…" until a window is read, then the windows left at the pace, the share's wait counted in.
    expect(estimates[0]).toMatchObject({ windowsRead: 0 });
    expect(estimates[0]!.secondsLeft).toBeUndefined();
    const paused = estimates.find((e) => e.resumesAt)!;
    expect(paused.resumesAt).toBe("2026-11-21T19:00:00.000Z");
    const actual = (times.at(-1)! - paused.at) / 1000;
    expect(Math.abs(paused.secondsLeft! - actual)).toBeLessThan(60);
    // The first hour's 14: what the pages name and group by (5 requests, before the first window), then 4 windows.
    expect(paused.windowsRead).toBe(4);
    expect(Math.ceil(366 / WINDOW_DAYS)).toBe(7);
    expect(told).toEqual([
      {
        status: 409,
        code: "HISTORY_PENDING",
        retryAfter: "60",
        detail:
          "This key's history is being synced in the background; the insights' API answers once its first year is in. Starting…",
      },
      {
        status: 409,
        code: "HISTORY_PENDING",
        retryAfter: String(paused.secondsLeft),
        detail: `This key's history is being synced in the background; the insights' API answers once its first year is in. ${estimateWords(paused)}.`,
      },
    ]);
    expect(estimateWords(paused)).toBe("About 15 minutes left: 4 of 7 windows read");
  });

  it("waits for a 429's Retry-After, and while people have under a fifth of the key's hour left, then goes on", async () => {
    const { backend, sync, clock, times, next } = await paced("2026-11-21T18:05:00.000Z", {
      answer: (call, response) => {
        // The 10th request is refused for two minutes; the 15th says people have spent the key down to 100 of 1,028.
        if (call === 10)
          return new Response(JSON.stringify({ Error: "Too many requests" }), {
            status: 429,
            headers: {
              "Retry-After": "120",
              "RateLimit-Limit": "1028",
              "RateLimit-Remaining": "0",
              "RateLimit-Reset": "120",
            },
          });
        if (call === 15) response.headers.set("RateLimit-Remaining", "100");
        return response;
      },
    });
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    await sync.start(brand.workspaceId, brand.keyId);
    for (let job = next(); job; job = next()) await sync.run(job);
    expect((await sync.state(brand.keyId))!.phase).toBe("idle");
    // Two minutes after the 429, the next request; none between.
    expect(times[10]! - times[9]!).toBeGreaterThanOrEqual(120_000);
    // After the figures said 100 left (under a fifth), nothing until the key's hour reset (30 minutes later).
    expect(times[15]! - times[14]!).toBeGreaterThanOrEqual(1_800_000);
    expect(clock.at).toBeGreaterThan(times[14]! + 1_800_000);
    // Else one a second.
    expect(
      times
        .slice(1)
        .map((t, i) => t - times[i]!)
        .filter((gap) => gap !== 1000),
    ).toHaveLength(2);
  });
});
