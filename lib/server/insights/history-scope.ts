import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import { workspaceMembers } from "../watch/hold-store";
import type { HistoryScope } from "@/lib/session/session-view";
import type { HistoryState, ReadAll } from "./history-state";
import type { HistoryTables } from "./tables";

/** A sales rep as `/salesReps` lists it. */
export type RepRow = { UserID: number; Name?: string | null; Customers?: { CustomerID: number }[] | null };

/** A rep as `history_reps` keeps it. */
export const repRow = (keyId: string, r: RepRow) => ({
  key_id: keyId,
  user_id: r.UserID,
  name: r.Name ?? `Rep ${r.UserID}`,
  customer_ids_json: JSON.stringify((r.Customers ?? []).map((c) => c.CustomerID)),
});

/**
 * What an Employee key's history is to cover, as its workspace chose (`linked-reps` until an owner or admin says
 * otherwise).
 *
 * @example
 * await historyScopeOf(db, keyId); // "linked-reps"
 */
export async function historyScopeOf(coreDb: Kysely<BackroomDatabase>, keyId: string): Promise<HistoryScope> {
  const db = coreDb.withTables<HistoryTables>();
  const row = await db.selectFrom("workspace_keys").select("history_scope").where("id", "=", keyId).executeTakeFirst();
  return row?.history_scope === "distributor" ? "distributor" : "linked-reps";
}

/**
 * Whether a key keeps a history: a Supplier key (the brand's insights); an Employee key chosen to keep the whole
 * distributor's, or one whose workspace has a member linked to a sales rep (those reps' accounts); a Customer key never.
 *
 * @example
 * await keepsHistory(db, { workspace_id, key_type: "Supplier", history_scope: null }); // true
 */
export async function keepsHistory(
  coreDb: Kysely<BackroomDatabase>,
  key: { workspace_id: string; key_type: string; history_scope: string | null },
): Promise<boolean> {
  const db = coreDb.withTables<HistoryTables>();
  if (key.key_type === "Supplier" || (key.key_type === "Employee" && key.history_scope === "distributor")) return true;
  return (
    key.key_type === "Employee" && (await workspaceMembers(db, key.workspace_id)).some((m) => m.salesRepUserId !== null)
  );
}

/**
 * An Employee key's scope at a walk's start: the reps the workspace's members are linked to, from `/salesReps`
 * (kept as the history's reps), and their customers; what the history held of other customers goes. For the whole
 * distributor: every rep (the page's chooser), and no customer to narrow to.
 *
 * @example
 * await readScope(db, keyId, workspaceId, state, readAll); // state.scope is set
 */
export async function readScope(
  coreDb: Kysely<BackroomDatabase>,
  keyId: string,
  workspaceId: string,
  state: HistoryState,
  readAll: ReadAll,
): Promise<void> {
  const db = coreDb.withTables<HistoryTables>();
  const distributor = (await historyScopeOf(db, keyId)) === "distributor";
  const linked = new Set(
    (await workspaceMembers(db, workspaceId)).flatMap((m) => (m.salesRepUserId === null ? [] : [m.salesRepUserId])),
  );
  const all = linked.size === 0 && !distributor ? [] : await readAll<RepRow>("/salesReps?PageSize=500");
  const reps = distributor ? all : all.filter((r) => linked.has(r.UserID));
  const customerIds = distributor
    ? []
    : [...new Set(reps.flatMap((r) => (r.Customers ?? []).map((c) => c.CustomerID)))].sort((a, b) => a - b);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("history_reps").where("key_id", "=", keyId).execute();
    if (reps.length)
      await trx
        .insertInto("history_reps")
        .values(reps.map((r) => repRow(keyId, r)))
        .execute();
    if (distributor) return;
    for (const table of ["history_lines", "history_invoices", "history_shelf", "history_customers"] as const) {
      await trx
        .deleteFrom(table)
        .where("key_id", "=", keyId)
        .$if(customerIds.length > 0, (q) => q.where("customer_id", "not in", customerIds))
        .execute();
    }
  });
  const repUserIds = reps
    .map((r) => r.UserID)
    .filter((id) => linked.has(id))
    .sort((a, b) => a - b);
  state.scope = distributor ? { repUserIds, customerIds, distributor } : { repUserIds, customerIds };
}

/**
 * A key's row when it keeps a history (`keepsHistory`); undefined when it does not, or was removed.
 *
 * @example
 * if (await keptKey(db, keyId)) await start(workspaceId, keyId);
 */
export async function keptKey(
  coreDb: Kysely<BackroomDatabase>,
  keyId: string,
): Promise<{ workspace_id: string } | undefined> {
  const db = coreDb.withTables<HistoryTables>();
  const key = await db
    .selectFrom("workspace_keys")
    .select(["workspace_id", "key_type", "history_scope"])
    .where("id", "=", keyId)
    .executeTakeFirst();
  return key && (await keepsHistory(db, key)) ? key : undefined;
}

/**
 * Every key that keeps a history, for the sweep.
 *
 * @example
 * const keys = await keysKeepingHistory(db); // [{ id, workspace_id, key_type, history_scope }]
 */
export async function keysKeepingHistory(coreDb: Kysely<BackroomDatabase>) {
  const db = coreDb.withTables<HistoryTables>();
  const all = await db
    .selectFrom("workspace_keys")
    .select(["id", "workspace_id", "key_type", "history_scope"])
    .where("key_type", "in", ["Supplier", "Employee"])
    .execute();
  const keys = [];
  for (const key of all) if (await keepsHistory(db, key)) keys.push(key);
  return keys;
}
