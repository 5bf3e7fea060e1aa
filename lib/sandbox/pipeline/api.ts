import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { EnvironmentClock } from "../clock";
import type { Database } from "../db/schema";
import type { Environment } from "../environments";
import type { Faults } from "../faults";
import type { RateLimiter } from "../rate-limit";
import { access } from "./access";
import { API_ROUTE, type ApiEnv } from "./context";
import { answerError } from "./errors";
import { etag } from "./etag";
import { faultStage } from "./faults";
import { handle } from "./handle";
import { key } from "./key";
import { parse } from "./parse";
import { rateLimit, rateLimitFigures, standingFiguresOf } from "./rate-limit";
import { requestId } from "./request-id";
import { route } from "./route";

export interface ApiOptions {
  databases: Record<Environment, Kysely<Database>>;
  clocks: Record<Environment, EnvironmentClock>;
  faults: Faults;
  limiter: RateLimiter;
  /** The path the sandbox is mounted under (`/sandbox` inside Backroom; empty when standalone). */
  basePath: string;
  /** Whether the v2 paths exist (SANDBOX_V2); they do unless this is false. */
  v2?: boolean;
}

/**
 * The emulated Data API, `/{env}/api/{v1|v2}/...`: one Hono middleware per concern, in the order the live service
 * checks (docs/sandbox.md, "Order of checks"); the first that refuses answers, in the API's error shape, and the
 * stages it passed add their headers on the way out.
 *
 * @example
 * app.route("/", apiRoutes({ databases, clocks, faults, limiter: createRateLimiter(), basePath: "" }));
 */
export function apiRoutes(options: ApiOptions): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>();
  api.onError(answerError);
  api.use(API_ROUTE, requestId()); // X-Request-Id on every answer
  const figures = standingFiguresOf(options.databases, options.limiter);
  api.use(API_ROUTE, faultStage(options.faults, options.basePath, options.limiter.limit, figures)); // the operator's faults, before anything else
  api.use(API_ROUTE, rateLimitFigures(options.databases, options.limiter)); // RateLimit-* on answers refused before the count
  api.use(API_ROUTE, route(options.basePath, options.v2 ?? true)); // 404 (every v2 path without v2), 400 MALFORMED_PATH, 405
  api.use(API_ROUTE, key(options.databases)); // 401
  api.use(API_ROUTE, rateLimit(options.limiter)); // RateLimit-* headers, 429
  api.use(API_ROUTE, access()); // 403
  api.use(API_ROUTE, parse()); // 400 path and query; 415, 413, 400 body
  api.use(API_ROUTE, etag()); // ETag, 304
  api.all(API_ROUTE, handle({ clocks: options.clocks, basePath: options.basePath }));
  return api;
}
