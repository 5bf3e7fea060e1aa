import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import { addDays, customerBatches, type HistoryState, LINE_BATCH } from "./history-state";
import type { HistoryDb, HistoryTables } from "./tables";

/** Every status but Canceled, said explicitly: the API's default is New only. */
const STATUSES = "1,2,3,4,5,7";

/** An invoice as `/invoices` lists it. */
export type InvoiceRow = {
  InvoiceID: number;
  CustomerID: number;
  CustomerName?: string | null;
  InvoiceNum: string;
  Date: string;
  Status: number;
};

/** An invoice's line as `/invoiceTransactions` lists it. */
export type LineRow = {
  InvoiceTransID: number;
  InvoiceID: number;
  CustomerID: number;
  ProductID: number;
  ProductName?: string | null;
  SupplierID: number;
  NumUnits: number;
  ExtPrice: string;
  PromotionID?: number | null;
  Discount?: string | null;
};

/** One page's read in a step, and whether another follows it. */
export type ReadPage<T> = (path: string) => Promise<{ records: T[]; more: boolean }>;

/**
 * The invoice pages of the window: saved as they come; at the window's end, those no longer listed deleted.
 *
 * @example
 * await invoicePage(db, keyId, state, readPage); // state.window.page moves on, or to 0 once the window is read
 */
export async function invoicePage(
  coreDb: Kysely<BackroomDatabase>,
  keyId: string,
  state: HistoryState,
  read: ReadPage<InvoiceRow>,
): Promise<void> {
  const db = coreDb.withTables<HistoryTables>();
  const window = state.window!;
  const query = new URLSearchParams({
    Statuses: STATUSES,
    StartDate: window.from,
    EndDate: window.to,
    PageSize: "500",
    Page: String(window.page),
  });
  const customers = customerBatches(state)[window.batch ?? 0];
  if (customers) query.set("CustomerIDs", customers);
  const { records, more } = await read(`/invoices?${query}`);
  if (records.length) await keepInvoices(db, keyId, records);
  state.seen.push(...records.map((r) => r.InvoiceID));
  state.pendingLines.push(...records.map((r) => r.InvoiceID));
  if (more) {
    window.page++;
    return;
  }
  if ((window.batch ?? 0) + 1 < customerBatches(state).length) {
    state.window = { ...window, page: 1, batch: (window.batch ?? 0) + 1 };
    return;
  }
  await dropUnlisted(db, keyId, state);
  state.window = { ...window, page: 0, batch: 0 };
}

/** Saves a page of invoices, over what was kept of them. */
async function keepInvoices(db: HistoryDb, keyId: string, records: InvoiceRow[]) {
  await db
    .insertInto("history_invoices")
    .values(
      records.map((r) => ({
        key_id: keyId,
        invoice_id: r.InvoiceID,
        customer_id: r.CustomerID,
        customer_name: r.CustomerName ?? "",
        invoice_num: r.InvoiceNum,
        date: r.Date,
        status: r.Status,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["key_id", "invoice_id"]).doUpdateSet((eb) => ({
        customer_id: eb.ref("excluded.customer_id"),
        customer_name: eb.ref("excluded.customer_name"),
        invoice_num: eb.ref("excluded.invoice_num"),
        date: eb.ref("excluded.date"),
        status: eb.ref("excluded.status"),
      })),
    )
    .execute();
}

/** The window is read whole: what it held before and the API lists no more (canceled) goes, lines and all. */
async function dropUnlisted(db: HistoryDb, keyId: string, state: HistoryState) {
  const window = state.window!;
  const gone = await db
    .selectFrom("history_invoices")
    .select("invoice_id")
    .where("key_id", "=", keyId)
    .where("date", ">=", window.from)
    .where("date", "<", addDays(window.to, 1))
    .execute();
  const seen = new Set(state.seen);
  const stale = gone.map((r) => r.invoice_id).filter((id) => !seen.has(id));
  for (let i = 0; i < stale.length; i += 500) {
    const ids = stale.slice(i, i + 500);
    await db.deleteFrom("history_lines").where("key_id", "=", keyId).where("invoice_id", "in", ids).execute();
    await db.deleteFrom("history_invoices").where("key_id", "=", keyId).where("invoice_id", "in", ids).execute();
  }
}

/**
 * One batch of the window's invoices' lines, every page of it, replacing what was kept of those invoices.
 *
 * @example
 * await lineBatch(db, keyId, state, readAll); // state.pendingLines loses the batch read
 */
export async function lineBatch(
  coreDb: Kysely<BackroomDatabase>,
  keyId: string,
  state: HistoryState,
  readAll: (path: string) => Promise<LineRow[]>,
): Promise<void> {
  const db = coreDb.withTables<HistoryTables>();
  const ids = state.pendingLines.slice(0, LINE_BATCH);
  const lines = await readAll(
    `/invoiceTransactions?${new URLSearchParams({ InvoiceIDs: ids.join(","), PageSize: "500" })}`,
  );
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("history_lines").where("key_id", "=", keyId).where("invoice_id", "in", ids).execute();
    for (let i = 0; i < lines.length; i += 500) {
      await trx
        .insertInto("history_lines")
        .values(
          lines.slice(i, i + 500).map((l) => ({
            key_id: keyId,
            line_id: l.InvoiceTransID,
            invoice_id: l.InvoiceID,
            customer_id: l.CustomerID,
            product_id: l.ProductID,
            supplier_id: l.SupplierID,
            product_name: l.ProductName ?? "",
            num_units: l.NumUnits,
            ext_price: l.ExtPrice,
            promotion_id: l.PromotionID ?? null,
            discount: l.Discount ?? null,
          })),
        )
        .onConflict((oc) => oc.columns(["key_id", "line_id"]).doNothing())
        .execute();
    }
  });
  state.pendingLines = state.pendingLines.slice(ids.length);
}
