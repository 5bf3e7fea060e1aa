import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import type { Kysely } from "kysely";
import { requestIdOf } from "@/lib/data-api/request-check";
import { assetRoutes } from "./assets";
import { type Clock, type EnvironmentClock, environmentClock, systemClock } from "./clock";
import type { Database } from "./db/schema";
import { ENVIRONMENTS, type Environment } from "./environments";
import { createFaults, type Faults } from "./faults";
import { createJobRunner, type JobRunner } from "./job-runner";
import { operatorRoutes } from "./operator";
import { apiRoutes } from "./pipeline/api";
import { json } from "./pipeline/context";
import { standingFigures } from "./pipeline/rate-limit";
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
  /** The operator's key: the only `x-api-key` the operator's endpoints take (`operator-secret.ts`). */
  operatorKey: string;
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

  app.route(
    "/",
    operatorRoutes({
      databases: options.databases,
      clocks,
      faults,
      jobs,
      operatorKey: options.operatorKey,
      templates: options.templates,
      basePath,
    }),
  );
  app.route("/", assetRoutes(options.databases));
  app.route("/", apiRoutes({ databases: options.databases, clocks, faults, limiter, basePath, v2: options.v2 }));

  // An unknown path under an environment's `/api` (no version: `/test/api`) is the Data API's 404, with the headers
  // every answer of it carries (pipeline/request-id.ts, pipeline/rate-limit.ts); the API's own paths never reach here.
  app.notFound(async (c) => {
    const [env = "", api] = c.req.path.slice(basePath.length).split("/").slice(1);
    if (api !== "api") return json({ Error: "Not found" }, 404);
    const sent = c.req.header("x-api-key");
    return json({ Error: "Not found" }, 404, {
      "X-Request-Id": requestIdOf(c.req.header("X-Request-Id"), randomUUID),
      ...(await standingFigures(options.databases, limiter, env, sent)),
    });
  });
  app.onError((error) => {
    console.error("sandbox: unexpected error", error);
    return json({ Error: "Unexpected server error" }, 500);
  });
  return Object.assign(app, { clocks, faults, jobs });
}

export type SandboxApp = ReturnType<typeof createSandboxApp>;
