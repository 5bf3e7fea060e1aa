import type { Kysely } from "kysely";
import { isoDay } from "./clock";
import type { ArAgingInvoiceTable, ArAgingTable, Database } from "./db/schema";

type Bucket = ArAgingInvoiceTable["bucket"];

const DAY_MS = 86_400_000;
/** SQLite binds at most 32766 variables per statement. */
const MAX_VARIABLES = 32_000;

/**
 * Recomputes AR aging from the invoices' current open balances, replacing every `ar_aging` and `ar_aging_invoices`
 * row. The seed runs it at the end, and the end-of-day job will run it after each day's payments. Rules:
 *
 * - One row per AR account (the customer's `ar_account_id`) and supplier with any open amount. Invoices with an open
 *   balance of zero are left out.
 * - An invoice's open balance is split among its suppliers in proportion to `invoice_supplier_totals`; each part is
 *   rounded toward zero and the remainder goes to the largest part (largest absolute total, then lowest supplier
 *   id), so the parts sum exactly to the open balance. If the totals sum to zero, the largest part takes it all; an
 *   invoice without supplier totals cannot be attributed and is skipped. Parts of zero are left out.
 * - A part is bucketed by the days past the invoice's due date at the close date (UTC days): not yet due (0 or
 *   less) is current, then 1-30, 31-60, 61-90 and 91 or more. A negative part (a credit) goes to the "credit" bucket
 *   and to `open_credit_micros`, stored as a positive amount, whatever its due date.
 * - `total_balance_outstanding_micros` = current + every due bucket - open credit.
 * - `close_date` and `time_updated` are the close date's timestamp.
 *
 * Accepts a database or a transaction: given a database, it opens its own transaction so readers never see the
 * tables half rebuilt.
 *
 * @example
 * await recomputeArAging(db, new Date("2026-11-21T23:59:59.000Z"));
 */
export async function recomputeArAging(db: Kysely<Database>, closeDate: Date): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => recomputeArAging(trx, closeDate));
    return;
  }
  const rows = await db
    .selectFrom("invoices as i")
    .innerJoin("customers as c", "c.customer_id", "i.customer_id")
    .innerJoin("invoice_supplier_totals as t", "t.invoice_id", "i.invoice_id")
    .select([
      "i.invoice_id",
      "i.invoice_num",
      "i.due_date",
      "i.open_balance_micros",
      "c.ar_account_id",
      "t.supplier_id",
      "t.total_micros",
    ])
    .where("i.open_balance_micros", "!=", 0)
    .orderBy("i.invoice_id")
    .orderBy("t.supplier_id")
    .execute();

  const closeDay = isoDay(closeDate);
  const stamp = closeDate.toISOString();
  const aging = new Map<string, ArAgingTable>();
  const lines: ArAgingInvoiceTable[] = [];

  for (let start = 0; start < rows.length; ) {
    const first = rows[start] as (typeof rows)[number];
    let end = start;
    while (end < rows.length && (rows[end] as (typeof rows)[number]).invoice_id === first.invoice_id) end++;
    const suppliers = rows.slice(start, end).map((r) => ({ supplierId: r.supplier_id, total: r.total_micros }));
    start = end;

    const open = first.open_balance_micros;
    const daysPastDue = Math.round(
      (Date.parse(`${closeDay}T00:00:00Z`) - Date.parse(`${first.due_date}T00:00:00Z`)) / DAY_MS,
    );
    for (const [supplierId, part] of splitOpenBalance(open, suppliers)) {
      if (part === 0) continue;
      const bucket = part < 0 ? "credit" : bucketOf(daysPastDue);
      const key = `${first.ar_account_id}:${supplierId}`;
      let row = aging.get(key);
      if (!row) {
        row = {
          ar_account_id: first.ar_account_id,
          supplier_id: supplierId,
          open_credit_micros: 0,
          current_due_micros: 0,
          due_1_30_micros: 0,
          due_31_60_micros: 0,
          due_61_90_micros: 0,
          due_91_micros: 0,
          total_balance_outstanding_micros: 0,
          close_date: stamp,
          time_updated: stamp,
        };
        aging.set(key, row);
      }
      addToBucket(row, bucket, part);
      lines.push({
        ar_account_id: first.ar_account_id,
        supplier_id: supplierId,
        bucket,
        invoice_id: first.invoice_id,
        invoice_num: first.invoice_num,
        open_balance_micros: part,
      });
    }
  }

  const agingRows = [...aging.values()].sort(
    (a, b) => a.ar_account_id - b.ar_account_id || a.supplier_id - b.supplier_id,
  );
  for (const row of agingRows) {
    row.total_balance_outstanding_micros =
      row.current_due_micros +
      row.due_1_30_micros +
      row.due_31_60_micros +
      row.due_61_90_micros +
      row.due_91_micros -
      row.open_credit_micros;
  }

  await db.deleteFrom("ar_aging_invoices").execute();
  await db.deleteFrom("ar_aging").execute();
  for (const chunk of chunks(agingRows, Math.floor(MAX_VARIABLES / 11)))
    await db.insertInto("ar_aging").values(chunk).execute();
  for (const chunk of chunks(lines, Math.floor(MAX_VARIABLES / 6)))
    await db.insertInto("ar_aging_invoices").values(chunk).execute();
}

/** The aging bucket of an amount owed, by days past its due date. */
export function bucketOf(daysPastDue: number): Exclude<Bucket, "credit"> {
  if (daysPastDue <= 0) return "current";
  if (daysPastDue <= 30) return "1_30";
  if (daysPastDue <= 60) return "31_60";
  if (daysPastDue <= 90) return "61_90";
  return "91";
}

/**
 * Splits an open balance among suppliers in proportion to their totals. Parts are rounded toward zero (BigInt, so
 * the products cannot lose precision) and the remainder goes to the largest part: the parts sum exactly to `open`.
 *
 * @example
 * splitOpenBalance(100, [{ supplierId: 1, total: 1 }, { supplierId: 2, total: 2 }]); // [[1, 33], [2, 67]]
 */
export function splitOpenBalance(open: number, suppliers: { supplierId: number; total: number }[]): [number, number][] {
  if (suppliers.length === 0) return [];
  let largest = suppliers[0] as { supplierId: number; total: number };
  let sum = 0;
  for (const s of suppliers) {
    sum += s.total;
    if (
      Math.abs(s.total) > Math.abs(largest.total) ||
      (Math.abs(s.total) === Math.abs(largest.total) && s.supplierId < largest.supplierId)
    )
      largest = s;
  }
  const parts: [number, number][] = suppliers.map((s) => [
    s.supplierId,
    sum === 0 ? 0 : Number((BigInt(open) * BigInt(s.total)) / BigInt(sum)),
  ]);
  const remainder = open - parts.reduce((total, [, part]) => total + part, 0);
  const entry = parts.find(([id]) => id === largest.supplierId);
  if (entry) entry[1] += remainder;
  return parts;
}

function addToBucket(row: ArAgingTable, bucket: Bucket, amount: number): void {
  if (bucket === "credit") row.open_credit_micros -= amount;
  else if (bucket === "current") row.current_due_micros += amount;
  else if (bucket === "1_30") row.due_1_30_micros += amount;
  else if (bucket === "31_60") row.due_31_60_micros += amount;
  else if (bucket === "61_90") row.due_61_90_micros += amount;
  else row.due_91_micros += amount;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
