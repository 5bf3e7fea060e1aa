import "server-only";
import type { StaleReason } from "@/lib/data-api/response-meta";
import type { AnyOperation } from "@/lib/data-api/registry";
import { matchesEtag } from "@/lib/data-api/request-check";
import { freshForMs, freshnessOf } from "../freshness";
import { lastKnownAnswer, staleAllowanceMs, staleReasonOf } from "./stale";
import { type Copy, type Forwarding, now, type ProxyDeps } from "./context";

/**
 * The cache stage (`response-cache.ts`, per key by its fingerprint): a GET's fresh copy is the answer, unless the page
 * asks for the API's current one (`Cache-Control: no-cache` or `max-age=0`: "check now", a status poll), which
 * revalidates the copy instead. What it found goes on to the upstream and store stages: the copy to revalidate with
 * its ETag, and the last-known answer for when the API fails.
 *
 * @example
 * const copy = await lookInCache(forwarding, target);
 * if (copy.fresh) return copy.fresh;
 */
export async function lookInCache(
  forwarding: Pick<Forwarding, "request" | "deps" | "key" | "operation" | "requestId" | "trace">,
  target: URL,
): Promise<Copy> {
  const { request, deps, key, operation, requestId, trace } = forwarding;
  const browserEtag = request.headers.get("If-None-Match");
  const lookup =
    operation.method === "GET" && deps.cache
      ? await deps.cache.lookup(key.fingerprint, target.href, operation.resource)
      : undefined;
  const cached = lookup?.entry;
  trace.cache = lookup?.available ? "miss" : "bypass";
  const wantsCurrent = /(^|,)\s*(no-cache|max-age=0)\s*(,|$)/i.test(request.headers.get("Cache-Control") ?? "");
  const copy = {
    lookup,
    cached,
    browserEtag,
    staleAllowanceMs: staleAllowanceMs(request.headers, deps.staleIfErrorMs ?? 0),
  };
  if (!cached || now(deps) >= cached.freshUntil || wantsCurrent) return copy;
  trace.source = "cache";
  trace.cache = "hit";
  return { ...copy, fresh: fromCache(cached, browserEtag, requestId) };
}

/**
 * The cached copy of a GET as its last-known answer, when the API did not answer it well (`reason`) and the copy is
 * no older than the request allows; undefined otherwise (the failure is answered as it is).
 */
export function lastKnown(
  forwarding: Pick<Forwarding, "deps" | "requestId" | "trace">,
  copy: Copy,
  reason: StaleReason,
  upstream?: Headers,
): Response | undefined {
  const { deps, requestId, trace } = forwarding;
  const entry = copy.lookup?.lastKnown;
  const at = now(deps);
  // 0 allows none, however new the copy.
  if (!entry || copy.staleAllowanceMs <= 0 || at - entry.storedAt > copy.staleAllowanceMs) return undefined;
  trace.source = "stale";
  trace.cache = "stale";
  return lastKnownAnswer({ entry, reason, now: at, upstream, requestId, browserEtag: copy.browserEtag });
}

/**
 * After the API answered a GET: its last-known copy when the answer is a 429 or a 5xx and the copy may be served
 * (`lastKnown`), else undefined (the answer stands).
 */
export function lastKnownAfter(
  forwarding: Pick<Forwarding, "deps" | "requestId" | "trace" | "operation">,
  copy: Copy,
  response: Response,
): Response | undefined {
  const reason = forwarding.operation.method === "GET" ? staleReasonOf(response.status) : undefined;
  return reason && lastKnown(forwarding, copy, reason, response.headers);
}

/** Until when an answer of `operation` stored now is fresh (`freshness.ts`). */
export function freshUntil(deps: Pick<ProxyDeps, "now">, operation: AnyOperation): number {
  const at = now(deps);
  return at + freshForMs(freshnessOf(operation), new Date(at));
}

/**
 * A cached answer: 304 when the browser's If-None-Match names its ETag (weakly, as the API compares), else the body.
 * Without the rate-limit figures it was stored with: they were the budget then, and the meter wants it now (a cached
 * answer spends nothing; the next upstream answer brings the figures), unless the API's 304 revalidating it brought
 * them (`spent`).
 */
export function fromCache(
  entry: { headers: Record<string, string>; body: Uint8Array; etag: string | null },
  browserEtag: string | null,
  requestId: string,
  spent: Record<string, string> = {},
): Response {
  const figures = /^(ratelimit-|retry-after$)/i;
  const kept = Object.entries(entry.headers).filter(([name]) => !figures.test(name));
  // `spent`: the API's answer that revalidated the copy (a 304), whose rate-limit figures are the budget now.
  const now = Object.entries(spent).filter(([name]) => figures.test(name));
  const headers = {
    ...Object.fromEntries(kept),
    ...Object.fromEntries(now),
    "X-Request-Id": requestId,
    "Cache-Control": "private, no-store",
  };
  if (entry.etag && matchesEtag(browserEtag, entry.etag)) return new Response(null, { status: 304, headers });
  return new Response(entry.body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
