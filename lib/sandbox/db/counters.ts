import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * The ids the ERP hands out, and where the seed left each: a counter starts after the largest id its table holds
 * (or after `floor` when the table has none), so ids continue the seeded sequence.
 */
const SEQUENCES = {
  request_id: { table: "payment_applications", column: "request_id", floor: 5000 },
  payment_application_id: { table: "payment_applications", column: "payment_application_id", floor: 900000 },
  purchase_id: { table: "purchases", column: "purchase_id", floor: 700000 },
  purchase_trans_id: { table: "purchase_lines", column: "purchase_trans_id", floor: 2000000 },
  activation_task_id: { table: "draft_lines", column: "activation_task_id", floor: 40000 },
  invoice_id: { table: "invoices", column: "invoice_id", floor: 300000 },
  invoice_trans_id: { table: "invoice_lines", column: "invoice_trans_id", floor: 1000000 },
  payment_id: { table: "payments", column: "payment_id", floor: 600000 },
} as const;

export type Sequence = keyof typeof SEQUENCES;

/**
 * The next id of a sequence. One `update ... returning` statement: two concurrent callers never get the same id, on
 * SQLite (one writer at a time) or PostgreSQL (the row lock). Call it inside the transaction that uses the id, so a
 * rollback gives the id back.
 *
 * @example
 * const requestId = await nextId(trx, "request_id");
 */
export async function nextId(db: Kysely<Database>, sequence: Sequence): Promise<number> {
  const bump = () =>
    db
      .updateTable("sandbox_counters")
      .set((eb) => ({ value: eb("value", "+", 1) }))
      .where("name", "=", sequence)
      .returning("value")
      .executeTakeFirst();
  const row = await bump();
  if (row) return Number(row.value);
  const { table, column, floor } = SEQUENCES[sequence];
  const { max } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>(eb.ref(column as never)).as("max"))
    .executeTakeFirstOrThrow();
  await db
    .insertInto("sandbox_counters")
    .values({ name: sequence, value: Math.max(Number(max ?? 0), floor) })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const started = await bump();
  if (!started) throw new Error(`counter ${sequence} could not be started`);
  return Number(started.value);
}
