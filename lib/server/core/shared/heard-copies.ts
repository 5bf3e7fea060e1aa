import "server-only";
import { randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { SharedStore } from "./shared-store";

/** The longest a copy is kept while the other instances are heard, whatever happens. */
export const HEARD_TTL_MS = 30_000;

export interface HeardCopiesOptions<V> {
  /** How many copies at most. Default 10,000. */
  max?: number;
  /** Or a bound in bytes, with the size of each copy. */
  maxBytes?: number;
  sizeOf?: (value: V, key: string) => number;
  /**
   * How long a copy may live while the other instances cannot be heard (no Redis, or Redis away); by default none is
   * kept then.
   */
  unheardTtlMs?: number;
  /** The clock of the copies' lifetimes (tests move it). */
  now?: () => number;
}

/** In-process copies of values whose truth is elsewhere (the database, Redis), kept true across instances. */
export interface HeardCopies<V> {
  /**
   * The values of `keys`: the copies held, and what `read` answers for the others (in order), which are kept unless a
   * change to the key was heard while they were read. `undefined` is never kept.
   */
  through(
    keys: readonly string[],
    read: (missing: readonly string[]) => Promise<(V | undefined)[]>,
  ): Promise<(V | undefined)[]>;
  /**
   * The keys changed at their source, through this instance: the copies here are dropped (or replaced by `own`, what
   * this instance wrote), and every other instance is told to drop its copies.
   */
  changed(keys: readonly string[], own?: V): Promise<void>;
  /** Drops this instance's copies of `keys`, telling no one (what they hold is unknown here). */
  drop(keys: readonly string[]): void;
}

/**
 * Copies of values read from a slower source, kept in this process as long as they cannot have gone out of date
 * unnoticed: one mechanism for who is asking (auth/actor.ts: sessions, memberships, workspaces and their keys) and the copies of Redis values
 * (near-cache.ts).
 * - A change made through any instance is published on `channel`; every other instance drops its copies of those keys
 *   when the message arrives (milliseconds).
 * - A read that a change to its key overlapped is not kept (it may have read the value from before the change).
 * - While the other instances are heard (Redis, subscribed), a copy lives 30 s at most; a gap in listening voids every
 *   copy made before it (messages sent during the gap never arrived).
 * - While they are not (the memory store, or Redis away), copies live `unheardTtlMs`, or are not kept at all.
 *
 * @example
 * const copies = createHeardCopies<ActiveKey>(redisStore, "sessions-revoked", { unheardTtlMs: 1_000 });
 * const [key] = await copies.through([idHash], async () => [await store.activeKey(sessionId)]);
 * await copies.changed([idHash]); // after a sign-out
 */
export function createHeardCopies<V>(
  shared: SharedStore,
  channel: string,
  options: HeardCopiesOptions<V> = {},
): HeardCopies<V> {
  const copies = new LRUCache<string, { value: V; period: number }>({
    ...(options.maxBytes
      ? { maxSize: options.maxBytes, sizeCalculation: (copy, key) => options.sizeOf?.(copy.value, key) ?? 1 }
      : { max: options.max ?? 10_000 }),
    ttl: HEARD_TTL_MS,
    // The clock is read at each look-up (lru-cache otherwise reuses a reading for up to a millisecond).
    ttlResolution: 0,
    ...(options.now ? { perf: { now: options.now } } : {}),
  });
  const self = randomUUID();
  // Which change last named each key, by a running count. Ten seconds covers any read: an older change can no longer
  // overlap one.
  let changes = 0;
  const lastChanged = new LRUCache<string, number>({ max: 10_000, ttl: 10_000 });
  function mark(keys: readonly string[]): void {
    changes++;
    for (const key of keys) {
      copies.delete(key);
      lastChanged.set(key, changes);
    }
  }
  shared.subscribe(channel, (message) => {
    const [from, ...keys] = JSON.parse(message) as string[];
    if (from !== self) mark(keys);
  });

  /** The listening period copies made now belong to, and how long they may live; undefined: keep none. */
  function period(): { id: number; ttlMs: number } | undefined {
    const listening = shared.listening();
    if (shared.kind === "redis" && listening.live) return { id: listening.epoch, ttlMs: HEARD_TTL_MS };
    return options.unheardTtlMs ? { id: -1, ttlMs: options.unheardTtlMs } : undefined;
  }

  return {
    async through(keys, read) {
      const now = period();
      if (!now) return read(keys);
      const held = keys.map((key) => {
        const copy = copies.get(key);
        return copy?.period === now.id ? copy : undefined;
      });
      const missing = keys.filter((_, i) => !held[i]);
      if (missing.length === 0) return held.map((copy) => copy!.value);
      const before = changes;
      const values = await read(missing);
      const fetched = new Map(missing.map((key, i) => [key, values[i]]));
      if (period()?.id === now.id) {
        for (const [key, value] of fetched) {
          if (value !== undefined && (lastChanged.get(key) ?? 0) <= before)
            copies.set(key, { value, period: now.id }, { ttl: now.ttlMs });
        }
      }
      return keys.map((key, i) => (held[i] ? held[i].value : fetched.get(key)));
    },
    async changed(keys, own) {
      mark(keys);
      const now = period();
      if (own !== undefined && now)
        for (const key of keys) copies.set(key, { value: own, period: now.id }, { ttl: now.ttlMs });
      // Another instance that misses this keeps its copy at most HEARD_TTL_MS; the change itself is at the source.
      await shared.publish(channel, JSON.stringify([self, ...keys])).catch(() => undefined);
    },
    drop: mark,
  };
}
