import type { Access, RequestHeader } from "@/lib/data-api/operation";
import type { EnvelopeKind } from "@/lib/data-api/envelopes";

// The API reference's fixed words: the response envelopes, the access of a key type, the status codes and the request
// headers the contract names, in the reference's own phrasing.

export interface EnvelopeWords {
  /** "List", "Single", "Object". */
  kind: string;
  /** "{Data: [Invoice], Page, PageSize, HasNextPage}" */
  shape: string;
  note?: string;
}

const ENVELOPE_WORDS: Record<Exclude<EnvelopeKind, "none">, (record: string) => EnvelopeWords> = {
  "v1-list": (r) => ({
    kind: "List",
    shape: `{Data: [${r}], Page, PageSize, HasNextPage}`,
    note: "Keep requesting the next Page while HasNextPage is true.",
  }),
  "v1-single": (r) => ({
    kind: "Single",
    shape: `{Data: [${r}]}`,
    note: "Data is an array of exactly one record; Page, PageSize and HasNextPage may also be present.",
  }),
  "v1-object": (r) => ({ kind: "Object", shape: `{Data: ${r}}` }),
  "v2-list": (r) => ({
    kind: "List",
    shape: `{data: [${r}], page, page_size, has_next_page}`,
    note: "Keep requesting the next page while has_next_page is true.",
  }),
  "v2-single": (r) => ({ kind: "Single", shape: `{data: ${r}}` }),
};

/** The response envelope in words: List: "{Data: [Invoice], Page, PageSize, HasNextPage}"; undefined when there is no body. */
export function envelopeWords(envelope: EnvelopeKind, recordId: string | undefined): EnvelopeWords | undefined {
  if (envelope === "none" || recordId === undefined) return undefined;
  return ENVELOPE_WORDS[envelope](recordId);
}

export const ACCESS_WORDS: Record<Access, string> = {
  allowed: "yes",
  scoped: "scoped to its accounts",
  forbidden: "403",
};

/** Reason phrases of the status codes the Data API documents. */
export const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No Content",
  304: "Not Modified",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

/** What each request header does, as far as the contract says. */
export const HEADER_TEXT: Record<RequestHeader, string> = {
  "If-None-Match": "Conditional read: send the ETag of an earlier response.",
  "Idempotency-Key":
    "A unique key per write: a retry with the same key replays the first answer instead of writing again.",
  Prefer: "return=minimal for no response body; handling=lenient to ignore unknown body properties.",
  "X-Request-Id": "Your id for the request, for tracing it.",
};
