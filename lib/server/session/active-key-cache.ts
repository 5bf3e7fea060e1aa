import "server-only";
import { createHeardCopies } from "../shared/heard-copies";
import type { SharedStore } from "../shared/shared-store";
import { hashSessionId } from "./random-ids";
import type { ActiveKey, SessionStore } from "./types";

/** The channel on which instances tell each other that a session's keys changed (sign-out, removal, switch, connect). */
export const REVOKED_CHANNEL = "sessions-revoked";
/** The longest an instance keeps a decrypted key when it cannot hear the others (no Redis, or Redis away). */
export const UNHEARD_TTL_MS = 1_000;

/**
 * The session store with an in-process copy of each session's decrypted active key, so a proxied request costs no
 * database round trip (with Kysely's promises under Next's async hooks, the session read was a third of a cached
 * answer's time: docs/benchmarks.md). Revocation stays prompt (heard-copies.ts):
 * - every change to a session made through this store (sign-out, a key removed, another key made active, connect
 *   moving the ring to a new id) drops this instance's copy at once and is published; every instance drops its copy
 *   when the message arrives (milliseconds);
 * - with Redis listening, a copy lives 30 s at most whatever happens;
 * - without a way to hear the others (the memory store, or Redis away), a copy lives 1 s at most: another process on
 *   the same database still refuses a signed-out cookie within a second.
 *
 * @example
 * const sessions = withActiveKeyCache(createSessionStore(options), redisStore);
 */
export function withActiveKeyCache(store: SessionStore, shared: SharedStore, options: { now?: () => number; max?: number } = {}): SessionStore {
  const copies = createHeardCopies<ActiveKey>(shared, REVOKED_CHANNEL, { max: options.max, unheardTtlMs: UNHEARD_TTL_MS, now: options.now });

  async function revoke(sessionId: string | undefined): Promise<void> {
    const idHash = sessionId === undefined ? undefined : hashSessionId(sessionId);
    if (idHash !== undefined) await copies.changed([idHash]);
  }

  return {
    ...store,
    async activeKey(sessionId) {
      const idHash = hashSessionId(sessionId);
      if (idHash === undefined) return store.activeKey(sessionId);
      const [key] = await copies.through([idHash], async () => [await store.activeKey(sessionId)]);
      // A copy of the copy: the caller may change what it is given.
      return key && { ...key };
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
