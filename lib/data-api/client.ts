import type * as z from "zod";
import { DataApiError } from "./data-api-error";
import { parseErrorBody } from "./error-read";
import { recordsOf } from "./envelopes";
import type { ReadEnvelope, Version } from "./operation";
import { searchParamsToObject, serializeQuery } from "./query-params";
import { buildPath, type OperationId, type Operations, operations } from "./registry";
import { parseResponseMeta, type ResponseMeta } from "./response-meta";
import { toFieldErrors } from "./validation-errors";
import { pagingParams } from "./values";

type Op<K extends OperationId> = Operations[K];

/** The record type an operation answers with (every field optional, unknown fields kept). */
export type RecordOf<K extends OperationId> =
  NonNullable<Op<K>["record"]> extends { read: infer R extends z.ZodType } ? z.output<R> : never;

/** Typed query values. Every parameter is optional here; required ones are checked before sending. */
export type QueryOf<K extends OperationId> = Partial<z.output<Op<K>["querySchema"]>>;

type PathOf<K extends OperationId> = { [P in keyof Op<K>["pathParams"]]: string | number };
type BodyOf<K extends OperationId> = NonNullable<Op<K>["body"]> extends infer B extends z.ZodType ? z.input<B> : never;

export type CallInput<K extends OperationId> = {
  query?: QueryOf<K>;
  /** Sends If-None-Match; a 304 answer yields `notModified: true` and no records. */
  ifNoneMatch?: string;
  /** Asks caches between the page and the API (Backroom's proxy) for the current answer: `Cache-Control: no-cache`. */
  revalidate?: boolean;
  /**
   * Whether a cache in front may answer with its last-known copy when the API fails (RFC 5861 `stale-if-error`; the
   * answer's `meta.stale` says so). True by default; false (an export, which must not mix pages of different ages)
   * sends `Cache-Control: stale-if-error=0`, and the failure comes back as the API's.
   */
  acceptStale?: boolean;
  /** Idempotency-Key for POST and PATCH: reuse the same key when retrying the same logical operation. */
  idempotencyKey?: string;
  /** Prefer tokens, for example ["return=minimal"] or ["handling=lenient"]. */
  prefer?: string[];
  /** A short alphanumeric id, echoed by the API in X-Request-Id. */
  requestId?: string;
  signal?: AbortSignal;
} & (keyof Op<K>["pathParams"] extends never ? { path?: undefined } : { path: PathOf<K> }) &
  ([BodyOf<K>] extends [never] ? { body?: undefined } : { body: BodyOf<K> });

export interface DataApiResult<T> {
  meta: ResponseMeta;
  /** True on 304 Not Modified (the caller's If-None-Match still matches). */
  notModified: boolean;
  /** The parsed envelope, or undefined on 204 and 304. */
  body: ReadEnvelope<T> | undefined;
  /** The records of the envelope: a list's rows, or the one record of a single answer. */
  records: T[];
  /** Paging of a list answer; hasNextPage is derived from the row count when the service leaves it out. */
  paging?: { page: number; pageSize: number; hasNextPage: boolean };
}

export interface DataApiClientOptions {
  /** The environment's base URL, ending in /api/v1 as the documentation gives it (or the root above it). */
  baseUrl: string;
  /** Sent as x-api-key. Leave out when a proxy in front adds the key (the browser never holds one). */
  apiKey?: string;
  fetch?: typeof fetch;
}

/** The base of a version: `https://host/x/api/v1` gives `https://host/x/api/v2` for v2. */
export function versionBase(baseUrl: string, version: Version): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  const root = trimmed.replace(/\/api\/v[12]$/, "");
  return `${root}/api/${version}`;
}

