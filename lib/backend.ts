import "server-only";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { SandboxConfig } from "@/lib/sandbox/config";
import { demoKeys } from "@/lib/sandbox/keys";
import { mountedSandbox } from "@/lib/sandbox/mounted";
import { type Environment, realApiBase, sandboxEnabled, sandboxSettings, serverEnv } from "@/lib/server/env";
import { type ProxyDeps, proxyRequest, type Upstream } from "@/lib/server/proxy";
import { publicOrigin } from "@/lib/server/public-origin";
import type { SessionDeps } from "@/lib/server/session-api";
import { createRateLimitBook } from "@/lib/server/rate-limit-book";
import { createRequestLog, type RequestLog } from "@/lib/server/request-log";
import { createNoCache, createResponseCache } from "@/lib/server/response-cache";
import { createSessionStore, loadOrCreateSecret, migrateStore, openStoreDatabase } from "@/lib/server/session";

/**
 * Backroom's server side, assembled once per process: the session store, the response cache, the rate-limit book,
 * the request log, and where each environment's requests go. The one module that sees both `lib/server` and
 * `lib/sandbox`: the proxy is written against an `Upstream` (a base URL and a fetch), and here an environment without a
 * real API URL gets the embedded sandbox, called in-process (no loopback HTTP), exactly as the real API would be called
 * over the network.
 */
export interface Backend extends ProxyDeps, SessionDeps {
  /** Whether an environment is served by the embedded sandbox (the UI marks it "Sandbox"). */
  isSandbox(environment: Environment): boolean;
  /** Session lifetime, for the cookie's Max-Age. */
  maxAgeSeconds: number;
  /** The process's log of recent requests per key (`GET /api/session/requests`), written by the proxy. */
  requestLog: RequestLog;
}

const holder = globalThis as typeof globalThis & { backroomBackend?: Promise<Backend> };

let parsedSandboxConfig: SandboxConfig | undefined;
/** The embedded sandbox's settings, parsed once (for the proxy's in-process calls and the /sandbox route). */
export function sandboxConfig(): SandboxConfig {
  parsedSandboxConfig ??= SandboxConfig.parse(sandboxSettings);
  return parsedSandboxConfig;
}

/** Whether an environment is served by the embedded sandbox: no real API URL for it (known without opening anything). */
export function isSandbox(environment: Environment): boolean {
  return realApiBase(environment) === undefined && sandboxEnabled;
}

async function assemble(): Promise<Backend> {
  mkdirSync(serverEnv.DATA_DIR, { recursive: true });
  const db = openStoreDatabase(join(serverEnv.DATA_DIR, "backroom.sqlite"));
  await migrateStore(db);
  const maxAgeMs = serverEnv.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000;
  const store = createSessionStore({
    db,
    secrets: { current: serverEnv.SESSION_SECRET ?? loadOrCreateSecret(serverEnv.DATA_DIR), previous: serverEnv.SESSION_SECRET_PREVIOUS },
    idleMs: serverEnv.SESSION_IDLE_MINUTES * 60 * 1000,
    maxAgeMs,
  });
  // Expired sessions (and their encrypted keys) go at start and every hour, not only when their cookie comes back.
  await store.purgeExpired();
  setInterval(() => void store.purgeExpired().catch((error: unknown) => console.error("session store: purge failed", error)), 3_600_000).unref();

  async function upstream(environment: Environment, request: Request): Promise<Upstream> {
    const real = realApiBase(environment);
    if (real) return { v1Base: real, fetch: (r) => fetch(r) };
    if (!sandboxEnabled) throw new Error(`no Data API is configured for ${environment}`);
    const sandbox = await mountedSandbox(sandboxConfig());
    // The sandbox's links (documents, Location) name the address the browser used, so they open from the page.
    return { v1Base: `${publicOrigin(request)}/sandbox/${environment}/api/v1`, fetch: async (r) => sandbox.app.fetch(r) };
  }

  return {
    store,
    cache: serverEnv.PROXY_CACHE === "off" ? createNoCache() : createResponseCache(),
    rateLimits: createRateLimitBook(),
    requestLog: createRequestLog(),
    upstream,
    timeoutMs: serverEnv.DATA_API_TIMEOUT_MS,
    isSandbox,
    demoKey: (environment, keyType) => (isSandbox(environment) ? demoKeys(environment)[keyType] : undefined),
    maxAgeSeconds: Math.floor(maxAgeMs / 1000),
  };
}

/** The process's backend (kept on globalThis so a development reload does not open the store twice). */
export function backend(): Promise<Backend> {
  holder.backroomBackend ??= assemble().catch((error: unknown) => {
    holder.backroomBackend = undefined;
    throw error;
  });
  return holder.backroomBackend;
}

/**
 * The route handlers of `/api/{version}/[...path]`: every method goes to the proxy with the process's backend.
 *
 * @example
 * export const { GET, POST, PATCH, DELETE, PUT } = proxyRoutes("v1");
 */
export function proxyRoutes(version: "v1" | "v2") {
  const handle = async (request: Request, context: { params: Promise<{ path: string[] }> }) =>
    proxyRequest(request, version, (await context.params).path, await backend());
  return { GET: handle, POST: handle, PATCH: handle, DELETE: handle, PUT: handle };
}
