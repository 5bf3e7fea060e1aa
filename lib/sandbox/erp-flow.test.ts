import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "./testing";

/**
 * The later outcomes of writes, end to end through the API: what a client polling the sandbox sees as the operator
 * runs the ERP's jobs and moves the clock.
 */
let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

type Row = Record<string, unknown>;
const data = (body: { Data?: unknown; data?: unknown }) => (body.Data ?? body.data) as Row[] & Row;

/** An open invoice of the account that no request is already waiting on, so the ERP has the whole balance to apply. */
async function openInvoice(account: number) {
  return sandbox.db
    .selectFrom("invoices as i")
    .innerJoin("customers as c", "c.customer_id", "i.customer_id")
    .select(["i.invoice_num", "i.open_balance_micros"])
    .where("c.ar_account_id", "=", account)
    .where("i.open_balance_micros", ">", 20_000_000)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("payment_applications as pa")
            .select("pa.id")
            .whereRef("pa.target_invoice_id", "=", "i.invoice_id")
            .where("pa.status", "in", ["Pending", "Exported"]),
        ),
      ),
    )
    .orderBy("i.invoice_id")
    .executeTakeFirstOrThrow();
}
/** A new payment on account with plenty of credit. */
async function newPayment(num: string, dollars: number) {
  const template = await sandbox.db
    .selectFrom("payments")
    .selectAll()
    .where("ar_account_id", "=", 50001)
    .where("supplier_id", "is", null)
    .executeTakeFirstOrThrow();
  const { max } = await sandbox.db
    .selectFrom("payments")
    .select((eb) => eb.fn.max("payment_id").as("max"))
    .executeTakeFirstOrThrow();
  await sandbox.db
    .insertInto("payments")
    .values({
      ...template,
      payment_id: Number(max) + 1,
      payment_invoice_id: Number(max) + 300_000,
      payment_invoice_num: num,
      amount_micros: dollars * 1_000_000,
    })
    .execute();
  return num;
}
const application = async (requestId: number) =>
  data(
    (await sandbox.call("GET", "/v1/payments/applications?ARAccountIDs=50001&PageSize=500", { as: "Customer" })).body,
  ).find((a) => a.RequestID === requestId)!;
const available = async (num: string) =>
  data((await sandbox.call("GET", "/v1/payments?ARAccountIDs=50001&PageSize=500", { as: "Customer" })).body).find(
    (p) => p.PaymentInvoiceNum === num,
  )!.AvailableBalance;
const openBalance = async (num: string) =>
  data(
    (await sandbox.call("GET", "/v1/payments/openInvoices?ARAccountIDs=50001&PageSize=500", { as: "Customer" })).body,
  ).find((i) => i.InvoiceNum === num)?.OpenBalance;

describe("a payment request, from Pending to Confirmed or Rejected", () => {
  it("is Exported on the next export run and Confirmed on the one after: the invoice's open balance drops, the credit stays held", async () => {
    const payment = { payment_invoice_num: await newPayment("PAY-FLOW-1", 500) };
    const invoice = await openInvoice(50001);
    const posted = await sandbox.call(
      "POST",
      `/v1/payments/applications?PaymentInvoiceNum=${payment.payment_invoice_num}&TargetInvoiceNum=${invoice.invoice_num}&ARAccountID=50001&Amount=10.00`,
      { as: "Customer" },
    );
    const requestId = (posted.body.Data as Row).RequestID as number;
    const held = await available(payment.payment_invoice_num);
    const balance = await openBalance(invoice.invoice_num);

    await sandbox.operator("POST", "/clock", { advanceSeconds: 60 });
    expect((await sandbox.operator("POST", "/jobs/export")).body).toMatchObject({ job: "export" });
    expect(await application(requestId)).toMatchObject({
      Status: "Exported",
      TimeExported: new Date(Date.parse(TEST_CLOCK) + 60_000).toISOString(),
      PaymentApplicationID: null,
    });
    expect(await openBalance(invoice.invoice_num)).toBe(balance);

    await sandbox.operator("POST", "/clock", { advanceSeconds: 60 });
    await sandbox.operator("POST", "/jobs/export");
    const confirmed = await application(requestId);
    expect(confirmed).toMatchObject({
      Status: "Confirmed",
      TimeApplied: new Date(Date.parse(TEST_CLOCK) + 120_000).toISOString(),
    });
    expect(confirmed.PaymentApplicationID).toEqual(expect.any(Number));
    expect(Number(await openBalance(invoice.invoice_num))).toBeCloseTo(Number(balance) - 10, 6);
    expect(await available(payment.payment_invoice_num)).toBe(held);
    await sandbox.operator("POST", "/clock", { set: TEST_CLOCK });
  });

  it("is Rejected when the invoice no longer owes the amount when applied, and the payment's credit comes back", async () => {
    const payment = { payment_invoice_num: await newPayment("PAY-FLOW-2", 1_000_000) };
    const invoice = await openInvoice(50001);
    const tooMuch = invoice.open_balance_micros + 5_000_000;
    const before = await available(payment.payment_invoice_num);
    const posted = await sandbox.call(
      "POST",
      `/v1/payments/applications?PaymentInvoiceNum=${payment.payment_invoice_num}&TargetInvoiceNum=${invoice.invoice_num}&ARAccountID=50001&Amount=${(tooMuch / 1e6).toFixed(2)}`,
      { as: "Customer" },
    );
    expect(posted.status, "an amount above the open balance is accepted as a request").toBe(201);
    const requestId = (posted.body.Data as Row).RequestID as number;
    expect(await available(payment.payment_invoice_num)).not.toBe(before);
    await sandbox.operator("POST", "/jobs/export");
    await sandbox.operator("POST", "/jobs/export");
    expect((await application(requestId)).Status).toBe("Rejected");
    expect(await available(payment.payment_invoice_num)).toBe(before);
  });
});

