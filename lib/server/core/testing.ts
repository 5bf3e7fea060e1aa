import "server-only";
import { createNotifier, type Notifier } from "./notify/notifier";
import { createNotificationStore } from "./notify/notification-store";
import type { Kysely } from "kysely";
import { type AuditTrail, createAuditTrail } from "./audit/audit-trail";
import { type ConnectThrottleOptions, createConnectThrottle } from "./connect-throttle";
import { CORE_MIGRATIONS, type Migrations } from "./db/migrations";
import type { Database } from "./db/open";
import { databaseProfiles } from "./db/testing";
import type { AuthTables, BackroomDatabase } from "./db/schema";
import type { Environment } from "./env";
import type { ProxyDeps } from "./proxy";
import { createRateLimitBook } from "./rate-limit-book";
import { createResponseCache } from "./response-cache";
import type { KeyScope, KeyType } from "./session";
import type { SessionDeps } from "./session-api";
import { createMemoryStore } from "./shared/memory-store";
import type { RoleName } from "@/lib/session/roles";
import { type ActorResolver, createActorResolver } from "./auth/actor";
import type { Mail, Mailer } from "./auth/mailer";
import { recordingMailer, testAuth } from "./auth/testing";
import { createWorkspaceKeyStore, type KeyForgetter } from "./auth/workspace-keys";
import type { JobQueue } from "./jobs/job-queue";
import { sendingQueue } from "./jobs/testing";

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
export const DEMO_KEYS: Record<KeyType, string> = {
  Customer: "test-customer-demo",
  Supplier: "test-supplier-demo",
  Employee: "test-employee-demo",
};

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
  actors: ActorResolver;
  audit: AuditTrail;
  db: Kysely<BackroomDatabase>;
  /** Every mail Backroom would have sent (verification, reset, invitation). */
  mail: Mail[];
  mailer: Mailer;
  /** Every upstream request, in order (the key probe of a key added included). */
  calls: UpstreamCall[];
  /** Tells people by the inbox only, in this database (`notifications`). */
  notifier: Notifier;
  /** Replaces what answers upstream from now on. */
  answerWith(fetch: Fetch): void;
  /** Moves the proxy's clock (the cache's freshness) forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * A backend as `lib/backend.ts` assembles it (better-auth, the workspace keys, the actor resolver, the proxy's cache
 * and book), over an in-memory database and store, with `fetch` answering upstream and every upstream request
 * recorded. The demo keys are offered for the test environment only.
 *
 * @example
 * const backend = await createTestBackend(sandbox.runtime.app.fetch);
 * const { cookie } = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
 * const res = await proxyRequest(browserRequest("GET", "/api/v1/payments", { cookie }), "v1", ["payments"], backend);
 */
