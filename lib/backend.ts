import "server-only";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";
import { SandboxConfig } from "@/lib/sandbox/config";
import { demoKeys } from "@/lib/sandbox/keys";
import { mountedSandbox, mountedSandboxState } from "@/lib/sandbox/mounted";
import type { SandboxRuntime } from "@/lib/sandbox/runtime";
import { type AuditTrail, createAuditTrail } from "@/lib/server/core/audit/audit-trail";
import { type ConnectThrottle, createConnectThrottle } from "@/lib/server/core/connect-throttle";
import { migrate } from "@/lib/server/core/db/migrations";
import { type Database, openDatabase } from "@/lib/server/core/db/open";
import {
  assertRunnable,
  type Environment,
  realApiBase,
  sandboxEnabled,
  sandboxSettings,
  serverEnv,
} from "@/lib/server/core/env";
import type { ReadinessDeps } from "@/lib/server/core/health";
import { createEffectLedger, createJobQueue, type EffectLedger, type JobQueue } from "@/lib/server/core/jobs";
import { type Background, createBackground } from "@/lib/server/core/background/background-reads";
import {
  createOutcomeHub,
  type FeatureServices,
  type OutcomeHub,
  forgetters,
  readSettings,
  startFeatures,
} from "@/lib/server/core/feature";
import { FEATURES, MIGRATIONS } from "@/lib/server/features";
import { createNotificationStore, type NotificationStore } from "@/lib/server/core/notify/notification-store";
import { createNotifier, NOTIFICATION_MAIL, type Notifier } from "@/lib/server/core/notify/notifier";
import { createPreferences, type Preferences } from "@/lib/server/core/notify/preferences";
import { mailOrigin, publicOrigin } from "@/lib/server/core/public-origin";
import { isBuilding, onShutdown } from "@/lib/server/core/lifecycle";
import { log, throttledWarning } from "@/lib/server/core/log";
import { createMetrics, type Metrics } from "@/lib/server/core/metrics";
import { type ProxyDeps, type ProxyTelemetry, proxyRoute, type Upstream } from "@/lib/server/core/proxy";
import { createPurchasesV2Availability, type PurchasesV2Availability } from "@/lib/server/core/purchases-v2";
import { createRateLimitBook } from "@/lib/server/core/rate-limit-book";
import { createRequestLog, type RequestLog } from "@/lib/server/core/request-log";
import { createResponseCache } from "@/lib/server/core/response-cache";
import { answerFailures } from "@/lib/server/core/route-errors";
import type { Route } from "@/lib/server/core/define-route";
import { type ActorResolver, createActorResolver } from "@/lib/server/core/auth/actor";
import { type Auth, createAuth } from "@/lib/server/core/auth/auth";
import { createMailer, type Mailer } from "@/lib/server/core/auth/mailer";
import {
  createWorkspaceKeyStore,
  type KeyForgetter,
  type WorkspaceKeyStore,
} from "@/lib/server/core/auth/workspace-keys";
import { loadOrCreateSecret } from "@/lib/server/core/session";
import type { SessionDeps } from "@/lib/server/core/session-api";
import type { SandboxCheck } from "@/lib/session/session-view";
import { withLocalFallback } from "@/lib/server/core/shared/fallback-store";
import { createMemoryStore } from "@/lib/server/core/shared/memory-store";
import { withNearCache } from "@/lib/server/core/shared/near-cache";
import { createRedisStore } from "@/lib/server/core/shared/redis-store";
import type { SharedStore } from "@/lib/server/core/shared/shared-store";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Backroom's server side, assembled once per process: the database (SQLite in DATA_DIR, or PostgreSQL with
 * DATABASE_URL) and its session store, the shared store (memory, or Redis with REDIS_URL) holding the response cache,
 * the rate-limit figures, the request log and the revocation signal, the metrics, and where each environment's requests
 * go. The one module that sees both `lib/server` and `lib/sandbox`: the proxy is written against an `Upstream` (a base
 * URL and a fetch), and here an environment without a real API URL gets the embedded sandbox, called in-process (no
 * loopback HTTP), exactly as the real API would be called over the network.
 */

