import "server-only";
import { LRUCache } from "lru-cache";
import type { SharedStore } from "../shared/shared-store";
import { hashSessionId } from "./random-ids";
import type { ActiveKey, SessionStore } from "./types";

/** The channel on which instances tell each other that a session's keys changed (sign-out, removal, switch, connect). */
export const REVOKED_CHANNEL = "sessions-revoked";
/** The longest an instance keeps a decrypted key while it hears the other instances' revocations. */
export const ACTIVE_KEY_TTL_MS = 30_000;
/** The longest it keeps one when it cannot hear them (no Redis, or Redis away): another instance's sign-out holds then. */
export const UNHEARD_TTL_MS = 1_000;

interface Held {
  key: ActiveKey;
  /** Which listening period the copy was made in: another period (a gap, or Redis gone) voids it. */
  period: number;
}

/**
 * The session store with an in-process copy of each session's decrypted active key, so a proxied request costs no
 * database round trip (with Kysely's promises under Next's async hooks, the session read was a third of a cached
 * answer's time: docs/benchmarks.md). Revocation stays prompt:
 * - every change to a session made through this store (sign-out, a key removed, another key made active, connect
 *   moving the ring to a new id) drops this instance's copy at once and publishes the session on the shared store;
 * - with Redis listening, every instance drops its copy when the message arrives (milliseconds), and a copy lives 30 s
 *   at most whatever happens;
 * - without a way to hear the others (the memory store, or Redis away), a copy lives 1 s at most: another process on
 *   the same database still refuses a signed-out cookie within a second;
 * - a gap in listening voids every copy made before it: messages published during the gap never arrived.
 *
 * @example
 * const sessions = withActiveKeyCache(createSessionStore(options), redisStore);
 */
export function withActiveKeyCache(store: SessionStore, shared: SharedStore, options: { now?: () => number; max?: number } = {}): SessionStore {
  // ttlResolution 0: the clock is read at each look-up (lru-cache otherwise reuses a reading for up to a millisecond).
  const held = new LRUCache<string, Held>({ max: options.max ?? 10_000, ttl: ACTIVE_KEY_TTL_MS, ttlResolution: 0, ...(options.now ? { perf: { now: options.now } } : {}) });
  // Counts revocations heard: a read that overlapped one is not kept (it may have read the row before the change).
  let revocations = 0;
  shared.subscribe(REVOKED_CHANNEL, (idHash) => {
    revocations++;
    held.delete(idHash);
  });

  /** How long a copy made now may live, and the period it belongs to (-1: not hearing the other instances). */
  function period(): { id: number; ttlMs: number } {
    const listening = shared.listening();
    return shared.kind === "redis" && listening.live ? { id: listening.epoch, ttlMs: ACTIVE_KEY_TTL_MS } : { id: -1, ttlMs: UNHEARD_TTL_MS };
  }

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
      if (idHash === undefined) return store.activeKey(sessionId);
      const now = period();
      const copy = held.get(idHash);
      if (copy && copy.period === now.id) return { ...copy.key };
      const before = revocations;
      const key = await store.activeKey(sessionId);
      // Kept only if no revocation was heard meanwhile and the listening period did not change.
      if (key && revocations === before && period().id === now.id) held.set(idHash, { key: { ...key }, period: now.id }, { ttl: now.ttlMs });
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
