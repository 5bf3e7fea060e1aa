import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, PaymentApplicationTable, PaymentTable } from "../db/schema";
import { dateTime, money } from "../format";
import { type ApiRecord, EMPTY, type Handlers, inIds, listOf, visibleIds } from "../handler";
import { arAccountScope, isEmpty, supplierScope } from "../scope";

/** The statuses of applications that hold a payment's credit: everything but Rejected. */
export const HOLDING_STATUSES = ["Pending", "Exported", "Confirmed"] as const;

/**
 * A payment's available balance in micro-units: its amount less the applications that hold credit, never below zero
 * (a reversed payment, with a negative amount, has none).
 */
export function availableBalanceSql(db: Kysely<Database>) {
  const held = db
    .selectFrom("payment_applications as pa")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("pa.amount_micros"), sql<number>`0`).as("held"))
    .where("pa.payment_id", "=", sql<number>`p.payment_id`)
    .where("pa.status", "in", HOLDING_STATUSES);
  // CASE rather than max()/greatest(): the same SQL on SQLite and PostgreSQL.
  const left = sql<number>`p.amount_micros - (${held})`;
  return sql<number>`case when ${left} > 0 then ${left} else 0 end`;
}

/** A payment as `/payments` reads it: its row, its type's name and its available balance (`availableBalanceSql`). */
export function paymentRecord(p: PaymentTable & { type_name: string; available_micros: number }): ApiRecord {
  return {
    PaymentID: p.payment_id,
    PaymentInvoiceID: p.payment_invoice_id,
    ARAccountID: p.ar_account_id,
    PaymentTypeID: p.payment_type_id,
    LoadSheetStatusID: p.load_sheet_status_id,
    PaymentInvoiceNum: p.payment_invoice_num,
    PaymentTypeName: p.type_name,
    Memo: p.memo,
    Amount: money(p.amount_micros),
    AvailableBalance: money(Number(p.available_micros)),
    SupplierID: p.supplier_id,
    ARNote: p.ar_note,
    PostDate: dateTime(p.post_date),
    TimeCreated: p.time_created,
    TimeUpdated: p.time_updated,
  };
}

/** An application as `/payments/applications` reads it. */
export function applicationRecord(a: Selectable<PaymentApplicationTable>): ApiRecord {
  return {
    PaymentApplicationID: a.payment_application_id,
    RequestID: a.request_id,
    PaymentInvoiceNum: a.payment_invoice_num,
    TargetInvoiceNum: a.target_invoice_num,
    ARAccountID: a.ar_account_id,
    Amount: money(a.amount_micros),
    Status: a.status,
    RequestedByUserID: a.requested_by_user_id,
    AppliedBy: a.applied_by,
    TimeRequested: a.time_requested,
    TimeExported: a.time_exported,
    TimeApplied: a.time_applied,
    TimeUpdated: a.time_updated,
  };
}

interface OpenInvoiceRow {
  invoice_id: number;
  customer_id: number;
  ar_account_id: number;
  term_id: number;
  invoice_num: string;
  po_num: string | null;
  due_date: string;
  date: string;
  total: number;
  open: number;
}

/** An open invoice; a supplier's portion leaves out OpenDebit and OpenCredit, as the documentation says. */
function openInvoiceRecord(i: OpenInvoiceRow, portion: boolean): ApiRecord {
  const open = Number(i.open);
  return {
    InvoiceID: i.invoice_id,
    CustomerID: i.customer_id,
    ARAccountID: i.ar_account_id,
    CreditTermID: i.term_id,
    TermID: i.term_id,
    InvoiceNum: i.invoice_num,
    PONum: i.po_num ?? "",
    InvoiceTotal: money(Number(i.total)),
    ...(portion ? {} : { OpenDebit: money(Math.max(open, 0)), OpenCredit: money(Math.max(-open, 0)) }),
    OpenBalance: money(open),
    DueDate: dateTime(i.due_date),
    Date: dateTime(i.date),
  };
}

