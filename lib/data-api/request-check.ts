import type { Version } from "./operation";
import { honouredPreferences, type Preferences } from "./prefer";
import { searchParamsToObject } from "./query-params";
import { type ApiErrorBody, isRefusal, type Refusal, refusal } from "./refusal";
import { type AnyOperation, matchOperation } from "./registry";
import { readJsonBody } from "./request-body";
import { queryErrorBody, validationErrorBody } from "./validation-errors";

/**
 * The one check of a request against the contract, for the proxy (which checks before anything goes upstream) and
 * the sandbox (which checks as the live service does): the request id, the route (404, 405), the path and query
 * parameters (400), the body (415, 413, 400) and `Prefer`; and the weak comparison of `If-None-Match`. Every step
 * answers what it checked or a `Refusal` in the API's error shape; `checkRequest` runs them all, in the API's order.
 * The sandbox runs the steps one by one, with its key, rate-limit and access checks between the route and the rest.
 * Pure Web APIs: runs in Node and the browser.
 */

/** The request-id rule: a caller's `X-Request-Id` is kept when it is 1 to 64 letters and digits. */
export const REQUEST_ID = /^[A-Za-z0-9]{1,64}$/;

/**
 * The id of a request's answer: the caller's `X-Request-Id` when it keeps the rule, else a new one from `mint` (the
 * proxy mints 32 hexadecimal digits, the sandbox a UUID, as the live service does).
 *
 * @example
 * requestIdOf(request.headers.get("X-Request-Id"), () => crypto.randomUUID()); // "abc123" when the caller sent it
 */
export function requestIdOf(sent: string | null | undefined, mint: () => string): string {
  return sent && REQUEST_ID.test(sent) ? sent : mint();
}

const NOT_FOUND: ApiErrorBody = { Error: "Not found" };

/** The answer to a path with a malformed escape; Backroom's server gives the same before Next (scripts/malformed-path.mjs). */
export const MALFORMED_PATH: ApiErrorBody = {
  Error: {
    code: "MALFORMED_PATH",
    detail:
      "The path has a malformed percent-escape: % must start two hexadecimal digits, and the escapes must spell UTF-8 text (write a literal % as %25).",
  },
};

/** 404 `{"Error": "Not found"}`: no operation, or no environment or version, at this path. */
export const notFound = (): Refusal => refusal(404, NOT_FOUND);

/**
 * A request path's segments (relative to the version's base), decoded. A malformed percent-escape (`%`, `%zz`,
 * escapes that are not UTF-8) is the client's mistake: 400 MALFORMED_PATH. Next decodes the proxy's segments itself,
 * and Backroom's server refuses such a path before Next, with the same answer.
 *
 * @example
 * pathSegments("/customers/42"); // ["customers", "42"]
 * pathSegments("/customers/%zz"); // a 400 refusal
 */
export function pathSegments(rest: string): string[] | Refusal {
  try {
    return rest.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return refusal(400, MALFORMED_PATH);
  }
}

/** The operation a request names, and its path parameters as raw text. */
export interface Route {
  operation: AnyOperation;
  params: Record<string, string>;
}

/**
 * The operation for a method and decoded path segments: 404 `{"Error": "Not found"}` when no operation has the path,
 * 405 with `Allow` (the path's methods) when none of them is this method.
 *
 * @example
 * routeOf("DELETE", "v1", ["invoices"]); // { refused: true, status: 405, body: { Error: "Method DELETE is not allowed here" }, headers: { Allow: "GET" } }
 */
export function routeOf(method: string, version: Version, segments: readonly string[]): Route | Refusal {
  const match = matchOperation(method, version, segments);
  if (match.kind === "not-found") return notFound();
  if (match.kind === "method-not-allowed")
    return refusal(405, { Error: `Method ${method} is not allowed here` }, { Allow: match.allow.join(", ") });
  return { operation: match.operation, params: match.params };
}

/** The path and query parameters, checked and typed by the operation's schemas; `rawQuery` as it was sent. */
export interface Parameters {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  rawQuery: Record<string, string>;
}

/**
 * Checks the path parameters, then the query, against the operation: 400 in the simple error shape naming the
 * parameter (`{"Error": "InvoiceIDs parameter is required"}`). Defaults are filled in; unknown parameters left out.
 *
 * @example
 * checkParameters(operations.listInvoices, {}, new URLSearchParams("PageSize=5")); // { path: {}, query: { PageSize: 5, Page: 1, ... }, rawQuery: { PageSize: "5" } }
 */
