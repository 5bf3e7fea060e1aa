import "server-only";
import type { Kysely } from "kysely";
import { type AuditTrail, createAuditTrail } from "./audit/audit-trail";
import { type ConnectThrottleOptions, createConnectThrottle } from "./connect-throttle";
import { migrate } from "./db/migrations";
import { openDatabase } from "./db/open";
import type { BackroomDatabase } from "./db/schema";
import type { Environment } from "./env";
import type { ProxyDeps } from "./proxy";
import { createRateLimitBook } from "./rate-limit-book";
import { createResponseCache } from "./response-cache";
import { createSessionStore, type KeyType } from "./session";
import type { SessionDeps } from "./session-api";
import { createMemoryStore } from "./shared/memory-store";

/**
 * Test helpers for the proxy and the session endpoints: a backend over an in-memory store and a recorded upstream,
 * and requests shaped as Backroom's own pages send them. Used by the `*.test.ts` files beside it, and by the team
 * benchmark (`scripts/bench-team.ts`), which replays a team's hour through the proxy on its clock.
 */

/** Where the browser reaches Backroom in these tests. */
export const BACKROOM = "http://backroom.test";
/** The upstream's origin; an environment's v1 base is `${UPSTREAM}/${environment}/api/v1`, as the sandbox serves it. */
export const UPSTREAM = "http://sandbox.test";
/** How old a last-known answer the test backend serves may be: the default of STALE_IF_ERROR_HOURS (24). */
export const STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000;
/** The sandbox's documented demo keys of its test environment. */
export const DEMO_KEYS: Record<KeyType, string> = { Customer: "test-customer-demo", Supplier: "test-supplier-demo", Employee: "test-employee-demo" };

type Fetch = (request: Request) => Response | Promise<Response>;

/** One request the upstream received, as it was sent (the body as text), and the status it answered. */
export interface UpstreamCall {
  method: string;
  url: URL;
  headers: Headers;
  body: string | null;
  status?: number;
}

export interface TestBackend extends ProxyDeps, SessionDeps {
  audit: AuditTrail;
  db: Kysely<BackroomDatabase>;
  /** Every upstream request, in order (the key probe of a connect included). */
  calls: UpstreamCall[];
  /** Replaces what answers upstream from now on. */
  answerWith(fetch: Fetch): void;
  /** Moves the proxy's clock (the cache's freshness) forward. */
  advance(ms: number): void;
  /** Rows in the store's tables. */
  rows(): Promise<{ sessions: number; keys: number }>;
  close(): Promise<void>;
}

/**
 * A backend as `lib/backend.ts` assembles it, over an in-memory store, with `fetch` answering upstream and every
 * upstream request recorded. The demo keys are offered for the test environment only.
 *
 * @example
 * const backend = await createTestBackend(sandbox.runtime.app.fetch);
 * const cookie = await connectDemo(backend, "Customer");
 * const res = await proxyRequest(browserRequest("GET", "/api/v1/payments", { cookie }), "v1", ["payments"], backend);
 */
export async function createTestBackend(fetch: Fetch, options: { timeoutMs?: number; throttle?: Omit<ConnectThrottleOptions, "secret"> } = {}): Promise<TestBackend> {
  const database = openDatabase({ file: ":memory:" });
  await migrate(database);
  const { db } = database;
  let time = Date.parse("2026-11-21T18:00:00.000Z");
  let answer = fetch;
  const calls: UpstreamCall[] = [];
  const recorded = async (request: Request): Promise<Response> => {
    const call: UpstreamCall = { method: request.method, url: new URL(request.url), headers: new Headers(request.headers), body: null };
    calls.push(call);
    if (request.body) {
      call.body = await request.clone().text();
    }
    const response = await answer(request);
    call.status = response.status;
    return response;
  };
  const count = async (table: "sessions" | "session_keys") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return {
    db,
    calls,
    store: createSessionStore({ db, secrets: { current: "x".repeat(40) } }),
    cache: createResponseCache(createMemoryStore(), { now: () => time, keepStaleMs: STALE_IF_ERROR_MS }),
    rateLimits: createRateLimitBook(createMemoryStore()),
    audit: createAuditTrail(db, () => new Date(time)),
    throttle: createConnectThrottle({ secret: "x".repeat(40), ...options.throttle }),
    upstream: (environment: Environment) => ({ v1Base: `${UPSTREAM}/${environment}/api/v1`, fetch: recorded }),
    timeoutMs: options.timeoutMs ?? 5_000,
    staleIfErrorMs: STALE_IF_ERROR_MS,
    now: () => time,
    isSandbox: () => true,
    maxAgeSeconds: 7 * 24 * 60 * 60,
    demoKey: (environment, keyType) => (environment === "test" ? DEMO_KEYS[keyType] : undefined),
    answerWith: (next) => void (answer = next),
    advance: (ms) => void (time += ms),
    rows: async () => ({ sessions: await count("sessions"), keys: await count("session_keys") }),
    close: () => database.close(),
  };
}

export interface BrowserInit {
  /** The Cookie header (`name=value`), as `cookieOf` gives it. */
  cookie?: string;
  /** Sec-Fetch-Site; `same-origin` unless given, `null` to leave it out. */
  site?: string | null;
  headers?: Record<string, string>;
  /** Sent as JSON, or as it is when a string. */
  json?: unknown;
  body?: string;
}

/**
 * A request from the browser to Backroom (`path` under BACKROOM), with the headers a browser sends from Backroom's
 * own page unless told otherwise.
 */
export function browserRequest(method: string, path: string, init: BrowserInit = {}): Request {
  const headers = new Headers({ Host: new URL(BACKROOM).host, ...init.headers });
  const site = init.site === undefined ? "same-origin" : init.site;
  if (site !== null) headers.set("Sec-Fetch-Site", site);
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body = init.body;
  if (init.json !== undefined) {
    body = typeof init.json === "string" ? init.json : JSON.stringify(init.json);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  return new Request(new URL(path, BACKROOM), { method, headers, body });
}

/** The `name=value` of the first Set-Cookie of a response, ready for a Cookie header. */
export function cookieOf(response: Response): string {
  const setCookie = response.headers.getSetCookie()[0];
  if (!setCookie) throw new Error(`no Set-Cookie in a ${response.status} answer`);
  return setCookie.split(";")[0]!;
}

/** Stores a key in a new session directly (no probe upstream); answers the Cookie header, the key's id and its fingerprint. */
export async function connectKey(backend: TestBackend, apiKey: string, keyType: KeyType = "Customer"): Promise<{ cookie: string; keyId: string; fingerprint: string }> {
  const { sessionId, keyId } = await backend.store.connect(undefined, { apiKey, environment: "test", keyType, label: `${keyType} key`, scope: { summary: "test" } });
  const fingerprint = (await backend.store.view(sessionId))!.keys.find((k) => k.id === keyId)!.fingerprint;
  return { cookie: `backroom_session=${sessionId}`, keyId, fingerprint };
}
