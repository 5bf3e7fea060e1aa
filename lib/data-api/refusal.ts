import type { FieldError } from "./error-read";

/**
 * A request refused before it reaches an operation's handler, in the API's own error shape. The request check
 * (`request-check.ts`) answers refusals instead of throwing them, so the proxy can note and answer them as it does
 * every other answer, and the sandbox can throw them as its errors. Pure TypeScript: runs in Node and the browser.
 */

/** The API's two error bodies: `{Error: "..."}`, or `{Error: {code, detail, fieldErrors?}}` with any extra properties. */
export type ApiErrorBody =
  | { Error: string }
  | { Error: { code: string; detail: string; fieldErrors?: FieldError[]; [extra: string]: unknown } };

/** A refusal: the status, the body and the headers that belong to it (`Allow` on a 405). */
export interface Refusal {
  refused: true;
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/**
 * A refusal to answer.
 *
 * @example
 * refusal(405, { Error: "Method PUT is not allowed here" }, { Allow: "GET" });
 */
export function refusal(status: number, body: ApiErrorBody, headers: Record<string, string> = {}): Refusal {
  return { refused: true, status, body, headers };
}

/**
 * Whether a step of the check refused the request (or answered what it checked).
 *
 * @example
 * const route = routeOf("GET", "v1", ["nowhere"]);
 * if (isRefusal(route)) return answer(route.body, route.status);
 */
export function isRefusal<T extends object>(value: T | Refusal): value is Refusal {
  return "refused" in value && value.refused === true;
}