export function checkParameters(
  operation: AnyOperation,
  params: Record<string, string>,
  searchParams: URLSearchParams,
): Parameters | RefusedInput {
  const rawQuery = searchParamsToObject(searchParams);
  const path = operation.pathSchema.safeParse(params);
  if (!path.success) return { ...refusal(400, queryErrorBody(path.error)), rawQuery };
  const query = operation.querySchema.safeParse(rawQuery);
  if (!query.success) return { ...refusal(400, queryErrorBody(query.error)), rawQuery };
  return { path: path.data as Record<string, unknown>, query: query.data as Record<string, unknown>, rawQuery };
}

/** A write's body: the text as it came (the proxy sends it on, the idempotency fingerprint hashes it) and its checked value. */
export interface CheckedBody {
  raw: string | undefined;
  body: unknown;
}

/**
 * Reads and checks the body of an operation that takes one (415, 413, 400 from `readJsonBody`), then checks it
 * against the operation's schema, the lenient one when `Prefer: handling=lenient` is honoured: 400
 * VALIDATION_FAILED with a field error per problem. An operation without a body reads none.
 *
 * @example
 * const read = await checkBody(operations.createPurchase, request, honouredPreferences(operations.createPurchase, request.headers.get("Prefer")));
 */
export async function checkBody(
  operation: AnyOperation,
  request: Request,
  prefer: Preferences,
): Promise<CheckedBody | (Refusal & { raw?: string })> {
  if (!operation.body) return { raw: undefined, body: undefined };
  const read = await readJsonBody(request);
  if (isRefusal(read)) return read;
  const schema = (prefer.lenient && operation.lenientBody) || operation.body;
  const checked = schema.safeParse(read.value);
  if (!checked.success) return { ...refusal(400, validationErrorBody(checked.error)), raw: read.raw };
  return { raw: read.raw, body: checked.data };
}

/** What the contract accepts of a routed request: its parameters, its body and the preferences it honours. */
export interface CheckedInput extends Parameters, CheckedBody {
  prefer: Preferences;
}

/** A refusal of a routed request, with what was read before it (the audit trail records a refused write). */
export type RefusedInput = Refusal & { rawQuery: Record<string, string>; raw?: string };

/**
 * Checks a routed request: path and query (400), then the body (415, 413, 400) under the preferences the operation
 * honours.
 *
 * @example
 * const input = await checkInput(route, request);
 * if (!isRefusal(input)) input.query; // typed, defaults filled in
 */
export async function checkInput(route: Route, request: Request): Promise<CheckedInput | RefusedInput> {
  const parameters = checkParameters(route.operation, route.params, new URL(request.url).searchParams);
  if (isRefusal(parameters)) return parameters;
  const prefer = honouredPreferences(route.operation, request.headers.get("Prefer"));
  const body = await checkBody(route.operation, request, prefer);
  if (isRefusal(body)) return { ...body, rawQuery: parameters.rawQuery };
  return { ...parameters, ...body, prefer };
}

/** A request the contract accepts. */
export type CheckedRequest = Route & CheckedInput;

/** A refused request; past the route, with its operation and what was read before the refusal. */
export type RefusedRequest = Refusal | (Route & RefusedInput);

/**
 * The whole check, in the API's order: route (404, 405), path and query (400), then the body (415, 413, 400).
 *
 * @example
 * const checked = await checkRequest(request, "v2", ["purchases"]);
 * if (isRefusal(checked)) return answer(checked.body, checked.status, checked.headers);
 * checked.operation.id; // "createPurchase"
 */
export async function checkRequest(
  request: Request,
  version: Version,
  segments: readonly string[],
): Promise<CheckedRequest | RefusedRequest> {
  const route = routeOf(request.method, version, segments);
  if (isRefusal(route)) return route;
  return { ...(await checkInput(route, request)), ...route };
}

/**
 * Whether `If-None-Match` names an entity tag: a list of tags, or `*`, compared weakly (`W/"a"` matches `"a"`), as
 * for a GET (RFC 9110, 13.1.2).
 *
 * @example
 * matchesEtag('W/"a", W/"b"', '"b"'); // true
 */
export function matchesEtag(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
