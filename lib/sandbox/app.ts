import { createHash, randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import type { Kysely } from "kysely";
import { matchOperation, type AnyOperation, type OperationId } from "@/lib/data-api/registry";
import { searchParamsToObject } from "@/lib/data-api/query-params";
import { queryErrorBody } from "@/lib/data-api/validation-errors";
import { assetRoutes } from "./assets";
import { type Clock, systemClock } from "./clock";
import type { Database } from "./db/schema";
import { type Environment, isEnvironment } from "./environments";
import { type Handler, type HandlerContext, type HandlerResult, SandboxError } from "./handler";
import { readHandlers } from "./handlers";
import { resolveKey } from "./keys";
import { operatorRoutes } from "./operator";
import { createRateLimiter, type RateLimitOptions } from "./rate-limit";

export interface SandboxOptions {
  /** One database per environment. */
  databases: Record<Environment, Kysely<Database>>;
  clock?: Clock;
  rateLimit?: Partial<RateLimitOptions>;
  /** The path the app is mounted under (`/sandbox` inside Backroom; empty when standalone). */
  basePath?: string;
}

const REQUEST_ID = /^[A-Za-z0-9]{1,64}$/;

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
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
 * the Data API's documentation and field notes say the live service does.
 */
export function createSandboxApp(options: SandboxOptions) {
  const clock = options.clock ?? systemClock;
  const limiter = createRateLimiter(options.rateLimit);
  const app = new Hono().basePath(options.basePath ?? "/");

  // Every answer of the sandbox is private and revalidated, like the live service's.
  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-cache");
  });

  app.route("/", operatorRoutes({ databases: options.databases, clock }));
  app.route("/", assetRoutes(options.databases));

  app.all("/:env/api/:version/*", async (c) => {
    const requestId = REQUEST_ID.test(c.req.header("X-Request-Id") ?? "") ? c.req.header("X-Request-Id")! : randomUUID();
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    try {
      return await dispatch(c, headers);
    } catch (error) {
      if (error instanceof SandboxError) return json(error.body, error.status, { ...headers, ...error.headers });
      console.error(`sandbox: ${c.req.method} ${c.req.path} failed (request ${requestId})`, error);
      return json({ Error: "Unexpected server error" }, 500, headers);
    }
  });

  async function dispatch(c: Context, headers: Record<string, string>): Promise<Response> {
    const env = c.req.param("env") ?? "";
    const version = c.req.param("version");
    if (!isEnvironment(env) || (version !== "v1" && version !== "v2")) throw new SandboxError(404, { Error: "Not found" });
    const prefix = `${options.basePath ?? ""}/${env}/api/${version}`.replace(/^\/\//, "/");
    const rest = c.req.path.slice(prefix.length);

    const match = matchOperation(c.req.method, version, rest.split("/").filter(Boolean).map(decodeURIComponent));
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

    const path = operation.pathSchema.safeParse(match.params);
    if (!path.success) throw new SandboxError(400, queryErrorBody(path.error));
    const query = operation.querySchema.safeParse(searchParamsToObject(new URL(c.req.url).searchParams));
    if (!query.success) throw new SandboxError(400, queryErrorBody(query.error));

    const handler = readHandlers[operation.id as keyof typeof readHandlers] as Handler<OperationId> | undefined;
    if (!handler) {
      throw new SandboxError(501, {
        Error: { code: "NOT_IMPLEMENTED", detail: `${operation.method} ${operation.path} is not emulated by this sandbox yet.` },
      });
    }
    const origin = new URL(c.req.url).origin;
    const context: HandlerContext<OperationId> = {
      db,
      env,
      scope,
      now: clock.now(),
      query: query.data as HandlerContext<OperationId>["query"],
      path: path.data as HandlerContext<OperationId>["path"],
      assetUrl: (asset) => `${origin}${(options.basePath ?? "").replace(/\/$/, "")}/${env}/${asset}`,
    };
    const result = await handler(context);
    const body = JSON.stringify(envelope(operation, result, query.data as Record<string, unknown>));
    if (operation.method === "GET") {
      const etag = weakEtag(body);
      if (matchesEtag(c.req.header("If-None-Match"), etag)) {
        return new Response(null, { status: 304, headers: { ...headers, ETag: etag } });
      }
      headers.ETag = etag;
    }
    return new Response(body, { status: operation.success, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  }

  app.notFound(() => json({ Error: "Not found" }, 404));
  app.onError((error) => {
    console.error("sandbox: unexpected error", error);
    return json({ Error: "Unexpected server error" }, 500);
  });
  return app;
}

export type SandboxApp = ReturnType<typeof createSandboxApp>;
