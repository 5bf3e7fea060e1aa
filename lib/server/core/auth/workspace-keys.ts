import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../db/schema";
import { deriveSecretRing } from "../session/key-crypto";
import { toKeyInfo } from "../session/key-record";
import type { ActiveKey, Environment, KeyHandle, KeyScope, KeyType, StoredKeyInfo } from "../session/types";
import { type AddedKey, addWorkspaceKey } from "./add-workspace-key";
import { type KeyForgetter, removeWorkspaceKey } from "./remove-workspace-key";
import { type KeyStoreContext, openWorkspaceKey } from "./workspace-key-seal";

export type { AddedKey } from "./add-workspace-key";
export type { KeyForgetter } from "./remove-workspace-key";

/**
 * A workspace's Data API keys, held once for its members: added by an owner or an admin, encrypted at rest with
 * AES-256-GCM under a key derived from SESSION_SECRET (`key-crypto.ts`; earlier secrets still decrypt, and a key read
 * with one is re-encrypted under the current one), the row, its workspace and environment as associated data, so a
 * ciphertext copied to another row or workspace does not decrypt. Each member works with one of them at a time (their
 * choice is kept across their sessions; the workspace's oldest key until they choose).
 */
export interface WorkspaceKeyStore {
  /** Adds a key to a workspace; the same key (under any known secret) in the same environment is answered as it is. */
  add(
    workspaceId: string,
    addedBy: string,
    key: { apiKey: string; environment: Environment; keyType: KeyType; label: string; scope: KeyScope },
  ): Promise<{ key: StoredKeyInfo; added: boolean }>;
  /** The workspace's keys (no secrets), oldest first. */
  list(workspaceId: string): Promise<StoredKeyInfo[]>;
  /** Removes a key of the workspace, answering it and the members whose active key it was; undefined when absent. */
  remove(workspaceId: string, keyId: string): Promise<{ key: KeyHandle; activeFor: string[] } | undefined>;
  /** The key a member works with, decrypted, for requests upstream: their choice, else the workspace's oldest key. */
  active(workspaceId: string, userId: string): Promise<ActiveKey | undefined>;
  /** One key of the workspace, decrypted, for work done for it without a person (a job); undefined when gone. */
  open(workspaceId: string, keyId: string): Promise<ActiveKey | undefined>;
  /** Makes `keyId` the member's active key; false when the workspace holds no such key. */
  setActive(workspaceId: string, userId: string, keyId: string): Promise<boolean>;
  /**
   * Calls `listener` after each key added (not for the same key answered again), with its ids and type, never the key:
   * what a feature keeps of a key starts there (its `keyAdded`: a first walk, say), in a job that opens the key. Each `add` waits for its listeners; one that fails is reported (`listenerFailed`) and the key stays added.
   */
  onAdded(listener: (key: AddedKey) => Promise<void>): void;
}

/**
 * @example
 * const keys = createWorkspaceKeyStore({ db, secrets: { current: serverEnv.SESSION_SECRET } });
 * await keys.add(workspaceId, userId, { apiKey, environment: "test", ...probed });
 * const key = await keys.active(workspaceId, userId); // key.apiKey goes upstream as x-api-key
 */
export function createWorkspaceKeyStore(options: {
  db: Kysely<BackroomDatabase>;
  secrets: { current: string; previous?: string[] };
  now?: () => Date;
  /** A listener of `onAdded` failed (the key is added all the same; the features' sweeps start it later). */
  listenerFailed?: (error: unknown, key: AddedKey) => void;
  /** What the features forget of a key removed, each in the removal's transaction (`KeyForgetter`). */
  forget?: readonly KeyForgetter[];
}): WorkspaceKeyStore {
  const { db } = options;
  const listeners: ((key: AddedKey) => Promise<void>)[] = [];
  const ctx: KeyStoreContext = {
    db,
    ring: deriveSecretRing(options.secrets),
    clock: options.now ?? (() => new Date()),
  };

  return {
    add: (workspaceId, addedBy, key) =>
      addWorkspaceKey(ctx, { listeners, listenerFailed: options.listenerFailed }, workspaceId, addedBy, key),

    async list(workspaceId) {
      const rows = await db
        .selectFrom("workspace_keys")
        .selectAll()
        .where("workspace_id", "=", workspaceId)
        .orderBy("added_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => toKeyInfo(row));
    },

    remove: (workspaceId, keyId) => removeWorkspaceKey(db, options.forget ?? [], workspaceId, keyId),

    async active(workspaceId, userId) {
      const chosen = await db
        .selectFrom("workspace_active_keys")
        .innerJoin("workspace_keys", "workspace_keys.id", "workspace_active_keys.key_id")
        .selectAll("workspace_keys")
        .where("workspace_active_keys.workspace_id", "=", workspaceId)
        .where("workspace_active_keys.user_id", "=", userId)
        .executeTakeFirst();
      const row =
        chosen ??
        (await db
          .selectFrom("workspace_keys")
          .selectAll()
          .where("workspace_id", "=", workspaceId)
          .orderBy("added_at")
          .orderBy("id")
          .limit(1)
          .executeTakeFirst());
      return row ? openWorkspaceKey(ctx, row, workspaceId) : undefined;
    },

    async open(workspaceId, keyId) {
      const row = await db
        .selectFrom("workspace_keys")
        .selectAll()
        .where("id", "=", keyId)
        .where("workspace_id", "=", workspaceId)
        .executeTakeFirst();
      return row ? openWorkspaceKey(ctx, row, workspaceId) : undefined;
    },

    async setActive(workspaceId, userId, keyId) {
      const held = await db
        .selectFrom("workspace_keys")
        .select("id")
        .where("id", "=", keyId)
        .where("workspace_id", "=", workspaceId)
        .executeTakeFirst();
      if (!held) return false;
      await db
        .insertInto("workspace_active_keys")
        .values({ user_id: userId, workspace_id: workspaceId, key_id: keyId })
        .onConflict((oc) => oc.columns(["user_id", "workspace_id"]).doUpdateSet({ key_id: keyId }))
        .execute();
      return true;
    },

    onAdded(listener) {
      listeners.push(listener);
    },
  };
}
