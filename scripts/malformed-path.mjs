// How Backroom answers an address whose path holds a malformed percent-escape (`/api/v1/customers/%`, `/x/%zz`,
// `/x/%C3%28`). Next decodes a dynamic route's parameters before any handler of ours runs, throws on such a path, and
// then looks for a pages-router error page an App Router build does not have: a bare 500 "Internal Server Error" in
// production. So the answer is given before Next: by serve.mjs in production (and the e2e tests), and by proxy.ts under
// `next dev` or `next start`. Plain JavaScript: serve.mjs runs outside Next's bundle. Tested by malformed-path.test.ts.
import { randomUUID } from "node:crypto";

/**
 * A path no page can have (App Router never routes a folder named with a leading underscore), so Next renders the
 * not-found page there, with 404. A malformed page address is shown that page.
 */
export const NOT_FOUND_PATH = "/_malformed-address";

/** The error body, in the shape the proxy and the sandbox give a request they refuse before reading it. */
const BODY = JSON.stringify({
  Error: {
    code: "MALFORMED_PATH",
    detail:
      "The path has a malformed percent-escape: % must start two hexadecimal digits, and the escapes must spell UTF-8 text (write a literal % as %25).",
  },
});

/** What next.config.mjs adds to every answer Next gives; serve.mjs's own answers carry them too. */
const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/**
 * The path of a request target (`request.url`: `/a/b?q`, or an absolute URL from a proxy), raw, without its query;
 * undefined for a target that is not a URL at all (`*`), which Next answers itself.
 *
 * @param {string} target
 * @returns {string | undefined}
 */
function pathOf(target) {
  if (target.startsWith("/")) {
    const end = target.search(/[?#]/);
    return end === -1 ? target : target.slice(0, end);
  }
  try {
    // WHATWG URL keeps a malformed escape as it was written.
    return new URL(target).pathname;
  } catch {
    return undefined;
  }
}

/**
 * Whether a raw path holds a percent-escape that does not decode: a `%` not followed by two hexadecimal digits, or
 * escapes that do not spell UTF-8 text (`%FF`, `%C3%28`). The test Next applies to each segment, on the whole path
 * (an escape never spans a `/`, so one fails exactly when a segment fails).
 *
 * @param {string} path
 * @returns {boolean}
 */
export function hasMalformedEscape(path) {
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * @typedef {{ status: 400, headers: Record<string, string>, body: string }} MalformedAnswer
 * @typedef {{ rewrite: string }} MalformedRewrite
 */

/**
 * What to do with a request target whose path holds a malformed escape; null when it has none (the common case, one
 * `includes("%")`):
 * - under `/api/`: 400 in the API's error shape, `{"Error": {"code": "MALFORMED_PATH", "detail": ...}}`, private and
 *   not stored, as the proxy and the session routes answer;
 * - under `/sandbox/`: the same 400 as the emulated API gives it (lib/sandbox/pipeline/route.ts), with its `Cache-Control`;
 * - anywhere else (pages): `{ rewrite }`, the address Next should render instead, where the not-found page answers 404.
 *
 * @param {string} target the request target, `request.url` of Node's IncomingMessage
 * @returns {MalformedAnswer | MalformedRewrite | null}
 */
export function malformedPathAnswer(target) {
  const path = pathOf(target);
  if (path === undefined || !hasMalformedEscape(path)) return null;
  const api = path.startsWith("/api/");
  if (!api && !path.startsWith("/sandbox/")) return { rewrite: NOT_FOUND_PATH };
  return {
    status: 400,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": api ? "private, no-store" : "private, no-cache",
      // As the proxy (32 hex characters) and the sandbox (a UUID) number their answers.
      "X-Request-Id": api ? randomUUID().replaceAll("-", "") : randomUUID(),
      ...SECURITY_HEADERS,
    },
    body: BODY,
  };
}

/**
 * serve.mjs's step before Next: answers a request whose path holds a malformed escape (true: Next must not see it), or
 * points a page's request at the not-found address (false, request.url rewritten), or leaves the request alone (false).
 *
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @returns {boolean}
 */
export function answerMalformedPath(request, response) {
  const answer = malformedPathAnswer(request.url ?? "/");
  if (answer === null) return false;
  if ("rewrite" in answer) {
    request.url = answer.rewrite;
    return false;
  }
  response.writeHead(answer.status, { ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)) });
  response.end(answer.body);
  return true;
}
