import "server-only";
import type { SharedStore } from "./shared-store";

/**
 * A shared store that falls back to a local one while the shared one fails: for what is worth keeping per instance
 * rather than losing (the rate-limit figures, the request log) when Redis is away. Reads and writes go to `shared`
 * while it answers; a failure sends that one call to `local` and tells `onFallback`. Messages are the shared store's.
 * Not for the response cache: an instance caching on its own would miss the others' invalidations.
 *
 * @example
 * const figures = withLocalFallback(redisStore, createMemoryStore({ maxBytes: 4 * 1024 * 1024 }), (e) => log.warn(e));
 */
export function withLocalFallback(
  shared: SharedStore,
  local: SharedStore,
  onFallback: (error: unknown) => void = () => {},
): SharedStore {
  async function either<T>(run: (store: SharedStore) => Promise<T>): Promise<T> {
    try {
      return await run(shared);
    } catch (error) {
      onFallback(error);
      return run(local);
    }
  }
  return {
    kind: shared.kind,
    get: (keys) => either((store) => store.get(keys)),
    set: (key, value, ttlMs, options) => either((store) => store.set(key, value, ttlMs, options)),
    delete: (keys) => either((store) => store.delete(keys)),
    take: (key) => either((store) => store.take(key)),
    increment: (key, ttlMs) => either((store) => store.increment(key, ttlMs)),
    push: (key, values, keep, ttlMs) => either((store) => store.push(key, values, keep, ttlMs)),
    list: (key) => either((store) => store.list(key)),
    publish: (channel, message) => shared.publish(channel, message),
    subscribe: (channel, listener) => shared.subscribe(channel, listener),
    listening: () => shared.listening(),
    health: () => shared.health(),
    close: async () => {
      await Promise.all([shared.close(), local.close()]);
    },
  };
}
