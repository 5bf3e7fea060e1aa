import * as z from "zod";
import { envelopes, type EnvelopeKind } from "./envelopes";
import { type ParamSpecs, querySchema } from "./query-params";

export const KEY_TYPES = ["Employee", "Customer", "Supplier"] as const;
export type KeyType = (typeof KEY_TYPES)[number];

/**
 * What a key type may do with an operation:
 * - `allowed`: full access (Employee keys, always).
 * - `scoped`: answers, limited to the key's accounts (silently filtered, or 403 for an account out of scope).
 * - `forbidden`: 403 whatever the request.
 */
export type Access = "allowed" | "scoped" | "forbidden";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";
export type Version = "v1" | "v2";
export type RequestHeader = "If-None-Match" | "Idempotency-Key" | "Prefer" | "X-Request-Id";

interface RecordLike {
  id: string;
  doc: z.ZodType;
  read: z.ZodType;
}

export interface OperationSpec<
  Q extends ParamSpecs,
  PP extends ParamSpecs,
  R extends RecordLike | undefined,
  B extends z.ZodType | undefined,
> {
  /** Stable name, used by the typed client: `listInvoices`. */
  id: string;
  method: Method;
  version: Version;
  /** Path template relative to the version's base: `/invoices/{invoiceID}`. */
  path: string;
  /** Group on the API reference: "Invoices". */
  resource: string;
  summary: string;
  pathParams?: PP;
  query?: Q;
  /** Strict body schema; `lenientBody` is used under `Prefer: handling=lenient`. */
  body?: B;
  lenientBody?: z.ZodType;
  record?: R;
  envelope: EnvelopeKind;
  /** Access of Customer and Supplier keys; Employee keys are always allowed. */
  access: { Customer: Access; Supplier: Access };
  /** The status of a successful answer (the first one when `return=minimal` changes it, see notes). */
  success: number;
  /** Every status the documentation lists for the operation, success included. */
  statuses: readonly number[];
  headers: readonly RequestHeader[];
  /** The documentation's notes on this operation, and where it is silent, what the sandbox chose (marked so). */
  notes: readonly string[];
}

/**
 * Declares one operation of the Data API and derives its schemas: the query schema from its parameters, and the
 * documented and read schemas of its response envelope from its record.
 *
 * @example
 * const getLocation = defineOperation({ id: "getLocation", method: "GET", version: "v1", path: "/locations/{locationID}", ... });
 * getLocation.querySchema.parse({});
 */
export function defineOperation<
  const Q extends ParamSpecs = Record<never, never>,
  const PP extends ParamSpecs = Record<never, never>,
  R extends RecordLike | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: OperationSpec<Q, PP, R, B>) {
  const query = (spec.query ?? {}) as Q;
  const pathParams = (spec.pathParams ?? {}) as PP;
  const envelope = spec.envelope === "none" ? undefined : envelopes[spec.envelope];
  const record = spec.record;
  return {
    ...spec,
    query,
    pathParams,
    querySchema: querySchema(query),
    pathSchema: querySchema(pathParams),
    /** The documented response body schema, or undefined when the operation answers with no body. */
    responseDoc: envelope && record ? envelope.doc(record.doc) : undefined,
    /** The tolerant response body schema a client reads with. */
    responseRead: (envelope && record
      ? envelope.read(record.read as NonNullable<R>["read"])
      : undefined) as ResponseRead<R>,
  };
}

type ResponseRead<R> = R extends RecordLike ? z.ZodType<ReadEnvelope<z.output<R["read"]>>> : undefined;

/** What a client reads from any envelope: the records under `Data`/`data`, and paging when it is a list. */
export interface ReadEnvelope<T> {
  Data?: T | T[];
  data?: T | T[];
  Page?: number;
  PageSize?: number;
  HasNextPage?: boolean;
  page?: number;
  page_size?: number;
  has_next_page?: boolean;
  [extra: string]: unknown;
}

/** Status codes every GET may answer, per the documentation's conventions. */
export const GET_STATUSES = [200, 400, 401, 403, 429, 500] as const;
export const SINGLE_GET_STATUSES = [200, 400, 401, 403, 404, 429, 500] as const;
