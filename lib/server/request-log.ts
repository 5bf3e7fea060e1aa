import "server-only";

/**
 * How the proxy answered a request:
 * - `upstream`: the Data API was called (its answer, or the proxy's 502/504/499 when it gave none);
 * - `cache`: served fresh from the response cache, no upstream call;
 * - `revalidated`: the API answered 304 to our ETag and the cached body was served;
 * - `refused`: answered by the proxy itself before anything went upstream (404, 405, 400, 413, 415).
 */
export type RequestSource = "upstream" | "cache" | "revalidated" | "refused";

/** One request as the request log keeps it: what support needs to find it, never the key or a body. */
export interface RequestLogEntry {
  /** When the request reached the proxy, ISO 8601 UTC (`Date.prototype.toISOString`). */
  at: string;
  method: string;
  /** `/api/{version}/...` with the path's values filled, plus the query string as the browser sent it; at most 500 characters. */
  path: string;
  /** The registry operation's id, or null when the path or method matched none. */
  operation: string | null;
  status: number;
  /** From the request reaching the proxy to its Response (for a streamed body: to the headers); ms, 1 decimal. */
  durationMs: number;
  /** The X-Request-Id the browser got back. */
  requestId: string;
  source: RequestSource;
}

/** A logged request with the id of the ring entry whose key made it. */
export type LoggedRequest = RequestLogEntry & { keyId: string };

/** Entries kept per key; the oldest go first. */
export const MAX_ENTRIES_PER_KEY = 200;
/** Keys kept; the key written to least recently goes first. */
export const MAX_KEYS = 2_000;
/** Longer paths are cut to this many characters. */
export const MAX_PATH_CHARS = 500;

/**
 * The recent requests per stored key (by its ring entry's id, stable across session-id rotation, never the key),
 * kept in memory: a view for the dashboard and for support, bounded per key and in keys, lost on restart and not
 * shared between instances.
 *
 * @example
 * const log = createRequestLog();
 * log.record(key.id, { at: new Date().toISOString(), method: "GET", path: "/api/v1/states", operation: "listStates", status: 200, durationMs: 12.3, requestId: "abc", source: "upstream" });
 * log.recent([key.id], 50); // newest first, each with its keyId
 */
export function createRequestLog() {
  // Oldest entry first within a key; the Map's order is the order keys were last written (least recent first).
  // `seq` counts every record, to order requests made at the same millisecond.
  const entries = new Map<string, { entry: RequestLogEntry; seq: number }[]>();
  let seq = 0;
  return {
    /** Notes one answered request of a key. */
    record(keyId: string, entry: RequestLogEntry): void {
      const list = entries.get(keyId) ?? [];
      entries.delete(keyId);
      entries.set(keyId, list);
      list.push({ entry: { ...entry, path: entry.path.slice(0, MAX_PATH_CHARS) }, seq: seq++ });
      if (list.length > MAX_ENTRIES_PER_KEY) list.splice(0, list.length - MAX_ENTRIES_PER_KEY);
      if (entries.size > MAX_KEYS) entries.delete(entries.keys().next().value!);
    },
    /** The latest `limit` requests of these keys together, newest first (by `at`, then by when they were recorded). */
    recent(keyIds: readonly string[], limit = MAX_ENTRIES_PER_KEY): LoggedRequest[] {
      const merged: { request: LoggedRequest; time: number; seq: number }[] = [];
      for (const keyId of new Set(keyIds)) {
        for (const { entry, seq: order } of entries.get(keyId) ?? []) merged.push({ request: { ...entry, keyId }, time: Date.parse(entry.at), seq: order });
      }
      merged.sort((a, b) => b.time - a.time || b.seq - a.seq);
      return merged.slice(0, Math.max(0, limit)).map((m) => m.request);
    },
    /** Drops every entry of a key (sign-out, key removed). */
    forget: (keyId: string): void => void entries.delete(keyId),
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
