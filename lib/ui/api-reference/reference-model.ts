import * as z from "zod";
import type { Access, KeyType, Method, RequestHeader, Version } from "@/lib/data-api/operation";
import type { ParamSpec } from "@/lib/data-api/query-params";
import type { Field } from "@/lib/data-api/fields";
import type { EnvelopeKind } from "@/lib/data-api/envelopes";
import type { AnyOperation } from "@/lib/data-api/registry";

/**
 * The API reference's view of the endpoint registry: plain data, computed on the server, so that the page renders
 * without knowing zod and nothing of the registry reaches the browser.
 */

export interface ParamRow {
  name: string;
  location: "path" | "query";
  kind: string;
  required: boolean;
  defaultValue?: string;
  rule?: string;
  values?: readonly string[];
  description?: string;
}

export interface FieldRow {
  name: string;
  label: string;
  description?: string;
}

export interface BodyRow {
  /** `purchase_transactions[].product_id` for a property of an array's items. */
  name: string;
  type: string;
  required: boolean;
  /** Constraints in words: "positive", "at most 200 items". */
  constraints: string[];
  depth: number;
}

export interface RequestBodyView {
  rows: BodyRow[];
  /** Unknown properties are rejected (the schema is closed). */
  closed: boolean;
  /** A lenient schema exists: `Prefer: handling=lenient` ignores unknown properties. */
  lenient: boolean;
}

export interface RecordView {
  id: string;
  description?: string;
  fields: FieldRow[];
}

export type AccessView = Record<KeyType, Access>;

export interface OperationView {
  id: string;
  method: Method;
  version: Version;
  /** `/api/v1/invoices/{invoiceID}` */
  fullPath: string;
  resource: string;
  summary: string;
  params: ParamRow[];
  body?: RequestBodyView;
  envelope: EnvelopeKind;
  record?: RecordView;
  access: AccessView;
  success: number;
  statuses: readonly number[];
  headers: readonly RequestHeader[];
  notes: readonly string[];
}

export interface ResourceGroup {
  /** The element id of the group's section, and its in-page anchor. */
  anchor: string;
  name: string;
  operations: OperationView[];
}

type JsonSchema = z.core.JSONSchema.JSONSchema;

export function fullPath(version: Version, path: string): string {
  return `/api/${version}${path}`;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The element id of an operation's section. */
export function operationAnchor(id: string): string {
  return `op-${id}`;
}

function paramRows(params: Record<string, ParamSpec>, location: ParamRow["location"]): ParamRow[] {
  return Object.entries(params).map(([name, p]) => ({
    name,
    location,
    kind: p.kind,
    required: p.required,
    defaultValue: p.defaultValue,
    rule: p.rule,
    values: p.values,
    description: p.description,
  }));
}

function asSchema(value: unknown): JsonSchema | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

/** The type of a JSON Schema node in words: "integer", "string (date, YYYY-MM-DD)", "array of objects". */
function typeOf(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (type === "string" && schema.format === "date") return "string (date, YYYY-MM-DD)";
  if (type === "string" && schema.format) return `string (${schema.format})`;
  if (type === "array") {
    const items = asSchema(schema.items);
    const itemType = items ? typeOf(items) : "values";
    return `array of ${itemType === "object" ? "objects" : itemType}`;
  }
  if (schema.anyOf || schema.oneOf) {
    return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map(typeOf).join(" | ");
  }
  return type ?? "any";
}

const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** The constraints of a JSON Schema node, in words (the safe-integer bound and date patterns are implied, so left out). */
function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.exclusiveMinimum === 0) out.push("positive");
  else if (typeof schema.exclusiveMinimum === "number") out.push(`> ${schema.exclusiveMinimum}`);
  if (typeof schema.minimum === "number") out.push(`>= ${schema.minimum}`);
  if (typeof schema.maximum === "number" && schema.maximum !== SAFE_MAX) out.push(`<= ${schema.maximum}`);
  if (schema.minLength === 1) out.push("non-empty");
  else if (typeof schema.minLength === "number") out.push(`at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === "number") out.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.minItems === "number") out.push(`at least ${schema.minItems} items`);
  if (typeof schema.maxItems === "number") out.push(`at most ${schema.maxItems} items`);
  if (schema.pattern && !schema.format) out.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) out.push(schema.description);
  return out;
}

/** Flattens an object schema into rows; the properties of an array's object items follow it as `name[].property`. */
function bodyRows(schema: JsonSchema, prefix = "", depth = 0): BodyRow[] {
  const required = new Set(schema.required ?? []);
  const rows: BodyRow[] = [];
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const property = asSchema(raw);
    if (!property) continue;
    const fullName = `${prefix}${name}`;
    rows.push({
      name: fullName,
      type: typeOf(property),
      required: required.has(name),
      constraints: constraintsOf(property),
      depth,
    });
    const items = property.type === "array" ? asSchema(property.items) : undefined;
    if (items?.properties) rows.push(...bodyRows(items, `${fullName}[].`, depth + 1));
    else if (property.properties) rows.push(...bodyRows(property, `${fullName}.`, depth + 1));
  }
  return rows;
}

function requestBody(op: AnyOperation): RequestBodyView | undefined {
  const body: z.ZodType | undefined = op.body;
  if (!body) return undefined;
  const schema = z.toJSONSchema(body, { unrepresentable: "any" });
  const lenientBody: z.ZodType | undefined = op.lenientBody;
  return {
    rows: bodyRows(schema),
    closed: schema.additionalProperties === false,
    lenient: lenientBody !== undefined,
  };
}

function recordView(op: AnyOperation): RecordView | undefined {
  const record: { id: string; fields: Record<string, Field>; description?: string } | undefined = op.record;
  if (!record) return undefined;
  return {
    id: record.id,
    description: record.description,
    fields: Object.entries(record.fields).map(([name, f]) => ({ name, label: f.label, description: f.description })),
  };
}

export function operationView(op: AnyOperation): OperationView {
  const pathParams: Record<string, ParamSpec> = op.pathParams;
  const query: Record<string, ParamSpec> = op.query;
  return {
    id: op.id,
    method: op.method,
    version: op.version,
    fullPath: fullPath(op.version, op.path),
    resource: op.resource,
    summary: op.summary,
    params: [...paramRows(pathParams, "path"), ...paramRows(query, "query")],
    body: requestBody(op),
    envelope: op.envelope,
    record: recordView(op),
    access: { Employee: "allowed", Customer: op.access.Customer, Supplier: op.access.Supplier },
    success: op.success,
    statuses: op.statuses,
    headers: op.headers,
    notes: op.notes,
  };
}

/** Groups operations by resource, groups in alphabetical order, operations in registry order within a group. */
export function groupByResource(views: readonly OperationView[]): ResourceGroup[] {
  const groups = new Map<string, OperationView[]>();
  for (const view of views) {
    const list = groups.get(view.resource);
    if (list) list.push(view);
    else groups.set(view.resource, [view]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, "en"))
    .map(([name, operations]) => ({ anchor: `resource-${slug(name)}`, name, operations }));
}

/**
 * The text the search box matches an operation against (lower case): method, path, id, summary, resource,
 * parameter names, request body field names, and the response record's name and field names.
 */
export function searchText(view: OperationView): string {
  return [
    view.method,
    view.fullPath,
    view.id,
    view.summary,
    view.resource,
    ...view.params.map((p) => p.name),
    ...(view.body?.rows.map((r) => r.name) ?? []),
    view.record?.id ?? "",
    ...(view.record?.fields.map((f) => f.name) ?? []),
  ]
    .join(" ")
    .toLowerCase();
}
