import "server-only";
import { randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { SharedStore } from "./shared-store";

/** The channel on which instances say which keys they wrote, so the others drop their copies. */
export const WRITTEN_CHANNEL = "near-cache-written";
/** The longest a copy is kept without reading Redis again, whatever happens. */
export const NEAR_TTL_MS = 30_000;

interface Copy {
  /** The value, or null when the key held nothing (an absence is worth keeping too). */
  value: Buffer | null;
  /** The listening period the copy was made in: a gap in listening voids it. */
  epoch: number;
}

/**
 * A shared store that keeps, in this process, a copy of each value it reads or writes, so that a value read again
 * costs no Redis round trip (the round trip was half of a cached answer's time: docs/benchmarks.md). Copies stay true:
 * - every `set` and `delete` goes to Redis first, then is published; every other instance drops its copy of those
 *   keys when the message arrives, this one keeps what it wrote;
 * - copies are used only while the store is listening, a gap in listening voids them (messages may have been missed),
 *   and a read that overlapped a message is not kept;
 * - a copy lives 30 s at most, and the copies are bounded in bytes (least recently used go first).
 * Lists are not copied. Over a memory store (one process) there is nothing to save: it is answered as it is.
 *
 * @example
 * const cacheStore = withNearCache(redisStore, { maxBytes: 16 * 1024 * 1024 });
 */
export function withNearCache(shared: SharedStore, options: { maxBytes?: number } = {}): SharedStore {
  if (shared.kind === "memory") return shared;
  const copies = new LRUCache<string, Copy>({
    maxSize: options.maxBytes ?? 16 * 1024 * 1024,
    sizeCalculation: (copy, key) => (copy.value?.byteLength ?? 0) + key.length + 64,
    ttl: NEAR_TTL_MS,
  });
  const self = randomUUID();
  // Which message last named each key, by a running count: a read that a message for its key overlapped is not kept.
  // Ten seconds covers any read; an older message can no longer overlap one.
  let heard = 0;
  const lastHeard = new LRUCache<string, number>({ max: 10_000, ttl: 10_000 });
  shared.subscribe(WRITTEN_CHANNEL, (message) => {
    const [from, ...keys] = JSON.parse(message) as string[];
    if (from === self) return;
    heard++;
    for (const key of keys) {
      copies.delete(key);
      lastHeard.set(key, heard);
    }
  });

  function keep(key: string, value: Buffer | null, epoch: number): void {
    // An entry too large for the budget is simply not kept.
    if ((value?.byteLength ?? 0) + key.length + 64 <= (options.maxBytes ?? 16 * 1024 * 1024)) copies.set(key, { value: value && Buffer.from(value), epoch });
  }

  async function written(keys: readonly string[], value?: Buffer): Promise<void> {
    const { live, epoch } = shared.listening();
    for (const key of keys) {
      if (live && value !== undefined) keep(key, value, epoch);
      else copies.delete(key);
    }
    // Another instance that misses this keeps its copy at most NEAR_TTL_MS; the value itself is in Redis.
    await shared.publish(WRITTEN_CHANNEL, JSON.stringify([self, ...keys])).catch(() => undefined);
  }

  return {
    ...shared,
    async get(keys) {
      const { live, epoch } = shared.listening();
      if (!live) return shared.get(keys);
      const found = keys.map((key) => copies.get(key));
      const missing = keys.filter((_, i) => found[i]?.epoch !== epoch);
      if (missing.length === 0) return found.map((copy) => copy!.value ?? undefined);
      const before = heard;
      const fetched = await shared.get(missing);
      const after = shared.listening();
      const byKey = new Map(missing.map((key, i) => [key, fetched[i]]));
      if (after.live && after.epoch === epoch) {
        for (const [key, value] of byKey) if ((lastHeard.get(key) ?? 0) <= before) keep(key, value ?? null, epoch);
      }
      return keys.map((key, i) => (byKey.has(key) ? byKey.get(key) : (found[i]!.value ?? undefined)));
    },
    async set(key, value, ttlMs, options) {
      const stored = await shared.set(key, value, ttlMs, options);
      // Not written (the key held something already): what it holds is unknown here, so no copy.
      if (stored) await written([key], value);
      else copies.delete(key);
      return stored;
    },
    async delete(keys) {
      await shared.delete(keys);
      await written(keys);
    },
  };
}
