import "server-only";
import type { Kysely } from "kysely";
import type { AuthTables, BackroomDatabase } from "../core/db/schema";
import type { WatchMember } from "./recipients";
import type { WatchTables } from "./tables";

/**
 * What the watches keep between runs. The API says whether a customer is on hold now (`OnHold`), not when it was put
 * on hold, so "was put on hold" is told from what the key's last watch saw: `watch_holds` (migration 009) holds each
 * customer seen on hold with the time it was first seen. A hold seen again keeps its time (its effect key: told once);
 * a customer no longer on hold is forgotten, so a later hold is a new row, a new time, and a new notification. The
 * first watch of a key tells the holds it finds: Backroom has not told anyone of them yet.
 */
export interface HoldStore {
  /**
   * Records the customers on hold now for a key, forgets the others, and answers each current hold with when it was
   * first seen (an ISO time).
   */
  seen(keyId: string, onHold: readonly number[], now: Date): Promise<Map<number, string>>;
}

/**
 * @example
 * const holds = createHoldStore(db);
 * const since = await holds.seen(keyId, [20013], new Date()); // Map { 20013 => "2026-11-21T18:00:00.000Z" }
 */
export function createHoldStore(coreDb: Kysely<BackroomDatabase>): HoldStore {
  const db = coreDb.withTables<WatchTables>();
  return {
    async seen(keyId, onHold, now) {
      const ids = [...new Set(onHold)];
      let forget = db.deleteFrom("watch_holds").where("key_id", "=", keyId);
      if (ids.length) forget = forget.where("customer_id", "not in", ids);
      await forget.execute();
      if (ids.length === 0) return new Map();
      const at = now.toISOString();
      // Two runs of one key at once: the first row stands, and both answer its time.
      await db
        .insertInto("watch_holds")
        .values(ids.map((customer_id) => ({ key_id: keyId, customer_id, since: at })))
        .onConflict((oc) => oc.columns(["key_id", "customer_id"]).doNothing())
        .execute();
      const rows = await db
        .selectFrom("watch_holds")
        .select(["customer_id", "since"])
        .where("key_id", "=", keyId)
        .where("customer_id", "in", ids)
        .execute();
      return new Map(rows.map((r) => [Number(r.customer_id), r.since]));
    },
  };
}

/**
 * A workspace's members, as the watch tells them (`auth_member`: role and rep link).
 *
 * @example
 * await workspaceMembers(db, workspaceId); // [{ userId: "u1", role: "owner", salesRepUserId: null }, ...]
 */
export async function workspaceMembers(db: Kysely<BackroomDatabase>, workspaceId: string): Promise<WatchMember[]> {
  const rows = await db
    .withTables<AuthTables>()
    .selectFrom("auth_member")
    .select(["userId", "role", "salesRepUserId"])
    .where("organizationId", "=", workspaceId)
    .orderBy("userId")
    .execute();
  return rows.map((r) => ({
    userId: r.userId,
    role: r.role,
    salesRepUserId: r.salesRepUserId == null ? null : Number(r.salesRepUserId),
  }));
}
