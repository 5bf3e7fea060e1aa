import "server-only";
import { hostname } from "node:os";
import * as z from "zod";

/** A v1 base URL of the real Data API: absolute, ending in /api/v1 (v2 is the same base with /api/v2). */
const v1Base = z
  .url()
  .transform((s) => s.replace(/\/+$/, ""))
  .refine((s) => /\/api\/v1$/.test(s), "must end in /api/v1");

/** An unset variable and an empty one mean the same: nothing configured (a test harness blanks what it inherits). */
const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());

const ServerEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_API_PRODUCTION_URL: v1Base.optional(),
  DATA_API_TEST_URL: v1Base.optional(),
  /** "off" turns the embedded sandbox off; by default it is on whenever a real URL is missing. */
  SANDBOX: z.enum(["on", "off"]).optional(),
  /** Folder of the server's own store (sessions, encrypted keys) and, for local use, its generated session secret. */
  DATA_DIR: z.string().min(1).default(".data"),
  /** Encrypts stored API keys. Required when Backroom talks to the real API; generated under DATA_DIR otherwise. */
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  /** Earlier secrets, comma-separated, still accepted for decrypting while keys are re-encrypted with the current one. */
  SESSION_SECRET_PREVIOUS: z
    .string()
    .optional()
    .transform((s) =>
      s
        ? s
            .split(",")
            .map((p) => p.trim())
            .filter(Boolean)
        : [],
    )
    .refine(
      (list) => list.every((p) => p.length >= 32),
      "every SESSION_SECRET_PREVIOUS entry must be at least 32 characters",
    ),
  /** A session ends after this long without a request... */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60),
  /** ...and this long after it began, whatever happens. */
  SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
  /** The proxy's per-key response cache; "off" sends every request upstream (for measuring what the cache saves). */
  PROXY_CACHE: z.enum(["on", "off"]).default("on"),
  /**
   * Without Redis, the bound of the in-process store that holds the proxy's cached answers (and so its last-known copies
   * for stale-if-error), in MiB: the least recently used go first.
   */
  MEMORY_CACHE_MB: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(8).max(8192).default(128)),
  /**
   * The v2 purchase endpoints (marked Beta): "auto" uses them until a v2 list read answers 404, 405 or 501, then reads
   * v1's posted purchases for 10 minutes before trying v2 again; "on" always uses them; "off" never does.
   */
  DATA_API_V2: z.preprocess(unsetIfEmpty, z.enum(["auto", "on", "off"]).default("auto")),
  /**
   * How old a cached answer may be for the proxy to serve it, marked stale, when the Data API answers a read with 429
   * or 5xx, too late or not at all (RFC 5861 stale-if-error); 0 turns it off. Cached answers are kept this long.
   */
  STALE_IF_ERROR_HOURS: z.preprocess(unsetIfEmpty, z.coerce.number().min(0).max(168).default(24)),
  /** How long the proxy waits for the Data API before answering 504. */
  DATA_API_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** PostgreSQL for the session store and every durable table, shared by the instances; unset: SQLite in DATA_DIR. */
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")),
  /** Connections in each instance's PostgreSQL pool. */
  DATABASE_POOL_MAX: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(200).default(10)),
  /** Redis 6.2+ or Valkey for the response cache, rate-limit figures, request log and revocation signal; unset: memory. */
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// or rediss:// URL")),
  /** Put before every Redis key and channel, so deployments can share one Redis. */
  REDIS_PREFIX: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,50}$/, "REDIS_PREFIX: letters, digits, ':', '_' or '-'")
      .default("backroom:"),
  ),
  /** Bearer token of GET /api/metrics; unset: the endpoint answers 404. */
  METRICS_TOKEN: optional(z.string().min(16, "METRICS_TOKEN must be at least 16 characters")),
  /** pino's level for the JSON log lines on stdout. */
  LOG_LEVEL: z.preprocess(
    unsetIfEmpty,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  /** Refused keys from one client address in 15 minutes before its connects wait (then 1 minute, doubling to 1 hour). */
  CONNECT_FAILURES_PER_ADDRESS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(1000).default(5)),
  /** Refused keys a minute, over all addresses, before every key check waits for the rest of the minute (never sign-ins). */
  CONNECT_FAILURES_PER_MINUTE: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(100_000).default(100)),
  /** How far apart the syncs' requests for one key are, at least (ms; the live service stalls under bursts); 0: unpaced. */
  SYNC_PACE_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(60_000).default(1000)),
  /** How long a background job may run; a job whose instance died is run again by another once this has passed. */
  JOB_LEASE_SECONDS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(5).max(3600).default(300)),
  /** How often pg-boss's maintenance gives back the jobs of dead instances (PostgreSQL only). */
  JOB_MAINTENANCE_SECONDS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(3600).default(60)),
  /** Days the audit trail keeps its entries (purged daily); at least 30. */
  AUDIT_RETENTION_DAYS: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int().min(30, "AUDIT_RETENTION_DAYS must be at least 30").max(36_500).default(400),
  ),
  /**
   * The address people reach Backroom at (`https://backroom.example.com`): the links in its mail, and the relying party
   * of passkeys. Unset: the address of each request, for loopback hosts only (local use and the tests).
   */
  PUBLIC_URL: optional(z.url().transform((s) => s.replace(/\/+$/, ""))),
  /**
   * The port the server listens on (`scripts/start.mjs` sets it from `--port`, `next dev` from `-p`): without
   * PUBLIC_URL, the loopback hosts on this port are the one origin Backroom trusts, and its mail's links name it.
   */
  PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(65_535).default(3000)),
  /** Mail (account verification, password resets, invitations) through this SMTP server; unset: nothing is sent. */
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")),
  /** The sender of Backroom's mail. */
  MAIL_FROM: z.preprocess(unsetIfEmpty, z.string().min(3).default("Backroom <no-reply@backroom.invalid>")),
  /** Single sign-on with an OpenID Connect provider: its issuer URL (discovery at /.well-known/openid-configuration). */
  OIDC_ISSUER: optional(z.url().transform((s) => s.replace(/\/+$/, ""))),
  OIDC_CLIENT_ID: optional(z.string().min(1)),
  OIDC_CLIENT_SECRET: optional(z.string().min(1)),
  /** How the sign-in page names the provider ("Sign in with …"). */
  OIDC_NAME: z.preprocess(unsetIfEmpty, z.string().min(1).max(60).default("single sign-on")),
  /** How this instance names itself in logs; default the host name and process id. */
  INSTANCE_ID: z.preprocess(unsetIfEmpty, z.string().max(100).default(`${hostname()}-${process.pid}`)),
});