/**
 * What the routes are handed: the core's services, and each feature's under its name in `FEATURES` (`deps.menus`,
 * `deps.insights`...).
 */
export interface Backend extends ProxyDeps, SessionDeps, FeatureServices<typeof FEATURES> {
  /** Who is asking, for every route and page (`auth/actor.ts`). */
  actors: ActorResolver;
  /** better-auth: accounts, sessions, workspaces, members, invitations, two factors, passkeys, single sign-on. */
  auth: Auth;
  /** Whether an environment is served by the embedded sandbox (the UI marks it "Sandbox"). */
  isSandbox(environment: Environment): boolean;
  /** The log of recent requests per key (`GET /api/session/requests`), written by the proxy. */
  requestLog: RequestLog;
  metrics: Metrics;
  /** The audit trail (`GET /api/activity`), written by the proxy and the session endpoints. */
  audit: AuditTrail;
  /** Whether each environment's Data API offers the v2 purchase endpoints (DATA_API_V2; marked by the proxy in `auto`). */
  purchasesV2: PurchasesV2Availability;
  /** Background work (`lib/server/core/jobs/`): pg-boss on PostgreSQL, shared by the instances; a table and a timer on SQLite. Register handlers with `work`. */
  jobs: JobQueue;
  /** Effects run at most once even when a job runs twice (a mail). */
  effects: EffectLedger;
  /** The people's inboxes (`GET /api/notifications`), told by the follow-ups (`outcomes`) what happened to their writes. */
  inbox: NotificationStore;
  /** How anything tells a person something: their settings for the kind decide the inbox, an email, both or nothing. */
  notifier: Notifier;
  /** Each person's channel per kind and daily digest (`/account/notifications`). */
  preferences: Preferences;
  /** The session secrets before the current one: an unsubscribe link signed before a rotation still works. */
  previousSecrets?: string[];
  /** What an unsubscribe link of a topic other than a kind or the digest leaves ("report:<id>"). */
  unsubscribers: Record<string, (userId: string, id: string) => Promise<boolean>>;
  /** Backroom's mail (SMTP_URL; without it, nothing is sent and the log notes it). */
  mailer: Mailer;
  /** Backroom's own reads for a workspace's key (follow-ups, watches, reports), within a tenth of its hourly budget. */
  background: Background;
  /** What the instances share besides the database: caches, locks, counters. */
  shared: SharedStore;
  /** The checks of `GET /api/ready`. */
  readiness: ReadinessDeps;
  /** `PUBLIC_URL`: the address in links Backroom makes for a request (an invitation's). */
  publicUrl?: string;
  /** `METRICS_TOKEN`: `GET /api/metrics` answers only with it (404 without one configured). */
  metricsToken?: string;
  /** Stops the job queue, then closes the database pool and the Redis connections (at shutdown, after the last request). */
  close(): Promise<void>;
}

const holder = globalThis as typeof globalThis & { backroomBackend?: Promise<Backend> };

let parsedSandboxConfig: SandboxConfig | undefined;
/** The embedded sandbox's settings, parsed once. */
function sandboxConfig(): SandboxConfig {
  parsedSandboxConfig ??= SandboxConfig.parse(sandboxSettings);
  return parsedSandboxConfig;
}

/**
 * The embedded sandbox, started on first use (for the proxy's in-process calls and the /sandbox route): the pages and
 * routes reach the sandbox only through here, the one module that sees both the server and the sandbox.
 */
export function embeddedSandbox(): Promise<SandboxRuntime> {
  return mountedSandbox(sandboxConfig(), (sandbox) =>
    // Where the operator key is, never the key: a person on the machine reads the file; in memory, nobody has it.
    log().info(
      {
        operatorKey:
          sandbox.operatorKeyFile ??
          (sandboxConfig().SANDBOX_OPERATOR_KEY ? "SANDBOX_OPERATOR_KEY" : "none (data in memory)"),
      },
      "embedded sandbox started",
    ),
  );
}

