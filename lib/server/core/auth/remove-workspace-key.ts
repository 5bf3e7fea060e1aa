import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../db/schema";
import type { KeyHandle } from "../session/types";

/**
 * What a feature forgets of a key removed (its synced history, its snapshot, its schedules): run in the removal's own
 * transaction, so nothing of a removed key is kept. Each feature hands its own at assembly (its `feature.ts`); the key
 * store names none of them.
 */
export type KeyForgetter = (trx: Kysely<BackroomDatabase>, keyId: string) => Promise<void>;

/**
 * Removes a key of the workspace, answering it and the members whose active key it was; undefined when absent. What
 * the features keep of it goes in the same transaction.
 *
 * @example
 * const removed = await removeWorkspaceKey(db, forgetters, workspaceId, keyId); // { key, activeFor: ["user-1"] }
 */
export async function removeWorkspaceKey(
  db: Kysely<BackroomDatabase>,
  forgetters: readonly KeyForgetter[],
  workspaceId: string,
  keyId: string,
): Promise<{ key: KeyHandle; activeFor: string[] } | undefined> {
  return db.transaction().execute(async (trx) => {
    const activeFor = (
      await trx
        .selectFrom("workspace_active_keys")
        .select("user_id")
        .where("workspace_id", "=", workspaceId)
        .where("key_id", "=", keyId)
        .execute()
    ).map((r) => r.user_id);
    await trx
      .deleteFrom("workspace_active_keys")
      .where("workspace_id", "=", workspaceId)
      .where("key_id", "=", keyId)
      .execute();
    const removed = await trx
      .deleteFrom("workspace_keys")
      .where("id", "=", keyId)
      .where("workspace_id", "=", workspaceId)
      .returning(["id", "fingerprint"])
      .executeTakeFirst();
    if (removed) {
      // What the features keep of the key goes with it (each feature's forgetter), in this transaction: nothing of a
      // removed key is kept.
      for (const forget of forgetters) await forget(trx, keyId);
    }
    return removed ? { key: removed, activeFor } : undefined;
  });
}
