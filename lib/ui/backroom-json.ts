import { DataApiError } from "@/lib/data-api/data-api-error";
import { parseErrorBody } from "@/lib/data-api/error-read";

/**
 * A call to one of Backroom's own JSON endpoints (`/api/notes`, `/api/today`): JSON in and out, and every failure
 * thrown as a `DataApiError` (status 0 `NETWORK_ERROR` without an answer), so the queries' retry rule, `sendOnce`'s
 * idea of a settled write and `describeFailure`'s words all apply as they do to the Data API's.
 *
 * @example
 * const notes = await backroomJson<NotesJson>("GET", "/api/notes?customerId=20001");
 */
export async function backroomJson<T>(
  method: string,
  url: string,
  init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await send(method, url, init);
  const parsed = parsedBody(await reading(response.text(), init.signal));
  if (response.ok) return parsed as T;
  throw failureOf(response, parsed);
}

/**
 * A call to one of Backroom's endpoints that answers a file (`POST /api/accounting/export`): its bytes and the name its
 * Content-Disposition gives it. Every failure is thrown as `backroomJson` throws it.
 *
 * @example
 * const { blob, fileName } = await backroomFile("POST", "/api/accounting/export?format=iif&…", { headers });
 */
export async function backroomFile(
  method: string,
  url: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await send(method, url, init);
  if (!response.ok) throw failureOf(response, parsedBody(await reading(response.text(), init.signal)));
  const name = /filename="([^"]+)"/i.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
  return { blob: await reading(response.blob(), init.signal), fileName: name };
}

/** No answer at all (or an answer cut off): status 0 `NETWORK_ERROR`, unless the caller aborted it. */
function unreachable(cause: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return cause;
  return new DataApiError({
    status: 0,
    code: "NETWORK_ERROR",
    detail: "Backroom could not be reached. Check your connection and try again.",
    cause,
  });
}

async function send(
  method: string,
  url: string,
  init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
): Promise<Response> {
  try {
    return await fetch(url, {
      method,
      credentials: "same-origin",
      headers: init.body === undefined ? init.headers : { "Content-Type": "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (cause) {
    throw unreachable(cause, init.signal);
  }
}

/** An answer's body being read: a connection lost on the way is no answer. */
async function reading<T>(body: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  try {
    return await body;
  } catch (cause) {
    throw unreachable(cause, signal);
  }
}

function parsedBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): told by its status.
    return undefined;
  }
}

/** A refusal or failure Backroom answered, as the `DataApiError` every caller reads. */
function failureOf(response: Response, parsed: unknown): DataApiError {
  const error = parseErrorBody(parsed);
  const retryAfter = Number(response.headers.get("Retry-After"));
  return new DataApiError({
    status: response.status,
    code: error?.code,
    detail: error?.detail ?? `Backroom answered ${response.status}.`,
    fieldErrors: error?.fieldErrors,
    requestId: response.headers.get("X-Request-Id") ?? undefined,
    retryAfter: Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  });
}
