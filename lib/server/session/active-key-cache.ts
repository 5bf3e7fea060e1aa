import "server-only";
import { LRUCache } from "lru-cache";
import type { SharedStore } from "../shared/shared-store";
import { hashSessionId } from "./random-ids";
import type { ActiveKey, SessionStore } from "./types";

/** The channel on which instances tell each other that a session's keys changed (sign-out, removal, switch, connect). */
export const REVOKED_CHANNEL = "sessions-revoked";
/** The longest an instance keeps a decrypted key without asking the database again, signal or no signal. */
export const ACTIVE_KEY_TTL_MS = 30_000;

interface Held {
  key: ActiveKey;
  /** The store's listening epoch when the key was read: a gap in listening since then voids the copy. */
  epoch: number;
}

/**
 * The session store with an in-process copy of each session's decrypted active key, so a proxied request costs no
 * database round trip. It is kept only while the copy can be revoked in time:
 * - every change to a session made through this store (sign-out, a key removed, another key made active, connect
 *   moving the ring to a new id) drops this instance's copy at once and publishes the session on the shared store, and
 *   every instance drops its copy when the message arrives (within a second, usually milliseconds);
 * - a copy lives 30 s at most, whatever happens;
 * - no copy is made or used while the shared store is not listening (Redis away), and a gap in listening voids every
 *   copy made before it: messages published during the gap never arrived.
 * Without Redis (`shared.kind === "memory"`), there is no way to reach another instance, so nothing is kept: several
 * processes on one SQLite file, or on PostgreSQL without Redis, always ask the database.
 *
 * @example
 * const sessions = withActiveKeyCache(createSessionStore(options), redisStore);
 */
export function withActiveKeyCache(store: SessionStore, shared: SharedStore, options: { ttlMs?: number; max?: number } = {}): SessionStore {
  if (shared.kind === "memory") return store;
  const held = new LRUCache<string, Held>({ max: options.max ?? 10_000, ttl: options.ttlMs ?? ACTIVE_KEY_TTL_MS });
  // Counts revocations heard: a read that overlapped one is not kept (it may have read the row before the change).
  let revocations = 0;
  shared.subscribe(REVOKED_CHANNEL, (idHash) => {
    revocations++;
    held.delete(idHash);
  });

  async function revoke(sessionId: string | undefined): Promise<void> {
    const idHash = sessionId === undefined ? undefined : hashSessionId(sessionId);
    if (idHash === undefined) return;
    revocations++;
    held.delete(idHash);
    // Another instance that misses this keeps its copy at most ACTIVE_KEY_TTL_MS; the change itself is in the database.
    await shared.publish(REVOKED_CHANNEL, idHash).catch(() => undefined);
  }

  return {
    ...store,
    async activeKey(sessionId) {
      const idHash = hashSessionId(sessionId);
      const listening = shared.listening();
      if (idHash === undefined || !listening.live) return store.activeKey(sessionId);
      const copy = held.get(idHash);
      if (copy && copy.epoch === listening.epoch) return { ...copy.key };
      const before = revocations;
      const key = await store.activeKey(sessionId);
      // Kept only if no revocation was heard meanwhile and listening went on without a gap.
      const after = shared.listening();
      if (key && revocations === before && after.live && after.epoch === listening.epoch) held.set(idHash, { key: { ...key }, epoch: listening.epoch });
      return key;
    },
    async connect(sessionId, key) {
      const connected = await store.connect(sessionId, key);
      await revoke(sessionId);
      return connected;
    },
    async switchKey(sessionId, keyId) {
      const switched = await store.switchKey(sessionId, keyId);
      await revoke(sessionId);
      return switched;
    },
    async removeKey(sessionId, keyId) {
      const removed = await store.removeKey(sessionId, keyId);
      await revoke(sessionId);
      return removed;
    },
    async signOut(sessionId) {
      const keys = await store.signOut(sessionId);
      await revoke(sessionId);
      return keys;
    },
  };
}