/** Whether an environment is served by the embedded sandbox: no real API URL for it (known without opening anything). */
export function isSandbox(environment: Environment): boolean {
  return realApiBase(environment) === undefined && sandboxEnabled;
}

/**
 * The embedded sandbox's state (`/api/ready`'s `sandbox` check; the sign-in and Keys pages say "Preparing the
 * sandbox…" while it is `preparing`): `off` when it serves no environment.
 */
export function sandboxCheck(): SandboxCheck {
  if (!isSandbox("production") && !isSandbox("test")) return "off";
  const state = mountedSandboxState();
  return state === "ready" ? "ok" : state === "failed" ? "unavailable" : "preparing";
}

/** How long to wait between attempts at the migrations when the database is not there at start. */
const MIGRATION_RETRY_MS = 5_000;

/**
 * Runs the migrations now and, if they fail (the database is not up yet), again every few seconds until they pass. The
 * instance serves meanwhile: `/api/ready` answers 503 until they have run, and requests needing the database 503.
 */
async function migrateAtStart(database: Database): Promise<{ migrated: () => boolean; stop: () => void }> {
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async () => {
    try {
      await migrate(database, MIGRATIONS);
      done = true;
      log().info({ database: database.where }, "database migrated");
    } catch (error) {
      log().error(
        {
          database: database.where,
          error: error instanceof Error ? error.message : String(error),
          retryInMs: MIGRATION_RETRY_MS,
        },
        "database migration failed",
      );
      timer = setTimeout(() => void attempt(), MIGRATION_RETRY_MS);
      timer.unref();
    }
  };
  await attempt();
  return { migrated: () => done, stop: () => clearTimeout(timer) };
}

/**
 * How long the job queue's stop waits for its jobs in flight: within the 5 s `scripts/serve.mjs` gives the whole close
 * (`CLOSE_MS`), leaving the rest for the pools. A job still running then is given back, and retried by an instance.
 */
const JOBS_STOP_MS = 3_000;

/**
 * Starts the job queue once the migrations have run (the embedded queue's table is theirs), trying again every few
 * seconds while it cannot (the database is not up yet); `/api/ready` says `jobs: unavailable` meanwhile. The first
 * attempt is awaited, as the migrations' is, so a started instance's first readiness probe sees its queue.
 */
