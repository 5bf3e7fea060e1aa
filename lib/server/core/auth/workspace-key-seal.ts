import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase, WorkspaceKeyTable } from "../db/schema";
import { decryptApiKey, encryptApiKey, fingerprintApiKey, type SecretRing } from "../session/key-crypto";
import { toKeyInfo } from "../session/key-record";
import type { ActiveKey } from "../session/types";

/** How often a key's use is written down. */
const TOUCH_EVERY_MS = 60_000;

/** What the key store's steps share: the database, the secrets and the clock. */
export interface KeyStoreContext {
  db: Kysely<BackroomDatabase>;
  ring: SecretRing;
  clock: () => Date;
}

/** The additional authenticated data of a workspace key's ciphertext. */
function keyAad(keyId: string, environment: string, workspaceId: string): string {
  return `backroom workspace key v1|${keyId}|${environment}|${workspaceId}`;
}

/**
 * A key's columns, encrypted under the current secret with its row, environment and workspace as associated data, and
 * its fingerprint.
 *
 * @example
 * const sealed = sealWorkspaceKey(ring, apiKey, keyId, "test", workspaceId); // { secret_id, iv, ciphertext, tag, fingerprint }
 */
export function sealWorkspaceKey(
  ring: SecretRing,
  apiKey: string,
  keyId: string,
  environment: string,
  workspaceId: string,
) {
  const { secretId, iv, ciphertext, tag } = encryptApiKey(
    apiKey,
    ring.current,
    keyAad(keyId, environment, workspaceId),
  );
  return { secret_id: secretId, iv, ciphertext, tag, fingerprint: fingerprintApiKey(apiKey, ring.current) };
}

/**
 * A key row decrypted; re-encrypted under the current secret when read with an earlier one, its use noted at most
 * once a minute. Undefined when the row is another workspace's or does not decrypt.
 *
 * @example
 * const key = await openWorkspaceKey(ctx, row, workspaceId); // key.apiKey goes upstream
 */
export async function openWorkspaceKey(
  ctx: KeyStoreContext,
  row: WorkspaceKeyTable,
  workspaceId: string,
): Promise<ActiveKey | undefined> {
  const { db, ring } = ctx;
  if (row.workspace_id !== workspaceId) return undefined;
  const key = decryptApiKey(
    { secretId: row.secret_id, iv: row.iv, ciphertext: row.ciphertext, tag: row.tag },
    ring,
    keyAad(row.id, row.environment, workspaceId),
  );
  if (!key) return undefined;
  const now = ctx.clock();
  const at = now.toISOString();
  const rotated =
    key.secret === ring.current ? undefined : sealWorkspaceKey(ring, key.apiKey, row.id, row.environment, workspaceId);
  const stale = row.last_used_at === null || Date.parse(row.last_used_at) <= now.getTime() - TOUCH_EVERY_MS;
  if (rotated || stale)
    await db
      .updateTable("workspace_keys")
      .set({ last_used_at: at, ...rotated })
      .where("id", "=", row.id)
      .execute();
  return {
    ...toKeyInfo(row),
    ...(stale ? { lastUsedAt: at } : {}),
    fingerprint: rotated?.fingerprint ?? row.fingerprint,
    apiKey: key.apiKey,
  };
}