describe("a purchase order, from Submitted through the ERP statuses", () => {
  it("is imported (New, an ERP id, posted lines), Accepted a day later, Received on its delivery date, Confirmed the day after, Verified at the close after that", async () => {
    const { db } = sandbox;
    const vendor = await db
      .selectFrom("vendors")
      .select(["vendor_id", "location_id"])
      .where("supplier_id", "=", 101)
      .where("require_po_batch_codes", "=", 0)
      .executeTakeFirstOrThrow();
    const location = await db
      .selectFrom("locations")
      .select("state")
      .where("location_id", "=", vendor.location_id)
      .executeTakeFirstOrThrow();
    // A product new to the catalog, so no other purchase moves its stock while this one does.
    const template = await db
      .selectFrom("products")
      .selectAll()
      .where("supplier_id", "=", 101)
      .where("state", "=", location.state)
      .where("status_id", "=", 1)
      .executeTakeFirstOrThrow();
    const { max } = await db
      .selectFrom("products")
      .select((eb) => eb.fn.max("product_id").as("max"))
      .executeTakeFirstOrThrow();
    const product = { product_id: Number(max) + 1, wholesale_units_per_case: template.wholesale_units_per_case };
    await db
      .insertInto("products")
      .values({ ...template, product_id: product.product_id, product_name: "Flow Test Gummies" })
      .execute();
    const stockBefore = await db
      .selectFrom("inventory")
      .select(["inventory", "received"])
      .where("location_id", "=", vendor.location_id)
      .where("product_id", "=", product.product_id)
      .executeTakeFirst();
    const delivery = "2026-11-25";
    const created = await sandbox.call("POST", "/v2/purchases?submit=true", {
      as: "Supplier",
      body: {
        vendor_id: vendor.vendor_id,
        to_location_id: vendor.location_id,
        supplier_id: 101,
        delivery_date: delivery,
        po_num: "FLOW-1",
        purchase_transactions: [{ product_id: product.product_id, cases: 3 }],
      },
    });
    const globalId = (created.body.data as Row).purchase_global_id as string;
    const read = async () =>
      (await sandbox.call("GET", `/v2/purchases/${globalId}`, { as: "Supplier" })).body.data as Row;
    expect(await read()).toMatchObject({ status: "Submitted", purchase_id: null });

    const step = async (clock: object | undefined, job: string) => {
      if (clock) await sandbox.operator("POST", "/clock", clock);
      await sandbox.operator("POST", `/jobs/${job}`);
      return read();
    };
    const imported = await step(undefined, "import");
    expect(imported).toMatchObject({ status: "New", post_date: "2026-11-21T00:00:00.000Z", total_cases: "3.00" });
    const purchaseId = imported.purchase_id as number;
    expect(purchaseId).toEqual(expect.any(Number));
    expect((imported.purchase_transactions as Row[])[0]).toMatchObject({
      purchase_id: purchaseId,
      product_id: product.product_id,
      num_units: `${3 * product.wholesale_units_per_case}.00`,
    });
    expect(
      data((await sandbox.call("GET", `/v1/purchases?PurchaseIDs=${purchaseId}`, { as: "Supplier" })).body)[0],
    ).toMatchObject({ PurchaseGlobalID: globalId, Status: "New" });
    expect(
      data((await sandbox.call("GET", `/v2/purchaseTrans?purchase_ids=${purchaseId}`, { as: "Supplier" })).body),
    ).toHaveLength(1);
    expect((await sandbox.call("GET", `/v2/purchases/${purchaseId}`, { as: "Supplier" })).status).toBe(200);

    expect((await step(undefined, "import")).status, "not on the day it was imported").toBe("New");
    expect((await step({ set: "2026-11-22T18:00:00.000Z" }, "import")).status).toBe("Accepted");
    expect((await step(undefined, "import")).status, "waits for the delivery date").toBe("Accepted");
    const received = await step({ set: `${delivery}T18:00:00.000Z` }, "import");
    expect(received).toMatchObject({ status: "Received", receive_date: `${delivery}T00:00:00.000Z` });
    const stockReceived = await db
      .selectFrom("inventory")
      .select(["inventory", "received"])
      .where("location_id", "=", vendor.location_id)
      .where("product_id", "=", product.product_id)
      .executeTakeFirstOrThrow();
    expect(stockReceived.received - (stockBefore?.received ?? 0)).toBe(3 * product.wholesale_units_per_case);
    expect((await step({ set: "2026-11-26T18:00:00.000Z" }, "import")).status).toBe("Confirmed");
    const stockConfirmed = await db
      .selectFrom("inventory")
      .select(["inventory", "received"])
      .where("location_id", "=", vendor.location_id)
      .where("product_id", "=", product.product_id)
      .executeTakeFirstOrThrow();
    expect(stockConfirmed.inventory - stockReceived.inventory).toBe(3 * product.wholesale_units_per_case);
    expect((await step({ set: "2026-11-27T23:00:00.000Z" }, "end-of-day")).status).toBe("Verified");
    await sandbox.operator("POST", "/clock", { set: TEST_CLOCK });
  });

  it("end of day recalculates AR aging as of the close", async () => {
    await sandbox.operator("POST", "/clock", { set: "2026-11-28T23:00:00.000Z" });
    await sandbox.operator("POST", "/jobs/end-of-day");
    const aging = data((await sandbox.call("GET", "/v1/arAging?PageSize=1", { as: "Customer" })).body);
    expect(aging[0]!.TimeUpdated).toBe("2026-11-28T23:00:00.000Z");
    await sandbox.operator("POST", "/clock", { set: TEST_CLOCK });
  });
});
