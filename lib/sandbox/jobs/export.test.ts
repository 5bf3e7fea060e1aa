import type { Insertable, Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database, InvoiceTable, PaymentApplicationTable, PaymentTable } from "../db/schema";
import { availableBalanceSql } from "../handlers/payments";
import { customer, migratedDatabase } from "../handlers/test-fixtures";
import { EXPORT_APPLIED_BY, runExport } from "./export";

const NOW = new Date("2026-11-21T18:00:00.000Z");
const STAMP = NOW.toISOString();
const LATER = new Date("2026-11-21T19:00:00.000Z");
const EARLIER = "2026-11-10T09:00:00.000Z";
const ACCOUNT = 50_001;
const $ = (dollars: number) => dollars * 1_000_000;

const invoice = (invoice_id: number, open: number): InvoiceTable => ({
  invoice_id,
  invoice_num: `INV-${invoice_id}`,
  customer_id: 1,
  term_id: 4,
  status: 7,
  date: "2026-11-01",
  due_date: "2026-12-01",
  po_num: null,
  po_date: null,
  memo: null,
  ar_note: null,
  submitted_by_user_id: 1,
  built_by_user_id: 1,
  invoice_time_created: EARLIER,
  invoice_last_updated: EARLIER,
  revision_status: null,
  revision_updated_at: null,
  total_full_price_micros: $(500),
  total_ext_price_micros: $(500),
  total_discount_micros: 0,
  total_num_units: 10,
  total_cases_centi: 100,
  invoice_total_micros: $(500),
  open_balance_micros: open,
});

const payment = (payment_id: number, amount_micros: number): PaymentTable => ({
  payment_id,
  payment_invoice_id: payment_id + 200_000,
  payment_invoice_num: `PAY-${payment_id}`,
  ar_account_id: ACCOUNT,
  payment_type_id: -1,
  supplier_id: null,
  load_sheet_status_id: 7,
  memo: "Check",
  ar_note: null,
  amount_micros,
  post_date: "2026-11-05",
  time_created: EARLIER,
  time_updated: EARLIER,
});

type Application = Insertable<PaymentApplicationTable>;
const application = (
  o: Partial<Application> & Pick<Application, "payment_id" | "target_invoice_id" | "amount_micros" | "status">,
): Application => ({
  payment_application_id: null,
  request_id: null,
  payment_invoice_num: `PAY-${o.payment_id}`,
  target_invoice_num: `INV-${o.target_invoice_id}`,
  ar_account_id: ACCOUNT,
  requested_by_user_id: 1,
  applied_by: null,
  time_requested: EARLIER,
  time_exported: null,
  time_applied: null,
  time_confirmed: null,
  time_updated: EARLIER,
  ...o,
});

let db: Kysely<Database>;
afterEach(() => db?.destroy());

async function openDb(): Promise<Kysely<Database>> {
  db = await migratedDatabase();
  await db.insertInto("customers").values(customer(1)).execute();
  return db;
}

