import "server-only";
import { randomUUID } from "node:crypto";
import { isAPIError } from "better-auth/api";
import * as z from "zod/v4/core";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { KeyType } from "@/lib/data-api/operation";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { authFailure } from "@/lib/session/auth-failure";
import { log } from "./log";

/**
 * Backroom's one error vocabulary: the refusals a route throws (`RouteError`: `refuse`, `refusal`, `invalidField`,
 * `keyTypeRefusal`), the core's own refusals and failures with their words (`ROUTE_FAILURES`), and the one place they
 * become the API's error shape (`errorAnswer`; `failureAnswer` and `upstreamFailureAnswer` for the proxy's stages,
 * which answer rather than throw).
 */

/**
 * What a demo person is told when they try to change what every visitor of the demo shares (`auth/demo.ts` says what
 * is fixed). Here, with the other answers' words, so that the failures' map needs nothing of the accounts below it.
 */
export const DEMO_FIXED_DETAIL =
  "The demo is shared by everyone who tries it: its password, second factors, keys and members stay as they are. Create an account to manage your own.";

/** Error codes of a database or network that is not answering (pg, Node's sockets, SQLite), as opposed to a bug. */
const UNAVAILABLE =
  /^(08\d{3}|57P0\d|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY)\w*)$/;

