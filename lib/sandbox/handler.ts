import type { Kysely } from "kysely";
import type * as z from "zod";
import type { FieldError } from "@/lib/data-api/error-read";
import type { ApiErrorBody, Refusal } from "@/lib/data-api/refusal";
import type { OperationId, Operations } from "@/lib/data-api/registry";
import type { Database } from "./db/schema";
import type { Environment } from "./environments";
import type { KeyScope } from "./keys";

/** What a handler gets: the environment's database, the caller's scope, and the request already checked against the contract. */
export interface HandlerContext<K extends OperationId> {
  db: Kysely<Database>;
  env: Environment;
  scope: KeyScope;
  now: Date;
  query: z.output<Operations[K]["querySchema"]>;
  path: z.output<Operations[K]["pathSchema"]>;
  /** Makes a stored env-relative document path (`assets/...`) into an absolute URL of this sandbox. */
  assetUrl: (path: string) => string;
}

export type ApiRecord = Record<string, unknown>;

/** A handler answers one record (single envelopes) or one page of records (list envelopes). */
export type HandlerResult = { records: ApiRecord[]; hasNextPage: boolean } | { record: ApiRecord };

/** The answer when a filter or the key's scope leaves nothing to list. */
export const EMPTY: HandlerResult = { records: [], hasNextPage: false };

/**
 * An id list for SQL `in`, which cannot be empty: no ids becomes `[-1]`, an id no row has (ids are positive).
 * Used where a key's scope is known to be empty but the query is built anyway.
 */
export function inIds(ids: number[]): number[] {
  return ids.length ? ids : [-1];
}

export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<HandlerResult>;
export type Handlers = { [K in OperationId]?: Handler<K> };

/** The checked body of a write (strict, or lenient under `Prefer: handling=lenient`); undefined when it takes none. */
export type BodyOf<K extends OperationId> =
  NonNullable<Operations[K]["body"]> extends infer B extends z.ZodType ? z.output<B> : undefined;

/** What a write handler gets: the handler context, with `db` being the write's transaction, and the checked body. */
export interface WriteContext<K extends OperationId> extends HandlerContext<K> {
  body: BodyOf<K>;
}

/**
 * A write's outcome: the record to answer with (none for DELETE), and `location`, the canonical path of what it
 * created or changed, relative to the version's base (`/purchases/{purchase_global_id}`).
 */
export interface WriteResult {
  record?: ApiRecord;
  location?: string;
}

export type WriteHandler<K extends OperationId> = (ctx: WriteContext<K>) => Promise<WriteResult>;
export type WriteHandlers = { [K in OperationId]?: WriteHandler<K> };

/** An error answer in the API's own shape; thrown by handlers, turned into a response by the app. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.Error === "string" ? body.Error : body.Error.detail);
  }
}

/** Throws a refusal of the shared request check (`lib/data-api/request-check.ts`) as the sandbox's error. */
export function refuse(refusal: Refusal): never {
  throw new SandboxError(refusal.status, refusal.body, refusal.headers);
}

export const notFound = (what: string) => new SandboxError(404, { Error: `${what} not found` });

/**
 * An error in the detailed shape, `{Error: {code, detail, fieldErrors?}}`, with any extra properties (allowed by the
 * documentation), for example the existing purchase's id on DUPLICATE_PO_NUMBER.
 *
 * @example
 * throw rejection(400, "INSUFFICIENT_BALANCE", "Amount exceeds the payment's available balance", [{ field: "Amount", code: "INSUFFICIENT_BALANCE", detail: "…" }]);
 */
export function rejection(
  status: number,
  code: string,
  detail: string,
  fieldErrors?: FieldError[],
  extra: Record<string, unknown> = {},
): SandboxError {
  return new SandboxError(status, {
    Error: { code, detail, ...(fieldErrors?.length ? { fieldErrors } : {}), ...extra },
  });
}
export const forbidden = (detail: string) => new SandboxError(403, { Error: detail });

/**
 * One page of a query: asks for one row more than the page holds, to know whether another page follows. A page so far
 * out that its offset is no exact integer (Page=99999999999999999999) is past any data: empty, with no page after it
 * (SQLite refused such an offset, "datatype mismatch", and the request failed 500).
 *
 * @example
 * const { rows, hasNextPage } = await pageOf((limit, offset) => db.selectFrom("states").selectAll().orderBy("state").limit(limit).offset(offset).execute(), 1, 50);
 */
export async function pageOf<T>(
  fetch: (limit: number, offset: number) => Promise<T[]>,
  page: number,
  pageSize: number,
): Promise<{ rows: T[]; hasNextPage: boolean }> {
  const offset = (page - 1) * pageSize;
  if (!Number.isSafeInteger(offset)) return { rows: [], hasNextPage: false };
  const rows = await fetch(pageSize + 1, offset);
  return { rows: rows.slice(0, pageSize), hasNextPage: rows.length > pageSize };
}

/** A page of records mapped from rows. */
export async function listOf<T>(
  fetch: (limit: number, offset: number) => Promise<T[]>,
  paging: { Page?: number; PageSize?: number; page?: number; page_size?: number },
  toRecord: (row: T) => ApiRecord,
): Promise<HandlerResult> {
  const page = paging.Page ?? paging.page ?? 1;
  const size = paging.PageSize ?? paging.page_size ?? 50;
  const { rows, hasNextPage } = await pageOf(fetch, page, size);
  return { records: rows.map(toRecord), hasNextPage };
}

/**
 * The ids a filter should use, given what the caller asked for and what its key may see:
 * `allowed` undefined means no restriction. The result may be empty (nothing visible): callers must then return
 * nothing rather than drop the filter.
 */
export function visibleIds(
  requested: number[] | undefined,
  allowed: readonly number[] | undefined,
): number[] | undefined {
  if (allowed === undefined) return requested;
  if (requested === undefined) return [...allowed];
  const set = new Set(allowed);
  return requested.filter((id) => set.has(id));
}
