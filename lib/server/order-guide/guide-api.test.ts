import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import { browserRequest, connectKey, DEMO_KEYS, type TestBackend } from "../core/testing";
import { createTestBackend } from "../testing";
import { getOrderGuide } from "./guide-api";

// The order guide against the sandbox: each row's price, bucket and suggestion recomputed here from the API's
// own records (walked with the retailer's key), with this file's own arithmetic.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

type Row = Record<string, unknown>;
const DAY = TEST_CLOCK.slice(0, 10);
const STORES = [
  { id: 20001, name: "Valley Cannabis - Oakland" },
  { id: 20002, name: "Valley Cannabis - San Jose" },
];

describe("GET /api/order-guide", () => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp(keyType: "Customer" | "Supplier" | "Employee" = "Customer") {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
    backends.push(backend);
    const { cookie } = await connectKey(backend, DEMO_KEYS[keyType], keyType, {
      summary: "test",
      ...(keyType === "Customer" ? { customers: STORES } : {}),
    });
    const ask = async (query: string) => {
      const response = await getOrderGuide(
        browserRequest("GET", `/api/order-guide${query}`, { cookie, site: null }),
        backend,
      );
      return { status: response.status, body: (await response.json()) as Row };
    };
    return { backend, ask };
  }

  it.each([
    ["names customer when the key covers several stores", "", "customer"],
    ["rejects a customer that is not a number", "?customer=abc", "customer"],
    ["rejects coverDays of 0", "?customer=20001&coverDays=0", "coverDays"],
    ["rejects coverDays past 90", "?customer=20001&coverDays=365", "coverDays"],
    ["rejects an unknown parameter", "?customer=20001&cover=3", "cover"],
    ["rejects a day that is not one", "?customer=20001&day=tomorrow", "day"],
  ])("%s (400)", async (_, query, field) => {
    const { ask } = await setUp();
    const { status, body } = await ask(query);
    expect(status).toBe(400);
    const error = body.Error as { code: string; fieldErrors: { field: string }[] };
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fieldErrors.map((f) => f.field)).toContain(field);
  });

  it("refuses a store outside the key's, and a Supplier key", async () => {
    const { ask } = await setUp();
    expect((await ask("?customer=20099")).status).toBe(403);
    const brand = await setUp("Supplier");
    const { status, body } = await brand.ask("?customer=20001");
    expect(status).toBe(403);
    expect((body.Error as { code: string }).code).toBe("NOT_FOR_THIS_KEY");
  });

  it("asks an Employee key to name the store, and reads the one it names", async () => {
    const staff = await setUp("Employee");
    const missing = await staff.ask("");
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("customer is required");
    const named = await staff.ask(`?customer=20002&day=${DAY}`);
    expect(named.status).toBe(200);
    expect(named.body.customerId).toBe(20002);
    expect((named.body.rows as Row[]).length).toBeGreaterThan(0);
    const unknown = await staff.ask(`?customer=99999999&day=${DAY}`);
    expect(unknown.status).toBe(404);
    expect((unknown.body.Error as { code: string }).code).toBe("CUSTOMER_NOT_FOUND");
  });

  it("answers each row's price, bucket and suggestion as the API's records make them", async () => {
    const { ask } = await setUp();
    const { status, body } = await ask(`?customer=20001&coverDays=21&day=${DAY}`);
    expect(status).toBe(200);
    const rows = body.rows as Row[];
    expect(rows.length).toBeGreaterThan(5);

    const as = DEMO_KEYS.Customer;
    const prices = new Map(
      (await sandbox.walk(`/customerPricing?CustomerIDs=20001&EffectiveDate=${DAY}`, as)).map((p) => [p.ProductID, p]),
    );
    const customer = (await sandbox.walk("/customers?CustomerIDs=20001", as))[0]!;
    const stock = new Map(
      (await sandbox.walk("/availableInventory?CustomerIDs=20001", as))
        .filter((s) => s.LocationID === customer.LocationID)
        .map((s) => [s.ProductID, s]),
    );
    const counts = new Map(
      (await sandbox.walk("/retailerInventory?CustomerIDs=20001", as)).map((c) => [c.ProductID, c]),
    );
    const ids = rows.map((r) => r.productId).join(",");
    const products = await sandbox.walk(`/products?ProductIDs=${ids}`, as);
    const perCase = new Map(products.map((p) => [p.ProductID, p.WholesaleUnitsPerCase]));
    const samples = new Set(products.filter((p) => p.IsSample === true).map((p) => p.ProductID));
    // What the store bought of each product in the 180 days to DAY, in hundredths of a case: its invoices' lines as
    // the API gives them (a return's written negative).
    const since = new Date(Date.parse(`${DAY}T12:00:00Z`) - 179 * 86_400_000).toISOString().slice(0, 10);
    const invoices = await sandbox.walk(`/invoices?CustomerIDs=20001&Statuses=1,2,3,4,5,7&StartDate=${since}`, as);
    const bought = new Map<unknown, number>();
    for (let i = 0; i < invoices.length; i += 200) {
      const batch = invoices.slice(i, i + 200).map((v) => v.InvoiceID);
      for (const l of await sandbox.walk(`/invoiceTransactions?InvoiceIDs=${batch.join(",")}`, as))
        bought.set(l.ProductID, (bought.get(l.ProductID) ?? 0) + Math.round(Number(l.Cases) * 100));
    }

    // Every product on promotion for the store today is in the guide.
    const promoted = [...prices.values()].filter((p) => p.PromotionID != null && p.UnitPrice !== p.FullPrice);
    expect(promoted.length).toBeGreaterThan(0);
    for (const p of promoted) expect(rows.map((r) => r.productId)).toContain(p.ProductID);

    let counted = 0;
    let priced = 0;
    let suggested = 0;
    for (const row of rows) {
      const price = prices.get(row.productId);
      if (!price) {
        // No price for the store (a product no longer offered): none shown.
        expect(row.unitPrice).toBeNull();
        expect(row.casePrice).toBeNull();
      } else {
        const running = price.PromotionID != null && String(price.StartDate) <= DAY && String(price.EndDate) >= DAY;
        expect(row.unitPrice, `unit price of ${row.productId}`).toBe(running ? price.UnitPrice : price.FullPrice);
        const cents = Math.round(Number(row.unitPrice) * 100 * Number(perCase.get(row.productId)));
        expect(row.casePrice).toBe((cents / 100).toFixed(2));
        expect(row.promotionEnds).toBe(
          running && String(price.EndDate).slice(0, 10) !== "3000-12-31" ? String(price.EndDate).slice(0, 10) : null,
        );
        if (running) priced++;
      }
      const s = stock.get(row.productId);
      expect(row.bucket).toBe(s ? s.InventoryBucket : null);
      expect(row.inStock).toBe(s?.InStock === true);
      expect(row.sample).toBe(samples.has(row.productId));
      expect(row.boughtCases, `bought of ${row.productId}`).toBe(
        bought.has(row.productId) ? (bought.get(row.productId)! / 100).toFixed(2) : null,
      );
      const count = counts.get(row.productId);
      const usual = Number(row.usualCases ?? 0);
      if (!row.inStock || row.sample || row.casePrice === null) {
        // Nothing the warehouse cannot ship, no sample, nothing without a case price.
        expect(row.suggestedCases, `suggestion for ${row.productId}`).toBe(0);
      } else if (count && String(count.LastInventoryDate) >= "2000-01-02" && Number(count.DailySales) > 0) {
        counted++;
        const need = Number(count.DailySales) * 21 - Math.max(0, Number(count.Inventory));
        const cases = need <= 0 ? 0 : Math.ceil(need / Number(perCase.get(row.productId)) - 1e-9);
        expect(row.suggestedCases, `suggestion for ${row.productId}`).toBe(cases);
        if (cases > 0) suggested++;
      } else if (count && String(count.LastInventoryDate) >= "2000-01-02") {
        // Counted without sales: an empty shelf is short (the usual, a part case up), one holding stock is not.
        expect(row.suggestedCases).toBe(Number(count.Inventory) > 0 ? 0 : Math.ceil(usual - 1e-9));
      } else {
        // Never counted: at most the usual, down to a whole case, and its pace: the 180 days' cases × 21 ÷ 180.
        const pace = Math.floor((2 * Math.max(0, bought.get(row.productId) ?? 0) * 21 + 18_000) / 36_000);
        expect(row.suggestedCases, `suggestion for ${row.productId}`).toBe(Math.min(Math.floor(usual), pace));
      }
      if (count && String(count.LastInventoryDate) < "2000-01-02") {
        expect(row.shelf).toBeNull();
        expect(row.daysOfCover).toBeNull();
        expect(row.neverCounted).toBe(true);
      }
    }
    expect(priced).toBeGreaterThan(0);
    expect(counted).toBeGreaterThan(3);
    expect(suggested).toBeGreaterThan(0);
    expect(body.salesRepEmail).toBe(customer.SalesRepEmail);
  });
});

describe("GET /api/order-guide's filters and CSV", () => {
  it("keeps what is on promotion, and writes the same rows as a CSV", async () => {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
    try {
      const { cookie } = await connectKey(backend, DEMO_KEYS.Customer, "Customer", {
        summary: "test",
        customers: STORES,
      });
      const get = (query: string) =>
        getOrderGuide(
          browserRequest("GET", `/api/order-guide?customer=20001&day=${DAY}${query}`, { cookie, site: null }),
          backend,
        );
      const promo = (await (await get("&promo=1")).json()) as { rows: Row[] };
      expect(promo.rows.length).toBeGreaterThan(0);
      expect(promo.rows.every((r) => r.onPromotion === true)).toBe(true);
      const csv = await get("&promo=1&format=csv");
      expect(csv.headers.get("content-type")).toContain("text/csv");
      expect(csv.headers.get("content-disposition")).toContain(`order-guide-20001-${DAY}.csv`);
      const lines = (await csv.text()).trim().split("\r\n");
      expect(lines[0]).toContain("Suggested cases");
      expect(lines).toHaveLength(promo.rows.length + 1);
      expect((await get("&below=yes")).status).toBe(400);
    } finally {
      await backend.close();
    }
  });
});
