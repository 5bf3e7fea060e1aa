import "server-only";
import type { Version } from "@/lib/data-api/operation";
import type { CheckedRequest } from "@/lib/data-api/request-check";
import { errorBody } from "../route-errors";
import { answer, type ProxyTelemetry, type Upstream } from "./context";

/**
 * The upstream stage: the proxy's leg to the Data API (taken when the cache had no fresh copy). The headers that go
 * upstream, the call with its timeout and the answers for a call that failed, and the headers that come back.
 */

/** Upstream headers the browser gets back; everything else (cookies, server, encodings) stays behind. */
const PASSED_BACK = [
  "ETag",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "Retry-After",
  "X-Request-Id",
  "Idempotency-Replayed",
  "Preference-Applied",
  "Content-Type",
];

/**
 * What goes upstream with a checked request, and nothing else of the browser's: the key, `Accept`, the request id;
 * the body's type when there is one; a write's `Idempotency-Key` and `Prefer`; `If-None-Match` when revalidating.
 *
 * @example
 * const headers = upstreamHeaders(key.apiKey, request, checked, requestId, cached?.etag ?? null);
 */
export function upstreamHeaders(
  apiKey: string,
  request: Request,
  checked: CheckedRequest,
  requestId: string,
  ifNoneMatch: string | null,
): Headers {
  const headers = new Headers({ "x-api-key": apiKey, Accept: "application/json", "X-Request-Id": requestId });
  if (checked.raw !== undefined) headers.set("Content-Type", "application/json");
  if (checked.operation.method !== "GET") {
    for (const name of ["Idempotency-Key", "Prefer"]) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
  }
  if (ifNoneMatch) headers.set("If-None-Match", ifNoneMatch);
  return headers;
}

/** One call to the Data API. */
export interface UpstreamSend {
  upstream: Upstream;
  target: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
  /** The browser's request's signal: a browser that leaves cancels the call. */
  signal: AbortSignal;
  timeoutMs: number;
  operation: string;
  requestId: string;
  telemetry?: ProxyTelemetry;
}

/** The API's answer (its body still to come, within `timeout`), or the proxy's answer to a call that failed. */
export type Sent = { response: Response; timeout: AbortSignal } | { failed: Response };

/**
 * Makes the call, once (never retried): no answer within the timeout is 504, a browser that left 499, an API that
 * cannot be reached 502. Each outcome, and every status the API answers, goes to the telemetry with how long it took.
 *
 * @example
 * const sent = await sendUpstream({ upstream, target, method: "GET", headers, body: undefined, signal: request.signal, timeoutMs: 30_000, operation: "listInvoices", requestId });
 * if ("failed" in sent) return sent.failed;
 */
export async function sendUpstream(call: UpstreamSend): Promise<Sent> {
  const { timeout, ended } = deadline(call.timeoutMs, call.signal);
  const sent = performance.now();
  const took = () => (performance.now() - sent) / 1000;
  const ids = { "X-Request-Id": call.requestId };
  try {
    const response = await raced(
      call.upstream.fetch(
        new Request(call.target, { method: call.method, headers: call.headers, body: call.body, signal: ended }),
      ),
      ended,
    );
    call.telemetry?.upstream(call.operation, String(response.status), took());
    return { response, timeout };
  } catch (error) {
    if (timeout.aborted) {
      call.telemetry?.upstream(call.operation, "timeout", took());
      return {
        failed: answer(
          errorBody(`The Data API did not answer within ${waited(call.timeoutMs)}. Nothing was retried; try again.`),
          504,
          ids,
        ),
      };
    }
    if (call.signal.aborted) {
      call.telemetry?.upstream(call.operation, "cancelled", took());
      return { failed: answer(errorBody("The request was cancelled"), 499, ids) };
    }
    call.telemetry?.upstream(call.operation, "unreachable", took());
    call.telemetry?.failed(`${call.operation}: the Data API could not be reached`, error, call.requestId);
    return { failed: answer(errorBody("The Data API could not be reached. Try again in a moment."), 502, ids) };
  }
}

/**
 * A call's deadline, and its end: the deadline or the browser leaving, whichever comes first. A timer holds both
 * (`AbortSignal.timeout` and `AbortSignal.any` hold theirs weakly in Node 20, and a collection while the call waits
 * lost the abort: the call then waited for ever), and the call races its end, so it ends on time whatever the fetch
 * does with its signal.
 */
function deadline(ms: number, browser: AbortSignal): { timeout: AbortSignal; ended: AbortSignal } {
  const timeout = new AbortController();
  const ended = new AbortController();
  const end = (reason: unknown) => ended.abort(reason);
  setTimeout(() => {
    timeout.abort(new DOMException(`no answer within ${waited(ms)}`, "TimeoutError"));
    end(timeout.signal.reason);
  }, ms).unref();
  if (browser.aborted) end(browser.reason);
  else browser.addEventListener("abort", () => end(browser.reason), { once: true });
  return { timeout: timeout.signal, ended: ended.signal };
}

/** A fetch's answer, or the signal's reason once it aborts: the signal ends the wait whether the fetch heeds it or not. */
function raced(answer: Promise<Response>, ended: AbortSignal): Promise<Response> {
  if (ended.aborted) {
    answer.catch(() => undefined);
    return Promise.reject(ended.reason);
  }
  return Promise.race([
    answer,
    new Promise<never>((_, reject) => ended.addEventListener("abort", () => reject(ended.reason), { once: true })),
  ]);
}

/**
 * A fetch whose every call ends within `ms`, in a `TimeoutError`, as a call through the proxy does (for the server's own
 * reads, such as checking a key).
 *
 * @example
 * const send = fetchWithin(upstream.fetch, 30_000);
 */
export function fetchWithin(
  fetch: (request: Request) => Promise<Response>,
  ms: number,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return (input, init) => {
    const { ended } = deadline(ms, init?.signal ?? new AbortController().signal);
    return raced(fetch(new Request(input, { ...init, signal: ended })), ended);
  };
}

/** An answer's body read whole, or undefined when it broke off (the headers came, the body did not). */
export async function readWhole(response: Response): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch {
    return undefined;
  }
}

/** A timeout in words: "50 ms" below a second, "30 s" from there on. */
export function waited(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

/**
 * The headers passed back, with `Location` moved from the upstream base to Backroom's own `/api/{version}`.
 *
 * @example
 * passBack(response.headers, "https://api.example/api/v1", "v2", requestId); // { ETag, RateLimit-*, X-Request-Id, Location: "/api/v2/purchases/..." }
 */
export function passBack(
  upstreamHeaders: Headers,
  v1Base: string,
  version: Version,
  requestId: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED_BACK) {
    const value = upstreamHeaders.get(name);
    if (value !== null) out[name] = value;
  }
  out["X-Request-Id"] ??= requestId;
  const location = upstreamHeaders.get("Location");
  const base = v1Base.replace(/\/api\/v1$/, `/api/${version}`);
  if (location?.startsWith(`${base}/`)) out.Location = `/api/${version}${location.slice(base.length)}`;
  return out;
}