/** Whether an error means a dependency is away (try again later) rather than a fault in Backroom. */
export function isUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE.test(code)) return true;
    if (
      /timeout exceeded when trying to connect|Connection terminated|connection (is )?closed|no such table|relation .* does not exist|did not answer/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

/**
 * The core's refusals and failures, each with its status and its words: the one map the core's checks, its route
 * handlers and the proxy answer from, so that "not connected" reads the same from `/api/session`, `/api/activity` and
 * `/api/v1/...`. A feature's own refusals are its own (`refusal()`, in its `errors.ts`). The Data API's own answers
 * are passed on as they are and are not here; nor are a handler's validation errors (400 with field errors,
 * `lib/data-api/validation-errors.ts`), which say what was wrong with the request.
 */
export const ROUTE_FAILURES = {
  /** A write from another site, or with neither `Sec-Fetch-Site` nor `Origin` (same-origin.ts). */
  "cross-site": { status: 403, text: () => "Cross-site request refused" },
  /** Nobody signed in: no session, or an ended one (signed out, expired, revoked on another instance). */
  "not-signed-in": { status: 401, code: "NOT_SIGNED_IN", text: () => "Not signed in: sign in at /sign-in" },
  /** Signed in, but working in no workspace (none chosen, or no longer a member of it). */
  "no-workspace": {
    status: 403,
    code: "NO_WORKSPACE",
    text: () => "Choose a workspace to work in (you are not a member of one, or were removed)",
  },
  /** The workspace requires two factors, and the person has not turned them on. */
  "two-factor-required": {
    status: 403,
    code: "TWO_FACTOR_REQUIRED",
    text: () => "This workspace requires two factors: turn them on at /account, then try again",
  },
  /** The workspace holds no Data API key yet. */
  "no-key": {
    status: 409,
    code: "NO_KEY",
    text: () => "This workspace holds no Data API key yet: an owner or admin adds one under Keys",
  },
  /** The person's role in the workspace does not allow it (`lib/session/roles.ts`). */
  "forbidden-by-role": {
    status: 403,
    code: "FORBIDDEN_BY_ROLE",
    text: () => "Your role in this workspace does not allow this",
  },
  /** A demo person changing what every visitor of the demo shares (`auth/demo.ts`). */
  "demo-shared": { status: 403, code: "DEMO_SHARED", text: () => DEMO_FIXED_DETAIL },
  /** A key id the workspace does not hold (choosing it, removing it). */
  "no-such-key": { status: 404, text: () => "No such key in this workspace" },
  /** Nothing here (an unknown Data API path, `/api/metrics` without a token configured). */
  "not-found": { status: 404, text: () => "Not found" },
  /** `/api/metrics` without its bearer token. */
  "token-required": {
    status: 401,
    text: () => "A bearer token is required",
    headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
  },
  /** Backroom's database (its sessions) is away: try again shortly. */
  unavailable: {
    status: 503,
    text: (requestId: string) =>
      `Backroom cannot reach its session store. Try again in a moment (request ${requestId}).`,
    headers: { "Retry-After": "5" },
  },
  /** A bug: nothing more is said than the request id the log line has. */
  failed: {
    status: 500,
    text: (requestId: string) => `Something went wrong on Backroom's side (request ${requestId}).`,
  },
} as const satisfies Record<
  string,
  { status: number; code?: string; text: (requestId: string) => string; headers?: Record<string, string> }
>;

/**
 * The API's error shape, for an answer that is a sentence: `{Error: "..."}`. Every error body of Backroom's is built by
 * this module (the lint refuses an `Error` key anywhere else on the server).
 */
export function errorBody(detail: string): { Error: string } {
  return { Error: detail };
}

/** The API's error shape with a code a page acts on: `{Error: {code, detail, ...more}}`. */
export function codedErrorBody(
  code: string,
  detail: string,
  more: Record<string, unknown> = {},
): { Error: { code: string; detail: string } & Record<string, unknown> } {
  return { Error: { code, detail, ...more } };
}

/** One of Backroom's own refusals or failures (`ROUTE_FAILURES`). */
export type RouteFailure = keyof typeof ROUTE_FAILURES;

/** The headers of every answer a route handler gives about the session: never stored by a browser or a cache. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** A fresh request id: 32 hex characters, as the proxy makes (randomUUID draws from a cached pool; no system call). */
export function newRequestId(): string {
  return randomUUID().replaceAll("-", "");
}

/**
 * One of Backroom's refusals or failures in the API's error shape, with its status, its own headers (`Retry-After` on
 * 503, `WWW-Authenticate` on the metrics' 401), `Cache-Control: private, no-store` and `X-Request-Id` (the given one,
 * or a new one): `{ Error: "..." }`, or `{ Error: { code, detail } }` for a refusal a page acts on (`detail` may say
 * more than the usual words).
 *
 * @example
 * if (!actor) return failureAnswer("not-signed-in");
 * // 401 {"Error":{"code":"NOT_SIGNED_IN","detail":"Not signed in: sign in at /sign-in"}}
 */
export function failureAnswer(failure: RouteFailure, requestId: string = newRequestId(), detail?: string): Response {
  const { status, text, ...rest } = ROUTE_FAILURES[failure];
  const own: Record<string, string> = "headers" in rest ? rest.headers : {};
  const words = detail ?? text(requestId);
  const body = "code" in rest ? { Error: { code: rest.code, detail: words } } : { Error: words };
  return Response.json(body, { status, headers: { ...NO_STORE, "X-Request-Id": requestId, ...own } });
}

/**
 * A request's one bad field, as the API refuses one: 400 `VALIDATION_FAILED` naming the field (`INVALID_VALUE`).
 *
 * @example
 * return invalidFieldAnswer("Idempotency-Key", "Send an Idempotency-Key header.");
 */
export function invalidFieldAnswer(field: string, detail: string): Response {
  return Response.json(
    { Error: { code: "VALIDATION_FAILED", detail, fieldErrors: [{ field, code: "INVALID_VALUE", detail }] } },
    { status: 400, headers: NO_STORE },
  );
}

/**
 * The Data API's refusal of a read a route made for the person (its budget spent, an error, no answer), in the API's
 * shape with its status (502 without one) and its wait, `what` saying what could not be read.
 *
 * @example
 * if (error instanceof DataApiError) return upstreamFailureAnswer(error, "The list");
 */
export function upstreamFailureAnswer(error: DataApiError, what: string): Response {
  const status = error.status >= 400 ? error.status : 502;
  const headers: Record<string, string> = {
    ...NO_STORE,
    ...(error.retryAfter ? { "Retry-After": String(error.retryAfter) } : {}),
  };
  return Response.json(
    { Error: { code: error.code ?? "UPSTREAM_FAILED", detail: `${what} could not be read: ${error.detail}` } },
    { status, headers },
  );
}

/**
 * 503 in the API's error shape, with `Retry-After`: Backroom's database (its sessions) is away. The one answer for it,
 * whether a route handler threw or the proxy met it while reading the session's key.
 */
export function unavailableAnswer(requestId: string): Response {
  return failureAnswer("unavailable", requestId);
}

/**
 * Wraps a route handler so that nothing it throws becomes Next's bare 500: the failure is logged as one JSON line (with
 * a request id, never the request's query or body), and the browser gets the API's error shape with that id. A
 * dependency that is away (the database) answers 503 with `Retry-After`; anything else 500, saying nothing more.
 *
 * @example
 * return answerFailures(async (request: Request) => route(request, await backend())); // lib/backend.ts's serve
 */
export function answerFailures<A extends unknown[]>(handler: (request: Request, ...rest: A) => Promise<Response>) {
  return async (request: Request, ...rest: A): Promise<Response> => {
    try {
      return await handler(request, ...rest);
    } catch (error) {
      return errorAnswer(error, request, undefined);
    }
  };
}

/**
 * A refusal or failure a handler throws, answered in the API's error shape: `{Error: {code, detail, fieldErrors?}}`
 * (or `{Error: "..."}` for the few `ROUTE_FAILURES` without a code), with its status and headers.
 */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly detail: string,
    readonly extra: {
      fieldErrors?: { field: string; code: string; detail: string }[];
      /** More of the error's own fields (`retryAfterSeconds`), beside its code and detail. */
      more?: Record<string, unknown>;
      headers?: HeadersInit;
    } = {},
  ) {
    super(detail);
    this.name = "RouteError";
  }
}

