import * as z from "zod";
import { isPositiveDecimalText, POSITIVE_DECIMAL } from "./values";

/**
 * Query and path parameters of the Data API. Values arrive as text; each parameter's schema checks the documented
 * rule, applies the documented default and turns the text into a typed value (an id list into numbers).
 * Error messages name the parameter, as the API's own `{Error: "InvoiceIDs parameter is required"}` does.
 */
export interface ParamSpec<S extends z.ZodType = z.ZodType> {
  /** Builds the schema; the name goes into its error messages. */
  make: (name: string) => S;
  /** The kind as shown in the API reference ("id list", "date"). */
  kind: string;
  /** The JSON Schema of the parameter's wire value, for the OpenAPI document. */
  wire: Record<string, unknown>;
  required: boolean;
  /** The documented default, as text ("1", "Active"); absent when the default depends on the key. */
  defaultValue?: string;
  /** The rule as text, for the reference ("1..500; larger values are reduced to 500"). */
  rule?: string;
  /** Allowed values, when the parameter takes a fixed set. */
  values?: readonly string[];
  description?: string;
}

export const ID_LIST = /^\d+(,\d+)*$/;
const LIST = /^[^,]+(,[^,]+)*$/;
const INTEGER = /^-?\d+$/;

export interface Options<T> {
  required?: boolean;
  description?: string;
  defaultValue?: T;
}

/** The typed value of a parameter: required or defaulted parameters always have one. */
type Value<T, O> = O extends { required: true } ? T : O extends { defaultValue: T } ? T : T | undefined;
export type Param<T, O> = ParamSpec<z.ZodType<Value<T, O>, string | undefined>>;

interface Base<T> {
  kind: string;
  wire: Record<string, unknown>;
  rule?: string;
  values?: readonly string[];
  show?: (v: T) => string;
}

/**
 * Wraps a parameter's wire schema into a ParamSpec: required parameters fail with the API's message
 * ("InvoiceIDs parameter is required"), optional ones accept absence and take their default.
 */
function spec<T, O extends Options<T>>(
  base: Base<T>,
  build: (name: string) => z.ZodType<T, string>,
  options: O,
): Param<T, O> {
  const { required = false, defaultValue, description } = options;
  const make = (name: string) => {
    const inner = build(name);
    // Only `undefined` reaches the "required" message: an empty string is a value and fails the parameter's own rule.
    if (required) return z.string({ error: `${name} parameter is required` }).pipe(inner);
    if (defaultValue !== undefined) return inner.optional().transform((v) => (v === undefined ? defaultValue : v));
    return inner.optional();
  };
  const shown = defaultValue === undefined ? undefined : base.show ? base.show(defaultValue) : String(defaultValue);
  return {
    make: make as Param<T, O>["make"],
    kind: base.kind,
    // JSON Schema wants the default as a value of the wire type: a number for integers, text for lists.
    wire:
      defaultValue === undefined
        ? base.wire
        : { ...base.wire, default: typeof defaultValue === "object" ? shown : defaultValue },
    required,
    defaultValue: shown,
    rule: base.rule,
    values: base.values,
    description,
  };
}

const splitIds = (s: string) => s.split(",").map(Number);

/** Comma-separated integers matching `^\d+(,\d+)*$`, read as numbers. */
export function idList<const O extends Options<number[]> & { values?: readonly string[] } = object>(
  options: O = {} as O,
) {
  return spec(
    {
      kind: "id list",
      wire: { type: "string", pattern: ID_LIST.source },
      rule: "comma-separated integers, like 1,2,3",
      values: options.values,
      show: (v: number[]) => v.join(","),
    },
    (name) => z.string().regex(ID_LIST, `${name} must be comma-separated integers, like 1,2,3`).transform(splitIds),
    options,
  );
}

/** A comma-separated list of non-empty items without commas (state abbreviations, batch codes). */
export function textList<const O extends Options<string[]> = object>(options: O = {} as O) {
  return spec(
    {
      kind: "text list",
      wire: { type: "string", pattern: LIST.source },
      rule: "comma-separated, items non-empty",
      show: (v: string[]) => v.join(","),
    },
    (name) =>
      z
        .string()
        .regex(LIST, `${name} must be a comma-separated list of non-empty items`)
        .transform((s) => s.split(",")),
    options,
  );
}

/** A comma-separated list of values from a fixed set. */
export function enumList<const V extends readonly [string, ...string[]], const O extends Options<V[number][]> = object>(
  values: V,
  options: O = {} as O,
) {
  const allowed = new Set<string>(values);
  return spec(
    {
      kind: "list of values",
      wire: { type: "string", pattern: `^(${values.join("|")})(,(${values.join("|")}))*$` },
      values,
      rule: `comma-separated; each one of ${values.join(", ")}`,
      show: (v: string[]) => v.join(","),
    },
    (name) =>
      z
        .string()
        .regex(LIST, `${name} must be a comma-separated list`)
        .transform((s) => s.split(","))
        .refine((items) => items.every((i) => allowed.has(i)), `${name} accepts only ${values.join(", ")}`)
        .transform((items) => items as V[number][]),
    options,
  );
}

