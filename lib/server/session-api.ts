import "server-only";
import * as z from "zod";
import { createDataApiClient } from "@/lib/data-api/client";
import { readBodyText } from "@/lib/data-api/request-body";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { DemoConnect, KeyConnect, type SessionKey } from "@/lib/session/connect";
import type { AuditActor, AuditTrail } from "./audit/audit-trail";
import { actorOf } from "./audit/write-audit";
import { clientAddress, type ConnectThrottle, type ThrottleWait } from "./connect-throttle";
import type { Environment } from "./env";
import { KeyRejected, probeKey } from "./key-probe";
import type { Upstream } from "./proxy";
import type { RateLimitBook } from "./rate-limit-book";
import type { RequestLog } from "./request-log";
import type { ResponseCache } from "./response-cache";
import { failureAnswer, NO_STORE } from "./route-errors";
import type { KeyHandle, SessionStore, SessionView, StoredKeyInfo } from "./session";
import { clearedSessionCookies, sessionCookie } from "./session-cookie";
import { withSession } from "./with-session";

/** What the session endpoints need from the backend. */
export interface SessionDeps {
  store: SessionStore;
  /** The proxy's response cache, when on: a removed key's answers go with it. */
  cache?: ResponseCache;
  rateLimits: RateLimitBook;
  upstream: (environment: Environment, request: Request) => Upstream | Promise<Upstream>;
  isSandbox: (environment: Environment) => boolean;
  maxAgeSeconds: number;
  /** How long each upstream read may take. */
  timeoutMs: number;
  /** The sandbox's demo key of a key type, for an environment the sandbox serves; undefined otherwise. */
  demoKey: (environment: Environment, keyType: "Customer" | "Supplier" | "Employee") => string | undefined;
  /** The proxy's request log: a key's entries go when the key does. */
  requestLog?: RequestLog;
  /** Failed connects counted per client address and overall (429 once too many). */
  throttle: ConnectThrottle;
  /** Where connects, refused connects, sign-outs and key removals are recorded. */
  audit: AuditTrail;
}


/** A session endpoint's JSON body: small (4 KiB is plenty for a key), or undefined when it is not JSON. */
async function smallJson(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await readBodyText(request, 4096)) as unknown;
  } catch {
    return undefined;
  }
}
const json = (body: unknown, status = 200, headers: HeadersInit = {}) => Response.json(body, { status, headers: { ...NO_STORE, ...Object.fromEntries(new Headers(headers)) } });

/** One key of the ring as the browser sees it: never the key nor its fingerprint, only what tells keys apart. */
function keyJson(key: StoredKeyInfo, rateLimit: SessionKey["rateLimit"], deps: Pick<SessionDeps, "isSandbox">): SessionKey {
  return {
    id: key.id,
    keyType: key.keyType,
    environment: key.environment,
    sandbox: deps.isSandbox(key.environment),
    label: key.label,
    scope: key.scope,
    hint: key.hint,
    addedAt: key.addedAt,
    lastUsedAt: key.lastUsedAt,
    rateLimit,
  };
}

/** Each key of the ring as the browser sees it, with its last rate-limit figures (one read of the shared store). */
async function keysJson(keys: readonly StoredKeyInfo[], deps: Pick<SessionDeps, "isSandbox" | "rateLimits">): Promise<SessionKey[]> {
  // The figures are a hint: a store that does not answer shows none rather than failing the session.
  const figures = await deps.rateLimits.get(keys.map((k) => k.fingerprint)).catch(() => keys.map(() => undefined));
  return keys.map((key, i) => keyJson(key, figures[i] ?? null, deps));
}

/** The session as the browser sees it: the active key's description, and the ring. */
export async function sessionJson(view: SessionView, deps: Pick<SessionDeps, "isSandbox" | "rateLimits">) {
  const keys = await keysJson(view.keys, deps);
  const active = keys.find((k) => k.id === view.activeKeyId);
  return {
    ...(active ?? { keyType: null, environment: null, label: null, scope: null, rateLimit: null }),
    activeKeyId: view.activeKeyId,
    keys,
  };
}

/** What the shared stores hold of keys that are gone: their cached answers, rate-limit figures and request log. */
async function forgetKeys(keys: readonly KeyHandle[], deps: SessionDeps): Promise<void> {
  await Promise.all(
    keys.flatMap((key) => [deps.cache?.forgetKey(key.fingerprint), deps.rateLimits.forget(key.fingerprint).catch(() => undefined), deps.requestLog?.forget(key.id).catch(() => undefined)]),
  );
}

