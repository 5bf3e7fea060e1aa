import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/format/days";
import { addDecimals, requireDecimal, toDecimalString } from "@/lib/format/decimal";
import { type Answer, type InvoiceOrder, openTestSandbox, TEST_CLOCK, type TestSandbox } from "./testing";

let sandbox: TestSandbox;
/** The demo Customer key's first store, as the API lists it. */
let store: { id: number; locationId: number };
const TODAY = TEST_CLOCK.slice(0, 10);

beforeAll(async () => {
  sandbox = await openTestSandbox();
  const { body } = await sandbox.call("GET", "/v1/customers", { as: "Customer" });
  const first = (body.Data as { CustomerID: number; LocationID: number }[])[0]!;
  store = { id: first.CustomerID, locationId: first.LocationID };
}, 60_000);
afterAll(() => sandbox.close());

type Row = Record<string, unknown>;
const data = (answer: Answer) => answer.body.Data as Row[];

/** The store's prices as `/customerPricing` answers them (on `date`, else its default day), by product. */
async function pricesOf(customerId: number, date?: string): Promise<Map<number, Row>> {
  const query = `CustomerIDs=${customerId}&PageSize=500${date ? `&EffectiveDate=${date}` : ""}`;
  const answer = await sandbox.call("GET", `/v1/customerPricing?${query}`);
  expect(answer.status).toBe(200);
  return new Map(data(answer).map((p) => [p.ProductID as number, p]));
}

/** The warehouse's inventory records of some products, by product. */
async function stockOf(locationId: number, productIds: number[]): Promise<Map<number, Row>> {
  const answer = await sandbox.call(
    "GET",
    `/v1/inventory?LocationIDs=${locationId}&ProductIDs=${productIds.join(",")}&PageSize=500`,
  );
  return new Map(data(answer).map((r) => [r.ProductID as number, r]));
}

/**
 * Priced products of the store its warehouse has at least `cases` cases of, with their units per case: the orders here
 * are in whole cases, as Backroom's lists are (a whole case is never below a product's minimum order).
 */
async function sellable(
  customerId: number,
  locationId: number,
  cases: number,
): Promise<{ id: number; perCase: number }[]> {
  const priced = [...(await pricesOf(customerId)).keys()];
  const stock = await stockOf(locationId, priced);
  const products = await sandbox.walk(`/products?ProductIDs=${priced.join(",")}`);
  return products
    .map((p) => ({ id: p.ProductID as number, perCase: p.WholesaleUnitsPerCase as number }))
    .filter((p) => Number(stock.get(p.id)?.AvailableUnits ?? 0) >= cases * p.perCase)
    .sort((a, b) => a.id - b.id);
}

const times = (price: unknown, units: number) => toDecimalString(requireDecimal(String(price)) * BigInt(units), 6);