async function startJobsWhenReady(
  jobs: JobQueue,
  migrated: () => boolean,
  started: () => Promise<void>,
): Promise<{ stop: () => void }> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = async () => {
    if (migrated()) {
      try {
        await jobs.start();
        log().info({}, "job queue started");
        await started().catch((error: unknown) =>
          log().error({ error: error instanceof Error ? error.message : String(error) }, "recurring jobs not queued"),
        );
        return;
      } catch (error) {
        if (stopped) return;
        log().error(
          { error: error instanceof Error ? error.message : String(error), retryInMs: MIGRATION_RETRY_MS },
          "job queue did not start",
        );
      }
    }
    if (stopped) return;
    timer = setTimeout(() => void attempt(), MIGRATION_RETRY_MS);
    timer.unref();
  };
  await attempt();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Sessions not yet expired (better-auth's, in the database), for the `backroom_sessions_active` gauge. */
async function countLiveSessions(database: Database): Promise<number> {
  const row = await database.db
    .withTables<{ auth_session: { expiresAt: Date | string } }>()
    .selectFrom("auth_session")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("expiresAt", ">", new Date())
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint, which pg gives as text.
  return Number(row.n);
}

/** The proxy's metrics and log lines. */
function proxyTelemetry(metrics: Metrics): ProxyTelemetry {
  return {
    upstream(operation, status, seconds) {
      metrics.upstreamRequests.inc({ operation, status });
      metrics.upstreamDuration.observe({ operation }, seconds);
    },
    cache: (outcome) => metrics.proxyCache.inc({ outcome }),
    answered: (line) => log().info(line, "proxy"),
    failed: (what, error, requestId) =>
      log().error({ requestId, error: error instanceof Error ? error.message : String(error) }, what),
  };
}

/** The stores every part is built on: the session secret, the database (its migrations started) and the shared store. */
interface Stores {
  secret: string;
  database: Database;
  migrations: { migrated: () => boolean; stop: () => void };
  /** What the instances share (Redis, or this instance's memory): the response cache, the menus' snapshots, locks. */
  shared: SharedStore;
  /** What may fall back to the instance's memory while Redis is away: rate-limit figures, the request log, sessions. */
  local: SharedStore;
}

/** Opens the stores: the database, migrated now (or, while it is away, every few seconds), and the shared store. */
async function openStores(): Promise<Stores> {
  const secret = serverEnv.SESSION_SECRET ?? loadOrCreateSecret(serverEnv.DATA_DIR);
  if (!serverEnv.DATABASE_URL) mkdirSync(serverEnv.DATA_DIR, { recursive: true });
  const database = openDatabase({
    url: serverEnv.DATABASE_URL,
    file: join(serverEnv.DATA_DIR, "backroom.sqlite"),
    poolMax: serverEnv.DATABASE_POOL_MAX,
    onPoolError: throttledWarning("database connection lost (the pool reconnects)"),
  });
  const migrations = await migrateAtStart(database);

  // With Redis, what the instances share lives there; the figures and the log fall back to the instance's memory while
  // Redis is away (the cache does not: an instance caching alone would miss the others' invalidations).
  const shared: SharedStore = serverEnv.REDIS_URL
    ? createRedisStore({
        url: serverEnv.REDIS_URL,
        secret,
        prefix: serverEnv.REDIS_PREFIX,
        onError: throttledWarning("Redis connection error (reconnecting)"),
      })
    : createMemoryStore({ maxBytes: serverEnv.MEMORY_CACHE_MB * 1024 * 1024 });
  const local = serverEnv.REDIS_URL
    ? withLocalFallback(
        shared,
        createMemoryStore({ maxBytes: 16 * 1024 * 1024 }),
        throttledWarning("Redis unavailable: rate-limit figures and request log kept locally"),
      )
    : createMemoryStore({ maxBytes: 16 * 1024 * 1024 });
  return { secret, database, migrations, shared, local };
}

/**
 * The audit trail, which keeps AUDIT_RETENTION_DAYS: older entries go once a day (every instance runs the same delete),
 * and now when the database is migrated already.
 */
function auditTrail(stores: Stores): { audit: AuditTrail; stop: () => void } {
  const audit = createAuditTrail(stores.database.db);
  const purge = () =>
    void audit.purge(serverEnv.AUDIT_RETENTION_DAYS).then(
      (count) =>
        count > 0 && log().info({ count, retentionDays: serverEnv.AUDIT_RETENTION_DAYS }, "audit entries purged"),
      (error: unknown) =>
        log().warn({ error: error instanceof Error ? error.message : String(error) }, "audit purge failed"),
    );
  if (stores.migrations.migrated()) purge();
  const timer = setInterval(purge, 86_400_000);
  timer.unref();
  return { audit, stop: () => clearInterval(timer) };
}

/**
 * The connect throttle, whose counters live in Redis (its own connection: rate-limiter-flexible sends its own
 * commands), so that every instance counts together; in memory without Redis, and while Redis is away.
 */
function connectThrottle(secret: string): { throttle: ConnectThrottle; redis?: Redis } {
  const redis = serverEnv.REDIS_URL
    ? new Redis(serverEnv.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: 1_000,
        connectTimeout: 2_000,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      })
    : undefined;
  redis?.on("error", throttledWarning("connect throttle: Redis unavailable (counting locally)"));
  const throttle = createConnectThrottle({
    secret,
    redis,
    prefix: serverEnv.REDIS_PREFIX,
    freeFailures: serverEnv.CONNECT_FAILURES_PER_ADDRESS,
    globalPerMinute: serverEnv.CONNECT_FAILURES_PER_MINUTE,
  });
  return { throttle, redis };
}