function invalidRequest(detail: string, error?: z.ZodError): DataApiError {
  return new DataApiError({
    status: 400,
    code: "INVALID_REQUEST",
    detail,
    fieldErrors: error ? toFieldErrors(error) : [],
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A typed client of the Data API: one call per operation, checked against the contract before it is sent,
 * answers read tolerantly, and every response's headers parsed.
 *
 * @example
 * const api = createDataApiClient({ baseUrl: "http://127.0.0.1:4010/test/api/v1", apiKey: "test-customer-demo" });
 * const { records, meta } = await api.listInvoices({ query: { Statuses: [1, 7], PageSize: 100 } });
 * for await (const page of api.pages("listInvoices", { query: { Statuses: [7] } })) console.log(page.records.length);
 */
export function createDataApiClient(options: DataApiClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function request<K extends OperationId>(id: K, input: CallInput<K>): Promise<DataApiResult<RecordOf<K>>> {
    const operation = operations[id];
    const prefer = input.prefer ?? [];

    const pathValues = Object.fromEntries(Object.entries(input.path ?? {}).map(([k, v]) => [k, String(v)]));
    const path = operation.pathSchema.safeParse(pathValues);
    if (!path.success) throw invalidRequest(path.error.issues.map((i) => i.message).join("; "), path.error);

    const query = serializeQuery((input.query ?? {}) as Record<string, unknown>);
    const checkedQuery = operation.querySchema.safeParse(searchParamsToObject(query));
    if (!checkedQuery.success)
      throw invalidRequest(checkedQuery.error.issues.map((i) => i.message).join("; "), checkedQuery.error);

    let body: string | undefined;
    if ("body" in operation && operation.body) {
      const lenient =
        prefer.includes("handling=lenient") && "lenientBody" in operation ? operation.lenientBody : undefined;
      const schema: z.ZodType = lenient ?? operation.body;
      const checked = schema.safeParse(input.body);
      if (!checked.success) throw invalidRequest("The request body is not valid.", checked.error);
      body = JSON.stringify(input.body);
    }

    const search = query.toString();
    const url = `${versionBase(options.baseUrl, operation.version)}${buildPath(operation, pathValues)}${search ? `?${search}` : ""}`;
    const headers = new Headers({ Accept: "application/json" });
    if (options.apiKey) headers.set("x-api-key", options.apiKey);
    if (body !== undefined) headers.set("Content-Type", "application/json");
    if (input.ifNoneMatch) headers.set("If-None-Match", input.ifNoneMatch);
    const cacheControl = [
      ...(input.revalidate ? ["no-cache"] : []),
      ...(input.acceptStale === false ? ["stale-if-error=0"] : []),
    ];
    if (cacheControl.length) headers.set("Cache-Control", cacheControl.join(", "));
    if (input.idempotencyKey) headers.set("Idempotency-Key", input.idempotencyKey);
    if (prefer.length) headers.set("Prefer", prefer.join(", "));
    if (input.requestId) headers.set("X-Request-Id", input.requestId);

    let response: Response;
    try {
      response = await fetchImpl(url, { method: operation.method, headers, body, signal: input.signal });
    } catch (cause) {
      if (input.signal?.aborted) throw cause;
      throw new DataApiError({ status: 0, code: "NETWORK_ERROR", detail: "The Data API could not be reached.", cause });
    }

    const meta = parseResponseMeta(response);
    if (response.status === 304) return { meta, notModified: true, body: undefined, records: [] };

    const raw = await readJson(response);
    if (!response.ok) {
      const parsed = parseErrorBody(raw);
      throw new DataApiError({
        status: response.status,
        code: parsed?.code,
        detail: parsed?.detail ?? `The Data API answered ${response.status}.`,
        fieldErrors: parsed?.fieldErrors,
        requestId: meta.requestId,
        retryAfter: meta.retryAfter,
      });
    }
    if (raw === undefined || !operation.responseRead) return { meta, notModified: false, body: undefined, records: [] };

    const parsed = (operation.responseRead as z.ZodType<ReadEnvelope<RecordOf<K>>>).safeParse(raw);
    if (!parsed.success) {
      throw new DataApiError({
        status: response.status,
        code: "INVALID_RESPONSE",
        detail: `The answer to ${operation.method} ${operation.path} is not a ${operation.envelope} envelope.`,
        requestId: meta.requestId,
      });
    }
    const envelope = parsed.data;
    const records = recordsOf<RecordOf<K>>(envelope);
    return {
      meta,
      notModified: false,
      body: envelope,
      records,
      paging: pagingOf(operation.envelope, envelope, records.length, checkedQuery.data),
    };
  }

  /**
   * Walks every page of a list operation, from the requested page on, yielding each page's result (with its
   * rate-limit headers, so the caller can pace itself). Stops after the last page, or after `maxPages`.
   */
  async function* pages<K extends OperationId>(
    id: K,
    input: CallInput<K>,
    maxPages = Infinity,
  ): AsyncGenerator<DataApiResult<RecordOf<K>>> {
    const pageKey = pagingParams(operations[id].version).page;
    const query = { ...(input.query ?? {}) } as Record<string, unknown>;
    let page = typeof query[pageKey] === "number" ? (query[pageKey] as number) : 1;
    for (let fetched = 0; fetched < maxPages; fetched++) {
      const result = await request(id, { ...input, query: { ...query, [pageKey]: page } as QueryOf<K> });
      yield result;
      if (!result.paging?.hasNextPage) return;
      page++;
    }
  }

  const calls = Object.fromEntries(
    (Object.keys(operations) as OperationId[]).map((id) => [
      id,
      (input: CallInput<typeof id> = {} as CallInput<typeof id>) => request(id, input),
    ]),
  ) as unknown as {
    [K in OperationId]: (
      ...args: Record<never, never> extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>]
    ) => Promise<DataApiResult<RecordOf<K>>>;
  };

  return { ...calls, request, pages };
}

export type DataApiClient = ReturnType<typeof createDataApiClient>;

function pagingOf(
  kind: string,
  envelope: ReadEnvelope<unknown>,
  count: number,
  query: Record<string, unknown>,
): DataApiResult<unknown>["paging"] {
  if (kind !== "v1-list" && kind !== "v2-list") return undefined;
  const v2 = kind === "v2-list";
  const page = (v2 ? envelope.page : envelope.Page) ?? (query[v2 ? "page" : "Page"] as number);
  const pageSize = (v2 ? envelope.page_size : envelope.PageSize) ?? (query[v2 ? "page_size" : "PageSize"] as number);
  const hasNextPage = (v2 ? envelope.has_next_page : envelope.HasNextPage) ?? count >= pageSize;
  return { page, pageSize, hasNextPage };
}
