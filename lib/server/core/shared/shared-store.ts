import "server-only";

/**
 * What Backroom's instances share besides the database: short-lived values with a time to live (the response cache,
 * the last rate-limit figures), capped lists (the request log), and messages to every instance (a session revoked).
 *
 * Two implementations answer it: `createMemoryStore` (one process, bounded in bytes; the embedded default) and
 * `createRedisStore` (every instance on one Redis; key names hashed and values encrypted there, so Redis holds nothing
 * readable). Callers name keys in clear and never see the difference. Every method may reject when the store is
 * unavailable (Redis down); callers decide what that means for them.
 */
export interface SharedStore {
  readonly kind: "memory" | "redis";
  /** The values of these keys, in order; undefined where a key is absent or expired. */
  get(keys: readonly string[]): Promise<(Buffer | undefined)[]>;
  /**
   * Sets a key for `ttlMs`. With `onlyIfAbsent`, only when it holds nothing; answers whether the value was written.
   */
  set(key: string, value: Buffer, ttlMs: number, options?: { onlyIfAbsent?: boolean }): Promise<boolean>;
  delete(keys: readonly string[]): Promise<void>;
  /** A key's value, deleted as it is read (at most one caller gets it); undefined when absent. */
  take(key: string): Promise<Buffer | undefined>;
  /**
   * Adds one to a counter and answers its new value; an absent counter starts at 1 and lives `ttlMs` from then (later
   * increments never extend it: a fixed window). Counters are numbers, not encrypted: what they count is in their name.
   */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Adds `values` (oldest first) at the head of a list, keeps its `keep` newest values, and gives it `ttlMs` more to live. */
  push(key: string, values: readonly Buffer[], keep: number, ttlMs: number): Promise<void>;
  /** A list's values, newest first; empty when there is none. */
  list(key: string): Promise<Buffer[]>;
  /** Sends `message` to every subscriber of `channel` on every instance sharing the store, this one included. */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `listener` with each message published on `channel` from now on. */
  subscribe(channel: string, listener: (message: string) => void): void;
  /**
   * Whether a message published now by any instance will reach this one's subscribers, and since when: `epoch` changes
   * each time listening starts again after a gap (a reconnect), in which messages may have been missed.
   */
  listening(): { live: boolean; epoch: number };
  /** "ok", or "unavailable" when the store does not answer a ping within a moment. */
  health(): Promise<"ok" | "unavailable">;
  /** Ends the store's connections (Redis); the memory store only stops listening. */
  close(): Promise<void>;
}