export async function createTestBackend(
  fetch: Fetch,
  options: {
    timeoutMs?: number;
    throttle?: Omit<ConnectThrottleOptions, "secret">;
    database?: Database;
    mailDelivers?: boolean;
    /** What the features under test forget of a key removed (as `lib/backend.ts` hands every feature's). */
    forget?: readonly KeyForgetter[];
    /** What a database made here is migrated with: the core's migrations unless given (`lib/server/testing.ts`). */
    migrations?: Migrations;
  } = {},
): Promise<TestBackend> {
  // A migrated database of a profile (`databaseProfiles()`), or SQLite in memory.
  const database = options.database ?? (await databaseProfiles(options.migrations ?? CORE_MIGRATIONS)[0]!.open());
  const { db } = database;
  let time = Date.parse("2026-11-21T18:00:00.000Z");
  let answer = fetch;
  const calls: UpstreamCall[] = [];
  const recorded = async (request: Request): Promise<Response> => {
    const call: UpstreamCall = {
      method: request.method,
      url: new URL(request.url),
      headers: new Headers(request.headers),
      body: null,
    };
    calls.push(call);
    if (request.body) {
      call.body = await request.clone().text();
    }
    const response = await answer(request);
    call.status = response.status;
    return response;
  };
  const secret = "x".repeat(40);
  const shared = createMemoryStore();
  const audit = createAuditTrail(db, () => new Date(time));
  const throttle = createConnectThrottle({ secret, ...options.throttle });
  const keys = createWorkspaceKeyStore({ db, secrets: { current: secret }, forget: options.forget });
  const actors = createActorResolver({ db, keys, shared, maxAgeMs: 7 * 24 * 60 * 60 * 1000 });
  // Backroom without mail, as the embedded default runs, unless the test says mail goes out (then addresses are proved).
  const mailer = recordingMailer(options.mailDelivers ?? false);
  const { auth } = testAuth(database, {
    store: shared,
    mailer,
    events: actors.events,
    audit,
    throttle,
    secrets: { current: secret },
  });
  actors.bind(auth);
  return {
    db,
    calls,
    notifier: createNotifier({ store: createNotificationStore(db, () => new Date(time)) }),
    mail: mailer.sent,
    mailer,
    actors,
    auth,
    keys,
    mailDelivers: mailer.delivers,
    secret,
    cache: createResponseCache(createMemoryStore(), { now: () => time, keepStaleMs: STALE_IF_ERROR_MS }),
    rateLimits: createRateLimitBook(createMemoryStore()),
    audit,
    throttle,
    upstream: (environment: Environment) => ({ v1Base: `${UPSTREAM}/${environment}/api/v1`, fetch: recorded }),
    timeoutMs: options.timeoutMs ?? 5_000,
    staleIfErrorMs: STALE_IF_ERROR_MS,
    now: () => time,
    isSandbox: () => true,
    demoKey: (environment, keyType) => (environment === "test" ? DEMO_KEYS[keyType] : undefined),
    answerWith: (next) => void (answer = next),
    advance: (ms) => void (time += ms),
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

/**
 * The code of a refusal, read from a copy of the answer: Backroom's error shape (`{Error: {code}}`, or `{Error: "..."}`
 * for the few without a code), or the accounts library's own (`{code, message}`).
 */
export async function refusalCode(response: Response): Promise<string | undefined> {
  const body = (await response.clone().json()) as { Error?: { code?: string } | string; code?: string };
  return typeof body.Error === "string" ? body.Error : (body.Error?.code ?? body.code);
}

/** The secret of an invitation's link (`/invitations/{secret}`), as the invited person's browser would open it. */
export const linkSecretOf = (link: string) => new URL(link).pathname.split("/").at(-1)!;

const PASSWORD = "correct horse battery staple";
let people = 0;

/** The Cookie header of a response's better-auth session cookie. */
export function sessionCookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A new person, signed in: answers their Cookie header and user id. */
export async function signUp(
  backend: TestBackend,
  email = `person-${++people}@backroom.test`,
): Promise<{ cookie: string; userId: string; email: string }> {
  const response = await backend.auth.api.signUpEmail({
    body: { email, password: PASSWORD, name: email.split("@")[0]! },
    asResponse: true,
    headers: new Headers({ origin: BACKROOM }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return { cookie: sessionCookieOf(response), userId: user.id, email };
}

/**
 * A person who owns a new workspace holding `apiKey` (stored directly: no probe upstream), working in it with that
 * key: answers their Cookie header, the key's id and fingerprint, their user id and the workspace's id.
 *
 * @example
 * const { cookie, fingerprint } = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
 */
export async function connectKey(
  backend: TestBackend,
  apiKey: string,
  keyType: KeyType = "Customer",
  scope: KeyScope = { summary: "test" },
): Promise<{ cookie: string; keyId: string; fingerprint: string; userId: string; workspaceId: string }> {
  const person = await signUp(backend);
  const headers = new Headers({ cookie: person.cookie, origin: BACKROOM });
  const workspace = await backend.auth.api.createOrganization({
    body: { name: `${keyType} workspace ${people}`, slug: `workspace-${people}-${keyType.toLowerCase()}` },
    headers,
  });
  const { key } = await backend.keys.add(workspace!.id, person.userId, {
    apiKey,
    environment: "test",
    keyType,
    label: `${keyType} key`,
    scope,
  });
  await backend.auth.api.setActiveOrganization({ body: { organizationId: workspace!.id }, headers });
  return {
    cookie: person.cookie,
    keyId: key.id,
    fingerprint: key.fingerprint,
    userId: person.userId,
    workspaceId: workspace!.id,
  };
}

/**
 * Another person, made a member of a workspace with `role` (as an accepted invitation would), working in it: answers
 * their Cookie header, user id and member id.
 */
export async function joinAs(
  backend: TestBackend,
  workspaceId: string,
  role: RoleName,
): Promise<{ cookie: string; userId: string; memberId: string }> {
  const person = await signUp(backend);
  const member = await backend.auth.api.addMember({
    body: { userId: person.userId, role, organizationId: workspaceId },
  });
  await backend.auth.api.setActiveOrganization({
    body: { organizationId: workspaceId },
    headers: new Headers({ cookie: person.cookie, origin: BACKROOM }),
  });
  return { cookie: person.cookie, userId: person.userId, memberId: member!.id };
}

/** Links a workspace member to a sales rep of the API (`salesRepUserId`), as an owner does on the members' page. */
export async function linkToRep(backend: TestBackend, memberId: string, repUserId: number): Promise<void> {
  await backend.db
    .withTables<AuthTables>()
    .updateTable("auth_member")
    .set({ salesRepUserId: repUserId })
    .where("id", "=", memberId)
    .execute();
}

/**
 * A job queue that only keeps what is sent, in order, for a test or a benchmark to run the jobs itself (`queued.shift()`).
 *
 * @example
 * const { jobs, queued } = recordingJobs<SyncJob>();
 * for (let job = queued.shift(); job; job = queued.shift()) await sync.run(job);
 */
export function recordingJobs<T>(): { jobs: JobQueue; queued: T[] } {
  const queued: T[] = [];
  const jobs = sendingQueue(async (_kind, data) => {
    queued.push(data as unknown as T);
    return String(queued.length);
  });
  return { jobs, queued };
}

/**
 * A job queue that keeps what is sent with when it is due, on a clock of the caller's, as the real one would: one job
 * of a kind and key waiting at a time (a second send is dropped). `next()` gives the job due first and moves the clock
 * to its time when it is later: what a test or a benchmark runs to see a walk as the queue would pace it (a job put off
 * waits, one queued at once does not).
 *
 * @example
 * const clock = { at: Date.parse("2026-11-21T10:45:00Z") };
 * const { jobs, next } = scheduledJobs<SyncJob>(clock);
 * for (let job = next(); job; job = next()) await sync.run(job);
 */
export function scheduledJobs<T>(clock: { at: number }): {
  jobs: JobQueue;
  queued: { at: number; kind: string; key?: string; data: T }[];
  next: () => T | undefined;
} {
  const queued: { at: number; kind: string; key?: string; data: T }[] = [];
  const jobs = sendingQueue(async (kind, data, options) => {
    if (options?.key !== undefined && queued.some((q) => q.kind === kind && q.key === options.key)) return null;
    queued.push({
      at: clock.at + (options?.delaySeconds ?? 0) * 1000,
      kind,
      key: options?.key,
      data: data as unknown as T,
    });
    return String(queued.length);
  });
  const next = () => {
    if (queued.length === 0) return undefined;
    const first = queued.reduce((best, job, i) => (job.at < queued[best]!.at ? i : best), 0);
    const [job] = queued.splice(first, 1);
    clock.at = Math.max(clock.at, job!.at);
    return job!.data;
  };
  return { jobs, queued, next };
}

/**
 * An upstream for the tests of an allocation (`POST /payments/applications`) that are not about its balance: the proxy's
 * balance stage reads the AR account's open invoices and the requests outstanding toward the target first, and these
 * answer them (each target owing `balances[invoiceNum]`, no request outstanding); every other request goes to `fetch`.
 *
 * @example
 * const backend = await createTestBackend(allocatable(() => Response.json({ Data: {} }, { status: 201 }), { "I-1": "500.00" }));
 */
export function allocatable(fetch: Fetch, balances: Record<string, string>): Fetch {
  return (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === "GET" && pathname.endsWith("/payments/openInvoices"))
      return Response.json({
        Data: Object.entries(balances).map(([InvoiceNum, OpenBalance], i) => ({
          InvoiceID: i + 1,
          InvoiceNum,
          OpenBalance,
        })),
        Page: 1,
        PageSize: 500,
        HasNextPage: false,
      });
    if (request.method === "GET" && pathname.endsWith("/payments/applications"))
      return Response.json({ Data: [], Page: 1, PageSize: 500, HasNextPage: false });
    return fetch(request);
  };
}

/** The writes among upstream calls (the balance stage's reads left out): what a test of a write counts. */
export const writesOf = (calls: readonly UpstreamCall[]) => calls.filter((c) => c.method !== "GET");