/** Who is asking, and with which key: the workspace keys, the actor resolver, the mailer and better-auth. */
interface People {
  keys: WorkspaceKeyStore;
  actors: ActorResolver;
  mailer: Mailer;
  auth: Auth;
}

/** The accounts and their workspaces' keys, over the stores; a key removed takes what each feature keeps of it. */
function people(stores: Stores, audit: AuditTrail, throttle: ConnectThrottle, forget: KeyForgetter[]): People {
  const { secret, database, shared, local } = stores;
  const secrets = { current: secret, previous: serverEnv.SESSION_SECRET_PREVIOUS };
  const keys = createWorkspaceKeyStore({
    db: database.db,
    secrets,
    forget,
    listenerFailed: (error, key) =>
      log().warn(
        { keyId: key.keyId, error: error instanceof Error ? error.message : String(error) },
        "a key added: its sync did not start (the sweep starts it)",
      ),
  });
  const maxAgeMs = serverEnv.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000;
  const actors = createActorResolver({ db: database.db, keys, shared, maxAgeMs });
  const mailer = createMailer({
    url: serverEnv.SMTP_URL,
    from: serverEnv.MAIL_FROM,
    noted: (line) => log().info(line, "mail not sent: no SMTP_URL"),
  });
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    secrets,
    // Sessions mirrored and rate-limit counters: in Redis for every instance, kept locally while Redis is away (a
    // session then falls back to the database, which holds it too).
    store: local,
    mailer,
    publicUrl: serverEnv.PUBLIC_URL,
    port: serverEnv.PORT,
    oidc: serverEnv.OIDC_ISSUER
      ? {
          issuer: serverEnv.OIDC_ISSUER,
          clientId: serverEnv.OIDC_CLIENT_ID!,
          clientSecret: serverEnv.OIDC_CLIENT_SECRET!,
          name: serverEnv.OIDC_NAME,
        }
      : undefined,
    idleSeconds: serverEnv.SESSION_IDLE_MINUTES * 60,
    events: actors.events,
    audit,
    throttle,
  });
  actors.bind(auth);
  return { keys, actors, mailer, auth };
}

/** What runs without a browser tab, and how people are told: the job queue, the effects, the notifications. */
interface Work {
  jobs: JobQueue;
  effects: EffectLedger;
  notifications: NotificationStore;
  preferences: Preferences;
  notifier: Notifier;
  /** Where the links in the mails point (`PUBLIC_URL`'s origin). */
  origin: string;
}

/**
 * Background jobs: on PostgreSQL pg-boss (its own schema and pool, from the same DATABASE_URL); on SQLite the jobs
 * table. Registered here, started once every handler is (never by `next build`). And the notifier, whose mail is the
 * core's own job.
 */
function backgroundWork(database: Database, mailer: Mailer, metrics: Metrics, secret: string): Work {
  const jobs = createJobQueue({
    database,
    url: serverEnv.DATABASE_URL,
    metrics,
    logger: log(),
    stopTimeoutMs: JOBS_STOP_MS,
    leaseSeconds: serverEnv.JOB_LEASE_SECONDS,
    maintenanceSeconds: serverEnv.JOB_MAINTENANCE_SECONDS,
  });
  const notifications = createNotificationStore(database.db);
  const preferences = createPreferences(database.db);
  const effects = createEffectLedger(database.db);
  const origin = mailOrigin(serverEnv.PUBLIC_URL, serverEnv.PORT);
  const notifier = createNotifier({
    store: notifications,
    preferences,
    jobs,
    mailer,
    effects,
    db: database.db,
    secret,
    origin,
  });
  jobs.work<{ id: string }>(NOTIFICATION_MAIL, (job) => notifier.mail(job.data.id));
  return { jobs, effects, notifications, preferences, notifier, origin };
}

