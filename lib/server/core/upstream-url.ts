import "server-only";
import type { Version } from "@/lib/data-api/operation";
import { type AnyOperation, buildPath } from "@/lib/data-api/registry";

const V1_SUFFIX = "/api/v1";

/** A query value the proxy may send upstream: what the operation's query schema produces. */
type WireValue = string | number | boolean;

/**
 * The path prefix of a version under the configured v1 base: `/sandbox/test/api/v1` → `/sandbox/test/api/v2` for v2.
 * Throws when the base is not an http(s) URL whose path ends in /api/v1, or carries a query, a fragment or credentials.
 */
function basePrefix(base: URL, version: Version): string {
  if (base.protocol !== "https:" && base.protocol !== "http:")
    throw new Error("the Data API base must be an http(s) URL");
  if (base.search || base.hash || base.username || base.password) {
    throw new Error("the Data API base must not carry a query, a fragment or credentials");
  }
  const path = base.pathname.endsWith("/") ? base.pathname.slice(0, -1) : base.pathname;
  if (!path.endsWith(V1_SUFFIX)) throw new Error("the Data API base must end in /api/v1");
  return `${path.slice(0, -V1_SUFFIX.length)}/api/${version}`;
}

/** One query value as text: lists joined by commas, as the API reads them. Anything else is a programming error. */
function wireText(name: string, value: unknown): string {
  const scalar = (v: unknown): v is WireValue =>
    typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  if (scalar(value)) return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number"))
    return value.join(",");
  throw new TypeError(`query parameter ${name} is not a checked value`);
}

/**
 * The query string of an operation, from its checked query: only the operation's own parameters, in the order the
 * registry declares them (so one request always gives one URL, and one cache key), without undefined values.
 */
function upstreamQuery(operation: AnyOperation, query: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const name of Object.keys(operation.query)) {
    if (!Object.hasOwn(query, name)) continue;
    const value = query[name];
    if (value === undefined || value === null) continue;
    out.set(name, wireText(name, value));
  }
  return out;
}

/**
 * The upstream URL of an operation: the configured v1 base (ending in /api/v1) with its version swapped in, the
 * operation's path template filled by buildPath (which encodes every parameter), and the checked query re-serialized.
 * Never concatenates user input: path values become one encoded segment each, the query is rebuilt from parsed values.
 * Throws (a programming error, answered 500) when the base is malformed or the result leaves the base's origin or prefix.
 *
 * @example
 * upstreamUrl("https://api.example.com/api/v1", operations.getPurchaseV2, { purchaseID: "PO-7" }, { include_transactions: false }).href;
 * // "https://api.example.com/api/v2/purchases/PO-7?include_transactions=false"
 */
export function upstreamUrl(
  v1Base: string,
  operation: AnyOperation,
  pathParams: Record<string, string | number>,
  query: Record<string, unknown>,
): URL {
  const base = new URL(v1Base);
  const prefix = basePrefix(base, operation.version);
  const path = `${prefix}${buildPath(operation, pathParams)}`;

  const url = new URL(base.origin);
  url.pathname = path;
  const search = upstreamQuery(operation, query).toString();
  if (search) url.search = search;

  // Defence in depth: whatever the parameters held, the URL stays on the configured host, under the version's prefix,
  // and the parser read the path exactly as built (no segment was added, removed or climbed).
  if (url.origin !== base.origin) throw new Error("upstream URL left the Data API's origin");
  if (!url.pathname.startsWith(`${prefix}/`)) throw new Error("upstream URL left the Data API's path prefix");
  if (url.pathname !== path) throw new Error("upstream URL path was reinterpreted");
  if (url.pathname.split("/").some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) {
    throw new Error("upstream URL has a dot segment");
  }
  return url;
}
