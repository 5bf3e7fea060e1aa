import type { Kysely } from "kysely";
import { nextId } from "../db/counters";
import type { Database } from "../db/schema";

/** What one export run did to payment application requests. */
export interface ExportSummary {
  job: "export";
  /** Pending requests sent to the ERP (now Exported). */
  exported: number;
  /** Exported requests the ERP applied (now Confirmed). */
  confirmed: number;
  /** Exported requests no longer valid when the ERP came to apply them (now Rejected). */
  rejected: number;
}

/** Who the ERP records as having applied a confirmed request. */
export const EXPORT_APPLIED_BY = "ERP export";

/**
 * Payment application requests to the ERP: first settles the requests an earlier run exported (Confirmed, or Rejected
 * when the invoice's open balance no longer covers them), then exports the Pending ones. A request therefore takes two
 * runs from Pending to Confirmed, as it takes two syncs in the ERP.
 *
 * Runs in one transaction (or in the caller's). Only API requests (request_id set) are touched; allocations applied
 * directly in the ERP never are.
 *
 * @example
 * const summary = await runExport(db, new Date("2026-11-21T18:00:00.000Z")); // { job: "export", exported: 2, ... }
 */
export async function runExport(db: Kysely<Database>, now: Date): Promise<ExportSummary> {
  if (!db.isTransaction) return db.transaction().execute((trx) => runExport(trx, now));
  const stamp = now.toISOString();
  const { confirmed, rejected } = await applyExported(db, stamp);
  const exported = await exportPending(db, stamp);
  return { job: "export", exported, confirmed, rejected };
}

/**
 * Step 1: Exported requests, in request_id order. Each is checked against the invoice's open balance as the requests
 * confirmed before it in this run left it, so two requests that each fit alone cannot both take the same balance.
 */
async function applyExported(db: Kysely<Database>, stamp: string): Promise<{ confirmed: number; rejected: number }> {
  const requests = await db
    .selectFrom("payment_applications as pa")
    .leftJoin("invoices as i", "i.invoice_id", "pa.target_invoice_id")
    .leftJoin("payments as p", "p.payment_id", "pa.payment_id")
    .select([
      "pa.id",
      "pa.payment_id",
      "pa.target_invoice_id",
      "pa.amount_micros",
      "i.open_balance_micros",
      "p.amount_micros as payment_amount_micros",
    ])
    .where("pa.status", "=", "Exported")
    .where("pa.request_id", "is not", null)
    .orderBy("pa.request_id")
    .execute();

  const openBalances = new Map<number, number | null>();
  let confirmed = 0;
  for (const r of requests) {
    const open = openBalances.has(r.target_invoice_id)
      ? (openBalances.get(r.target_invoice_id) ?? null)
      : r.open_balance_micros;
    const payment = r.payment_amount_micros;
    const fits = open !== null && payment !== null && payment > 0 && open >= r.amount_micros;
    if (!fits) {
      // A Rejected request no longer holds the payment's credit (see HOLDING_STATUSES): nothing else changes.
      await db
        .updateTable("payment_applications")
        .set({ status: "Rejected", time_updated: stamp })
        .where("id", "=", r.id)
        .execute();
      continue;
    }
    confirmed++;
    openBalances.set(r.target_invoice_id, open - r.amount_micros);
    await db
      .updateTable("payment_applications")
      .set({
        status: "Confirmed",
        payment_application_id: await nextId(db, "payment_application_id"),
        applied_by: EXPORT_APPLIED_BY,
        time_applied: stamp,
        time_confirmed: stamp,
        time_updated: stamp,
      })
      .where("id", "=", r.id)
      .execute();
    await db
      .updateTable("invoices")
      .set((eb) => ({
        open_balance_micros: eb("open_balance_micros", "-", r.amount_micros),
        invoice_last_updated: stamp,
      }))
      .where("invoice_id", "=", r.target_invoice_id)
      .execute();
    await db.updateTable("payments").set({ time_updated: stamp }).where("payment_id", "=", r.payment_id).execute();
  }
  return { confirmed, rejected: requests.length - confirmed };
}

/** Step 2: Pending requests are sent to the ERP. */
async function exportPending(db: Kysely<Database>, stamp: string): Promise<number> {
  const result = await db
    .updateTable("payment_applications")
    .set({ status: "Exported", time_exported: stamp, time_updated: stamp })
    .where("status", "=", "Pending")
    .where("request_id", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