export const paymentHandlers: Handlers = {
  // GET /payments/types: types of active suppliers (only Employee keys may ask otherwise) plus the generic type -1,
  // which belongs to no supplier: a Supplier key sees it beside its own types, a SupplierIDs filter leaves it out.
  async listPaymentTypes({ db, scope, query }) {
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    const withGeneric = query.SupplierIDs === undefined;
    const active = scope.type === "Employee" ? query.Active : undefined;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("payment_types as t")
          .leftJoin("suppliers as s", "s.supplier_id", "t.supplier_id")
          .selectAll("t")
          .$if(query.PaymentTypeIDs !== undefined, (q) => q.where("t.payment_type_id", "in", query.PaymentTypeIDs!))
          .$if(suppliers !== undefined, (q) =>
            q.where((eb) =>
              eb.or([
                ...(withGeneric ? [eb("t.supplier_id", "is", null)] : []),
                eb("t.supplier_id", "in", inIds(suppliers!)),
              ]),
            ),
          )
          .where((eb) =>
            active === false
              ? eb("s.active", "=", 0)
              : active === true || (active === undefined && scope.type !== "Employee")
                ? eb.or([eb("t.supplier_id", "is", null), eb("s.active", "=", 1)])
                : eb.lit(true),
          )
          .orderBy("t.payment_type_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (t) => ({
        PaymentTypeID: t.payment_type_id,
        Name: t.name,
        SupplierID: t.supplier_id,
        TimeCreated: t.time_created,
        TimeUpdated: t.time_updated,
      }),
    );
  },

  // GET /payments: Customer keys see their AR accounts' payments, Supplier keys payments of their suppliers.
  async listPayments({ db, scope, query }) {
    const accounts = visibleIds(query.ARAccountIDs, await arAccountScope(db, scope));
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(accounts, suppliers)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("payments as p")
          .innerJoin("payment_types as t", "t.payment_type_id", "p.payment_type_id")
          .selectAll("p")
          .select(["t.name as type_name", availableBalanceSql(db).as("available_micros")])
          .$if(accounts !== undefined, (q) => q.where("p.ar_account_id", "in", accounts!))
          .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", suppliers!))
          .$if(query.PaymentTypeIDs !== undefined, (q) => q.where("p.payment_type_id", "in", query.PaymentTypeIDs!))
          .orderBy("p.payment_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      paymentRecord,
    );
  },

  // GET /payments/openInvoices: invoices with a non-zero open balance. For Supplier keys, only their portion:
  // InvoiceTotal and OpenBalance in proportion to their lines, without OpenDebit and OpenCredit.
  async listOpenInvoices({ db, scope, query }) {
    const accounts = visibleIds(query.ARAccountIDs, await arAccountScope(db, scope));
    if (isEmpty(accounts)) return EMPTY;
    const base = db
      .selectFrom("invoices as i")
      .innerJoin("customers as c", "c.customer_id", "i.customer_id")
      .where("i.open_balance_micros", "!=", 0)
      .$if(accounts !== undefined, (q) => q.where("c.ar_account_id", "in", accounts!));

    const columns = [
      "i.invoice_id",
      "i.customer_id",
      "c.ar_account_id",
      "i.term_id",
      "i.invoice_num",
      "i.po_num",
      "i.due_date",
      "i.date",
    ] as const;

    const suppliers = supplierScope(scope);
    if (suppliers) {
      const mine = visibleIds(query.SupplierIDs, suppliers)!;
      if (mine.length === 0) return EMPTY;
      return listOf(
        (limit, offset) =>
          base
            .innerJoin("invoice_supplier_totals as ist", "ist.invoice_id", "i.invoice_id")
            .where("ist.supplier_id", "in", mine)
            .where("i.invoice_total_micros", "!=", 0)
            .groupBy([...columns, "i.open_balance_micros", "i.invoice_total_micros"])
            .select(columns)
            .select((eb) => [
              eb.fn.sum<number>("ist.total_micros").as("total"),
              sql<number>`i.open_balance_micros * sum(ist.total_micros) / i.invoice_total_micros`.as("open"),
            ])
            .orderBy("i.invoice_id")
            .limit(limit)
            .offset(offset)
            .execute(),
        query,
        (i) => openInvoiceRecord(i, true),
      );
    }
    return listOf(
      (limit, offset) =>
        base
          .select(columns)
          .select(["i.invoice_total_micros as total", "i.open_balance_micros as open"])
          .orderBy("i.invoice_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (i) => openInvoiceRecord(i, false),
    );
  },

  // GET /payments/applications: API requests and allocations applied in the ERP (RequestID null).
  async listPaymentApplications({ db, scope, query }) {
    const accounts = visibleIds(query.ARAccountIDs, await arAccountScope(db, scope));
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(accounts, suppliers)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("payment_applications as pa")
          .innerJoin("payments as p", "p.payment_id", "pa.payment_id")
          .selectAll("pa")
          .$if(accounts !== undefined, (q) => q.where("pa.ar_account_id", "in", accounts!))
          .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", suppliers!))
          .$if(query.PaymentInvoiceNums !== undefined, (q) =>
            q.where("pa.payment_invoice_num", "in", query.PaymentInvoiceNums!),
          )
          .$if(query.TargetInvoiceNums !== undefined, (q) =>
            q.where("pa.target_invoice_num", "in", query.TargetInvoiceNums!),
          )
          .$if(query.Statuses !== undefined, (q) => q.where("pa.status", "in", query.Statuses!))
          .orderBy("pa.id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      applicationRecord,
    );
  },
};
