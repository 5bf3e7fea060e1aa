import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/format/days";
import { addDecimals, requireDecimal, toDecimalString } from "@/lib/format/decimal";
import { type Answer, type CreditMemo, openTestSandbox, TEST_CLOCK, type TestSandbox } from "./testing";

let sandbox: TestSandbox;
/** The demo Customer key's first store, as the API lists it. */
let store: { id: number; locationId: number };
const TODAY = TEST_CLOCK.slice(0, 10);

type Row = Record<string, unknown>;
const data = (answer: Answer) => answer.body.Data as Row[];
const micros = (value: unknown) => requireDecimal(String(value));
const money = (value: bigint) => toDecimalString(value, 6);
const cents = (value: bigint) => toDecimalString(value, 2);

beforeAll(async () => {
  sandbox = await openTestSandbox();
  const { body } = await sandbox.call("GET", "/v1/customers", { as: "Customer" });
  const first = (body.Data as { CustomerID: number; LocationID: number }[])[0]!;
  store = { id: first.CustomerID, locationId: first.LocationID };
}, 60_000);
afterAll(() => sandbox.close());

/** Invoices a test has credited: each test credits one of its own, so no test's credit is another's earlier credit. */
const used = new Set<unknown>();

/**
 * A Verified invoice of the store (delivered, each line filled from a batch) no other test credits, the latest first,
 * with at least `lines` lines of more than one unit whose unit price is whole cents, those lines as
 * `/invoiceTransactions` reads them.
 */
async function delivered(lines: number): Promise<{ invoice: Row; lines: Row[] }> {
  const invoices = data(
    await sandbox.call("GET", `/v1/invoices?CustomerIDs=${store.id}&Statuses=7&PageSize=500`, { as: "Customer" }),
  ).reverse();
  for (const invoice of invoices.filter((i) => !used.has(i.InvoiceID))) {
    const read = data(await sandbox.call("GET", `/v1/invoiceTransactions?InvoiceIDs=${invoice.InvoiceID}`)).filter(
      (l) => (l.NumUnits as number) > 1 && micros(l.UnitPrice) % 10_000n === 0n && micros(l.UnitPrice) > 0n,
    );
    if (read.length < lines) continue;
    used.add(invoice.InvoiceID);
    return { invoice, lines: read };
  }
  throw new Error(`no Verified invoice of store ${store.id} left with ${lines} lines of goods`);
}

/** The warehouse's inventory record of a product. */
async function stockOf(locationId: number, productId: number): Promise<Row> {
  const answer = await sandbox.call("GET", `/v1/inventory?LocationIDs=${locationId}&ProductIDs=${productId}`);
  return data(answer)[0]!;
}

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
  const stock = await sandbox.db
    .selectFrom("inventory")
    .select((eb) => [eb.fn.sum<number>("unsellable").as("unsellable"), eb.fn.sum<number>("inventory").as("inventory")])
    .executeTakeFirstOrThrow();
  return {
    invoices: await count("invoices"),
    lines: await count("invoice_lines"),
    supplierTotals: await count("invoice_supplier_totals"),
    unsellable: Number(stock.unsellable),
    inventory: Number(stock.inventory),
  };
}

