import "server-only";
import type { LoggedRequest, RequestLogEntry } from "@/lib/session/request-log-view";
import type { SharedStore } from "./shared/shared-store";

/** Entries kept per key; the oldest go first. */
export const MAX_ENTRIES_PER_KEY = 200;
/** Longer paths are cut to this many characters. */
export const MAX_PATH_CHARS = 500;
/** A key's log is kept this long after its last request (a session idle this long has ended anyway). */
export const KEEP_MS = 24 * 60 * 60 * 1000;

/** The dashboard's log of recent requests per stored key. */
export interface RequestLog {
  /** Notes one answered request of a key. Written to the store within `flushEveryMs`, in one command per key. */
  record(keyId: string, entry: RequestLogEntry): void;
  /** The latest `limit` requests of these keys together, newest first (by `at`, then by when they were recorded). */
  recent(keyIds: readonly string[], limit?: number): Promise<LoggedRequest[]>;
  /** Drops every entry of a key (sign-out, key removed). */
  forget(keyId: string): Promise<void>;
  /** Writes what is noted and not yet stored (at shutdown; `recent` does it first too). */
  flush(): Promise<void>;
}

export interface RequestLogOptions {
  /** How long noted entries wait, to be written with the others of their key in one command. Default 50 ms. */
  flushEveryMs?: number;
  /** Told when the store fails a write (those entries are lost). */
  onError?: (error: unknown) => void;
}

const nameOf = (keyId: string) => `requests\n${keyId}`;

/**
 * The recent requests per stored key (by the workspace key's id, never the key), in a
 * shared store: with Redis every instance writes to and reads the same log; in memory it is the process's own. The
 * last 200 per key, for a day after the key's last request, and within the store's own bound.
 *
 * Noting a request costs nothing on its way out: entries wait up to 50 ms and go to the store together, one command
 * per key (a Redis round trip per request was a fifth of a cached answer's time). A read on this instance writes what
 * waits first, so it sees its own requests; another instance's may be 50 ms behind.
 *
 * @example
 * const log = createRequestLog(createMemoryStore());
 * log.record(key.id, { at: new Date().toISOString(), method: "GET", path: "/api/v1/states", operation: "listStates", status: 200, durationMs: 12.3, requestId: "abc", source: "upstream" });
 * await log.recent([key.id], 50); // newest first, each with its keyId
 */
export function createRequestLog(store: SharedStore, options: RequestLogOptions = {}): RequestLog {
  const { flushEveryMs = 50, onError = () => {} } = options;
  // Oldest first per key, waiting to be written.
  let waiting = new Map<string, Buffer[]>();
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = new Map();
    await Promise.all(
      [...batch].map(([keyId, values]) =>
        store.push(nameOf(keyId), values.slice(-MAX_ENTRIES_PER_KEY), MAX_ENTRIES_PER_KEY, KEEP_MS).catch(onError),
      ),
    );
  }

  return {
    record(keyId, entry) {
      const kept: RequestLogEntry = { ...entry, path: entry.path.slice(0, MAX_PATH_CHARS) };
      const list = waiting.get(keyId) ?? [];
      list.push(Buffer.from(JSON.stringify(kept)));
      waiting.set(keyId, list);
      timer ??= setTimeout(() => void flush(), flushEveryMs).unref();
    },
    async recent(keyIds, limit = MAX_ENTRIES_PER_KEY) {
      await flush();
      const merged: { request: LoggedRequest; time: number; order: number }[] = [];
      for (const keyId of new Set(keyIds)) {
        const values = await store.list(nameOf(keyId));
        // A list is newest first: a larger order is a later record.
        values.forEach((value, i) => {
          const entry = JSON.parse(value.toString()) as RequestLogEntry;
          merged.push({ request: { ...entry, keyId }, time: Date.parse(entry.at), order: values.length - i });
        });
      }
      merged.sort((a, b) => b.time - a.time || b.order - a.order);
      return merged.slice(0, Math.max(0, limit)).map((m) => m.request);
    },
    async forget(keyId) {
      waiting.delete(keyId);
      await store.delete([nameOf(keyId)]);
    },
    flush,
  };
}
