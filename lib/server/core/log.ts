import "server-only";
import { LRUCache } from "lru-cache";
import pino, { type Logger } from "pino";
import { serverEnv } from "./env";

export type { Logger };

const holder = globalThis as typeof globalThis & { backroomLog?: Logger };

/**
 * The process's logger: one JSON line per event on stdout (pino), at `LOG_LEVEL`, each with `time` (ISO), `level`
 * (a word), `instance` (INSTANCE_ID) and `msg`. Lines name operations, statuses, durations and request ids; never a key,
 * a cookie, a query value or a document link (callers pass only such fields: nothing here copies a request whole).
 *
 * @example
 * log().info({ requestId, operation: "listInvoices", status: 200, durationMs: 41.2, cache: "miss" }, "proxy");
 * // {"level":"info","time":"2026-11-22T10:00:00.000Z","instance":"web-1","requestId":"...","operation":"listInvoices",...,"msg":"proxy"}
 */
export function log(): Logger {
  holder.backroomLog ??= pino(
    {
      level: serverEnv.LOG_LEVEL,
      base: { instance: serverEnv.INSTANCE_ID },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Written asynchronously, several lines per write: a synchronous write per request cost a tenth of a cached
    // answer's time. The backend flushes it at shutdown; pino flushes it when the process exits.
    pino.destination({ dest: 1, sync: false }),
  );
  return holder.backroomLog;
}

/**
 * A warning logged at most once per `everyMs` for the same `what`: a Redis outage fails every request, and one line
 * every half minute says so as well as thousands would.
 *
 * @example
 * const warnCache = throttledWarning("shared store unavailable");
 * warnCache(error);
 */
export function throttledWarning(what: string, everyMs = 30_000): (error: unknown) => void {
  let last = 0;
  let missed = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < everyMs) {
      missed++;
      return;
    }
    log().warn({ error: error instanceof Error ? error.message : String(error), alsoSince: missed }, what);
    last = now;
    missed = 0;
  };
}

// Digests of errors already logged: Next reports one failed render once per segment it fails in.
const logged = new LRUCache<string, true>({ max: 1_000, ttl: 10_000 });

/**
 * One line for an error a page or route handler threw (Next's `onRequestError`), once per digest: the method, the path
 * without its query, the route, the kind of render and the message.
 *
 * @example
 * logServerError(error, request, context); // {"level":"error",...,"path":"/invoices","route":"/invoices","kind":"render","digest":"2986463415","error":"connect ECONNREFUSED ...","msg":"server error"}
 */
export function logServerError(
  error: unknown,
  request: { method: string; path: string },
  context: { routePath: string; routeType: string },
): void {
  const { message, digest } =
    error instanceof Error ? (error as Error & { digest?: string }) : { message: String(error), digest: undefined };
  if (digest !== undefined) {
    if (logged.has(digest)) return;
    logged.set(digest, true);
  }
  log().error(
    {
      method: request.method,
      path: request.path.split("?")[0],
      route: context.routePath,
      kind: context.routeType,
      digest,
      error: message,
    },
    "server error",
  );
}