/**
 * Refuses with one of the core's answers (`ROUTE_FAILURES`), its words or `detail`.
 *
 * @example
 * if (!member) throw refuse("not-found");
 */
export function refuse(failure: RouteFailure, detail?: string): RouteError {
  const answer = ROUTE_FAILURES[failure];
  const headers = "headers" in answer ? answer.headers : undefined;
  return new RouteError(answer.status, "code" in answer ? answer.code : undefined, detail ?? answer.text(""), {
    headers,
  });
}

/**
 * Refuses with a code of the route's own: `{Error: {code, detail, ...more}}` and the status (and headers).
 *
 * @example
 * throw refusal("OVER_OPEN_BALANCE", "INV-1 owes $456.00: allocate at most that.", 409);
 * throw refusal("TOO_MANY_ATTEMPTS", "Try again in 60 seconds.", 429, { more: { retryAfterSeconds: 60 } });
 */
export function refusal(
  code: string,
  detail: string,
  status: number,
  extra: { more?: Record<string, unknown>; headers?: HeadersInit } = {},
): RouteError {
  return new RouteError(status, code, detail, extra);
}

/**
 * Refuses one field of the request, as a body that fails its schema is refused: 400 `VALIDATION_FAILED` naming it.
 *
 * @example
 * throw invalidField("role", "Only owners make owners.");
 */
export function invalidField(field: string, detail: string): RouteError {
  return new RouteError(400, "VALIDATION_FAILED", detail, { fieldErrors: [{ field, code: "INVALID_VALUE", detail }] });
}

/**
 * A key type refused, in the one sentence shape.
 *
 * @example
 * keyTypeRefusal("Today", ["Customer"], "Employee").detail;
 * // "Today: for Customer keys only; this workspace's key is an Employee key."
 */
export function keyTypeRefusal(what: string, allowed: readonly KeyType[], actual: KeyType): RouteError {
  const list = allowed.length === 1 ? allowed[0] : `${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}`;
  const article = /^[AEIOU]/.test(actual) ? "an" : "a";
  return refusal(
    "NOT_FOR_THIS_KEY",
    `${what}: for ${list} keys only; this workspace's key is ${article} ${actual} key.`,
    403,
  );
}

const json = (body: unknown, status: number, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...Object.fromEntries(new Headers(headers)) } });

/**
 * Whatever a route threw, as the one error answer: a refusal (`RouteError`), a zod error (400 with its fields), the
 * Data API's error (`upstreamFailureAnswer`), the accounts library's refusal; anything else is a bug, logged as one
 * JSON line with a request id (never the request's query or body) and answered 500 saying nothing more (503 with
 * `Retry-After` when a dependency is away). `defineRoute` and `answerFailures` both end here.
 */
export function errorAnswer(
  error: unknown,
  request: Request,
  what: string | undefined,
  requestId: string = newRequestId(),
): Response {
  if (error instanceof RouteError) {
    const { fieldErrors, more } = error.extra;
    const body = error.code
      ? { Error: { code: error.code, detail: error.detail, ...more, ...(fieldErrors ? { fieldErrors } : {}) } }
      : { Error: error.detail };
    return json(body, error.status, error.extra.headers);
  }
  if (error instanceof z.$ZodError) return json(validationErrorBody(error), 400);
  if (error instanceof DataApiError) return upstreamFailureAnswer(error, what ?? "The Data API's answer");
  if (isAPIError(error)) {
    // The accounts library's refusal (an invitation no longer open, the last owner leaving): its code, Backroom's words.
    const code = typeof error.body?.code === "string" ? error.body.code : String(error.status);
    const detail = authFailure(
      { code, message: error.body?.message, status: error.statusCode },
      "The accounts library refused this.",
    );
    if (error.statusCode < 500) return json({ Error: { code, detail } }, error.statusCode);
  }
  const unavailable = isUnavailable(error);
  log().error(
    {
      requestId,
      method: request.method,
      path: new URL(request.url).pathname,
      error: error instanceof Error ? error.message : String(error),
    },
    unavailable ? "dependency unavailable" : "request failed",
  );
  return failureAnswer(unavailable ? "unavailable" : "failed", requestId);
}
