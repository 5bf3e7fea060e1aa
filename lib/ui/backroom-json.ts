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
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: init.body === undefined ? init.headers : { "Content-Type": "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new DataApiError({
      status: 0,
      code: "NETWORK_ERROR",
      detail: "Backroom could not be reached. Check your connection and try again.",
      cause,
    });
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): told by its status below.
  }
  if (response.ok) return parsed as T;
  const error = parseErrorBody(parsed);
  const retryAfter = Number(response.headers.get("Retry-After"));
  throw new DataApiError({
    status: response.status,
    code: error?.code,
    detail: error?.detail ?? `Backroom answered ${response.status}.`,
    fieldErrors: error?.fieldErrors,
    requestId: response.headers.get("X-Request-Id") ?? undefined,
    retryAfter: Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  });
}
