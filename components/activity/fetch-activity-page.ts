import type { AuditPage } from "@/lib/audit/audit-types";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { parseErrorBody } from "@/lib/data-api/error-read";
import { reconnect } from "@/lib/ui/browser-api";

/** Entries per page of the activity log. */
export const ACTIVITY_PAGE_SIZE = 50;

/** One page of `GET /api/activity` for the filters' query string; signed out, an empty page while the session reconnects. */
export async function fetchActivityPage(query: string, signal: AbortSignal): Promise<AuditPage> {
  const response = await fetch(`/api/activity?pageSize=${ACTIVITY_PAGE_SIZE}${query ? `&${query}` : ""}`, {
    credentials: "same-origin",
    signal,
  });
  if (response.status === 401) {
    reconnect();
    return { entries: [], page: 1, pageSize: ACTIVITY_PAGE_SIZE, total: 0, hasNextPage: false, people: [] };
  }
  if (!response.ok) {
    // A DataApiError, so the app's retry rule applies: a 4xx (a filter refused) is shown at once, not asked again.
    const error = parseErrorBody(await response.json().catch(() => undefined));
    throw new DataApiError({
      status: response.status,
      code: error?.code ?? `HTTP_${response.status}`,
      detail: error?.detail ?? `Backroom answered ${response.status}`,
      requestId: response.headers.get("X-Request-Id") ?? undefined,
    });
  }
  return (await response.json()) as AuditPage;
}