/**
 * The server's configuration, parsed once from process.env. Nothing else reads process.env: the embedded sandbox
 * gets its own variables (SANDBOX_*) from here too, as `sandboxSettings`, and parses them itself; a feature's settings
 * are its own schema's, read here too (`settingsOf`).
 */
const parsed = ServerEnv.parse(process.env);

/** Whether the embedded sandbox is served under /sandbox. */
export const sandboxEnabled =
  parsed.SANDBOX === "on" ||
  (parsed.SANDBOX !== "off" && (!parsed.DATA_API_PRODUCTION_URL || !parsed.DATA_API_TEST_URL));

export const serverEnv = parsed;

/**
 * Throws when the configuration cannot run safely; called when the server assembles its backend (not at import: the
 * build imports this module too, with whatever environment the build machine has).
 */
export function assertRunnable(): void {
  // A deployment holding real keys must bring its own secret: a generated one would differ per instance and sit beside
  // the database it protects. Any real URL means real keys, even when the sandbox serves the other environment.
  if (
    !parsed.SESSION_SECRET &&
    (parsed.DATA_API_PRODUCTION_URL || parsed.DATA_API_TEST_URL) &&
    parsed.NODE_ENV === "production"
  ) {
    throw new Error(
      "SESSION_SECRET is required when Backroom talks to the real Data API (set it to 32 or more random characters).",
    );
  }
  // Instances sharing PostgreSQL or Redis must share the secret too: one that each generates for itself could not read
  // the keys and cache entries the others wrote.
  if (
    Boolean(parsed.OIDC_ISSUER) !== Boolean(parsed.OIDC_CLIENT_ID) ||
    Boolean(parsed.OIDC_ISSUER) !== Boolean(parsed.OIDC_CLIENT_SECRET)
  ) {
    throw new Error(
      "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three for single sign-on, or none.",
    );
  }
  if (!parsed.SESSION_SECRET && (parsed.DATABASE_URL || parsed.REDIS_URL)) {
    throw new Error(
      "SESSION_SECRET is required with DATABASE_URL or REDIS_URL: every instance needs the same one (32 or more random characters).",
    );
  }
}

/**
 * The SANDBOX_* variables, unparsed: the sandbox's own config schema (`lib/sandbox/config.ts`) reads them, its
 * operator key (SANDBOX_OPERATOR_KEY) among them.
 */
export const sandboxSettings: Record<string, string | undefined> = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name.startsWith("SANDBOX_")),
);

export type Environment = "production" | "test";

/** The real API's v1 base for an environment, or undefined when the embedded sandbox serves it. */
export function realApiBase(environment: Environment): string | undefined {
  return environment === "production" ? parsed.DATA_API_PRODUCTION_URL : parsed.DATA_API_TEST_URL;
}

/**
 * One variable of a feature's settings: unset and empty mean the same, its default (a test harness blanks what it
 * inherits).
 */
export const setting = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema);

const parsedSettings = new WeakMap<z.ZodType, unknown>();

/**
 * A feature's settings, parsed from the environment once per schema (a later call answers the same object): the schema,
 * in the feature's folder, names its variables with their defaults and bounds. Throws (a ZodError naming the
 * variable) when one is out of them.
 *
 * @example
 * export const ReminderSettings = z.object({ REMINDER_HOURS: setting(z.coerce.number().int().min(1).default(24)) });
 * settingsOf(ReminderSettings).REMINDER_HOURS; // 24, unless REMINDER_HOURS says otherwise
 */
export function settingsOf<T>(schema: z.ZodType<T>): T {
  if (!parsedSettings.has(schema)) parsedSettings.set(schema, schema.parse(process.env));
  return parsedSettings.get(schema) as T;
}
