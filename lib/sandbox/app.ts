import { createHash, randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import type { Kysely } from "kysely";
import { matchOperation, type AnyOperation, type OperationId } from "@/lib/data-api/registry";
import { searchParamsToObject } from "@/lib/data-api/query-params";
import { queryErrorBody, validationErrorBody } from "@/lib/data-api/validation-errors";
import { assetRoutes } from "./assets";
import { type Clock, type EnvironmentClock, environmentClock, systemClock } from "./clock";
import type { Database } from "./db/schema";
import { ENVIRONMENTS, type Environment, isEnvironment } from "./environments";
import { createFaults, type Faults, withFault } from "./faults";
import {
  type Handler,
  type HandlerContext,
  type HandlerResult,
  SandboxError,
  type WriteContext,
  type WriteHandler,
  type WriteResult,
} from "./handler";
import { readHandlers, writeHandlers } from "./handlers";
import { checkIdempotencyKey, claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, type StoredResponse } from "./idempotency";
import { createJobRunner, type JobRunner } from "./job-runner";
import { type KeyScope, resolveKey } from "./keys";
import { operatorRoutes } from "./operator";
import { createRateLimiter, type RateLimitOptions } from "./rate-limit";
import { parsePrefer, readJsonBody } from "./write-input";

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
}

const REQUEST_ID = /^[A-Za-z0-9]{1,64}$/;
const JSON_TYPE = "application/json; charset=utf-8";

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": JSON_TYPE, ...headers } });
}

/** The answer to a path with a malformed escape; Backroom's server gives the same before Next (scripts/malformed-path.mjs). */
const MALFORMED_PATH = {
  Error: {
    code: "MALFORMED_PATH",
    detail: "The path has a malformed percent-escape: % must start two hexadecimal digits, and the escapes must spell UTF-8 text (write a literal % as %25).",
  },
};

/**
 * A request path's segments, decoded. A malformed percent-escape (`%`, `%zz`, escapes that are not UTF-8) is the
 * client's mistake, answered 400 (it was the catch-all's 500).
 */
function pathSegments(rest: string): string[] {
  try {
    return rest.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    throw new SandboxError(400, MALFORMED_PATH);
  }
}

/** A weak validator of a body: equal bodies, equal ETags. */
function weakEtag(body: string): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** If-None-Match holds the ETag (or `*`); weak comparison, as for GET. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

function envelope(operation: AnyOperation, result: HandlerResult, query: Record<string, unknown>): unknown {
  if ("record" in result) {
    switch (operation.envelope) {
      case "v1-single":
        // The live service sends single records in the full list envelope (field notes).
        return { Data: [result.record], Page: 1, PageSize: 50, HasNextPage: false };
      case "v2-single":
        return { data: result.record };
      default:
        return { Data: result.record };
    }
  }
  if (operation.envelope === "v2-list") {
    return { data: result.records, page: query.page, page_size: query.page_size, has_next_page: result.hasNextPage };
  }
  return { Data: result.records, Page: query.Page, PageSize: query.PageSize, HasNextPage: result.hasNextPage };
}

/**
 * The sandbox: a Hono app serving `/{env}/api/v1/...` and `/{env}/api/v2/...` for both environments, answering as
 * the Data API's documentation and field notes say the live service does, plus the operator's endpoints.
 */
