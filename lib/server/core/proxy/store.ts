import "server-only";
import { learnOutcomes } from "../audit/write-audit";
import { errorBody } from "../route-errors";
import { answered } from "./audit";
import { freshUntil, fromCache, lastKnown } from "./cache";
import { answer, type Copy, type Forwarding, now } from "./context";

/** What the store stage reads of the call: not the request, which the upstream stage has sent. */
type KnownRequest = Omit<Forwarding, "request" | "version" | "segments" | "actor">;
import { readWhole, waited } from "./upstream";

/**
 * The store stage, last: what the API's answer leaves behind, and the answer the browser gets. A read's 200 is kept
 * in the cache and tells outcomes to the audit trail; a 304 to the cache's own revalidation refreshes its copy; a
 * write makes what it changed stale (for this key, on every instance) and its answer is written onto its audit entry.
 */

/**
 * A GET's answer: a 304 to our revalidation refreshes the copy and serves it; a 200 is read whole, the outcomes it
 * tells learned, kept in the cache when it has a body, and answered; anything else is streamed as it comes.
 */
export async function storeRead(
  forwarding: KnownRequest,
  sent: { response: Response; timeout: AbortSignal },
  passed: Record<string, string>,
  copy: Copy,
): Promise<Response> {
  const { deps, key, operation, requestId, trace } = forwarding;
  const { response, timeout } = sent;
  const { lookup, cached } = copy;
  if (response.status === 304 && cached && lookup) {
    trace.source = "revalidated";
    trace.cache = "revalidated";
    await deps.cache?.refresh(lookup, freshUntil(deps, operation), passed);
    return fromCache({ ...cached, headers: { ...cached.headers, ...passed } }, copy.browserEtag, requestId, passed);
  }
  if (response.status !== 200) return streamed(response, passed);
  const bytes = await readWhole(response);
  if (!bytes) {
    // The headers came and the body did not: a failure of the API, told as such (never a 500 of ours).
    const ids = { "X-Request-Id": requestId };
    if (timeout.aborted)
      return (
        lastKnown(forwarding, copy, "timeout") ??
        answer(errorBody(`The Data API stopped answering within ${waited(deps.timeoutMs)}.`), 504, ids)
      );
    return (
      lastKnown(forwarding, copy, "unreachable") ??
      answer(errorBody("The Data API's answer broke off. Try again in a moment."), 502, ids)
    );
  }
  if (deps.audit) {
    await learnOutcomes(deps.audit, key.fingerprint, operation.id, bytes)
      .then((learned) => (learned.length ? deps.outcomes?.learned(learned) : undefined))
      .catch((error: unknown) => deps.telemetry?.failed("audit outcome not recorded", error, requestId));
  }
  // An empty 200 is passed on but not kept: the cache holds answers with a body only.
  if (bytes.byteLength > 0 && lookup) {
    await deps.cache?.store(lookup, {
      status: 200,
      headers: passed,
      body: bytes,
      etag: response.headers.get("ETag"),
      storedAt: now(deps),
      freshUntil: freshUntil(deps, operation),
      resource: operation.resource,
    });
  }
  return new Response(bytes, { status: 200, headers: { ...passed, "Cache-Control": "private, no-store" } });
}

/** A write's answer: what it changed is stale now (for this key, on every instance); a recorded write's answer is read whole and written onto its entry. */
export async function storeWrite(
  forwarding: KnownRequest,
  response: Response,
  passed: Record<string, string>,
): Promise<Response> {
  const { deps, key, workspaceId, operation, requestId, write } = forwarding;
  // Other keys see the change on their next revalidation.
  if (response.ok) await deps.cache?.invalidate(key.fingerprint, [operation.resource]);
  if (!write) return streamed(response, passed);
  // A write's answer is small: the entry holds what it says.
  const bytes = await readWhole(response);
  if (!bytes) {
    await answered(forwarding, null);
    // Sent with an Idempotency-Key (as Backroom's pages send every write), trying again is safe: the API replays.
    return answer(
      errorBody(
        "The Data API's answer broke off, so whether the write was done is not known. Trying it again with the same Idempotency-Key is safe: the API makes it at most once.",
      ),
      502,
      { "X-Request-Id": requestId },
    );
  }
  await answered(forwarding, response.status, response.headers.get("X-Request-Id"), bytes);
  if (response.ok)
    await deps.outcomes
      ?.written(workspaceId, key.id, write.event)
      .catch((error: unknown) => deps.telemetry?.failed("follow-up not queued", error, requestId));
  return new Response(response.status === 204 ? null : bytes, {
    status: response.status,
    headers: { ...passed, "Cache-Control": "private, no-store" },
  });
}

/** The API's answer streamed as it comes; fetch decoded it, so Content-Encoding and Content-Length are not passed on. */
export function streamed(response: Response, passed: Record<string, string>): Response {
  return new Response(response.status === 204 || response.status === 304 ? null : response.body, {
    status: response.status,
    headers: { ...passed, "Cache-Control": "private, no-store" },
  });
}
