import "server-only";
import type { WorkspaceKeyTable } from "../db/schema";
import { fingerprintApiKey } from "../session/key-crypto";
import { keyHint, NewKeySchema, toKeyInfo } from "../session/key-record";
import { newKeyId } from "../session/random-ids";
import type { Environment, KeyScope, KeyType, StoredKeyInfo } from "../session/types";
import { type KeyStoreContext, sealWorkspaceKey } from "./workspace-key-seal";

/** A key just added, as the key store tells its listeners. */
export interface AddedKey {
  workspaceId: string;
  keyId: string;
  keyType: KeyType;
  environment: Environment;
}

/** Who is told of a key added, and who of a listener that failed. */
export interface AddedKeyListeners {
  listeners: readonly ((key: AddedKey) => Promise<void>)[];
  listenerFailed?: (error: unknown, key: AddedKey) => void;
}

/**
 * Adds a key to a workspace; the same key (under any known secret) in the same environment is answered as it is.
 * The listeners are told of a key added (not of one answered again), each failure reported and the key kept.
 *
 * @example
 * const { key, added } = await addWorkspaceKey(ctx, { listeners }, workspaceId, userId, { apiKey, environment: "test", ...probed });
 */
export async function addWorkspaceKey(
  ctx: KeyStoreContext,
  told: AddedKeyListeners,
  workspaceId: string,
  addedBy: string,
  key: { apiKey: string; environment: Environment; keyType: KeyType; label: string; scope: KeyScope },
): Promise<{ key: StoredKeyInfo; added: boolean }> {
  const { db, ring } = ctx;
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
  if (held) return { key: toKeyInfo(held), added: false };
  const id = newKeyId();
  const row: WorkspaceKeyTable = {
    id,
    workspace_id: workspaceId,
    environment: input.environment,
    key_type: input.keyType,
    label: input.label,
    scope_json: JSON.stringify(input.scope),
    hint: keyHint(input.apiKey),
    ...sealWorkspaceKey(ring, input.apiKey, id, input.environment, workspaceId),
    added_at: ctx.clock().toISOString(),
    added_by: addedBy,
    last_used_at: null,
  };
  // The same key added at the same moment (two owners, the demo's first two sign-ins): the first row stands.
  const inserted = await db
    .insertInto("workspace_keys")
    .values(row)
    .onConflict((oc) => oc.columns(["workspace_id", "environment", "fingerprint"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return { key: toKeyInfo((await existing())!), added: false };
  const added: AddedKey = { workspaceId, keyId: id, keyType: input.keyType, environment: input.environment };
  const outcomes = await Promise.allSettled(told.listeners.map((listener) => listener(added)));
  for (const outcome of outcomes) if (outcome.status === "rejected") told.listenerFailed?.(outcome.reason, added);
  return { key: toKeyInfo(row), added: true };
}
