import { DataApiError } from "@/lib/data-api/data-api-error";
import { parseErrorBody } from "@/lib/data-api/error-read";
import type {
  InvoiceListsJson,
  ListDetail,
  ReordersJson,
  SharedListPatch,
  SubstitutesJson,
} from "@/lib/domain/order-guide/shared-list";
import { backroomJson } from "@/lib/ui/backroom-json";

/**
 * A shared reorder list in the browser: read with its `ETag` (`GET /api/order-guide/lists/{id}`), changed with it
 * (`PATCH` with `If-Match`), its stage and substitutes settled (`POST …/acknowledge`, `…/entered`,
 * `…/substitutions/{lineId}/accept|decline`, each with an Idempotency-Key). A change on a version the list has left
 * is thrown as `ListChanged`, holding the list as it is now (the 412's `Error.list`).
 */

/** Every query of a shared list starts with this (the outbox's acknowledgments have them read again). */
export const ORDER_LIST_KEY = ["backroom", "order-list"] as const;

/** How often an open list is read again, so the other side's changes appear without a reload. */
export const LIST_POLL_MS = 30_000;

/** A list as answered, with the `ETag` its next change names. */
export interface ListAnswer {
  list: ListDetail;
  etag: string;
}

/** 412 `LIST_CHANGED`: the list moved on since the version the change named; `now` is the list as it is. */
export class ListChanged extends DataApiError {
  readonly now: ListAnswer;
  constructor(init: ConstructorParameters<typeof DataApiError>[0], now: ListAnswer) {
    super(init);
    this.now = now;
  }
}

const listPath = (id: string) => `/api/order-guide/lists/${encodeURIComponent(id)}`;

async function call(
  method: string,
  url: string,
  init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ListAnswer> {
  let response: Response;
  let parsed: unknown;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: init.body === undefined ? init.headers : { "Content-Type": "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
    const text = await response.text();
    parsed = text ? JSON.parse(text) : undefined;
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new DataApiError({
      status: 0,
      code: "NETWORK_ERROR",
      detail: "Backroom could not be reached. Check your connection and try again.",
      cause,
    });
  }
  const etag = response.headers.get("ETag") ?? "";
  if (response.ok) return { list: parsed as ListDetail, etag };
  const error = parseErrorBody(parsed);
  const failure = {
    status: response.status,
    code: error?.code,
    detail: error?.detail ?? `Backroom answered ${response.status}.`,
    fieldErrors: error?.fieldErrors,
    requestId: response.headers.get("X-Request-Id") ?? undefined,
  };
  const now = (parsed as { Error?: { list?: ListDetail } } | undefined)?.Error?.list;
  if (response.status === 412 && now) throw new ListChanged(failure, { list: now, etag });
  throw new DataApiError(failure);
}

/**
 * The list's query: read every `LIST_POLL_MS` while the page is open, and again when the person comes back to it (the
 * phone picked up, the tab shown again: the app's queries do not refetch on focus, this one does), so the other side's
 * change is on the screen when they look, and within half a minute while they do.
 */
export const sharedListQueryOptions = (id: string) => ({
  queryKey: [...ORDER_LIST_KEY, id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call("GET", listPath(id), { signal }),
  staleTime: 0,
  refetchInterval: LIST_POLL_MS,
  refetchOnWindowFocus: true,
});

export const sharedListClient = {
  /** A change of lines or a note, on the version `etag` names. */
  patch: (id: string, etag: string, body: SharedListPatch) =>
    call("PATCH", listPath(id), { body, headers: { "If-Match": etag } }),
  /** A stage or a substitute's answer, once per key: `acknowledge`, `entered`, `substitutions/{lineId}/accept`. */
  post: (id: string, action: string, idempotencyKey: string, body?: unknown) =>
    call("POST", `${listPath(id)}/${action}`, {
      ...(body !== undefined ? { body } : {}),
      headers: { "Idempotency-Key": idempotencyKey },
    }),
};

export const substitutesQueryOptions = (id: string, lineId: string) => ({
  queryKey: [...ORDER_LIST_KEY, id, "substitutes", lineId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    backroomJson<SubstitutesJson>("GET", `${listPath(id)}/substitutes?lineId=${encodeURIComponent(lineId)}`, {
      signal,
    }),
  staleTime: 60_000,
});

/** A store's reorder requests as its rep's side sees them (`GET /api/order-guide/reorders?customer=&status=all`). */
export const storeReordersQueryOptions = (customerId: number) => ({
  queryKey: [...ORDER_LIST_KEY, "store", customerId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    backroomJson<ReordersJson>("GET", `/api/order-guide/reorders?customer=${customerId}&status=all`, { signal }),
  staleTime: 30_000,
});

/** The lists an invoice was matched to (`GET /api/order-guide/lists/by-invoice`): its page's link back. */
export const invoiceListsQueryOptions = (customerId: number, invoiceNum: string) => ({
  queryKey: [...ORDER_LIST_KEY, "invoice", customerId, invoiceNum] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    backroomJson<InvoiceListsJson>(
      "GET",
      `/api/order-guide/lists/by-invoice?customer=${customerId}&invoice=${encodeURIComponent(invoiceNum)}`,
      { signal },
    ),
  staleTime: 60_000,
});