const applicationRow = (id: number) =>
  db.selectFrom("payment_applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const invoiceRow = (id: number) =>
  db.selectFrom("invoices").selectAll().where("invoice_id", "=", id).executeTakeFirstOrThrow();
const paymentRow = (id: number) =>
  db.selectFrom("payments").selectAll().where("payment_id", "=", id).executeTakeFirstOrThrow();
const available = async (paymentId: number) =>
  Number(
    (
      await db
        .selectFrom("payments as p")
        .select(availableBalanceSql(db).as("available"))
        .where("p.payment_id", "=", paymentId)
        .executeTakeFirstOrThrow()
    ).available,
  );

describe("runExport", () => {
  it("export: a Pending request is Exported, and a second run Confirms it with the next ERP id", async () => {
    await openDb();
    await db
      .insertInto("invoices")
      .values([invoice(300_001, $(100)), invoice(300_002, 0)])
      .execute();
    await db
      .insertInto("payments")
      .values(payment(600_001, $(150)))
      .execute();
    // An allocation applied in the ERP: the seeded maximum of payment_application_id.
    const erp = application({
      payment_id: 600_001,
      target_invoice_id: 300_002,
      amount_micros: $(10),
      status: "Confirmed",
      payment_application_id: 900_123,
      applied_by: "Clerk",
    });
    await db
      .insertInto("payment_applications")
      .values([
        erp,
        application({
          request_id: 5001,
          payment_id: 600_001,
          target_invoice_id: 300_001,
          amount_micros: $(40),
          status: "Pending",
        }),
      ])
      .execute();

    expect(await runExport(db, NOW)).toEqual({ job: "export", exported: 1, confirmed: 0, rejected: 0 });
    expect(await applicationRow(2)).toMatchObject({
      status: "Exported",
      time_exported: STAMP,
      time_updated: STAMP,
      payment_application_id: null,
      time_applied: null,
    });
    expect((await invoiceRow(300_001)).open_balance_micros).toBe($(100));

    expect(await runExport(db, LATER)).toEqual({ job: "export", exported: 0, confirmed: 1, rejected: 0 });
    const later = LATER.toISOString();
    expect(await applicationRow(2)).toMatchObject({
      status: "Confirmed",
      payment_application_id: 900_124,
      applied_by: EXPORT_APPLIED_BY,
      time_exported: STAMP,
      time_applied: later,
      time_confirmed: later,
      time_updated: later,
    });
    expect(await invoiceRow(300_001)).toMatchObject({ open_balance_micros: $(60), invoice_last_updated: later });
    expect((await paymentRow(600_001)).time_updated).toBe(later);
    expect(await applicationRow(1)).toEqual({ id: 1, ...erp });

    expect(await runExport(db, LATER)).toEqual({ job: "export", exported: 0, confirmed: 0, rejected: 0 });
  });

  it("export: a request larger than the invoice's open balance is Rejected and frees the payment's credit", async () => {
    await openDb();
    await db
      .insertInto("invoices")
      .values(invoice(300_001, $(50)))
      .execute();
    await db
      .insertInto("payments")
      .values(payment(600_001, $(100)))
      .execute();
    await db
      .insertInto("payment_applications")
      .values(
        application({
          request_id: 5001,
          payment_id: 600_001,
          target_invoice_id: 300_001,
          amount_micros: $(80),
          status: "Exported",
          time_exported: EARLIER,
        }),
      )
      .execute();
    expect(await available(600_001)).toBe($(20));

    expect(await runExport(db, NOW)).toEqual({ job: "export", exported: 0, confirmed: 0, rejected: 1 });

    expect(await applicationRow(1)).toMatchObject({
      status: "Rejected",
      time_updated: STAMP,
      payment_application_id: null,
      applied_by: null,
      time_applied: null,
      time_confirmed: null,
    });
    expect(await available(600_001)).toBe($(100));
    expect(await invoiceRow(300_001)).toMatchObject({ open_balance_micros: $(50), invoice_last_updated: EARLIER });
    expect((await paymentRow(600_001)).time_updated).toBe(EARLIER);
  });

  it.each([
    ["Confirmed when it takes exactly the open balance", $(50), $(100), 300_001, "Confirmed", 0],
    ["Rejected when the payment was reversed (negative amount)", $(50), -$(100), 300_001, "Rejected", $(50)],
    ["Rejected when the invoice is already paid", 0, $(100), 300_001, "Rejected", 0],
    ["Rejected when the target invoice does not exist", $(50), $(100), 300_009, "Rejected", $(50)],
  ] as const)("export: an Exported request is %s", async (_name, open, paymentAmount, target, status, openAfter) => {
    await openDb();
    await db.insertInto("invoices").values(invoice(300_001, open)).execute();
    await db.insertInto("payments").values(payment(600_001, paymentAmount)).execute();
    await db
      .insertInto("payment_applications")
      .values(
        application({
          request_id: 5001,
          payment_id: 600_001,
          target_invoice_id: target,
          amount_micros: $(50),
          status: "Exported",
        }),
      )
      .execute();

    await runExport(db, NOW);

    expect((await applicationRow(1)).status).toBe(status);
    expect((await invoiceRow(300_001)).open_balance_micros).toBe(openAfter);
  });

  it("export: of two Exported requests against one invoice, only the first by request_id fits", async () => {
    await openDb();
    await db
      .insertInto("invoices")
      .values(invoice(300_001, $(100)))
      .execute();
    await db
      .insertInto("payments")
      .values(payment(600_001, $(200)))
      .execute();
    // Inserted out of request order: taken by row id instead, 5002 (50) would be confirmed and 5001 (60) rejected.
    await db
      .insertInto("payment_applications")
      .values([
        application({
          request_id: 5002,
          payment_id: 600_001,
          target_invoice_id: 300_001,
          amount_micros: $(50),
          status: "Exported",
        }),
        application({
          request_id: 5001,
          payment_id: 600_001,
          target_invoice_id: 300_001,
          amount_micros: $(60),
          status: "Exported",
        }),
      ])
      .execute();

    expect(await runExport(db, NOW)).toEqual({ job: "export", exported: 0, confirmed: 1, rejected: 1 });

    const rows = await db
      .selectFrom("payment_applications")
      .select(["request_id", "status", "payment_application_id"])
      .orderBy("request_id")
      .execute();
    expect(rows).toEqual([
      { request_id: 5001, status: "Confirmed", payment_application_id: 900_001 },
      { request_id: 5002, status: "Rejected", payment_application_id: null },
    ]);
    expect((await invoiceRow(300_001)).open_balance_micros).toBe($(40));
    expect(await available(600_001)).toBe($(140));
  });

  it("export: allocations applied in the ERP (no request id) are never touched", async () => {
    await openDb();
    await db
      .insertInto("invoices")
      .values(invoice(300_001, $(100)))
      .execute();
    await db
      .insertInto("payments")
      .values(payment(600_001, $(200)))
      .execute();
    const rows = (["Pending", "Exported"] as const).map((status) =>
      application({ payment_id: 600_001, target_invoice_id: 300_001, amount_micros: $(10), status }),
    );
    await db.insertInto("payment_applications").values(rows).execute();

    expect(await runExport(db, NOW)).toEqual({ job: "export", exported: 0, confirmed: 0, rejected: 0 });

    expect(await db.selectFrom("payment_applications").selectAll().orderBy("id").execute()).toEqual(
      rows.map((r, k) => ({ id: k + 1, ...r })),
    );
    expect((await invoiceRow(300_001)).open_balance_micros).toBe($(100));
  });
});