describe("POST /{env}/operator/credits", () => {
  it("issues a Returned invoice referencing the invoice, negative, that the API lists, owes and ages as a credit", async () => {
    const {
      invoice: credited,
      lines: [a, b],
    } = await delivered(2);
    const last = await sandbox.db
      .selectFrom("invoices")
      .select(["invoice_id", "invoice_num"])
      .orderBy("invoice_id", "desc")
      .executeTakeFirstOrThrow();
    const stockBefore = await stockOf(store.locationId, a!.ProductID as number);
    // Two units of A back at their invoiced price; B a price credit of $5.00, no goods back.
    const amountA = 2n * micros(a!.UnitPrice);
    const credit: CreditMemo = {
      customerId: store.id,
      invoiceNum: credited.InvoiceNum as string,
      lines: [
        { productId: a!.ProductID as number, units: 2, amount: cents(amountA) },
        { productId: b!.ProductID as number, units: 0, amount: "5.00" },
      ],
    };

    const issued = await sandbox.issueCredit(credit);
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const invoice = issued.body.invoice as Row;
    const lines = issued.body.lines as Row[];
    const total = -(amountA + 5_000_000n);
    expect(invoice.InvoiceID).toBe(last.invoice_id + 1);
    expect(invoice).toMatchObject({
      InvoiceNum: `INV-${Number(last.invoice_num.slice(4)) + 1}`,
      CustomerID: store.id,
      Status: 4,
      PONum: credited.InvoiceNum,
      Memo: `Credit memo for invoice ${credited.InvoiceNum}`,
      Date: `${TODAY}T00:00:00.000Z`,
      InvoiceTimeCreated: TEST_CLOCK,
      InvoiceLastUpdated: TEST_CLOCK,
      InvoiceTotal: money(total),
      TotalExtPrice: money(total),
      OpenBalance: money(total),
      TotalNumUnits: "-2",
    });
    expect(micros(invoice.InvoiceTotal)).toBeLessThan(0n);

    // Each line: the credited line's supplier, batch and certificate; A at its unit price, B's amount in ExtPrice alone.
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      ProductID: a!.ProductID,
      SupplierID: a!.SupplierID,
      ProductName: a!.ProductName,
      BatchCode: a!.BatchCode,
      COA_URL: a!.COA_URL,
      PurchaseTransID: a!.PurchaseTransID,
      NumUnits: -2,
      Ordered: -2,
      BackOrder: 0,
      UnitPrice: a!.UnitPrice,
      FullPrice: a!.UnitPrice,
      Discount: "0.000000",
      ExtPrice: money(-amountA),
      PromotionID: null,
      ReasonID: 15,
      Reason: "Credit memo",
    });
    expect(micros(lines[0]!.ExtPrice)).toBe(BigInt(lines[0]!.NumUnits as number) * micros(lines[0]!.UnitPrice));
    expect(lines[1]).toMatchObject({
      ProductID: b!.ProductID,
      SupplierID: b!.SupplierID,
      BatchCode: b!.BatchCode,
      COA_URL: b!.COA_URL,
      NumUnits: 0,
      UnitPrice: "0.000000",
      ExtPrice: "-5.000000",
      Reason: "Credit memo",
    });
    expect(addDecimals(...lines.map((l) => String(l.ExtPrice)))).toBe(invoice.InvoiceTotal);

    // The store's own key reads it like the seed's credits: the Returned list, by id, its lines.
    const returned = data(
      await sandbox.call("GET", `/v1/invoices?CustomerIDs=${store.id}&Statuses=4&PageSize=500`, { as: "Customer" }),
    );
    expect(returned.find((i) => i.InvoiceID === invoice.InvoiceID)).toMatchObject(invoice);
    expect(data(await sandbox.call("GET", `/v1/invoices/${invoice.InvoiceID}`, { as: "Customer" }))).toEqual([invoice]);
    expect(
      data(await sandbox.call("GET", `/v1/invoiceTransactions?InvoiceIDs=${invoice.InvoiceID}`, { as: "Customer" })),
    ).toEqual(lines);

    // Open at once as a credit; the invoice credited still owes what it owed.
    const open = data(await sandbox.call("GET", "/v1/payments/openInvoices?PageSize=500", { as: "Customer" }));
    expect(open.find((i) => i.InvoiceID === invoice.InvoiceID)).toMatchObject({
      PONum: credited.InvoiceNum,
      OpenBalance: money(total),
      OpenCredit: money(-total),
      OpenDebit: "0.000000",
    });
    expect(data(await sandbox.call("GET", `/v1/invoices/${credited.InvoiceID}`))[0]).toMatchObject({
      OpenBalance: credited.OpenBalance,
      Status: 7,
    });

    // Aged at the close of the day in the credit bucket, as every credit.
    const aged = async () =>
      data(await sandbox.call("GET", `/v1/arAging?CustomerIDs=${store.id}&PageSize=500`)).flatMap((row) =>
        (row.CreditInvoices as Row[]).filter((i) => i.InvoiceID === invoice.InvoiceID),
      );
    expect(await aged()).toEqual([]);
    expect((await sandbox.operator("POST", "/jobs/end-of-day")).status).toBe(200);
    const parts = await aged();
    expect(parts.length).toBeGreaterThan(0);
    expect(addDecimals(...parts.map((p) => String(p.OpenBalance)))).toBe(invoice.OpenBalance);

    // A's two units are back in the warehouse, unsellable: nothing more to sell.
    const stockAfter = await stockOf(store.locationId, a!.ProductID as number);
    expect(Number(stockAfter.Inventory)).toBe(Number(stockBefore.Inventory) + 2);
    expect(Number(stockAfter.Unsellable)).toBe(Number(stockBefore.Unsellable) + 2);
    expect(stockAfter.AvailableUnits).toBe(stockBefore.AvailableUnits);
    expect(stockAfter.OnFloorInventory).toBe(stockBefore.OnFloorInventory);
  });

  it("dates a credit of another day, and gives a seed's return reason its code", async () => {
    const {
      invoice: credited,
      lines: [a],
    } = await delivered(1);
    const date = String(credited.Date).slice(0, 10);
    const one = cents(micros(a!.UnitPrice));
    const issued = await sandbox.issueCredit({
      customerId: store.id,
      invoiceNum: credited.InvoiceNum as string,
      lines: [{ productId: a!.ProductID as number, units: 1, amount: one }],
      reason: "Damaged in transit",
      date,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body.invoice).toMatchObject({ Date: `${date}T00:00:00.000Z`, PONum: credited.InvoiceNum });
    expect((issued.body.lines as Row[])[0]).toMatchObject({ ReasonID: 11, Reason: "Damaged in transit" });
  });

  it("takes two partial credits, refuses a third beyond the rest, and takes the exact rest", async () => {
    const {
      invoice: credited,
      lines: [a],
    } = await delivered(1);
    const units = a!.NumUnits as number;
    const price = micros(a!.UnitPrice);
    const line = (n: number, amount: bigint) => ({
      customerId: store.id,
      invoiceNum: credited.InvoiceNum as string,
      lines: [{ productId: a!.ProductID as number, units: n, amount: cents(amount) }],
    });
    // One unit back, then a price credit of a cent a unit on the rest: units 1 and 0, two amounts.
    expect((await sandbox.issueCredit(line(1, price))).status).toBe(201);
    const perUnit = 10_000n * BigInt(units - 1);
    expect((await sandbox.issueCredit(line(0, perUnit))).status).toBe(201);

    const restUnits = units - 1;
    const restAmount = micros(a!.ExtPrice) - price - perUnit;
    const before = await written();
    const tooMany = await sandbox.issueCredit(line(restUnits + 1, price * BigInt(restUnits + 1)));
    expect(tooMany.status).toBe(422);
    expect((tooMany.body.Error as { fieldErrors: { field: string; code: string }[] }).fieldErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "lines[0].units", code: "MORE_THAN_INVOICED" }),
        expect.objectContaining({ field: "lines[0].amount", code: "MORE_THAN_INVOICED" }),
      ]),
    );
    const tooMuch = await sandbox.issueCredit(line(0, restAmount + 10_000n));
    expect(tooMuch.status).toBe(422);
    expect((tooMuch.body.Error as { fieldErrors: { field: string }[] }).fieldErrors.map((e) => e.field)).toEqual([
      "lines[0].amount",
    ]);
    expect(await written()).toEqual(before);

    const rest = await sandbox.issueCredit(line(restUnits, restAmount));
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const all = data(
      await sandbox.call("GET", `/v1/invoices?CustomerIDs=${store.id}&Statuses=4&PageSize=500`, { as: "Customer" }),
    ).filter((i) => i.PONum === credited.InvoiceNum);
    expect(all).toHaveLength(3);
    // Everything the line was invoiced is credited, and nothing is left: even a cent more is refused.
    expect(addDecimals(...all.map((i) => String(i.InvoiceTotal)))).toBe(money(-micros(a!.ExtPrice)));
    expect((await sandbox.issueCredit(line(0, 10_000n))).status).toBe(422);
  });

  it("issues one credit for a repeat with the same Idempotency-Key, and refuses the key for another body", async () => {
    const {
      invoice: credited,
      lines: [a],
    } = await delivered(1);
    const credit = {
      customerId: store.id,
      invoiceNum: credited.InvoiceNum as string,
      lines: [{ productId: a!.ProductID as number, units: 1, amount: cents(micros(a!.UnitPrice)) }],
    };
    const before = await written();
    const first = await sandbox.issueCredit(credit, "credit-once-1");
    const again = await sandbox.issueCredit(credit, "credit-once-1");
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect([first.headers.get("Idempotency-Replayed"), again.headers.get("Idempotency-Replayed")]).toEqual([
      null,
      "true",
    ]);
    expect(await written()).toMatchObject({
      invoices: before.invoices + 1,
      lines: before.lines + 1,
      unsellable: before.unsellable + 1,
    });
    const other = await sandbox.issueCredit({ ...credit, reason: "Customer return" }, "credit-once-1");
    expect(other.status).toBe(409);
    expect(other.body.Error).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    // A refusal is the key's answer too.
    const refused = await sandbox.issueCredit({ ...credit, invoiceNum: "INV-1" }, "credit-refused-1");
    const refusedAgain = await sandbox.issueCredit({ ...credit, invoiceNum: "INV-1" }, "credit-refused-1");
    expect([refused.status, refusedAgain.status]).toEqual([422, 422]);
    expect(refusedAgain.headers.get("Idempotency-Replayed")).toBe("true");
  });

  describe("refuses, naming the field, and writes nothing", () => {
    let sample: {
      invoiceNum: string;
      date: string;
      product: number;
      units: number;
      unitPrice: bigint;
      ext: bigint;
      other: number;
      othersInvoice: string;
      returned: { customerId: number; invoiceNum: string; productId: number };
    };

    beforeAll(async () => {
      const { invoice, lines } = await delivered(1);
      const [a] = lines;
      const onIt = new Set(
        data(await sandbox.call("GET", `/v1/invoiceTransactions?InvoiceIDs=${invoice.InvoiceID}`)).map(
          (l) => l.ProductID,
        ),
      );
      const other = await sandbox.db
        .selectFrom("products")
        .select("product_id")
        .where("product_id", "not in", [...onIt] as number[])
        .orderBy("product_id")
        .executeTakeFirstOrThrow();
      const othersInvoice = await sandbox.db
        .selectFrom("invoices")
        .select("invoice_num")
        .where("customer_id", "!=", store.id)
        .where("status", "=", 7)
        .orderBy("invoice_id")
        .executeTakeFirstOrThrow();
      const returned = await sandbox.db
        .selectFrom("invoices as i")
        .innerJoin("invoice_lines as l", "l.invoice_id", "i.invoice_id")
        .select(["i.customer_id", "i.invoice_num", "l.product_id"])
        .where("i.status", "=", 4)
        .orderBy("i.invoice_id")
        .executeTakeFirstOrThrow();
      sample = {
        invoiceNum: invoice.InvoiceNum as string,
        date: String(invoice.Date).slice(0, 10),
        product: a!.ProductID as number,
        units: a!.NumUnits as number,
        unitPrice: micros(a!.UnitPrice),
        ext: micros(a!.ExtPrice),
        other: other.product_id,
        othersInvoice: othersInvoice.invoice_num,
        returned: {
          customerId: returned.customer_id,
          invoiceNum: returned.invoice_num,
          productId: returned.product_id,
        },
      };
    });

    /** A credit of the sample invoice's line: one unit at its price unless told. */
    const body = (line: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => ({
      customerId: store.id,
      invoiceNum: sample.invoiceNum,
      lines: [{ productId: sample.product, units: 1, amount: cents(sample.unitPrice), ...line }],
      ...rest,
    });
    const cases: [string, number, () => unknown, string][] = [
      ["an unknown customer", 422, () => body({}, { customerId: 99_999 }), "customerId"],
      ["no such invoice", 422, () => body({}, { invoiceNum: "INV-1" }), "invoiceNum"],
      ["another store's invoice", 422, () => body({}, { invoiceNum: sample.othersInvoice }), "invoiceNum"],
      [
        "a Returned invoice",
        422,
        () => ({
          customerId: sample.returned.customerId,
          invoiceNum: sample.returned.invoiceNum,
          lines: [{ productId: sample.returned.productId, units: 0, amount: "1.00" }],
        }),
        "invoiceNum",
      ],
      [
        "a product not on the invoice",
        422,
        () => ({ ...body(), lines: [...body().lines, { productId: sample.other, units: 0, amount: "1.00" }] }),
        "lines[1].productId",
      ],
      [
        "more units than invoiced",
        422,
        () => body({ units: sample.units + 1, amount: cents(sample.unitPrice * BigInt(sample.units + 1)) }),
        "lines[0].units",
      ],
      [
        "more than the line's ExtPrice",
        422,
        () => body({ units: 0, amount: cents(sample.ext + 10_000n) }),
        "lines[0].amount",
      ],
      ["a date before the invoice's", 422, () => body({}, { date: addDays(sample.date, -1) }), "date"],
      ["an amount of 3 decimals", 400, () => body({ units: 0, amount: "1.005" }), "lines[0].amount"],
      ["an amount of zero", 400, () => body({ units: 0, amount: "0.00" }), "lines[0].amount"],
      ["a negative amount", 400, () => body({ units: 0, amount: "-1.00" }), "lines[0].amount"],
      ["an amount as a number", 400, () => body({ units: 0, amount: 1 }), "lines[0].amount"],
      ["an amount that is no decimal", 400, () => body({ units: 0, amount: "1,00" }), "lines[0].amount"],
      ["an amount units do not divide", 400, () => body({ units: 3, amount: "0.01" }), "lines[0].amount"],
      [
        "the same product twice",
        400,
        () => ({ ...body(), lines: [...body().lines, { productId: sample.product, units: 0, amount: "1.00" }] }),
        "lines[1].productId",
      ],
      ["negative units", 400, () => body({ units: -1 }), "lines[0].units"],
      ["a fraction of a unit", 400, () => body({ units: 0.5 }), "lines[0].units"],
      ["no lines", 400, () => ({ ...body(), lines: [] }), "lines"],
      ["no invoice number", 400, () => ({ customerId: store.id, lines: body().lines }), "invoiceNum"],
      ["a reason over 100 characters", 400, () => body({}, { reason: "x".repeat(101) }), "reason"],
      ["a date that is no day", 400, () => body({}, { date: "2026-02-30" }), "date"],
      ["an unknown property", 400, () => body({}, { status: 4 }), "status"],
    ];

    it.each(cases)("%s: %i", async (_, status, make, field) => {
      const before = await written();
      const answer = await sandbox.operator("POST", "/credits", make(), {
        "Idempotency-Key": `refused-${field}-${Math.random()}`,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      const error = answer.body.Error as { code: string; fieldErrors: { field: string }[] };
      expect(error.code).toBe(status === 400 ? "VALIDATION_FAILED" : "UNPROCESSABLE");
      expect(error.fieldErrors.map((e) => e.field)).toContain(field);
      expect(await written()).toEqual(before);
    });

    it("a refusal takes no number: the next credit is numbered after the last invoice", async () => {
      await sandbox.issueCredit(body({}, { invoiceNum: "INV-1" }) as CreditMemo);
      const last = await sandbox.db
        .selectFrom("invoices")
        .select("invoice_id")
        .orderBy("invoice_id", "desc")
        .executeTakeFirstOrThrow();
      const issued = await sandbox.issueCredit(body() as CreditMemo);
      expect((issued.body.invoice as Row).InvoiceID).toBe(last.invoice_id + 1);
    });
  });

  it.each([
    ["no key", undefined],
    ["the demo Employee key", "test-employee-demo"],
  ])("refuses %s: 401, nothing written", async (_, key) => {
    const before = await written();
    const res = await sandbox.runtime.app.request("/test/operator/credits", {
      method: "POST",
      headers: { ...(key ? { "x-api-key": key } : {}), "Content-Type": "application/json" },
      body: JSON.stringify({ customerId: store.id, invoiceNum: "INV-100001", lines: [] }),
    });
    expect(res.status).toBe(401);
    expect(await written()).toEqual(before);
  });
});
