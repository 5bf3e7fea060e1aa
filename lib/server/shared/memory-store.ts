import "server-only";
import { EventEmitter } from "node:events";
import { LRUCache } from "lru-cache";
import type { SharedStore } from "./shared-store";

/** A value or a list, as the memory store keeps it. */
type Slot = Buffer | Buffer[];

/** Bytes a slot is charged beyond its values: the key's text and the bookkeeping around it. */
const SLOT_OVERHEAD_BYTES = 64;

function sizeOf(slot: Slot, key: string): number {
  const values = Array.isArray(slot) ? slot.reduce((n, value) => n + value.byteLength, 0) : slot.byteLength;
  return values + key.length + SLOT_OVERHEAD_BYTES;
}

/**
 * The shared store of one process: an LRU (lru-cache) bounded in bytes, each entry with its time to live, and messages
 * delivered in-process. What one instance holds here no other instance sees: the profile of a single instance.
 *
 * @example
 * const store = createMemoryStore({ maxBytes: 32 * 1024 * 1024 });
 * await store.set("greeting", Buffer.from("hello"), 60_000);
 */
export function createMemoryStore(options: { maxBytes?: number } = {}): SharedStore {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  // The key is passed to sizeCalculation, so a long key (a URL) is charged as it should be.
  const slots = new LRUCache<string, Slot>({ maxSize: maxBytes, sizeCalculation: sizeOf, ttlAutopurge: false });
  const messages = new EventEmitter();
  messages.setMaxListeners(0);

  return {
    kind: "memory",
    get: async (keys) => keys.map((key) => {
      const slot = slots.get(key);
      return slot === undefined || Array.isArray(slot) ? undefined : slot;
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
    async push(key, value, keep, ttlMs) {
      const current = slots.get(key);
      const list = [Buffer.from(value), ...(Array.isArray(current) ? current : [])].slice(0, Math.max(keep, 0));
      // A new array each time: lru-cache charges an entry's size when it is set.
      slots.set(key, list, { ttl: ttlMs });
    },
    list: async (key) => {
      const slot = slots.get(key);
      return Array.isArray(slot) ? [...slot] : [];
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