/** A wait in words: "45 seconds", "4 minutes", "1 hour". */
function inWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  if (seconds < 5400) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.round(seconds / 3600)} hour${Math.round(seconds / 3600) === 1 ? "" : "s"}`;
}

/** 429 in the API's error shape, with `Retry-After`: too many refused keys from this address, or from everywhere. */
function tooManyAttempts(wait: ThrottleWait): Response {
  const detail =
    wait.scope === "address"
      ? `Too many keys were refused from your address. Try again in ${inWords(wait.seconds)}.`
      : `Too many keys were refused in the last minute, from everywhere: Backroom checks no key for a moment. Try again in ${inWords(wait.seconds)}.`;
  return json({ Error: { code: "TOO_MANY_ATTEMPTS", detail, retryAfterSeconds: wait.seconds } }, 429, { "Retry-After": String(wait.seconds) });
}

// POST /api/session: verify a key with the Data API, tell its type and scope, store it encrypted, answer a new session.
// A key connect from an address that had too many keys refused waits (429 with Retry-After; connect-throttle.ts); a
// demo connect of the sandbox guesses nothing and is never held up. Every connect and every refused key is audited.
// A cross-site request is refused first (with-session.ts).
export const connect = withSession("cookie", async (request: Request, { sessionId: current }, deps: SessionDeps): Promise<Response> => {
  const body = await smallJson(request);
  // One schema per shape, not their union: a union's failure names no field ("body: Invalid input") when the
  // environment or the demo user is wrong; the shape is told by the `demo` property.
  const parsed = (typeof body === "object" && body !== null && "demo" in body ? DemoConnect : KeyConnect).safeParse(body);
  if (!parsed.success) return json(validationErrorBody(parsed.error, "Enter an API key and choose an environment."), 400);
  const { environment } = parsed.data;
  const guessable = "apiKey" in parsed.data;
  const apiKey = "apiKey" in parsed.data ? parsed.data.apiKey : deps.demoKey(environment, parsed.data.demo);
  if (!apiKey) return json({ Error: { code: "NO_DEMO", detail: `The ${environment} environment is the real Data API: connect with your own key.` } }, 400);
  const address = clientAddress(request);
  if (guessable) {
    const wait = await deps.throttle.check(address);
    if (wait) return tooManyAttempts(wait);
  }
  const upstream = await deps.upstream(environment, request);
  let probed;
  try {
    // Each read of the probe gets the proxy's timeout: a hung API must not hang the connect form.
    const send = (input: RequestInfo | URL, init?: RequestInit) => upstream.fetch(new Request(input, { ...init, signal: AbortSignal.timeout(deps.timeoutMs) }));
    probed = await probeKey(createDataApiClient({ baseUrl: upstream.v1Base, apiKey, fetch: send }));
  } catch (error) {
    if (!(error instanceof KeyRejected)) throw error;
    if (error.status !== 401) return json({ Error: { code: "KEY_CHECK_FAILED", detail: error.message } }, 502);
    // Only a refused key counts against the address: an API that could not check it (502) is nobody's guess.
    const wait = guessable ? await deps.throttle.failed(address) : undefined;
    const actor: AuditActor = { ...actorOf(request, current, undefined), environment };
    await deps.audit.record({ event: "connect-refused", actor, result: "refused", upstreamStatus: 401, answer: { errorCode: "KEY_REJECTED" } });
    const detail = wait ? `${error.message} Too many keys were refused from your address: try again in ${inWords(wait.seconds)}.` : error.message;
    return json({ Error: { code: "KEY_REJECTED", detail, ...(wait ? { retryAfterSeconds: wait.seconds } : {}) } }, 401, wait ? { "Retry-After": String(wait.seconds) } : {});
  }
  if (guessable) await deps.throttle.succeeded(address);
  const { sessionId, keyId } = await deps.store.connect(current, { apiKey, environment, ...probed });
  const view = await deps.store.view(sessionId);
  await deps.audit.record({ event: "connect", actor: actorOf(request, sessionId, view?.keys.find((k) => k.id === keyId)), result: "done", upstreamStatus: 200 });
  return json({ keyType: probed.keyType, environment, label: probed.label, scope: probed.scope, ...(view ? { activeKeyId: view.activeKeyId, keys: await keysJson(view.keys, deps) } : {}) }, 201, {
    "Set-Cookie": sessionCookie(request, sessionId, deps.maxAgeSeconds),
  });
});

// GET /api/session: the active key's type, environment, label, scope and last rate-limit figures, and the key ring
// (401 `not-connected` without a live session, with-session.ts).
export const describe = withSession("session", async (_request: Request, { view }, deps: SessionDeps): Promise<Response> => json(await sessionJson(view, deps)));

const SwitchBody = z.strictObject({ activeKeyId: z.string().min(1).max(100) });

// PATCH /api/session {activeKeyId}: make another key of the ring the active one (404 `no-such-key` without a session too).
export const switchKey = withSession("cookie", async (request: Request, { sessionId }, deps: SessionDeps): Promise<Response> => {
  const parsed = SwitchBody.safeParse(await smallJson(request));
  if (!parsed.success) return json(validationErrorBody(parsed.error), 400);
  if (!sessionId || !(await deps.store.switchKey(sessionId, parsed.data.activeKeyId))) return failureAnswer("no-such-key");
  return describe(request, deps);
});

// DELETE /api/session/keys/{keyId}: remove one key from the ring (its stored copy is deleted at once).
export const removeKey = withSession("cookie", async (request: Request, { sessionId }, keyId: string, deps: SessionDeps): Promise<Response> => {
  const held = sessionId ? (await deps.store.view(sessionId))?.keys.find((k) => k.id === keyId) : undefined;
  const removed = sessionId && held ? await deps.store.removeKey(sessionId, keyId) : undefined;
  if (!sessionId || !removed) return failureAnswer("no-such-key");
  await deps.audit.record({ event: "key-removed", actor: actorOf(request, sessionId, held), result: "done" });
  await forgetKeys([removed], deps);
  const view = await deps.store.view(sessionId);
  return view ? json(await sessionJson(view, deps)) : failureAnswer("not-connected");
});

// DELETE /api/session: sign out; the stored keys are deleted at once and the cookie cleared.
export const signOut = withSession("cookie", async (request: Request, { sessionId }, deps: SessionDeps): Promise<Response> => {
  if (sessionId) {
    // One entry per key the session held, so each key's activity shows it.
    const held = (await deps.store.view(sessionId))?.keys ?? [];
    const gone = await deps.store.signOut(sessionId);
    for (const key of held) await deps.audit.record({ event: "sign-out", actor: actorOf(request, sessionId, key), result: "done" });
    // What the keys' answers left in the cache, the rate-limit book and the request log goes with them.
    await forgetKeys(gone, deps);
  }
  const headers = new Headers(NO_STORE);
  for (const cookie of clearedSessionCookies(request)) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 204, headers });
});
