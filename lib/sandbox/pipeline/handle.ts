import type { Context, Handler as HonoHandler } from "hono";
import type { AnyOperation, OperationId } from "@/lib/data-api/registry";
import type { EnvironmentClock } from "../clock";
import type { Environment } from "../environments";
import {
  type Handler,
  type HandlerContext,
  type HandlerResult,
  SandboxError,
  type WriteContext,
  type WriteHandler,
  type WriteResult,
} from "../handler";
import { readHandlers, writeHandlers } from "../handlers";
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  type StoredResponse,
} from "../idempotency";
import { type ApiEnv, JSON_TYPE } from "./context";
import { weakEtag } from "./etag";

/**
 * The last stage: the operation's handler, on a request every stage before it accepted. A read answers its records
 * in the operation's envelope, tagged with a weak ETag of the body (the ETag stage around it answers 304 when the
 * request names the tag); a write goes through `write`.
 */
export function handle(options: {
  clocks: Record<Environment, EnvironmentClock>;
  basePath: string;
}): HonoHandler<ApiEnv> {
  return async (c) => {
    const env = c.get("env");
    const operation = c.get("operation");
    const input = c.get("input");
    const origin = new URL(c.req.url).origin;
    const context: HandlerContext<OperationId> = {
      db: c.get("db"),
      env,
      scope: c.get("scope"),
      now: options.clocks[env].now(),
      query: input.query as HandlerContext<OperationId>["query"],
      path: input.path as HandlerContext<OperationId>["path"],
      assetUrl: (asset) => `${origin}${options.basePath}/${env}/${asset}`,
    };
    if (operation.method !== "GET") return write(c, context, `${origin}${c.get("versionPath")}`);
    const handler = readHandlers[operation.id as keyof typeof readHandlers] as Handler<OperationId> | undefined;
    if (!handler) throw new Error(`no handler for ${operation.id}`);
    const body = JSON.stringify(envelope(operation, await handler(context), input.query));
    return new Response(body, {
      status: operation.success,
      headers: { "Content-Type": JSON_TYPE, ETag: weakEtag(body) },
    });
  };
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
 * A write, its body already checked (parse.ts): `Prefer` honoured where the operation takes it, the Idempotency-Key
 * claimed (replay, 409 reused or in progress), then the handler and the stored answer in one transaction. Business
 * refusals (409, 422, ...) are stored for replay too; an unexpected failure frees the key.
 */
async function write(c: Context<ApiEnv>, context: HandlerContext<OperationId>, versionBase: string): Promise<Response> {
  const operation = c.get("operation");
  const input = c.get("input");
  const handler = writeHandlers[operation.id as keyof typeof writeHandlers] as WriteHandler<OperationId> | undefined;
  if (!handler) throw new Error(`no handler for ${operation.id}`);
  const { minimal, representation, lenient } = input.prefer;
  const applied = [
    minimal ? "return=minimal" : representation ? "return=representation" : "",
    lenient ? "handling=lenient" : "",
  ].filter(Boolean);

  const idempotencyKey =
    operation.method === "POST" || operation.method === "PATCH" ? c.req.header("Idempotency-Key") : undefined;
  const { db, scope } = context;
  if (idempotencyKey !== undefined) {
    checkIdempotencyKey(idempotencyKey);
    const url = new URL(c.req.url);
    const claim = await claimIdempotencyKey(db, {
      keyHash: scope.keyHash,
      idempotencyKey,
      method: operation.method,
      path: url.pathname,
      query: url.search,
      body: input.raw ?? "",
      now: context.now,
    });
    if (claim.kind === "replay") return respond(claim.response, { "Idempotency-Replayed": "true" });
  }

  try {
    const stored = await db.transaction().execute(async (trx) => {
      const result = await handler({ ...context, db: trx, body: input.body } as WriteContext<OperationId>);
      const answer = storedAnswer(operation, result, minimal, applied, versionBase);
      if (idempotencyKey !== undefined) await completeIdempotencyKey(trx, scope.keyHash, idempotencyKey, answer);
      return answer;
    });
    return respond(stored);
  } catch (error) {
    if (idempotencyKey !== undefined) {
      if (error instanceof SandboxError && error.status < 500) {
        const answer: StoredResponse = {
          status: error.status,
          headers: { "Content-Type": JSON_TYPE, ...error.headers },
          body: JSON.stringify(error.body),
        };
        await completeIdempotencyKey(db, scope.keyHash, idempotencyKey, answer);
      } else {
        await releaseIdempotencyKey(db, scope.keyHash, idempotencyKey);
      }
    }
    throw error;
  }
}

/** The answer of a write as it is sent and stored: status, the headers that belong to it, the body. */
function storedAnswer(
  operation: AnyOperation,
  result: WriteResult,
  minimal: boolean,
  applied: string[],
  versionBase: string,
): StoredResponse {
  const headers: Record<string, string> = {};
  if (applied.length) headers["Preference-Applied"] = applied.join(", ");
  if (result.location) headers.Location = `${versionBase}${result.location}`;
  if (!result.record || operation.envelope === "none" || minimal)
    return { status: operation.success === 201 ? 201 : 204, headers, body: null };
  headers["Content-Type"] = JSON_TYPE;
  return {
    status: operation.success,
    headers,
    body: JSON.stringify(envelope(operation, { record: result.record }, {})),
  };
}

function respond(answer: StoredResponse, headers: Record<string, string> = {}): Response {
  return new Response(answer.body, { status: answer.status, headers: { ...headers, ...answer.headers } });
}
