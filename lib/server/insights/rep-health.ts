import "server-only";
import type { Kysely } from "kysely";
import { daysBetween, reorderInterval, tierOf } from "@/lib/domain/insights/definitions";
import { CADENCE_MIN_ORDERS } from "@/lib/domain/insights/cadence";
import type { TodayHealth } from "@/lib/domain/today/today";
import type { BackroomDatabase } from "../core/db/schema";
import type { HistoryState } from "./history-sync";
import type { HistoryTables } from "./tables";

/** Invoice status Returned: a return is no order. */
const RETURNED = 4;

/**
 * The health of some accounts from an Employee key's synced history (the insights' tiers): each one's last
 * order, days since, tier and median days between orders (and that median from three orders, the reorder cadence's),
 * as of the history's last day. Read from Backroom's database alone: a few rows per account, whatever the history's
 * size (a distributor's whole year included).
 *
 * Undefined when the key keeps no history of these accounts: none backfilled yet, or a scope of other reps'
 * accounts that leaves all of these out. An account the history holds no order of is "Lost" (tierOf(null)).
 *
 * @example
 * const health = await accountsHealth(db, keyId, [20001, 20002]);
 * health?.filter((h) => h.tier === "At risk");
 */
export async function accountsHealth(
  coreDb: Kysely<BackroomDatabase>,
  keyId: string,
  customerIds: readonly number[],
): Promise<TodayHealth[] | undefined> {
  const db = coreDb.withTables<HistoryTables>();
  const stateRow = await db
    .selectFrom("history_state")
    .select("state_json")
    .where("key_id", "=", keyId)
    .executeTakeFirst();
  const state = stateRow ? (JSON.parse(stateRow.state_json) as HistoryState) : undefined;
  if (!state?.backfilledAt) return undefined;
  const covered = state.scope && !state.scope.distributor ? new Set(state.scope.customerIds) : undefined;
  const ids = covered ? customerIds.filter((id) => covered.has(id)) : [...customerIds];
  if (ids.length === 0) return undefined;
  const asOf = (state.refreshedAt ?? state.backfilledAt).slice(0, 10);
  const days = new Map<number, Set<string>>(ids.map((id) => [id, new Set<string>()]));
  // In batches: a statement's parameters are bounded (SQLite's 32,766; PostgreSQL's 65,535).
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("history_invoices")
      .select(["customer_id", "date"])
      .where("key_id", "=", keyId)
      .where("customer_id", "in", ids.slice(i, i + 500))
      .where("status", "!=", RETURNED)
      .execute();
    // An invoice's Date at midnight UTC is the ERP's calendar day (lib/domain/insights/README.md, the figures).
    for (const row of rows) days.get(row.customer_id)?.add(row.date.slice(0, 10));
  }
  return ids.map((customerId) => {
    const sorted = [...(days.get(customerId) ?? [])].filter((d) => d <= asOf).sort();
    const lastOrder = sorted.at(-1) ?? null;
    const daysSince = lastOrder === null ? null : daysBetween(lastOrder, asOf);
    return {
      customerId,
      tier: tierOf(daysSince),
      lastOrder,
      daysSince,
      medianReorderDays: reorderInterval(sorted),
      cadenceDays: reorderInterval(sorted, CADENCE_MIN_ORDERS),
    };
  });
}
