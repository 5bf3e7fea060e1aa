import { Hono } from "hono";
import type { Kysely } from "kysely";
import { assetRoutes } from "./assets";
import { type Clock, type EnvironmentClock, environmentClock, systemClock } from "./clock";
import type { Database } from "./db/schema";
import { ENVIRONMENTS, type Environment } from "./environments";
import { createFaults, type Faults } from "./faults";
import { createJobRunner, type JobRunner } from "./job-runner";
import { operatorRoutes } from "./operator";
import { apiRoutes } from "./pipeline/api";
import { json } from "./pipeline/context";
import { createRateLimiter, type RateLimitOptions } from "./rate-limit";
import type { SeedTemplates } from "./template";

export interface SandboxOptions {
  /** One database per environment. */
  databases: Record<Environment, Kysely<Database>>;
  /** The base clock; each environment gets its own clock on top of it, which the operator can move. */
  clock?: Clock;
  /** The environments' clocks, when the caller keeps them (the runtime, which restores moved clocks). */
  clocks?: Record<Environment, EnvironmentClock>;
  faults?: Faults;
  jobs?: JobRunner;
  rateLimit?: Partial<RateLimitOptions>;
  /** The path the app is mounted under (`/sandbox` inside Backroom; empty when standalone). */
  basePath?: string;
  /** Whether the v2 paths exist (SANDBOX_V2); they do unless this is false. */
  v2?: boolean;
  /** The seed's templates, when the runtime has them: the operator's reset copies one when it is right for the moment. */
  templates?: SeedTemplates;
}

/**
 * The sandbox: a Hono app serving `/{env}/api/v1/...` and `/{env}/api/v2/...` for both environments, answering as
 * the Data API's documentation and field notes say the live service does (`pipeline/api.ts`), plus the operator's
 * endpoints and the documents' assets.
 */
export function createSandboxApp(options: SandboxOptions) {
  const base = options.clock ?? systemClock;
  const clocks =
    options.clocks ??
    (Object.fromEntries(ENVIRONMENTS.map((env) => [env, environmentClock(base)])) as Record<
      Environment,
      EnvironmentClock
    >);
  const faults = options.faults ?? createFaults();
  const jobs = options.jobs ?? createJobRunner(options.databases, clocks);
  const limiter = createRateLimiter(options.rateLimit);
  const basePath = (options.basePath ?? "").replace(/\/$/, "");
  const app = new Hono().basePath(basePath || "/");

  // Every answer of the sandbox is private and revalidated, like the live service's.
  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-cache");
  });

  app.route("/", operatorRoutes({ databases: options.databases, clocks, faults, jobs, templates: options.templates }));
  app.route("/", assetRoutes(options.databases));
  app.route("/", apiRoutes({ databases: options.databases, clocks, faults, limiter, basePath, v2: options.v2 }));

  app.notFound(() => json({ Error: "Not found" }, 404));
  app.onError((error) => {
    console.error("sandbox: unexpected error", error);
    return json({ Error: "Unexpected server error" }, 500);
  });
  return Object.assign(app, { clocks, faults, jobs });
}

export type SandboxApp = ReturnType<typeof createSandboxApp>;