/** Where an environment's requests go: the real Data API at its URL, else the embedded sandbox, in-process. */
async function upstream(environment: Environment, request: Request): Promise<Upstream> {
  const real = realApiBase(environment);
  if (real) return { v1Base: real, fetch: (r) => fetch(r) };
  if (!sandboxEnabled) throw new Error(`no Data API is configured for ${environment}`);
  const sandbox = await embeddedSandbox();
  // The sandbox's links (documents, Location) name the address the browser used, so they open from the page.
  return {
    v1Base: `${publicOrigin(request)}/sandbox/${environment}/api/v1`,
    fetch: async (r) => sandbox.app.fetch(r),
  };
}

/**
 * The proxy's dependencies, whole: the outcomes it learns go to the hub, which the features that listen join as they
 * start, so nothing is set on the proxy afterwards.
 */
function proxyDeps(
  stores: Stores,
  parts: People & { audit: AuditTrail; throttle: ConnectThrottle; metrics: Metrics; outcomes: OutcomeHub },
) {
  const { secret, database, shared, local } = stores;
  const staleIfErrorMs = serverEnv.STALE_IF_ERROR_HOURS * HOUR_MS;
  return {
    actors: parts.actors,
    auth: parts.auth,
    keys: parts.keys,
    db: database.db,
    mailDelivers: parts.mailer.delivers,
    secret,
    cache:
      serverEnv.PROXY_CACHE === "off"
        ? undefined
        : createResponseCache(withNearCache(shared), {
            keepStaleMs: Math.max(HOUR_MS, staleIfErrorMs),
            onStoreError: throttledWarning("response cache unavailable: answering uncached"),
          }),
    rateLimits: createRateLimitBook(local),
    requestLog: createRequestLog(local, { onError: throttledWarning("request log: entries lost") }),
    telemetry: proxyTelemetry(parts.metrics),
    metrics: parts.metrics,
    audit: parts.audit,
    throttle: parts.throttle,
    upstream,
    timeoutMs: serverEnv.DATA_API_TIMEOUT_MS,
    staleIfErrorMs,
    // In the shared store, so every instance agrees (kept locally while Redis is away: each instance then marks for itself).
    purchasesV2: createPurchasesV2Availability({
      mode: serverEnv.DATA_API_V2,
      store: local,
      baseOf: (environment) => realApiBase(environment) ?? "embedded sandbox",
      onError: throttledWarning("v2 purchase availability: shared store unavailable"),
    }),
    outcomes: parts.outcomes,
  };
}

/** The checks of `GET /api/ready`: the database migrated and answering, the shared store, the queue, the sandbox. */
function readiness(stores: Stores, jobs: JobQueue): ReadinessDeps {
  return {
    database: async () =>
      stores.migrations.migrated() &&
      (await stores.database.ping().then(
        () => true,
        () => false,
      ))
        ? "ok"
        : "unavailable",
    cache: async () => (serverEnv.REDIS_URL ? stores.shared.health() : "off"),
    jobs: () => jobs.check(),
    sandbox: sandboxCheck,
  };
}

/**
 * Once every handler is registered: the job queue starts (never in `next build`), and the embedded sandbox opens its
 * databases in the background (a copy of the seed's templates: about a second; a seed, when no template is right for
 * today: seconds more), so that the first "Try the demo" does not wait for it. The sandbox's start is not awaited: the
 * instance serves meanwhile, and a request to the sandbox waits for this same start.
 */
async function startInBackground(
  stores: Stores,
  jobs: JobQueue,
  recurrences: { queueNext(): Promise<void> }[],
): Promise<{ stop: () => void }> {
  const jobsStart = isBuilding()
    ? { stop() {} }
    : await startJobsWhenReady(
        jobs,
        stores.migrations.migrated,
        async () => void (await Promise.all(recurrences.map((r) => r.queueNext()))),
      );
  if (!isBuilding() && sandboxCheck() !== "off") {
    void embeddedSandbox().catch((error: unknown) =>
      log().error(
        { error: error instanceof Error ? error.message : String(error) },
        "the embedded sandbox did not start (the next request to it tries again)",
      ),
    );
  }
  return jobsStart;
}

