/**
 * The request log as the server keeps it and the Requests page reads it (`GET /api/session/requests`): one shape for
 * both sides. The server's log (lib/server/core/request-log.ts) writes these entries; its route adds each key's label and
 * environment; components/requests/request-log.tsx draws them.
 */
import type { SessionKey } from "./session-view";

/**
 * How the proxy answered a request:
 * - `upstream`: the Data API was called (its answer, or the proxy's 502/504/499 when it gave none);
 * - `cache`: served fresh from the response cache, no upstream call;
 * - `revalidated`: the API answered 304 to our ETag and the cached body was served;
 * - `refused`: answered by the proxy itself before anything went upstream (404, 405, 400, 413, 415).
 */
export type RequestSource = "upstream" | "cache" | "revalidated" | "stale" | "refused";

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
  /** Made by Backroom for the workspace, not by a person's page: a write's follow-up (`lib/server/follow-ups/`). */
  by?: "follow-up" | "watch" | "report" | "sync";
  /** The shared demo's visitor whose page made it: each visitor lists only theirs. Kept on the server, never answered. */
  visitor?: string;
}

/** A logged request with the id of the workspace key that made it. */
export type LoggedRequest = RequestLogEntry & { keyId: string };

/** One request as the dashboard's request log shows it: the log's entry, and which key of the workspace made it. */
export type RequestLogRow = LoggedRequest & { label: string; environment: SessionKey["environment"] };

/** The body of `GET /api/session/requests`. */
export interface RequestLogJson {
  requests: RequestLogRow[];
}
