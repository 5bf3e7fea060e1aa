import "server-only";
import type { Kysely } from "kysely";
import { insightTables, type InsightsQuery, type InsightsView } from "@/lib/ui/insights/insights-tables";
import type { BackroomDatabase } from "../db/schema";
import { readHistory } from "./history-read";
import type { HistoryState } from "./history-sync";

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
    db.selectFrom("history_state").select("state_json").where("key_id", "=", keyId).executeTakeFirst(),
    db.selectFrom("history_invoices").select((eb) => eb.fn.countAll().as("n")).where("key_id", "=", keyId).executeTakeFirstOrThrow(),
  ]);
  const state = stateRow ? (JSON.parse(stateRow.state_json) as HistoryState) : undefined;
  const invoices = Number(count.n);
  if (!state?.backfilledAt) return { ready: false, state, invoices };
  const asOf = (state.refreshedAt ?? state.backfilledAt).slice(0, 10);
  return { ready: true, state: { ...state, backfilledAt: state.backfilledAt }, invoices, ...insightTables(await readHistory(db, keyId), query, asOf) };
}