async function assemble(): Promise<Backend> {
  assertRunnable();
  // Every feature's settings, read now: a value out of bounds stops the start before anything opens.
  readSettings(FEATURES);
  const stores = await openStores();
  const { secret, database, shared } = stores;
  const { audit, stop: stopAudit } = auditTrail(stores);
  const { throttle, redis: throttleRedis } = connectThrottle(secret);
  // What each feature keeps of a key goes with it, in the removal's transaction (`lib/server/features.ts`).
  const accounts = people(stores, audit, throttle, forgetters(FEATURES));
  const metrics = createMetrics(() => countLiveSessions(database));
  const work = backgroundWork(database, accounts.mailer, metrics, secret);
  const outcomes = createOutcomeHub();
  const proxy = proxyDeps(stores, { ...accounts, audit, throttle, metrics, outcomes });
  // Backroom's own reads for a key (the features' jobs): read through this same proxy.
  const background = createBackground({ proxy, shared, paceMs: serverEnv.SYNC_PACE_MS });
  // Every feature started once, with the core's services: its jobs, sweeps and listeners registered
  // (`lib/server/features.ts` lists them; `lib/server/core/feature.ts` says what a feature declares).
  const features = startFeatures(
    FEATURES,
    {
      db: database.db,
      jobs: work.jobs,
      keys: accounts.keys,
      audit,
      background,
      effects: work.effects,
      mailer: accounts.mailer,
      inbox: work.notifications,
      notifier: work.notifier,
      secret,
      origin: work.origin,
      shared,
    },
    outcomes,
  );

  let jobsStart = { stop() {} };
  const backend: Backend = {
    ...proxy,
    isSandbox,
    jobs: work.jobs,
    effects: work.effects,
    inbox: work.notifications,
    notifier: work.notifier,
    preferences: work.preferences,
    mailer: accounts.mailer,
    previousSecrets: serverEnv.SESSION_SECRET_PREVIOUS,
    // An unsubscribe link of a feature's own topic takes its person off it.
    unsubscribers: features.unsubscribers,
    background,
    // Each feature's services under its name in FEATURES (`deps.menus`): what its routes read.
    ...features.services,
    shared,
    publicUrl: serverEnv.PUBLIC_URL,
    metricsToken: serverEnv.METRICS_TOKEN,
    demoKey: (environment, keyType) => (isSandbox(environment) ? demoKeys(environment)[keyType] : undefined),
    readiness: readiness(stores, work.jobs),
    async close() {
      stopAudit();
      stores.migrations.stop();
      // Before the database closes: the jobs in flight finish (or are given back) while it still answers.
      jobsStart.stop();
      await work.jobs.stop();
      await proxy.requestLog.flush();
      await Promise.allSettled([shared.close(), database.close(), throttleRedis?.quit()]);
      await new Promise<void>((resolve) => log().flush(() => resolve()));
    },
  };
  jobsStart = await startInBackground(stores, work.jobs, features.recurrences);
  onShutdown(backend.close);
  log().info({ database: database.dialect, cache: serverEnv.REDIS_URL ? "redis" : "memory" }, "backend ready");
  return backend;
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
  const handle = serve(proxyRoute(version));
  return { GET: handle, POST: handle, PATCH: handle, DELETE: handle, PUT: handle };
}

/**
 * A route of Backroom's (`defineRoute`) as a Next route handler: given the process's backend and the route's dynamic
 * segments. The backend that cannot be assembled (its database away) is answered 503 in the API's error shape.
 *
 * @example
 * export const PATCH = serve(updateMember); // app/api/members/[memberId]/route.ts
 */
export function serve(route: Route<Backend>) {
  return answerFailures(
    async (request: Request, context?: { params?: Promise<Record<string, string | string[] | undefined>> }) => {
      const segments = (await context?.params) ?? {};
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(segments))
        if (value !== undefined) params[name] = Array.isArray(value) ? value.join("/") : value;
      return route(request, await backend(), params);
    },
  );
}
