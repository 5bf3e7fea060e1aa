import "server-only";
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import { addDays } from "@/lib/format/days";
import {
  type InsightFigures,
  insightTables,
  type InsightsQuery,
  type InsightsView,
  supplierRanking,
} from "@/lib/domain/insights/insights-tables";
import { historyCoverage } from "@/lib/domain/insights/history-coverage";
import type { SalesRow } from "@/lib/domain/insights/sales-by";
import type { BackroomDatabase } from "../core/db/schema";
import { type KeyHistory, readHistory } from "./history-read";
import type { HistoryState } from "./history-sync";
import type { HistoryDb, HistoryTables } from "./tables";

/*
 * This process's last reads and views, by key and the history's version (`history_state.updated_at`, which every step
 * of a walk moves), the views also by query: a history changes only when its walk does, and reading a year of it
 * (the demo brand's 4,238 invoices and 22,192 lines: 60 ms) and aggregating it (60 to 100 ms) were most of the page's
 * time. A history held is some megabytes, so only the last few; a view's figures some hundreds of kilobytes. A
 * distributor's whole history (an Employee key's, when chosen) is held one supplier at a time.
 */
const histories = new LRUCache<string, Promise<KeyHistory>>({ max: 4 });
const figures = new LRUCache<string, InsightFigures>({ max: 16 });
const rankings = new LRUCache<string, SalesRow[]>({ max: 16 });

/** A history read once per version (and supplier), shared by the views that need it. */
function historyOf(db: HistoryDb, keyId: string, version: string, supplier: number | undefined): Promise<KeyHistory> {
  const key = JSON.stringify([version, supplier]);
  let history = histories.get(key);
  if (!history) {
    history = readHistory(db, keyId, { supplier });
    histories.set(key, history);
    history.catch(() => histories.delete(key));
  }
  return history;
}

/**
 * The suppliers ranked by sales in the query's period (narrowed to its retailer and rep), read from the period's
 * invoices only: what a distributor's whole history offers to choose from.
 */
async function rankingOf(
  db: HistoryDb,
  keyId: string,
  version: string,
  query: InsightsQuery,
  asOf: string,
): Promise<SalesRow[]> {
  const key = JSON.stringify([version, asOf, query.weeks, query.customer, query.rep]);
  let ranking = rankings.get(key);
  if (!ranking) {
    // A day before the period: an invoice's day is read on its customer's clock, which may be a day behind UTC's.
    const from = addDays(asOf, -Number(query.weeks) * 7);
    rankings.set(key, (ranking = supplierRanking(await readHistory(db, keyId, { from }), query, asOf)));
  }
  return ranking;
}

/**
 * Where the key's history stands, and once a window of its first backfill is read whole, every figure of the Insights
 * page for the query, read from Backroom's database alone (no request to the API): of the days read so far until that
 * backfill is in (`historyCoverage`: the view's `coverage` says which, and each table what it still lacks). An
 * Employee key's history of the whole distributor is shown one supplier at a time: the query's, else the one that sold
 * most in the period (the view's `query` says which).
 *
 * @example
 * const view = await insightsView(db, keyId, insightsQuery(searchParams));
 * if (view.ready) view.tables.health.rows.length;
 */
export async function insightsView(
  coreDb: Kysely<BackroomDatabase>,
  keyId: string,
  asked: InsightsQuery,
): Promise<InsightsView> {
  const db = coreDb.withTables<HistoryTables>();
  const [stateRow, count] = await Promise.all([
    db.selectFrom("history_state").select(["state_json", "updated_at"]).where("key_id", "=", keyId).executeTakeFirst(),
    db
      .selectFrom("history_invoices")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("key_id", "=", keyId)
      .executeTakeFirstOrThrow(),
  ]);
  const state = stateRow ? (JSON.parse(stateRow.state_json) as HistoryState) : undefined;
  const invoices = Number(count.n);
  const coverage = state && historyCoverage(state);
  if (!stateRow || !state || !coverage) return { ready: false, state, invoices };
  const asOf = coverage.to;
  const version = JSON.stringify([keyId, stateRow.updated_at]);
  let query = asked;
  let bySupplier: SalesRow[] | undefined;
  if (state.scope?.distributor) {
    bySupplier = await rankingOf(db, keyId, version, asked, asOf);
    const top = bySupplier[0] ? Number(bySupplier[0].key) : await firstSupplier(db, keyId);
    query = { ...asked, supplier: asked.supplier ?? top };
  }
  const viewKey = JSON.stringify([version, asOf, query]);
  let figured = figures.get(viewKey);
  if (!figured) {
    const history = await historyOf(db, keyId, version, state.scope?.distributor ? query.supplier : undefined);
    const options = { bySupplier, historyFrom: state.horizon, coverage };
    figures.set(viewKey, (figured = insightTables(history, query, asOf, options)));
  }
  return { ready: true, state, invoices, ...figured };
}

/** The lowest-numbered supplier the history names (a distributor's history with no sale in the period). */
async function firstSupplier(db: HistoryDb, keyId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("history_suppliers")
    .select("supplier_id")
    .where("key_id", "=", keyId)
    .orderBy("supplier_id")
    .executeTakeFirst();
  return row?.supplier_id;
}
