import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase, WorkspaceKeyTable } from "../db/schema";
import { decryptApiKey, deriveSecretRing, encryptApiKey, fingerprintApiKey } from "../session/key-crypto";
import { keyHint, NewKeySchema, toKeyInfo } from "../session/key-record";
import { newKeyId } from "../session/random-ids";
import type { ActiveKey, Environment, KeyHandle, KeyScope, KeyType, StoredKeyInfo } from "../session/types";

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
  /** One key of the workspace, decrypted, for work done for the workspace without a person (follow-ups); undefined when gone. */
  open(workspaceId: string, keyId: string): Promise<ActiveKey | undefined>;
  /** Makes `keyId` the member's active key; false when the workspace holds no such key. */
  setActive(workspaceId: string, userId: string, keyId: string): Promise<boolean>;
  /**
   * Calls `listener` after each key added (not for the same key answered again), with its ids and type, never the key:
   * what a feature keeps of a key starts there (the insights' history, the collections' snapshot), in a job that opens
   * the key. Each `add` waits for its listeners; one that fails is reported (`listenerFailed`) and the key stays added.
   */
  onAdded(listener: (key: AddedKey) => Promise<void>): void;
}

/**
 * What a feature forgets of a key removed (its synced history, its snapshot, its schedules): run in the removal's own
 * transaction, so nothing of a removed key is kept. Each feature hands its own at assembly (its `feature.ts`); the key
 * store names none of them.
 */
export type KeyForgetter = (trx: Kysely<BackroomDatabase>, keyId: string) => Promise<void>;

/** A key just added, as the key store tells its listeners. */
export interface AddedKey {
  workspaceId: string;
  keyId: string;
  keyType: KeyType;
  environment: Environment;
}

/** The additional authenticated data of a workspace key's ciphertext. */
function keyAad(keyId: string, environment: string, workspaceId: string): string {
  return `backroom workspace key v1|${keyId}|${environment}|${workspaceId}`;
}

/** How often a key's use is written down. */
const TOUCH_EVERY_MS = 60_000;

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
  const ring = deriveSecretRing(options.secrets);
  const clock = options.now ?? (() => new Date());

  function seal(apiKey: string, keyId: string, environment: string, workspaceId: string) {
    const { secretId, iv, ciphertext, tag } = encryptApiKey(
      apiKey,
      ring.current,
      keyAad(keyId, environment, workspaceId),
    );
    return { secret_id: secretId, iv, ciphertext, tag, fingerprint: fingerprintApiKey(apiKey, ring.current) };
  }

  const info = (row: WorkspaceKeyTable) => toKeyInfo(row);

  /** A key row decrypted; re-encrypted under the current secret when read with an earlier one, its use noted at most once a minute. */
  async function opened(row: WorkspaceKeyTable, workspaceId: string): Promise<ActiveKey | undefined> {
    if (row.workspace_id !== workspaceId) return undefined;
    const key = decryptApiKey(
      { secretId: row.secret_id, iv: row.iv, ciphertext: row.ciphertext, tag: row.tag },
      ring,
      keyAad(row.id, row.environment, workspaceId),
    );
    if (!key) return undefined;
    const now = clock();
    const at = now.toISOString();
    const rotated = key.secret === ring.current ? undefined : seal(key.apiKey, row.id, row.environment, workspaceId);
    const stale = row.last_used_at === null || Date.parse(row.last_used_at) <= now.getTime() - TOUCH_EVERY_MS;
    if (rotated || stale)
      await db
        .updateTable("workspace_keys")
        .set({ last_used_at: at, ...rotated })
        .where("id", "=", row.id)
        .execute();
    return {
      ...info(row),
      ...(stale ? { lastUsedAt: at } : {}),
      fingerprint: rotated?.fingerprint ?? row.fingerprint,
      apiKey: key.apiKey,
    };
  }

  return {
    async add(workspaceId, addedBy, key) {
      const input = NewKeySchema.parse(key);
      const fingerprints = ring.all.map((secret) => fingerprintApiKey(input.apiKey, secret));
      const existing = () =>
        db
          .selectFrom("workspace_keys")
          .selectAll()
          .where("workspace_id", "=", workspaceId)
          .where("environment", "=", input.environment)
          .where("fingerprint", "in", fingerprints)
          .executeTakeFirst();
      const held = await existing();
      if (held) return { key: info(held), added: false };
      const id = newKeyId();
      const row: WorkspaceKeyTable = {
        id,
        workspace_id: workspaceId,
        environment: input.environment,
        key_type: input.keyType,
        label: input.label,
        scope_json: JSON.stringify(input.scope),
        hint: keyHint(input.apiKey),
        ...seal(input.apiKey, id, input.environment, workspaceId),
        added_at: clock().toISOString(),
        added_by: addedBy,
        last_used_at: null,
        history_scope: null,
      };
      // The same key added at the same moment (two owners, the demo's first two sign-ins): the first row stands.
      const inserted = await db
        .insertInto("workspace_keys")
        .values(row)
        .onConflict((oc) => oc.columns(["workspace_id", "environment", "fingerprint"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) return { key: info((await existing())!), added: false };
      const added: AddedKey = { workspaceId, keyId: id, keyType: input.keyType, environment: input.environment };
      const told = await Promise.allSettled(listeners.map((listener) => listener(added)));
      for (const outcome of told) if (outcome.status === "rejected") options.listenerFailed?.(outcome.reason, added);
      return { key: info(row), added: true };
    },

    async list(workspaceId) {
      const rows = await db
        .selectFrom("workspace_keys")
        .selectAll()
        .where("workspace_id", "=", workspaceId)
        .orderBy("added_at")
        .orderBy("id")
        .execute();
      return rows.map(info);
    },

    async remove(workspaceId, keyId) {
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
          // What the features keep of the key goes with it (the insights' history, the collections' snapshot, the
          // monthly statements' schedule: each feature's forgetter), in this transaction: nothing of a removed key is kept.
          for (const forget of options.forget ?? []) await forget(trx, keyId);
        }
        return removed ? { key: removed, activeFor } : undefined;
      });
    },

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
      return row ? opened(row, workspaceId) : undefined;
    },

    async open(workspaceId, keyId) {
      const row = await db
        .selectFrom("workspace_keys")
        .selectAll()
        .where("id", "=", keyId)
        .where("workspace_id", "=", workspaceId)
        .executeTakeFirst();
      return row ? opened(row, workspaceId) : undefined;
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
