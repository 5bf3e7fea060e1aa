import "server-only";
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import { type InsightFigures, insightTables, type InsightsQuery, type InsightsView } from "@/lib/ui/insights/insights-tables";
import type { BackroomDatabase } from "../db/schema";
import { type KeyHistory, readHistory } from "./history-read";
import type { HistoryState } from "./history-sync";

/*
 * This process's last reads and views, by key and the history's version (`history_state.updated_at`, which every step
 * of a walk moves), the views also by query: a history changes only when its walk does, and reading a year of it
 * (the demo brand's 4,238 invoices and 22,192 lines: 60 ms) and aggregating it (60 to 100 ms) were most of the page's
 * time. A history held is some megabytes, so only the last few; a view's figures some hundreds of kilobytes.
 */
const histories = new LRUCache<string, Promise<KeyHistory>>({ max: 4 });
const figures = new LRUCache<string, InsightFigures>({ max: 16 });

/**
 * Where the key's history stands, and once its backfill is in, every figure of the Insights page for the query, read
 * from Backroom's database alone (no request to the API).
 *
 * @example
 * const view = await insightsView(db, keyId, insightsQuery(searchParams));
 * if (view.ready) view.tables.health.rows.length;
 */
export async function insightsView(db: Kysely<BackroomDatabase>, keyId: string, query: InsightsQuery): Promise<InsightsView> {
  const [stateRow, count] = await Promise.all([
    db.selectFrom("history_state").select(["state_json", "updated_at"]).where("key_id", "=", keyId).executeTakeFirst(),
    db.selectFrom("history_invoices").select((eb) => eb.fn.countAll().as("n")).where("key_id", "=", keyId).executeTakeFirstOrThrow(),
  ]);
  const state = stateRow ? (JSON.parse(stateRow.state_json) as HistoryState) : undefined;
  const invoices = Number(count.n);
  if (!stateRow || !state?.backfilledAt) return { ready: false, state, invoices };
  const asOf = (state.refreshedAt ?? state.backfilledAt).slice(0, 10);
  const version = JSON.stringify([keyId, stateRow.updated_at]);
  const viewKey = JSON.stringify([version, asOf, query]);
  let figured = figures.get(viewKey);
  if (!figured) {
    let history = histories.get(version);
    if (!history) {
      history = readHistory(db, keyId);
      histories.set(version, history);
      history.catch(() => histories.delete(version));
    }
    figures.set(viewKey, (figured = insightTables(await history, query, asOf)));
  }
  return { ready: true, state: { ...state, backfilledAt: state.backfilledAt }, invoices, ...figured };
}