/** What a refusal must leave as it was. */
async function written() {
  const count = async (table: "invoices" | "invoice_lines" | "invoice_supplier_totals") =>
    Number(
      (
        await sandbox.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const preSales = await sandbox.db
    .selectFrom("inventory")
    .select((eb) => eb.fn.sum<number>("pre_sales").as("n"))
    .executeTakeFirstOrThrow();
  return {
    invoices: await count("invoices"),
    lines: await count("invoice_lines"),
    supplierTotals: await count("invoice_supplier_totals"),
    preSales: Number(preSales.n),
  };
}

describe("POST /{env}/operator/invoices", () => {
  it("enters a New invoice for the store at its prices of the day, numbered after the seed's, for its next delivery", async () => {
    const prices = await pricesOf(store.id);
    const stocked = await sellable(store.id, store.locationId, 3);
    // One of them on promotion today, so that the line's price is the promotion's.
    const promoted = stocked.find((p) => prices.get(p.id)!.PromotionID !== null);
    expect(promoted, "a product on promotion in stock").toBeDefined();
    const [a, b, c] = [promoted!, ...stocked.filter((p) => p !== promoted)];
    expect(c, "three products in stock at the store's warehouse").toBeDefined();
    const order = {
      customerId: store.id,
      lines: [
        { productId: a!.id, units: a!.perCase },
        { productId: b!.id, units: 2 * b!.perCase },
        { productId: c!.id, units: 3 * c!.perCase },
      ],
    };
    const ids = order.lines.map((l) => l.productId);
    const before = await stockOf(store.locationId, ids);
    const last = await sandbox.db
      .selectFrom("invoices")
      .select(["invoice_id", "invoice_num"])
      .orderBy("invoice_id", "desc")
      .executeTakeFirstOrThrow();

    const entered = await sandbox.enterInvoice(order);
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    const invoice = entered.body.invoice as Row;
    const lines = entered.body.lines as Row[];
    const id = invoice.InvoiceID as number;
    expect(id).toBe(last.invoice_id + 1);
    expect(invoice.InvoiceNum).toBe(`INV-${Number(last.invoice_num.slice(4)) + 1}`);
    expect(invoice).toMatchObject({
      CustomerID: store.id,
      Status: 1,
      Date: `${TODAY}T00:00:00.000Z`,
      RevisionStatus: null,
    });

    // The answer is what the API reads: the invoice by id, in the default (New) list, and its lines.
    expect(data(await sandbox.call("GET", `/v1/invoices/${id}`))).toEqual([invoice]);
    const listed = data(await sandbox.call("GET", `/v1/invoices?CustomerIDs=${store.id}&PageSize=500`));
    expect(listed.find((i) => i.InvoiceID === id)).toMatchObject(invoice);
    expect(listed.every((i) => i.Status === 1)).toBe(true);
    expect(data(await sandbox.call("GET", `/v1/invoiceTransactions?InvoiceIDs=${id}`))).toEqual(lines);
    // The store's own key sees it too.
    expect(data(await sandbox.call("GET", `/v1/invoices/${id}`, { as: "Customer" }))).toHaveLength(1);

    // Each line at the store's price of the day (a second reading of /customerPricing), the product's name, its cases.
    expect(lines.map((l) => [l.ProductID, l.NumUnits, l.Ordered, l.BackOrder])).toEqual(
      order.lines.map((l) => [l.productId, l.units, l.units, 0]),
    );
    for (const [k, line] of lines.entries()) {
      const price = prices.get(order.lines[k]!.productId)!;
      const product = data(await sandbox.call("GET", `/v1/products/${line.ProductID}`))[0]!;
      expect(line).toMatchObject({
        InvoiceID: id,
        CustomerID: store.id,
        SupplierID: product.SupplierID,
        ProductName: product.ProductName,
        FullPrice: price.FullPrice,
        UnitPrice: price.UnitPrice,
        Discount: price.Discount,
        PromotionID: price.PromotionID,
        ExtPrice: times(price.UnitPrice, line.NumUnits as number),
        PromotionOverridden: false,
        PurchaseTransID: null,
        BatchCode: "",
        COA_URL: null,
        Reason: null,
      });
      expect(line.Cases).toBe(`${k + 1}.00`);
    }
    const total = addDecimals(...lines.map((l) => String(l.ExtPrice)));
    expect(requireDecimal(String(invoice.InvoiceTotal))).toBe(requireDecimal(total));
    expect(invoice.OpenBalance).toBe(invoice.InvoiceTotal);
    expect(invoice.TotalNumUnits).toBe(String(a!.perCase + 2 * b!.perCase + 3 * c!.perCase));
    expect(invoice.TotalCases).toBe("6.00");

    // Due by the store's term: the term of its earlier invoices, its days of credit from /invoices/creditTerms.
    const earlier = data(
      await sandbox.call("GET", `/v1/invoices?CustomerIDs=${store.id}&Statuses=1,2,3,5,7&PageSize=500`),
    ).filter((i) => i.InvoiceID !== id);
    const term = earlier.at(-1)!.TermID as number;
    expect(invoice.TermID).toBe(term);
    const days = data(await sandbox.call("GET", `/v1/invoices/creditTerms?TermIDs=${term}`))[0]!.DaysOfCredit as number;
    expect(invoice.DueDate).toBe(`${addDays(TODAY, days)}T00:00:00.000Z`);

    // Its delivery: the store's next delivery date as /deliveryDays lists it.
    const schedule = data(await sandbox.call("GET", `/v1/deliveryDays?CustomerIDs=${store.id}`))[0]!;
    expect(entered.body.deliveryDate).toBe((schedule.DeliveryDates as string[])[0]);

    // The units are pre-sold at the warehouse: AvailableUnits down, PreSales up, by each line's units.
    const after = await stockOf(store.locationId, ids);
    for (const line of order.lines) {
      expect(Number(after.get(line.productId)!.AvailableUnits)).toBe(
        Number(before.get(line.productId)!.AvailableUnits) - line.units,
      );
      expect(Number(after.get(line.productId)!.PreSales)).toBe(
        Number(before.get(line.productId)!.PreSales) + line.units,
      );
    }

    // The account owes it at once (open invoices); the aging takes it at the close of the day, as every balance.
    const open = data(await sandbox.call("GET", "/v1/payments/openInvoices?PageSize=500", { as: "Customer" }));
    expect(open.find((i) => i.InvoiceID === id)).toMatchObject({ OpenBalance: invoice.OpenBalance });
  });

  it("prices, dates and schedules an order of another day by that day", async () => {
    // A promotion running today, and the day before it started, when the store's price was another.
    const today = await pricesOf(store.id);
    const promoted = [...today.values()].find(
      (p) => p.PromotionID !== null && String(p.StartDate) > addDays(TODAY, -300) && String(p.StartDate) <= TODAY,
    );
    expect(promoted, "a product on promotion today").toBeDefined();
    const date = addDays(String(promoted!.StartDate), -1);
    const then = await pricesOf(store.id, date);
    const productId = promoted!.ProductID as number;
    expect(then.get(productId)!.UnitPrice).not.toBe(promoted!.UnitPrice);
    const perCase = data(await sandbox.call("GET", `/v1/products/${productId}`))[0]!.WholesaleUnitsPerCase as number;
    const lines = [{ productId, units: perCase }];

    const entered = await sandbox.enterInvoice({ customerId: store.id, lines, date });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    const invoice = entered.body.invoice as Row;
    const [line] = entered.body.lines as Row[];
    expect(invoice.Date).toBe(`${date}T00:00:00.000Z`);
    expect(line).toMatchObject({
      UnitPrice: then.get(productId)!.UnitPrice,
      FullPrice: then.get(productId)!.FullPrice,
      PromotionID: then.get(productId)!.PromotionID,
    });

    // A day within the API's listed dates: its delivery is the first listed date after it.
    const listed = data(await sandbox.call("GET", `/v1/deliveryDays?CustomerIDs=${store.id}`))[0]!
      .DeliveryDates as string[];
    const day = listed[0]!;
    const later = await sandbox.enterInvoice({ customerId: store.id, lines, date: day });
    expect(later.status).toBe(201);
    expect(later.body.deliveryDate).toBe(listed.find((d) => d > day));
  });

  it("fills what the warehouse has and back-orders the rest, never pre-selling stock it does not have", async () => {
    const priced = [...(await pricesOf(store.id)).keys()];
    const stock = await stockOf(store.locationId, priced);
    const available = (id: number) => Number(stock.get(id)?.AvailableUnits ?? 0);
    // Sold by the unit (the ERP fills any number of units of those; whole cases of the others).
    const loose = new Set(
      (await sandbox.db.selectFrom("products").select("product_id").where("case_only", "=", 0).execute()).map(
        (p) => p.product_id,
      ),
    );
    const out = priced.find((id) => stock.has(id) && available(id) === 0);
    const some = priced.find((id) => loose.has(id) && available(id) > 0);
    expect(
      [out, some].every((id) => id !== undefined),
      "an out-of-stock and an in-stock product",
    ).toBe(true);
    const perCase = async (id: number) =>
      data(await sandbox.call("GET", `/v1/products/${id}`))[0]!.WholesaleUnitsPerCase as number;
    const has = available(some!);
    const outUnits = await perCase(out!);
    const someUnits = (Math.floor(has / (await perCase(some!))) + 1) * (await perCase(some!));

    const entered = await sandbox.enterInvoice({
      customerId: store.id,
      lines: [
        { productId: out!, units: outUnits },
        { productId: some!, units: someUnits },
      ],
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    const lines = entered.body.lines as Row[];
    expect(lines.map((l) => [l.NumUnits, l.Ordered, l.BackOrder, l.ReasonID, l.Reason, l.ExtPrice])).toEqual([
      [0, outUnits, outUnits, 1, "Out of stock", "0.000000"],
      [has, someUnits, someUnits - has, 1, "Out of stock", times(lines[1]!.UnitPrice, has)],
    ]);
    const after = await stockOf(store.locationId, [out!, some!]);
    expect([after.get(out!)!.AvailableUnits, after.get(some!)!.AvailableUnits]).toEqual([0, 0]);
    expect((entered.body.invoice as Row).TotalNumUnits).toBe(String(has));
  });

  it("dates an account on hold's invoice COD - Account On Hold, and a store without a schedule no delivery", async () => {
    const held = await sandbox.db
      .selectFrom("customers")
      .select(["customer_id", "location_id", "delivery_days"])
      .where("on_hold", "=", 1)
      .where("account_status", "=", "Active")
      .orderBy("customer_id")
      .executeTakeFirstOrThrow();
    const [product] = await sellable(held.customer_id, held.location_id, 1);
    const entered = await sandbox.enterInvoice({
      customerId: held.customer_id,
      lines: [{ productId: product!.id, units: product!.perCase }],
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    const invoice = entered.body.invoice as Row;
    const term = data(await sandbox.call("GET", `/v1/invoices/creditTerms?TermIDs=${invoice.TermID}`))[0]!;
    expect(term).toMatchObject({ Term: "COD - Account On Hold", AccountOnHold: true });
    expect(invoice.DueDate).toBe(invoice.Date);
    const schedule = data(await sandbox.call("GET", `/v1/deliveryDays?CustomerIDs=${held.customer_id}`))[0]!;
    expect(entered.body.deliveryDate).toBe((schedule.DeliveryDates as string[])[0] ?? null);
  });

  it("makes one invoice of a repeat with the same Idempotency-Key, and refuses the key for another order", async () => {
    const [product] = await sellable(store.id, store.locationId, 2);
    const order = { customerId: store.id, lines: [{ productId: product!.id, units: product!.perCase }] };
    const before = await written();
    const first = await sandbox.enterInvoice(order, "enter-once-1");
    const again = await sandbox.enterInvoice(order, "enter-once-1");
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect([first.headers.get("Idempotency-Replayed"), again.headers.get("Idempotency-Replayed")]).toEqual([
      null,
      "true",
    ]);
    expect(await written()).toEqual({
      invoices: before.invoices + 1,
      lines: before.lines + 1,
      supplierTotals: before.supplierTotals + 1,
      preSales: before.preSales + product!.perCase,
    });
    const other = await sandbox.enterInvoice(
      { ...order, lines: [{ productId: product!.id, units: 2 * product!.perCase }] },
      "enter-once-1",
    );
    expect(other.status).toBe(409);
    expect(other.body.Error).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    // Without a key, each POST is an order of its own.
    const third = await sandbox.enterInvoice(order);
    expect((third.body.invoice as Row).InvoiceID).toBe(((first.body.invoice as Row).InvoiceID as number) + 1);
  });

  it("numbers two orders sent at once apart, and makes one invoice of two sent at once with one key", async () => {
    const [product] = await sellable(store.id, store.locationId, 4);
    const order = { customerId: store.id, lines: [{ productId: product!.id, units: product!.perCase }] };
    const apart = await Promise.all([sandbox.enterInvoice(order), sandbox.enterInvoice(order)]);
    expect(apart.map((a) => a.status)).toEqual([201, 201]);
    const [x, y] = apart.map((a) => (a.body.invoice as Row).InvoiceID as number);
    expect(Math.abs(x! - y!)).toBe(1);

    const before = await written();
    const once = await Promise.all([
      sandbox.enterInvoice(order, "enter-at-once"),
      sandbox.enterInvoice(order, "enter-at-once"),
    ]);
    // The second waits for the first's answer (replayed) or is told the first still runs (409): never a second invoice.
    expect(once.map((a) => a.status).sort()).toEqual(expect.arrayContaining([201]));
    expect(
      once.every(
        (a) =>
          a.status === 201 ||
          (a.status === 409 && (a.body.Error as { code: string }).code === "IDEMPOTENCY_KEY_IN_PROGRESS"),
      ),
    ).toBe(true);
    expect((await written()).invoices).toBe(before.invoices + 1);
  });

  describe("refuses, 400 naming the field, and writes nothing", () => {
    /** Products of the store's warehouse the checks need, found in the seed. */
    let sample: {
      product: number;
      perCase: number;
      inactive: number;
      otherState: number;
      caseOnly: { id: number; perCase: number };
      minimum: { id: number; units: number };
      unstocked: number;
      closed: number;
    };

    beforeAll(async () => {
      const { db } = sandbox;
      const here = (await sellable(store.id, store.locationId, 2))[0]!;
      const stocked = db
        .selectFrom("products as p")
        .innerJoin("inventory as i", "i.product_id", "p.product_id")
        .selectAll("p")
        .where("i.location_id", "=", store.locationId)
        .orderBy("p.product_id");
      const inactive = await stocked.where("p.status_id", "!=", 1).executeTakeFirstOrThrow();
      const caseOnly = await stocked
        .where("p.status_id", "=", 1)
        .where("p.case_only", "=", 1)
        .where("p.wholesale_units_per_case", ">", 1)
        .executeTakeFirstOrThrow();
      const minimum = await stocked
        .where("p.status_id", "=", 1)
        .where("p.case_only", "=", 0)
        .where("p.min_order_units", ">", 1)
        .executeTakeFirstOrThrow();
      const otherState = await db
        .selectFrom("products")
        .select("product_id")
        .where("state", "!=", "CA")
        .where("status_id", "=", 1)
        .orderBy("product_id")
        .executeTakeFirstOrThrow();
      // A product of the store's state its warehouse has never received: one the catalog has just listed.
      const unstocked =
        (
          await db
            .selectFrom("products")
            .select((eb) => eb.fn.max("product_id").as("id"))
            .executeTakeFirstOrThrow()
        ).id + 1;
      await db
        .insertInto("products")
        .values({ ...caseOnly, product_id: unstocked, case_only: 0, product_name: "Just listed" })
        .execute();
      const closed = await db
        .selectFrom("customers")
        .select("customer_id")
        .where("account_status", "!=", "Active")
        .orderBy("customer_id")
        .executeTakeFirstOrThrow();
      sample = {
        product: here.id,
        perCase: here.perCase,
        inactive: inactive.product_id,
        otherState: otherState.product_id,
        caseOnly: { id: caseOnly.product_id, perCase: caseOnly.wholesale_units_per_case },
        minimum: { id: minimum.product_id, units: minimum.min_order_units },
        unstocked,
        closed: closed.customer_id,
      };
    });

    /** A line of `units`; a case of the sample's product when left out. */
    const line = (productId: number, units?: number) => ({ productId, units: units ?? sample.perCase });
    const cases: [string, () => unknown, string][] = [
      ["an unknown customer", () => ({ customerId: 99_999, lines: [line(sample.product)] }), "customerId"],
      ["a customer not Active", () => ({ customerId: sample.closed, lines: [line(sample.product)] }), "customerId"],
      ["no customer", () => ({ lines: [line(sample.product)] }), "customerId"],
      ["a customer id that is no number", () => ({ customerId: "20001", lines: [line(sample.product)] }), "customerId"],
      [
        "an unknown product",
        () => ({ customerId: store.id, lines: [line(sample.product), line(999_999)] }),
        "lines[1].productId",
      ],
      ["a product not Active", () => ({ customerId: store.id, lines: [line(sample.inactive)] }), "lines[0].productId"],
      [
        "a product of another state",
        () => ({ customerId: store.id, lines: [line(sample.otherState)] }),
        "lines[0].productId",
      ],
      [
        "a product the store's warehouse never stocked",
        () => ({ customerId: store.id, lines: [line(sample.unstocked)] }),
        "lines[0].productId",
      ],
      ["zero units", () => ({ customerId: store.id, lines: [line(sample.product, 0)] }), "lines[0].units"],
      ["negative units", () => ({ customerId: store.id, lines: [line(sample.product, -2)] }), "lines[0].units"],
      ["a fraction of a unit", () => ({ customerId: store.id, lines: [line(sample.product, 1.5)] }), "lines[0].units"],
      [
        "units as text",
        () => ({ customerId: store.id, lines: [{ productId: sample.product, units: "3" }] }),
        "lines[0].units",
      ],
      [
        "more than 99,999 units",
        () => ({ customerId: store.id, lines: [line(sample.product, 100_000)] }),
        "lines[0].units",
      ],
      [
        "part of a case of a product sold by the case",
        () => ({ customerId: store.id, lines: [line(sample.caseOnly.id, sample.caseOnly.perCase + 1)] }),
        "lines[0].units",
      ],
      [
        "less than a product's minimum order",
        () => ({ customerId: store.id, lines: [line(sample.minimum.id, sample.minimum.units - 1)] }),
        "lines[0].units",
      ],
      ["no lines", () => ({ customerId: store.id, lines: [] }), "lines"],
      ["lines missing", () => ({ customerId: store.id }), "lines"],
      [
        "more than 500 lines",
        () => ({ customerId: store.id, lines: Array.from({ length: 501 }, (_, k) => line(10_001 + k)) }),
        "lines",
      ],
      [
        "a product twice",
        () => ({ customerId: store.id, lines: [line(sample.product), line(sample.product, 2)] }),
        "lines[1].productId",
      ],
      [
        "a date that is no day",
        () => ({ customerId: store.id, lines: [line(sample.product)], date: "2026-02-30" }),
        "date",
      ],
      [
        "a date in another form",
        () => ({ customerId: store.id, lines: [line(sample.product)], date: "11/25/2026" }),
        "date",
      ],
      [
        "a date with a time",
        () => ({ customerId: store.id, lines: [line(sample.product)], date: "2026-11-25T10:00:00Z" }),
        "date",
      ],
      [
        "a date more than a year away",
        () => ({ customerId: store.id, lines: [line(sample.product)], date: addDays(TODAY, 367) }),
        "date",
      ],
      ["an unknown property", () => ({ customerId: store.id, lines: [line(sample.product)], status: 7 }), "status"],
    ];

    it.each(cases)("%s", async (_, body, field) => {
      const before = await written();
      const answer = await sandbox.operator("POST", "/invoices", body(), {
        "Idempotency-Key": `refused-${field}-${Math.random()}`,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const error = answer.body.Error as { code: string; fieldErrors: { field: string }[] };
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.fieldErrors.map((e) => e.field)).toContain(field);
      expect(await written()).toEqual(before);
    });

    it("a body that is not JSON: 415, 400", async () => {
      const before = await written();
      const send = (body: string, type: string) =>
        sandbox.runtime.app.request("/test/operator/invoices", {
          method: "POST",
          headers: { "x-api-key": sandbox.runtime.operatorKey, "Content-Type": type },
          body,
        });
      expect((await send("customerId=1", "application/x-www-form-urlencoded")).status).toBe(415);
      expect((await send("{", "application/json")).status).toBe(400);
      expect(await written()).toEqual(before);
    });

    it("the next invoice still takes the next number: a refusal uses none", async () => {
      const last = await sandbox.db
        .selectFrom("invoices")
        .select("invoice_id")
        .orderBy("invoice_id", "desc")
        .executeTakeFirstOrThrow();
      const entered = await sandbox.enterInvoice({ customerId: store.id, lines: [line(sample.product)] });
      expect((entered.body.invoice as Row).InvoiceID).toBe(last.invoice_id + 1);
    });
  });

  it.each([
    ["no key", undefined],
    ["the demo Employee key", "test-employee-demo"],
  ])("refuses %s: 401, nothing written", async (_, key) => {
    const before = await written();
    const res = await sandbox.runtime.app.request("/test/operator/invoices", {
      method: "POST",
      headers: { ...(key ? { "x-api-key": key } : {}), "Content-Type": "application/json" },
      body: JSON.stringify({ customerId: store.id, lines: [{ productId: 10_001, units: 1 }] } satisfies InvoiceOrder),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      Error: "Invalid API key: the operator's endpoints take the sandbox's operator key",
    });
    expect(await written()).toEqual(before);
  });

  it("is aged at the close of the day, current until its due date", async () => {
    const [product] = await sellable(store.id, store.locationId, 1);
    const entered = await sandbox.enterInvoice({
      customerId: store.id,
      lines: [{ productId: product!.id, units: product!.perCase }],
    });
    const invoice = entered.body.invoice as Row;
    const aged = async () =>
      data(await sandbox.call("GET", `/v1/arAging?CustomerIDs=${store.id}&PageSize=500`)).flatMap((row) =>
        (row.CurrentInvoices as Row[]).filter((i) => i.InvoiceID === invoice.InvoiceID),
      );
    expect(await aged()).toEqual([]);
    expect((await sandbox.operator("POST", "/jobs/end-of-day")).status).toBe(200);
    const parts = await aged();
    expect(parts.length).toBeGreaterThan(0);
    expect(addDecimals(...parts.map((p) => String(p.OpenBalance)))).toBe(invoice.OpenBalance);
  });
});
