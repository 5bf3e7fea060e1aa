import "server-only";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { createMemoryStore } from "./memory-store";
import { createRedisStore } from "./redis-store";
import type { SharedStore } from "./shared-store";

/**
 * The shared-store profiles unit tests run against: memory always, Redis when `REDIS_URL` is set (CI sets it;
 * `scripts/test-services.sh` starts a server on loopback). Each Redis store a test opens has a prefix of its own, and
 * `close()` deletes every key under it. Used by `*.test.ts` files only.
 */
export interface SharedStoreProfile {
  name: "memory" | "redis";
  /**
   * A fresh store. `peer` answers another one on the same data, as a second instance sees it (same prefix and secret,
   * its own connections, already connected); for memory, that is the same store, since one process is one instance.
   */
  open(options?: { maxBytes?: number }): Promise<SharedStore & { peer(): SharedStore; prefix: string }>;
}

// Tests read the variable themselves: the server's env module is not theirs to configure.
const url = process.env.REDIS_URL || undefined;
export const TEST_SECRET = "shared-store-test-secret-0123456789abcdefghij";

export function redisUrl(): string | undefined {
  return url;
}

/** A Redis prefix of a test's own, so tests running at once never meet; `deleteUnder` clears it afterwards. */
export function freshPrefix(): string {
  return `test-${randomBytes(6).toString("hex")}:`;
}

export function sharedStoreProfiles(): SharedStoreProfile[] {
  const memory: SharedStoreProfile = {
    name: "memory",
    async open({ maxBytes } = {}) {
      const store = createMemoryStore({ maxBytes });
      return Object.assign(store, { peer: () => store, prefix: "" });
    },
  };
  if (!url) return [memory];
  const redis: SharedStoreProfile = {
    name: "redis",
    async open() {
      const prefix = freshPrefix();
      const opened: SharedStore[] = [];
      const make = () => {
        const store = createRedisStore({ url, secret: TEST_SECRET, prefix });
        opened.push(store);
        return store;
      };
      const store = make();
      // The second instance, connected before the test uses it.
      const peer = make();
      await Promise.all([waitUntilReady(store), waitUntilReady(peer)]);
      return {
        ...store,
        prefix,
        peer: () => peer,
        async close() {
          await Promise.all(opened.map((s) => s.close()));
          await deleteUnder(prefix);
        },
      };
    },
  };
  return [memory, redis];
}

/** Resolves once the store answers a ping (a new Redis connection takes a moment). */
export async function waitUntilReady(store: SharedStore, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while ((await store.health()) !== "ok") {
    if (Date.now() > until) throw new Error("the shared store did not become ready");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every key under a prefix, read straight from Redis (to check what it holds), then deleted by `deleteUnder`. */
export async function rawRedis<T>(run: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(url!, { lazyConnect: false });
  try {
    return await run(redis);
  } finally {
    redis.disconnect();
  }
}

export async function deleteUnder(prefix: string): Promise<void> {
  await rawRedis(async (redis) => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  });
}
