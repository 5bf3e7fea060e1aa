import type { Kysely } from "kysely";
import { recomputeArAging } from "../ar-aging";
import { isoDay } from "../clock";
import { plusDays } from "../seed/context";
import type { Database } from "../db/schema";
import { IDEMPOTENCY_TTL_MS } from "../idempotency";

/** What one end-of-day run did. */
export interface EndOfDaySummary {
  job: "end-of-day";
  /** The day closed, YYYY-MM-DD (UTC), as stored in sandbox_meta `last_close_date`. */
  closeDate: string;
  /** Confirmed purchases verified (confirmed on an earlier day). */
  verifiedPurchases: number;
  /** Balanced invoices verified (dated before the close date). */
  verifiedInvoices: number;
  /** Payments on balanced load sheets verified (posted before the close date). */
  verifiedPayments: number;
  /** Idempotency keys deleted: their 24 hours were over. */
  expiredIdempotencyKeys: number;
}

/** Load sheet statuses, shared by invoices (`status`) and payments (`load_sheet_status_id`). */
export const BALANCED = 5;
export const VERIFIED = 7;

/** How long a stored idempotent answer is kept. */
/**
 * The ERP's close of the day: recomputes AR aging as of `now`, verifies what was settled on earlier days (Confirmed
 * purchases, Balanced invoices and payments), forgets idempotency keys older than 24 hours, and records the close date.
 *
 * Runs in one transaction (or in the caller's). Everything it verifies is dated before today, so a second run on the
 * same day changes nothing but the aging's timestamp.
 *
 * @example
 * const summary = await runEndOfDay(db, new Date("2026-11-21T23:59:59.000Z")); // { job: "end-of-day", closeDate: "2026-11-21", ... }
 */
export async function runEndOfDay(db: Kysely<Database>, now: Date): Promise<EndOfDaySummary> {
  if (!db.isTransaction) return db.transaction().execute((trx) => runEndOfDay(trx, now));
  const today = isoDay(now);
  const stamp = now.toISOString();
  const midnight = `${today}T00:00:00.000Z`;

  await recomputeArAging(db, now);

  const purchases = await db
    .updateTable("purchases")
    .set({ status: "Verified", time_updated: stamp })
    .where("status", "=", "Confirmed")
    .where("time_updated", "<", midnight)
    .executeTakeFirst();

  // The seed balances an invoice one to four days after its date and verifies it later still; the close verifies every
  // invoice balanced by then, except today's (still on the road).
  const invoices = await db
    .updateTable("invoices")
    .set({ status: VERIFIED, invoice_last_updated: stamp })
    .where("status", "=", BALANCED)
    .where("date", "<", today)
    .executeTakeFirst();

  // As in the seed: a payment's load sheet stays Balanced for two days after it is posted, then is Verified.
  const payments = await db
    .updateTable("payments")
    .set({ load_sheet_status_id: VERIFIED, time_updated: stamp })
    .where("load_sheet_status_id", "=", BALANCED)
    .where("post_date", "<", plusDays(today, -2))
    .executeTakeFirst();

  const expired = await db
    .deleteFrom("idempotency_keys")
    .where("created_at", "<", new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString())
    .executeTakeFirst();

  await db
    .insertInto("sandbox_meta")
    .values({ key: "last_close_date", value: today })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: today }))
    .execute();

  return {
    job: "end-of-day",
    closeDate: today,
    verifiedPurchases: Number(purchases.numUpdatedRows),
    verifiedInvoices: Number(invoices.numUpdatedRows),
    verifiedPayments: Number(payments.numUpdatedRows),
    expiredIdempotencyKeys: Number(expired.numDeletedRows),
  };
}
