import { type Kysely, sql } from "kysely";
import { recomputeArAging } from "../ar-aging";
import type { Database } from "../db/schema";
import type { Environment } from "../environments";
import { createContext } from "./context";
import { type DemoScopes, storeDemoKeys } from "./demo-keys";
import { generate, type TableRows } from "./generate";
import { insertRows } from "./insert";

export type { DemoScopes } from "./demo-keys";
export { OLDEST_KEPT_SEED_VERSION, SEED_VERSION } from "./generate";
export { seedPeriod } from "./context";

export interface SeedOptions {
  env: Environment;
  /** The sandbox clock: every date and timestamp of the seed is relative to it. */
  now: Date;
  /** Multiplies the volumes (1: about 30,000 invoices). Fractions work: 0.05 still makes a few of everything. */
  scale?: number;
}

export interface SeedSummary {
  env: Environment;
  scale: number;
  now: string;
  /** Rows per table after the seed. */
  rows: Record<keyof Database, number>;
  demo: DemoScopes;
  elapsedMs: number;
}

/** Every table, in insertion order. A Record, so the compiler flags a table added to the schema and missing here. */
const TABLES: Record<keyof Database, true> = {
  sandbox_meta: true,
  states: true,
  locations: true,
  credit_terms: true,
  product_categories: true,
  suppliers: true,
  supplier_product_groups: true,
  supplier_credit_terms: true,
  products: true,
  users: true,
  user_states: true,
  user_customers: true,
  user_suppliers: true,
  user_locations: true,
  rep_product_groups: true,
  rep_suppliers: true,
  customers: true,
  customer_credit_terms: true,
  promotions: true,
  promotion_states: true,
  promotion_products: true,
  menu_promotions: true,
  vendors: true,
  vendor_pickup_days: true,
  purchases: true,
  purchase_lines: true,
  draft_lines: true,
  invoices: true,
  invoice_lines: true,
  invoice_supplier_totals: true,
  payment_types: true,
  payments: true,
  payment_applications: true,
  allocations: true,
  inventory: true,
  inventory_batches: true,
  retailer_inventory: true,
  ar_aging: true,
  ar_aging_invoices: true,
  api_keys: true,
  api_key_customers: true,
  api_key_suppliers: true,
  idempotency_keys: true,
  sandbox_counters: true,
};
const TABLE_NAMES = Object.keys(TABLES) as (keyof Database)[];

/** Every table a seed fills, in insertion order (a copy of the seed empties them in reverse). */
export const SEED_TABLES: readonly (keyof Database)[] = TABLE_NAMES;

async function insertTable<T extends keyof Database>(db: Kysely<Database>, tables: TableRows, table: T): Promise<void> {
  const rows = tables[table] as TableRows[T];
  if (rows) await insertRows(db, table, rows);
}

/**
 * Fills one environment's empty, migrated database with deterministic data: the same environment, `now` and scale
 * always give the same rows (all randomness comes from one generator seeded with the environment's name). Everything,
 * AR aging and the demo keys included, is written in a single transaction: all or nothing.
 *
 * @example
 * const db = openSandboxDatabase(":memory:");
 * await migrateToLatest(db);
 * const summary = await seedEnvironment(db, { env: "test", now: new Date("2026-11-21T12:00:00.000Z"), scale: 0.05 });
 * summary.demo.customer.customerIds; // the two stores the demo Customer key sees
 */
export function seedEnvironment(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  return seed(db, options, false);
}

/**
 * `seedEnvironment`, then the statistics of SQLite's query planner: without them it sorts a whole filtered table to serve
 * a 50-row page (13 ms) instead of walking the primary key (1 ms). PostgreSQL takes the same statement. What the runtime
 * and the templates (`../template.ts`) do with a new database.
 */
export async function seedAndAnalyze(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  const summary = await seedEnvironment(db, options);
  await sql`analyze`.execute(db);
  return summary;
}

/**
 * Empties an environment and seeds it again, in one transaction: readers see the old data or the new, never a mix.
 * Everything written since the last seed (orders, requests, issued keys) is gone. The operator's reset.
 */
export function reseedEnvironment(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  return seed(db, options, true);
}

async function seed(db: Kysely<Database>, options: SeedOptions, replace: boolean): Promise<SeedSummary> {
  const started = performance.now();
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`seed: scale must be a positive number, not ${scale}`);
  if (Number.isNaN(options.now.getTime())) throw new Error("seed: now is not a valid date");
  const ctx = createContext(options.env, options.now, scale);
  const { tables, demo } = generate(ctx);

  const rows = await db.transaction().execute(async (trx) => {
    if (replace) {
      for (const table of [...TABLE_NAMES].reverse()) await trx.deleteFrom(table).execute();
    }
    const seeded = await trx
      .selectFrom("sandbox_meta")
      .select("value")
      .where("key", "=", "seeded_at")
      .executeTakeFirst();
    const customer = await trx.selectFrom("customers").select("customer_id").limit(1).executeTakeFirst();
    if (seeded || customer) throw new Error("seed: the database is not empty");
    for (const table of TABLE_NAMES) await insertTable(trx, tables, table);
    await recomputeArAging(trx, options.now);
    await storeDemoKeys(trx, options.env, demo, ctx.nowIso);
    return countRows(trx);
  });
  return { env: options.env, scale, now: ctx.nowIso, rows, demo, elapsedMs: Math.round(performance.now() - started) };
}

/** Row counts of every table. */
export async function countRows(db: Kysely<Database>): Promise<Record<keyof Database, number>> {
  const counts = {} as Record<keyof Database, number>;
  for (const table of TABLE_NAMES) {
    const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}
