/**
 * What pages need to know about the contract, as plain data: each operation's address, envelope, access and query
 * parameters, and each record's fields with their documented types and definitions. The schemas (zod) stay out of
 * the browser's first load: `meta.generated.ts` holds this, written from the registry by `npm run contract-meta`,
 * and a unit test fails when it no longer matches.
 */
import type { Access, Method, Version } from "./operation";
import type { EnvelopeKind } from "./envelopes";

/** A query parameter as the filters show it. */
export interface ParamMeta {
  /** "id list", "date", "list of values", ... */
  kind: string;
  required: boolean;
  /** The documented default as text. */
  defaultValue?: string;
  /** Allowed values, when the parameter takes a fixed set. */
  values?: readonly string[];
  description?: string;
}

export interface OperationMeta {
  id: string;
  method: Method;
  version: Version;
  path: string;
  envelope: EnvelopeKind;
  access: { Customer: Access; Supplier: Access };
  query: Readonly<Record<string, ParamMeta>>;
}

/** A record's field: its type as the documentation writes it ("dec-string", "date-time?") and its definition. */
export interface FieldMeta {
  label: string;
  description?: string;
}

export interface RecordMeta {
  id: string;
  fields: Readonly<Record<string, FieldMeta>>;
}
