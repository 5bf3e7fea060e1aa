import "server-only";
import type { Redis } from "ioredis";
import type { RedisSealing } from "./redis-sealing";

/** The Redis store's channels: who listens to each, and whether every one is subscribed. */
export interface RedisSubscriptions {
  /** Adds a listener to a channel (its hashed name); subscribes it on the connection. */
  subscribe(slot: string, listener: (message: string) => void): void;
  /** Whether every channel is subscribed now, and how many times that has become so. */
  listening(): { live: boolean; epoch: number };
  /** No longer live (the connection is closing). */
  close(): void;
}

/**
 * The channels on the subscriber connection: subscribed again on each reconnect, `live` only once every channel is
 * subscribed on a connection, and each message opened (one not sealed for its channel is dropped).
 *
 * @example
 * const channels = redisSubscriptions(subscriber, sealing, onError);
 * channels.subscribe(sealing.name("channel\nsessions"), (message) => forget(message));
 */
export function redisSubscriptions(
  subscriber: Redis,
  sealing: Pick<RedisSealing, "open">,
  onError: (error: Error) => void,
): RedisSubscriptions {
  // Channel name (hashed) -> listeners.
  const listeners = new Map<string, ((message: string) => void)[]>();
  let live = false;
  let epoch = 0;
  async function subscribeAll(): Promise<void> {
    if (listeners.size === 0) return;
    await subscriber.subscribe(...listeners.keys());
    if (subscriber.status === "ready") {
      if (!live) epoch++;
      live = true;
    }
  }
  subscriber.on("ready", () => void subscribeAll().catch(onError));
  for (const event of ["close", "reconnecting", "end"]) subscriber.on(event, () => void (live = false));
  subscriber.on("messageBuffer", (channel: Buffer, message: Buffer) => {
    const slot = channel.toString();
    const plain = sealing.open(slot, message);
    if (plain === undefined) return;
    for (const listener of listeners.get(slot) ?? []) listener(plain.toString());
  });
  return {
    subscribe(slot, listener) {
      listeners.set(slot, [...(listeners.get(slot) ?? []), listener]);
      // Not live until this channel too is subscribed.
      live = false;
      void subscribeAll().catch(onError);
    },
    listening: () => ({ live, epoch }),
    close: () => void (live = false),
  };
}
