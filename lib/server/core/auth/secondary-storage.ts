import "server-only";
import type { SecondaryStorage } from "better-auth";
import type { SharedStore } from "../shared/shared-store";

/** How long a value better-auth stores without a time to live is kept (it always gives one for sessions and limits). */
const DEFAULT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const name = (key: string) => `auth\n${key}`;

/**
 * better-auth's secondary storage (sessions mirrored from the database, rate-limit counters, one-time values) over
 * Backroom's shared store: memory for one instance, Redis for several (names hashed, values encrypted, every key with a
 * time to live), through the local fallback while Redis is away. One interface, whichever profile: better-auth's own
 * Redis package wants ioredis 5, and would hold its values in clear.
 *
 * @example
 * betterAuth({ secondaryStorage: sharedSecondaryStorage(local), session: { storeSessionInDatabase: true } });
 */
export function sharedSecondaryStorage(store: SharedStore): SecondaryStorage {
  return {
    get: async (key) => (await store.get([name(key)]))[0]?.toString() ?? null,
    getAndDelete: async (key) => (await store.take(name(key)))?.toString() ?? null,
    increment: (key, ttlSeconds) => store.increment(name(key), ttlSeconds * 1000),
    set: async (key, value, ttlSeconds) => {
      await store.set(name(key), Buffer.from(value), ttlSeconds ? ttlSeconds * 1000 : DEFAULT_TTL_MS);
    },
    delete: async (key) => {
      await store.delete([name(key)]);
    },
  };
}
