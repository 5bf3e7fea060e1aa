import "server-only";
import { EventEmitter } from "node:events";
import { LRUCache } from "lru-cache";
import type { SharedStore } from "./shared-store";

/** A list, newest first, with the bytes of its values kept as it changes (a push costs no walk over the list). */
interface List {
  values: Buffer[];
  bytes: number;
}

/** A value or a list, as the memory store keeps it. */
type Slot = Buffer | List;

/** Bytes a slot is charged beyond its values: the key's text and the bookkeeping around it. */
const SLOT_OVERHEAD_BYTES = 64;

const sizeOf = (slot: Slot, key: string) =>
  (Buffer.isBuffer(slot) ? slot.byteLength : slot.bytes) + key.length + SLOT_OVERHEAD_BYTES;

/**
 * The shared store of one process: an LRU (lru-cache) bounded in bytes, each entry with its time to live, and messages
 * delivered in-process. What one instance holds here no other instance sees: the profile of a single instance.
 *
 * @example
 * const store = createMemoryStore({ maxBytes: 32 * 1024 * 1024 });
 * await store.set("greeting", Buffer.from("hello"), 60_000);
 */
export function createMemoryStore(
  options: {
    maxBytes?: number;
    /** The clock its times to live run on: a test's simulated one (the process's own by default). */
    now?: () => number;
  } = {},
): SharedStore {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  // The key is passed to sizeCalculation, so a long key (a URL) is charged as it should be.
  const slots = new LRUCache<string, Slot>({
    maxSize: maxBytes,
    sizeCalculation: sizeOf,
    ttlAutopurge: false,
    ...(options.now ? { perf: { now: options.now } } : {}),
  });
  const messages = new EventEmitter();
  messages.setMaxListeners(0);

  return {
    kind: "memory",
    get: async (keys) =>
      keys.map((key) => {
        const slot = slots.get(key);
        return Buffer.isBuffer(slot) ? slot : undefined;
      }),
    async set(key, value, ttlMs, { onlyIfAbsent = false } = {}) {
      if (onlyIfAbsent && slots.has(key)) return false;
      if (sizeOf(value, key) > maxBytes) return false;
      slots.set(key, Buffer.from(value), { ttl: ttlMs });
      return true;
    },
    async delete(keys) {
      for (const key of keys) slots.delete(key);
    },
    async take(key) {
      const slot = slots.get(key);
      slots.delete(key);
      return Buffer.isBuffer(slot) ? slot : undefined;
    },
    async increment(key, ttlMs) {
      const slot = slots.get(key);
      const count = (Buffer.isBuffer(slot) ? Number(slot.toString()) || 0 : 0) + 1;
      // The window runs from the counter's first increment: later ones keep its time to live.
      const ttl = count === 1 ? ttlMs : Math.max(1, slots.getRemainingTTL(key));
      slots.set(key, Buffer.from(String(count)), { ttl });
      return count;
    },
    async push(key, values, keep, ttlMs) {
      const current = slots.get(key);
      const list: List = current && !Buffer.isBuffer(current) ? current : { values: [], bytes: 0 };
      for (const value of values) {
        list.values.unshift(Buffer.from(value));
        list.bytes += value.byteLength;
      }
      while (list.values.length > Math.max(keep, 1)) list.bytes -= list.values.pop()!.byteLength;
      // Set again as a new slot (lru-cache recounts the size only of a different value), with its new time to live.
      slots.set(key, { values: list.values, bytes: list.bytes }, { ttl: ttlMs });
    },
    list: async (key) => {
      const slot = slots.get(key);
      return slot && !Buffer.isBuffer(slot) ? [...slot.values] : [];
    },
    async publish(channel, message) {
      messages.emit(channel, message);
    },
    subscribe(channel, listener) {
      messages.on(channel, listener);
    },
    listening: () => ({ live: true, epoch: 0 }),
    health: async () => "ok",
    async close() {
      messages.removeAllListeners();
    },
  };
}