/** A date, YYYY-MM-DD. */
export function isoDate<const O extends Options<string> = object>(options: O = {} as O) {
  return spec(
    { kind: "date", wire: { type: "string", format: "date" }, rule: "YYYY-MM-DD" },
    (name) => z.iso.date({ error: `${name} must be a date, YYYY-MM-DD` }),
    options,
  );
}

/** `true` or `false`. */
export function bool<const O extends Options<boolean> = object>(options: O = {} as O) {
  return spec(
    { kind: "boolean", wire: { type: "boolean" }, rule: "true or false" },
    (name) => z.enum(["true", "false"], { error: `${name} must be true or false` }).transform((s) => s === "true"),
    options,
  );
}

/** A whole number. */
export function integer<const O extends Options<number> = object>(options: O = {} as O) {
  return spec(
    { kind: "integer", wire: { type: "integer" } },
    (name) => z.string().regex(INTEGER, `${name} must be a whole number`).transform(Number),
    options,
  );
}

/** A positive decimal, kept as text so that money never passes through a float. */
export function positiveDecimal<const O extends Options<string> = object>(options: O = {} as O) {
  return spec(
    { kind: "decimal", wire: { type: "string", pattern: POSITIVE_DECIMAL.source }, rule: "positive, like 125.50" },
    (name) =>
      z
        .string()
        .regex(POSITIVE_DECIMAL, `${name} must be a positive number, like 125.50`)
        .refine(isPositiveDecimalText, `${name} must be positive`),
    options,
  );
}

/** Free text, non-empty. */
export function text<const O extends Options<string> = object>(options: O = {} as O) {
  return spec(
    { kind: "text", wire: { type: "string", minLength: 1 } },
    (name) => z.string().min(1, `${name} must not be empty`),
    options,
  );
}

/** A list of purchase ids (v2): each a numeric ERP purchase_id or a purchase_global_id. */
export function purchaseIdList<const O extends Options<string[]> = object>(options: O = {} as O) {
  return spec(
    {
      kind: "purchase id list",
      wire: { type: "string", pattern: LIST.source },
      rule: "comma-separated; numeric purchase_id or purchase_global_id",
      show: (v: string[]) => v.join(","),
    },
    (name) =>
      z
        .string()
        .regex(LIST, `${name} must be a comma-separated list of purchase ids`)
        .transform((s) => s.split(",")),
    options,
  );
}

/** Page number: >= 1, default 1. */
export function page() {
  return spec(
    { kind: "integer", wire: { type: "integer", minimum: 1 }, rule: ">= 1" },
    (name) =>
      z
        .string()
        .regex(/^\d+$/, `${name} must be a whole number`)
        .transform(Number)
        .refine((n) => n >= 1, `${name} must be 1 or more`),
    { defaultValue: 1 } as const,
  );
}

export const MAX_PAGE_SIZE = 500;

/** Page size: 1..500, default 50; larger values are reduced to 500. */
export function pageSize() {
  return spec(
    { kind: "integer", wire: { type: "integer", minimum: 1 }, rule: "1..500; larger values are reduced to 500" },
    (name) =>
      z
        .string()
        .regex(/^\d+$/, `${name} must be a whole number`)
        .transform(Number)
        .refine((n) => n >= 1, `${name} must be 1 or more`)
        .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
    { defaultValue: 50 } as const,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map of parameters of any value type; each keeps its own type.
export type ParamSpecs = Record<string, ParamSpec<z.ZodType<any, string | undefined>>>;
export type QueryShape<P extends ParamSpecs> = { [K in keyof P]: ReturnType<P[K]["make"]> };

/** Builds the query schema of an operation: known parameters are checked, unknown ones are left out. */
export function querySchema<P extends ParamSpecs>(params: P) {
  const shape = Object.fromEntries(Object.entries(params).map(([name, p]) => [name, p.make(name)]));
  return z.object(shape as QueryShape<P>);
}

/** Reads URL search parameters into a plain object for a query schema. A repeated parameter keeps its last value. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params);
}

/**
 * Writes typed query values back to text: lists joined by commas, booleans and numbers as text.
 *
 * @example
 * serializeQuery({ CustomerIDs: [1, 2], OnHold: true, Page: 2 }); // URLSearchParams "CustomerIDs=1%2C2&OnHold=true&Page=2"
 */
export function serializeQuery(values: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    out.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return out;
}
