import type { Kysely, Selectable } from "kysely";
import type { Database, InvoiceLineTable } from "../db/schema";
import { addDays } from "@/lib/format/days";
import { bool, centi, dateTime, dateTimeOrNull, money } from "../format";
import { type ApiRecord, EMPTY, type Handlers, inIds, listOf, notFound, visibleIds } from "../handler";
import type { KeyScope } from "../keys";
import { arAccountScope, customerScope, isEmpty, supplierScope } from "../scope";

function invoiceRows(db: Kysely<Database>) {
  return db
    .selectFrom("invoices as i")
    .innerJoin("customers as c", "c.customer_id", "i.customer_id")
    .leftJoin("users as sub", "sub.user_id", "i.submitted_by_user_id")
    .leftJoin("users as bld", "bld.user_id", "i.built_by_user_id")
    .selectAll("i")
    .select([
      "c.customer_name",
      "sub.full_name as sub_name",
      "sub.email as sub_email",
      "bld.full_name as bld_name",
      "bld.email as bld_email",
    ]);
}
type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoiceRows>["execute"]>>[number];

/** Limits an invoice query to what the key may see: its customers' invoices, or invoices holding its suppliers' lines. */
function scopedInvoices<Q extends ReturnType<typeof invoiceRows>>(q: Q, scope: KeyScope): Q {
  const suppliers = supplierScope(scope);
  const customers = customerScope(scope);
  let out = q;
  if (customers) out = out.where("i.customer_id", "in", inIds(customers)) as Q;
  if (suppliers) {
    out = out.where((eb) =>
      eb.exists(
        eb
          .selectFrom("invoice_supplier_totals as ist")
          .select("ist.invoice_id")
          .whereRef("ist.invoice_id", "=", "i.invoice_id")
          .where("ist.supplier_id", "in", inIds(suppliers)),
      ),
    ) as Q;
  }
  return out;
}

function invoiceRecord(i: InvoiceRow, assetUrl: (p: string) => string): ApiRecord {
  return {
    InvoiceID: i.invoice_id,
    CustomerID: i.customer_id,
    TermID: i.term_id,
    SubmittedByUserID: i.submitted_by_user_id,
    BuiltByUserID: i.built_by_user_id,
    CustomerName: i.customer_name,
    InvoiceNum: i.invoice_num,
    PDFURL: assetUrl(`assets/invoices/${i.invoice_num}.pdf`),
    SubmittedByUserName: i.sub_name ?? "",
    SubmittedByUserEmail: i.sub_email ?? "",
    BuiltByUserName: i.bld_name ?? "",
    BuiltByUserEmail: i.bld_email ?? "",
    PONum: i.po_num,
    Memo: i.memo,
    ARNote: i.ar_note,
    PODate: dateTimeOrNull(i.po_date),
    OpenDebit: money(Math.max(i.open_balance_micros, 0)),
    OpenCredit: money(Math.max(-i.open_balance_micros, 0)),
    InvoiceTotal: money(i.invoice_total_micros),
    TotalFullPrice: money(i.total_full_price_micros),
    TotalExtPrice: money(i.total_ext_price_micros),
    TotalDiscount: money(i.total_discount_micros),
    OpenBalance: money(i.open_balance_micros),
    TotalNumUnits: String(i.total_num_units),
    TotalCases: centi(i.total_cases_centi),
    Date: dateTime(i.date),
    DueDate: dateTime(i.due_date),
    InvoiceTimeCreated: i.invoice_time_created,
    InvoiceLastUpdated: i.invoice_last_updated,
    Status: i.status,
    RevisionStatus: i.revision_status,
    RevisionUpdatedAt: i.revision_updated_at,
  };
}

type LineRow = Selectable<InvoiceLineTable> & { revision_status: string | null; revision_updated_at: string | null };

function lineRecord(l: LineRow, assetUrl: (p: string) => string): ApiRecord {
  return {
    InvoiceTransID: l.invoice_trans_id,
    InvoiceID: l.invoice_id,
    CustomerID: l.customer_id,
    ProductID: l.product_id,
    SupplierID: l.supplier_id,
    NumUnits: l.num_units,
    Ordered: l.ordered,
    BackOrder: l.back_order,
    ProductName: l.product_name,
    BatchCode: l.batch_code,
    Cases: centi(l.cases_centi),
    FullPrice: money(l.full_price_micros),
    Discount: money(l.discount_micros),
    UnitPrice: money(l.unit_price_micros),
    ExtPrice: money(l.ext_price_micros),
    PromotionID: l.promotion_id,
    ReasonID: l.reason_id,
    PurchaseTransID: l.purchase_trans_id,
    Reason: l.reason,
    PromotionOverridden: bool(l.promotion_overridden),
    COA_URL: l.coa_url === null ? null : assetUrl(l.coa_url),
    TimeUpdated: l.time_updated,
    RevisionStatus: l.revision_status,
    RevisionUpdatedAt: l.revision_updated_at,
  };
}

