import "server-only";
import { type Kysely, PostgresAdapter } from "kysely";
import { type KeptPlace, refinePlace, type VisitFix } from "@/lib/domain/today/plan/refine";
import type { BackroomDatabase } from "../core/db/schema";
import type { Environment } from "../core/session/types";
import type { NoteTables } from "./tables";

/**
 * Stores' places refined from their visits' positions (`store_places`, migration 025): per workspace, environment and
 * customer, the store's point and how many fixes made it (`refinePlace`). Written by the notes' store with a visit's
 * note, in its transaction; read by the route plan. Nothing here knows who tapped: the row is the store's.
 */

/** Where a store's place is kept: the notes' scope (`NotesScope`), a workspace and its key's environment. */
export interface PlaceScope {
  workspaceId: string;
  environment: Environment;
}

/**
 * Refines a store's place with one visit's fix, in the caller's transaction (the note's). The fix is not checked
 * against the postal code's place here (the note's route knows no address): the plan ignores a point far from it.
 *
 * @example
 * await db.transaction().execute((trx) => refineStorePlace(trx, scope, 20001, { lat, lon, accuracy }, at));
 */
export async function refineStorePlace(
  trx: Kysely<BackroomDatabase & NoteTables>,
  scope: PlaceScope,
  customerId: number,
  fix: VisitFix,
  at: string,
): Promise<void> {
  const first = refinePlace(undefined, fix);
  // Too rough: it refines nothing, the first place or any other.
  if (!first) return;
  const key = { workspace_id: scope.workspaceId, environment: scope.environment, customer_id: customerId };
  // The first fix is the place; a row there already (or one a visit at the same moment is writing: PostgreSQL waits
  // for it) is read below and refined.
  const inserted = await trx
    .insertInto("store_places")
    .values({ ...key, ...first, updated_at: at })
    .onConflict((oc) => oc.columns(["workspace_id", "environment", "customer_id"]).doNothing())
    .returning("customer_id")
    .executeTakeFirst();
  if (inserted) return;
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const current = await trx
    .selectFrom("store_places")
    .select(["lat", "lon", "fixes"])
    .where("workspace_id", "=", key.workspace_id)
    .where("environment", "=", key.environment)
    .where("customer_id", "=", customerId)
    // Two visits at once each add their fix: the second reads the first's (SQLite's writes are one at a time anyway).
    .$if(postgres, (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
  const next = refinePlace(current, fix);
  if (!next) return;
  await trx
    .updateTable("store_places")
    .set({ lat: next.lat, lon: next.lon, fixes: next.fixes, updated_at: at })
    .where("workspace_id", "=", key.workspace_id)
    .where("environment", "=", key.environment)
    .where("customer_id", "=", customerId)
    .execute();
}

/**
 * The kept places of these customers (those that have one), in one query.
 *
 * @example
 * const kept = await storePlaces(db, { workspaceId, environment: "test" }, [20001, 20002]);
 * kept.get(20001); // { lat: 37.80443, lon: -122.27113, fixes: 3 }
 */
export async function storePlaces(
  coreDb: Kysely<BackroomDatabase>,
  scope: PlaceScope,
  customerIds: readonly number[],
): Promise<Map<number, KeptPlace>> {
  if (customerIds.length === 0) return new Map();
  const rows = await coreDb
    .withTables<NoteTables>()
    .selectFrom("store_places")
    .select(["customer_id", "lat", "lon", "fixes"])
    .where("workspace_id", "=", scope.workspaceId)
    .where("environment", "=", scope.environment)
    .where("customer_id", "in", [...new Set(customerIds)])
    .execute();
  return new Map(rows.map((r) => [r.customer_id, { lat: r.lat, lon: r.lon, fixes: r.fixes }]));
}
