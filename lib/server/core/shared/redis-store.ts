import "server-only";
import { Redis } from "ioredis";
import { redisSealing } from "./redis-sealing";
import { redisSubscriptions } from "./redis-subscriptions";
import type { SharedStore } from "./shared-store";

export interface RedisStoreOptions {
  /** `redis://` or `rediss://` (TLS), with a password when the server wants one. */
  url: string;
  /** The session secret: the keys that hash names and encrypt values are derived from it (HKDF). */
  secret: string;
  /** Put before every key and channel, so several deployments can share one Redis. Default `backroom:`. */
  prefix?: string;
  /** How long one command may take before it counts as a failure. Default 1000 ms. */
  commandTimeoutMs?: number;
  /** Told of connection errors (the client reconnects by itself). */
  onError?: (error: Error) => void;
}

/** After a command times out, Redis is not asked again for this long: a hung server must not add a second to every request. */
const PAUSE_AFTER_TIMEOUT_MS = 5_000;

/** Thrown when the store is not asked at all: not connected, or paused after a timeout. */
export class StoreUnavailable extends Error {
  constructor(why: string) {
    super(`the shared store is unavailable: ${why}`);
    this.name = "StoreUnavailable";
  }
}

/**
 * Runs a command unless Redis is known to be away: not connected, or a command timed out moments ago (a hung server
 * must not add a second to every request).
 */
function guardedCommands(client: Redis) {
  let pausedUntil = 0;
  return async function guarded<T>(run: () => Promise<T>): Promise<T> {
    if (client.status !== "ready") throw new StoreUnavailable(`not connected (${client.status})`);
    if (Date.now() < pausedUntil) throw new StoreUnavailable("a command timed out moments ago");
    try {
      return await run();
    } catch (error) {
      if (error instanceof Error && /timed out/i.test(error.message)) pausedUntil = Date.now() + PAUSE_AFTER_TIMEOUT_MS;
      throw error;
    }
  };
}

/** INCR, and PEXPIRE when the INCR made the counter: a fixed window from the first increment. */
const INCREMENT =
  "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n";

/**
 * The shared store on Redis 6.2+ or Valkey (ioredis), for several instances. Redis holds nothing readable:
 * - each key's name is an HMAC of the caller's name (under a key derived from the session secret), after `prefix`;
 * - each value, list element and message is AES-256-GCM encrypted under another derived key, with the hashed name as
 *   associated data, so a value copied to another key does not decrypt (and reads as absent);
 * - every key has a time to live.
 * Commands fail at once while disconnected (no offline queue) and after a timeout Redis is left alone for 5 s; the
 * client reconnects by itself. Messages arrive on a second connection; `listening()` says whether it is subscribed.
 *
 * @example
 * const store = createRedisStore({ url: "redis://127.0.0.1:6379", secret: serverEnv.SESSION_SECRET });
 * await store.set("greeting", Buffer.from("hello"), 60_000);
 */
export function createRedisStore(options: RedisStoreOptions): SharedStore {
  const prefix = options.prefix ?? "backroom:";
  const { name, seal, open } = redisSealing(options.secret, prefix);
  const onError = (error: Error) => options.onError?.(error);

  const client = new Redis(options.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 1_000,
    connectTimeout: 2_000,
    // Reconnect for ever, at most 2 s apart: Redis coming back is noticed within that.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  client.on("error", onError);
  // Subscribing waits for a connection rather than failing: it is done once, and again by ioredis on each reconnect.
  const subscriber = client.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  subscriber.on("error", onError);

  const guarded = guardedCommands(client);
  const channels = redisSubscriptions(subscriber, { open }, onError);

  return {
    kind: "redis",
    get: (keys) =>
      keys.length === 0
        ? Promise.resolve([])
        : guarded(async () => {
            const names = keys.map(name);
            const values = await client.mgetBuffer(...names);
            return values.map((value, i) => open(names[i]!, value));
          }),
    set: (key, value, ttlMs, { onlyIfAbsent = false } = {}) =>
      guarded(async () => {
        const slot = name(key);
        const ttl = Math.max(1, Math.ceil(ttlMs));
        const answer = onlyIfAbsent
          ? await client.set(slot, seal(slot, value), "PX", ttl, "NX")
          : await client.set(slot, seal(slot, value), "PX", ttl);
        return answer === "OK";
      }),
    delete: async (keys) => {
      if (keys.length === 0) return;
      await guarded(() => client.del(...keys.map(name)));
    },
    take: (key) =>
      guarded(async () => {
        const slot = name(key);
        return open(slot, await client.getdelBuffer(slot));
      }),
    increment: (key, ttlMs) =>
      guarded(async () => {
        // One round trip, atomic: the window's time to live is set by the increment that made the counter.
        const count = await client.eval(INCREMENT, 1, name(key), Math.max(1, Math.ceil(ttlMs)));
        return Number(count);
      }),
    push: (key, values, keep, ttlMs) =>
      guarded(async () => {
        if (values.length === 0) return;
        const slot = name(key);
        const results = await client
          .multi()
          .lpush(slot, ...values.map((value) => seal(slot, value)))
          .ltrim(slot, 0, Math.max(keep, 1) - 1)
          .pexpire(slot, Math.max(1, Math.ceil(ttlMs)))
          .exec();
        const failed = results?.find(([error]) => error);
        if (failed?.[0]) throw failed[0];
      }),
    list: (key) =>
      guarded(async () => {
        const slot = name(key);
        const values = await client.lrangeBuffer(slot, 0, -1);
        return values.map((value) => open(slot, value)).filter((value): value is Buffer => value !== undefined);
      }),
    publish: (channel, message) =>
      guarded(async () => {
        const slot = name(`channel\n${channel}`);
        await client.publish(slot, seal(slot, message));
      }),
    subscribe: (channel, listener) => channels.subscribe(name(`channel\n${channel}`), listener),
    listening: () => channels.listening(),
    async health() {
      if (client.status !== "ready") return "unavailable";
      try {
        await guarded(() => client.ping());
        return "ok";
      } catch {
        return "unavailable";
      }
    },
    async close() {
      channels.close();
      await Promise.all(
        [client, subscriber].map((connection) => connection.quit().catch(() => connection.disconnect())),
      );
    },
  };
}
