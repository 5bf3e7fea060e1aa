import "server-only";
import { createHeardCopies } from "./heard-copies";
import type { SharedStore } from "./shared-store";

/** The channel on which instances say which keys they wrote, so the others drop their copies. */
export const WRITTEN_CHANNEL = "near-cache-written";

/**
 * A shared store that keeps, in this process, a copy of each value it reads or writes, so that a value read again
 * costs no Redis round trip (the round trip was half of a cached answer's time: docs/benchmarks.md). Every `set` and
 * `delete` goes to Redis first, then is published, and the other instances drop their copies (heard-copies.ts says how
 * the copies stay true). An absent key is kept too, as absent. Lists are not copied. Over a memory store (one
 * process) there is nothing to save: it is answered as it is.
 *
 * @example
 * const cacheStore = withNearCache(redisStore, { maxBytes: 16 * 1024 * 1024 });
 */
export function withNearCache(shared: SharedStore, options: { maxBytes?: number } = {}): SharedStore {
  if (shared.kind === "memory") return shared;
  // null: the key held nothing. A copy larger than the whole budget is not kept (lru-cache's maxEntrySize).
  const copies = createHeardCopies<Buffer | null>(shared, WRITTEN_CHANNEL, {
    maxBytes: options.maxBytes ?? 16 * 1024 * 1024,
    sizeOf: (value, key) => (value?.byteLength ?? 0) + key.length + 64,
  });
  return {
    ...shared,
    async get(keys) {
      const values = await copies.through(keys, async (missing) =>
        (await shared.get(missing)).map((value) => value ?? null),
      );
      return values.map((value) => value ?? undefined);
    },
    async set(key, value, ttlMs, options) {
      const stored = await shared.set(key, value, ttlMs, options);
      // Not written (the key held something already): what it holds is unknown here.
      if (stored) await copies.changed([key], Buffer.from(value));
      else copies.drop([key]);
      return stored;
    },
    async delete(keys) {
      await shared.delete(keys);
      await copies.changed(keys);
    },
  };
}