export function createSandboxApp(options: SandboxOptions) {
  const base = options.clock ?? systemClock;
  const clocks = options.clocks ?? (Object.fromEntries(ENVIRONMENTS.map((env) => [env, environmentClock(base)])) as Record<Environment, EnvironmentClock>);
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

  app.route("/", operatorRoutes({ databases: options.databases, clocks, faults, jobs }));
  app.route("/", assetRoutes(options.databases));

  app.all("/:env/api/:version/*", async (c) => {
    const requestId = REQUEST_ID.test(c.req.header("X-Request-Id") ?? "") ? c.req.header("X-Request-Id")! : randomUUID();
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    const env = c.req.param("env");
    const run = async () => {
      try {
        return await dispatch(c, headers);
      } catch (error) {
        if (error instanceof SandboxError) return json(error.body, error.status, { ...headers, ...error.headers });
        console.error(`sandbox: ${c.req.method} ${c.req.path} failed (request ${requestId})`, error);
        return json({ Error: "Unexpected server error" }, 500, headers);
      }
    };
    if (!isEnvironment(env)) return run();
    // Faults meet requests before anything else, as a network or gateway failure would.
    const fault = faults.pick(env, c.req.method, c.req.path.slice(basePath.length + env.length + 1));
    const response = await withFault(fault, run, c.req.raw.signal);
    if (fault && !response.headers.has("X-Request-Id")) response.headers.set("X-Request-Id", requestId);
    return response;
  });

  async function dispatch(c: Context, headers: Record<string, string>): Promise<Response> {
    const env = c.req.param("env") ?? "";
    const version = c.req.param("version");
    if (!isEnvironment(env) || (version !== "v1" && version !== "v2")) throw new SandboxError(404, { Error: "Not found" });
    const prefix = `${basePath}/${env}/api/${version}`;
    const rest = c.req.path.slice(prefix.length);

    const match = matchOperation(c.req.method, version, pathSegments(rest));
    if (match.kind === "not-found") throw new SandboxError(404, { Error: "Not found" });
    if (match.kind === "method-not-allowed") {
      throw new SandboxError(405, { Error: `Method ${c.req.method} is not allowed here` }, { Allow: match.allow.join(", ") });
    }
    const operation = match.operation;

    const db = options.databases[env];
    const key = c.req.header("x-api-key");
    if (!key) throw new SandboxError(401, { Error: "Missing API key: send it in the x-api-key header" });
    const scope = await resolveKey(db, key);
    if (!scope) throw new SandboxError(401, { Error: "Invalid API key" });

    const rate = limiter.take(`${env}:${scope.keyHash}`);
    Object.assign(headers, {
      "RateLimit-Limit": String(rate.limit),
      "RateLimit-Remaining": String(rate.remaining),
      "RateLimit-Reset": String(rate.reset),
    });
    if (!rate.allowed) {
      throw new SandboxError(429, { Error: "Rate limit exceeded" }, { "Retry-After": String(rate.reset) });
    }

    if (scope.type !== "Employee" && operation.access[scope.type] === "forbidden") {
      throw new SandboxError(403, { Error: `${scope.type} keys may not call ${operation.method} ${operation.path}` });
    }

    const url = new URL(c.req.url);
    const path = operation.pathSchema.safeParse(match.params);
    if (!path.success) throw new SandboxError(400, queryErrorBody(path.error));
    const query = operation.querySchema.safeParse(searchParamsToObject(url.searchParams));
    if (!query.success) throw new SandboxError(400, queryErrorBody(query.error));

    const context: HandlerContext<OperationId> = {
      db,
      env,
      scope,
      now: clocks[env].now(),
      query: query.data as HandlerContext<OperationId>["query"],
      path: path.data as HandlerContext<OperationId>["path"],
      assetUrl: (asset) => `${url.origin}${basePath}/${env}/${asset}`,
    };
    if (operation.method !== "GET") return write(c, operation, context, headers, `${url.origin}${prefix}`);

    const handler = readHandlers[operation.id as keyof typeof readHandlers] as Handler<OperationId> | undefined;
    if (!handler) throw new Error(`no handler for ${operation.id}`);
    const result = await handler(context);
    const body = JSON.stringify(envelope(operation, result, query.data as Record<string, unknown>));
    const etag = weakEtag(body);
    if (matchesEtag(c.req.header("If-None-Match"), etag)) {
      return new Response(null, { status: 304, headers: { ...headers, ETag: etag } });
    }
    return new Response(body, { status: operation.success, headers: { ...headers, ETag: etag, "Content-Type": JSON_TYPE } });
  }

  /**
   * A write: Prefer honoured where the operation takes it, the body read and checked (413, 415, 400), the
   * Idempotency-Key claimed (replay, 409 reused or in progress), then the handler and the stored answer in one
   * transaction. Business refusals (409, 422, ...) are stored for replay too; an unexpected failure frees the key.
   */
  async function write(c: Context, operation: AnyOperation, context: HandlerContext<OperationId>, headers: Record<string, string>, versionBase: string): Promise<Response> {
    const handler = writeHandlers[operation.id as keyof typeof writeHandlers] as WriteHandler<OperationId> | undefined;
    if (!handler) throw new Error(`no handler for ${operation.id}`);
    const prefer = operation.headers.includes("Prefer") ? parsePrefer(c.req.header("Prefer")) : { minimal: false, representation: false, lenient: false };
    const lenient = prefer.lenient && operation.lenientBody !== undefined;
    const minimal = prefer.minimal && (operation.success === 201 || operation.statuses.includes(204));
    const applied = [minimal ? "return=minimal" : prefer.representation ? "return=representation" : "", lenient ? "handling=lenient" : ""].filter(Boolean);

    let raw = "";
    let body: unknown;
    if (operation.body) {
      const read = await readJsonBody(c.req.raw);
      raw = read.raw;
      const parsed = (lenient ? operation.lenientBody! : operation.body).safeParse(read.value);
      if (!parsed.success) throw new SandboxError(400, validationErrorBody(parsed.error));
      body = parsed.data;
    }

    const idempotencyKey = operation.method === "POST" || operation.method === "PATCH" ? c.req.header("Idempotency-Key") : undefined;
    const scope: KeyScope = context.scope;
    const db = context.db;
    if (idempotencyKey !== undefined) {
      checkIdempotencyKey(idempotencyKey);
      const url = new URL(c.req.url);
      const claim = await claimIdempotencyKey(db, { keyHash: scope.keyHash, idempotencyKey, method: operation.method, path: url.pathname, query: url.search, body: raw, now: context.now });
      if (claim.kind === "replay") return respond(claim.response, { ...headers, "Idempotency-Replayed": "true" });
    }

    try {
      const stored = await db.transaction().execute(async (trx) => {
        const result = await handler({ ...context, db: trx, body } as WriteContext<OperationId>);
        const answer = storedAnswer(operation, result, minimal, applied, versionBase);
        if (idempotencyKey !== undefined) await completeIdempotencyKey(trx, scope.keyHash, idempotencyKey, answer);
        return answer;
      });
      return respond(stored, headers);
    } catch (error) {
      if (idempotencyKey !== undefined) {
        if (error instanceof SandboxError && error.status < 500) {
          const answer: StoredResponse = { status: error.status, headers: { "Content-Type": JSON_TYPE, ...error.headers }, body: JSON.stringify(error.body) };
          await completeIdempotencyKey(db, scope.keyHash, idempotencyKey, answer);
        } else {
          await releaseIdempotencyKey(db, scope.keyHash, idempotencyKey);
        }
      }
      throw error;
    }
  }

  app.notFound(() => json({ Error: "Not found" }, 404));
  app.onError((error) => {
    console.error("sandbox: unexpected error", error);
    return json({ Error: "Unexpected server error" }, 500);
  });
  return Object.assign(app, { clocks, faults, jobs });
}

/** The answer of a write as it is sent and stored: status, the headers that belong to it, the body. */
function storedAnswer(operation: AnyOperation, result: WriteResult, minimal: boolean, applied: string[], versionBase: string): StoredResponse {
  const headers: Record<string, string> = {};
  if (applied.length) headers["Preference-Applied"] = applied.join(", ");
  if (result.location) headers.Location = `${versionBase}${result.location}`;
  if (!result.record || operation.envelope === "none" || minimal) return { status: operation.success === 201 ? 201 : 204, headers, body: null };
  headers["Content-Type"] = JSON_TYPE;
  return { status: operation.success, headers, body: JSON.stringify(envelope(operation, { record: result.record }, {})) };
}

function respond(answer: StoredResponse, headers: Record<string, string>): Response {
  return new Response(answer.body, { status: answer.status, headers: { ...headers, ...answer.headers } });
}

export type SandboxApp = ReturnType<typeof createSandboxApp>;