/** Lines of invoices, limited to the key's view: its customers' invoices, or only its suppliers' lines; all without one. */
function lineRows(db: Kysely<Database>, scope?: KeyScope) {
  const customers = scope && customerScope(scope);
  const suppliers = scope && supplierScope(scope);
  return db
    .selectFrom("invoice_lines as l")
    .innerJoin("invoices as i", "i.invoice_id", "l.invoice_id")
    .selectAll("l")
    .select(["i.revision_status", "i.revision_updated_at"])
    .$if(customers !== undefined, (q) => q.where("i.customer_id", "in", inIds(customers!)))
    .$if(suppliers !== undefined, (q) => q.where("l.supplier_id", "in", inIds(suppliers!)));
}

/** The invoice, when the key may see it; 404 otherwise (an invoice outside the scope is not revealed). */
async function visibleInvoice(db: Kysely<Database>, scope: KeyScope, invoiceId: number) {
  const row = await scopedInvoices(invoiceRows(db), scope).where("i.invoice_id", "=", invoiceId).executeTakeFirst();
  if (!row) throw notFound(`Invoice ${invoiceId}`);
  return row;
}

/**
 * An invoice and its lines as an Employee key reads them (`GET /invoices/{id}`, `/invoiceTransactions`): what the
 * operator's order entry answers with, so its answer and the API's never differ.
 *
 * @example
 * const { invoice, lines } = await invoiceAsRead(db, 300412, assetUrl); // invoice.InvoiceNum "INV-100412"
 */
export async function invoiceAsRead(
  db: Kysely<Database>,
  invoiceId: number,
  assetUrl: (p: string) => string,
): Promise<{ invoice: ApiRecord; lines: ApiRecord[] }> {
  const invoice = invoiceRecord(
    await invoiceRows(db).where("i.invoice_id", "=", invoiceId).executeTakeFirstOrThrow(),
    assetUrl,
  );
  delete invoice.ARNote;
  const lines = await lineRows(db).where("l.invoice_id", "=", invoiceId).orderBy("l.invoice_trans_id").execute();
  return { invoice, lines: lines.map((l) => lineRecord(l, assetUrl)) };
}

const BUCKETS = [
  ["current", "CurrentInvoices"],
  ["1_30", "Invoices_1_30"],
  ["31_60", "Invoices_31_60"],
  ["61_90", "Invoices_61_90"],
  ["91", "Invoices_91"],
  ["credit", "CreditInvoices"],
] as const;

