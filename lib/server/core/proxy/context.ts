import "server-only";
import type { Version } from "@/lib/data-api/operation";
import type { AnyOperation } from "@/lib/data-api/registry";
import type { Actor } from "../auth/actor";
import type { AuditTrail } from "../audit/audit-trail";
import type { LearnedOutcome, WriteRecord } from "../audit/write-audit";
import type { Environment } from "../env";
import type { CacheOutcome } from "../metrics";
import type { PurchasesV2Availability } from "../purchases-v2";
import type { RateLimitBook } from "../rate-limit-book";
import type { RequestSource } from "@/lib/session/request-log-view";
import type { RequestLog } from "../request-log";
import type { CacheLookup, CachedResponse, ResponseCache } from "../response-cache";
import type { ActiveKey } from "../session";

/**
 * What the stages of the proxy's pipeline (`index.ts`) share: the backend they are given, what each stage tells the
 * ones after it, and the proxy's own JSON answer. Each stage is a file beside this one, in the order they run:
 * actor (for Backroom's own in-process reads; a browser's request is resolved by its route, `defineRoute`), check,
 * role (with the audit record of a write, `audit.ts`), balance, cache, upstream, store.
 */

/** Where an environment's requests go: the real API's base and fetch, or the embedded sandbox's. */
export interface Upstream {
  v1Base: string;
  fetch: (request: Request) => Promise<Response>;
}

/** What the proxy tells about each request, for metrics and logs (`lib/backend.ts` wires it to prom-client and pino). */
export interface ProxyTelemetry {
  /** A request the Data API answered (its status), or did not (`unreachable`, `timeout`, `cancelled`), and how long it took. */
  upstream(operation: string, status: string, seconds: number): void;
  /** What the cache did for one request. */
  cache(outcome: CacheOutcome): void;
  /** One line per request the proxy answered; only these fields, never the key, the query or a body. */
  answered(line: {
    requestId: string;
    method: string;
    operation: string | null;
    status: number;
    durationMs: number;
    source: RequestSource | "unauthenticated";
    cache: CacheOutcome | null;
  }): void;
  /** Something went wrong on Backroom's side (the session store did not answer). */
  failed(what: string, error: unknown, requestId: string): void;
}

export interface ProxyDeps {
  /** Who is asking (`auth/actor.ts`): the person, their workspace and role, and the key they work with. */
  actors: { resolve(headers: Headers): Promise<Actor | undefined> };
  /** The response cache; none when PROXY_CACHE=off (every GET goes upstream). */
  cache?: ResponseCache;
  rateLimits: RateLimitBook;
  upstream: (environment: Environment, request: Request) => Upstream | Promise<Upstream>;
  timeoutMs: number;
  /**
   * How old a cached answer may be to be served, marked stale, when the API answers a GET with 429 or 5xx, too late or
   * not at all (`STALE_IF_ERROR_HOURS`, `stale.ts`); 0 or unset: never.
   */
  staleIfErrorMs?: number;
  now?: () => number;
  /** Where each answer given for a key is noted (the dashboard's request log); none in tests that do not look. */
  requestLog?: RequestLog;
  /** The audit trail: every write (and its refusal) recorded, and outcomes learned from reads. */
  audit?: AuditTrail;
  telemetry?: ProxyTelemetry;
  /** Told every read's upstream answer: a v2 purchase read answered 404/405/501 marks v2 missing (`purchases-v2.ts`). */
  purchasesV2?: Pick<PurchasesV2Availability, "noteAnswer">;
  /** Set when the requests are Backroom's own for the workspace (a follow-up's look, a watch, a report), not a person's: the request log says so. */
  askedBy?: "follow-up" | "watch" | "report" | "sync";
  /** Told of writes that await an outcome and of final outcomes reads learned (`follow-ups/`: looked after, people told). */
  outcomes?: OutcomeListener;
}

/** What the follow-ups hear from the proxy. */
export interface OutcomeListener {
  /** A recorded write was done for the workspace's key: its outcome may be worth following. */
  written(workspaceId: string, keyId: string, event: string): Promise<void>;
  /** A read brought these writes to their final outcome (each told once, on whichever instance learned it). */
  learned(outcomes: readonly LearnedOutcome[]): Promise<void>;
}

/** What the request log and the telemetry note of an answer besides its status, set by the stages as they go. */
export interface Trace {
  operation: string | null;
  source: RequestSource;
  cache: CacheOutcome | null;
}

/** Who is asking, with the key they work with: what the stages after the actor's are given. */
export type Asking = Actor & Required<Pick<Actor, "key" | "workspace" | "membership">>;

/** One request of a known key through the stages: the one object each stage is handed and adds to. */
export interface ProxyCall {
  request: Request;
  version: Version;
  /** The operation's path after `/api/{version}/`, one decoded segment each. */
  segments: readonly string[];
  deps: ProxyDeps;
  actor: Asking;
  requestId: string;
  trace: Trace;
}

/** A request the check has read: its operation, and the audit record of a write; what the stages after it are given. */
export interface Forwarding extends ProxyCall {
  key: ActiveKey;
  /** The workspace whose key it is. */
  workspaceId: string;
  operation: AnyOperation;
  /** The audit record of a write the trail keeps; undefined for every other operation. */
  write: WriteRecord | undefined;
}

/** What the cache holds for a GET, and what the browser holds (its If-None-Match): the cache stage's finding. */
export interface Copy {
  lookup: CacheLookup | undefined;
  cached: CachedResponse | undefined;
  browserEtag: string | null;
  /** How old a last-known answer this request accepts may be (ms). */
  staleAllowanceMs: number;
  /** The answer when the cached copy is fresh and the page did not ask for the API's current one. */
  fresh?: Response;
}

/** The backend's clock. */
export const now = (deps: Pick<ProxyDeps, "now">) => (deps.now ?? Date.now)();

/**
 * An answer of the proxy's own, in JSON, private and never stored.
 *
 * @example
 * answer(errorBody("Not found"), 404, { "X-Request-Id": requestId });
 */
export function answer(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store", ...headers },
  });
}