export const invoiceHandlers: Handlers = {
  // GET /invoices: New invoices (Statuses 1) unless asked; StartDate/EndDate bound Date, inclusive.
  async listInvoices({ db, scope, query, assetUrl }) {
    const ids = visibleIds(query.CustomerIDs, customerScope(scope));
    if (isEmpty(ids)) return EMPTY;
    return listOf(
      (limit, offset) =>
        scopedInvoices(invoiceRows(db), scope)
          .$if(ids !== undefined, (q) => q.where("i.customer_id", "in", ids!))
          .$if(query.InvoiceIDs !== undefined, (q) => q.where("i.invoice_id", "in", query.InvoiceIDs!))
          .$if(query.States !== undefined, (q) => q.where("c.state", "in", query.States!))
          .where("i.status", "in", query.Statuses)
          .$if(query.StartDate !== undefined, (q) => q.where("i.date", ">=", query.StartDate!))
          .$if(query.EndDate !== undefined, (q) => q.where("i.date", "<", addDays(query.EndDate!, 1)))
          .orderBy("i.invoice_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (i) => invoiceRecord(i, assetUrl),
    );
  },

  // GET /invoices/{invoiceID}: any status. ARNote is left out, as in the documentation's single-invoice sample.
  async getInvoice({ db, scope, path, assetUrl }) {
    const record = invoiceRecord(await visibleInvoice(db, scope, path.invoiceID), assetUrl);
    delete record.ARNote;
    return { record };
  },

  // GET /invoiceTransactions: InvoiceIDs required (the registry answers 400); Statuses, when given, limits the invoices' statuses.
  async listInvoiceTransactions({ db, scope, query, assetUrl }) {
    return listOf(
      (limit, offset) =>
        lineRows(db, scope)
          .where("l.invoice_id", "in", query.InvoiceIDs)
          .$if(query.Statuses !== undefined, (q) => q.where("i.status", "in", query.Statuses!))
          .orderBy("l.invoice_id")
          .orderBy("l.invoice_trans_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (l) => lineRecord(l, assetUrl),
    );
  },

  async listInvoiceTransactionsOfInvoice({ db, scope, path, query, assetUrl }) {
    await visibleInvoice(db, scope, path.invoiceID);
    return listOf(
      (limit, offset) =>
        lineRows(db, scope)
          .where("l.invoice_id", "=", path.invoiceID)
          .orderBy("l.invoice_trans_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (l) => lineRecord(l, assetUrl),
    );
  },

  // GET /invoiceCOAs: the lines that carry a certificate of analysis.
  async listInvoiceCOAs({ db, scope, query, assetUrl }) {
    return listOf(
      (limit, offset) =>
        lineRows(db, scope)
          .where("l.invoice_id", "in", query.InvoiceIDs)
          .where("l.coa_url", "is not", null)
          .orderBy("l.invoice_id")
          .orderBy("l.invoice_trans_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (l) => coaRecord(l, assetUrl),
    );
  },

  async listInvoiceCOAsOfInvoice({ db, scope, path, query, assetUrl }) {
    await visibleInvoice(db, scope, path.invoiceID);
    return listOf(
      (limit, offset) =>
        lineRows(db, scope)
          .where("l.invoice_id", "=", path.invoiceID)
          .where("l.coa_url", "is not", null)
          .orderBy("l.invoice_trans_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (l) => coaRecord(l, assetUrl),
    );
  },

  // GET /arAging: one row per AR account and supplier, as of the last end-of-day recalculation.
  async listArAging({ db, scope, query }) {
    const accounts = await arAccountScope(db, scope);
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(accounts, suppliers)) return EMPTY;
    const customerFilter = query.CustomerIDs;
    const page = await listOf(
      (limit, offset) =>
        db
          .selectFrom("ar_aging as a")
          .innerJoin("customers as c", "c.ar_account_id", "a.ar_account_id")
          .selectAll("a")
          .$if(accounts !== undefined, (q) => q.where("a.ar_account_id", "in", accounts!))
          .$if(suppliers !== undefined, (q) => q.where("a.supplier_id", "in", suppliers!))
          .$if(customerFilter !== undefined, (q) => q.where("c.customer_id", "in", customerFilter!))
          .$if(query.States !== undefined, (q) => q.where("c.state", "in", query.States!))
          .orderBy("a.ar_account_id")
          .orderBy("a.supplier_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (a) => ({
        ARAccountID: a.ar_account_id,
        SupplierID: a.supplier_id,
        OpenCredit: money(a.open_credit_micros),
        CurrentDue: money(a.current_due_micros),
        Due_1_30: money(a.due_1_30_micros),
        Due_31_60: money(a.due_31_60_micros),
        Due_61_90: money(a.due_61_90_micros),
        Due_91: money(a.due_91_micros),
        TotalBalanceOutstanding: money(a.total_balance_outstanding_micros),
        CloseDate: dateTime(a.close_date),
        TimeUpdated: a.time_updated,
      }),
    );
    if (!("records" in page) || page.records.length === 0) return page;
    // The invoices behind each bucket, for the whole page in one query.
    const refs = await db
      .selectFrom("ar_aging_invoices")
      .selectAll()
      .where("ar_account_id", "in", [...new Set(page.records.map((r) => r.ARAccountID as number))])
      .orderBy("invoice_id")
      .execute();
    for (const record of page.records) {
      const mine = refs.filter((r) => r.ar_account_id === record.ARAccountID && r.supplier_id === record.SupplierID);
      for (const [bucket, field] of BUCKETS) {
        record[field] = mine
          .filter((r) => r.bucket === bucket)
          .map((r) => ({
            InvoiceID: r.invoice_id,
            InvoiceNum: r.invoice_num,
            OpenBalance: money(r.open_balance_micros),
          }));
      }
    }
    return page;
  },
};

function coaRecord(l: LineRow, assetUrl: (p: string) => string): ApiRecord {
  return {
    InvoiceID: l.invoice_id,
    ProductID: l.product_id,
    InvoiceTransID: l.invoice_trans_id,
    BatchCode: l.batch_code,
    COA_URL: assetUrl(l.coa_url ?? ""),
    TimeUpdated: l.time_updated,
  };
}
