import * as z from "zod";

/**
 * One field of a Data API record, defined once with two schemas:
 *
 * - `doc`: exactly what the documentation says (type, format, nullability). It feeds the OpenAPI document and lets
 *   the sandbox check that what it serves matches the contract.
 * - `read`: what a client should accept from the live service, which is looser than its documentation
 *   (see lib/data-api/README.md, "Records"): numbers may arrive as numeric strings, decimals as numbers,
 *   unknown enum values appear. `read` never changes a value's meaning; it only widens what is accepted.
 *
 * `label` is the type as the documentation writes it ("dec-string", "date-time?"), shown on /docs/api.
 */
export interface Field<Doc extends z.ZodType = z.ZodType, Read extends z.ZodType = z.ZodType> {
  doc: Doc;
  read: Read;
  label: string;
  description?: string;
}

/** Registry of the documented schemas that become named OpenAPI components. */
export const contractRegistry = z.registry<{ id: string; description?: string }>();

const DECIMAL = /^-?\d+(\.\d+)?$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

const decimalString = z.string().regex(DECIMAL, "expected a decimal string");
const isoDateTimeLoose = z.iso.datetime({ offset: true, local: true });

function field<D extends z.ZodType, R extends z.ZodType>(
  doc: D,
  read: R,
  label: string,
  description?: string,
): Field<D, R> {
  return { doc: description ? (doc.meta({ description }) as D) : doc, read, label, description };
}

/** A JSON number. Tolerates a numeric string ("12"), which some ERPs emit for ids. */
export function number(description?: string) {
  return field(z.number(), z.union([z.number(), z.string().regex(NUMERIC).transform(Number)]), "number", description);
}

/** A decimal serialized as a string ("5.60"). Kept as a string: never round-trip money through floats. */
export function decimal(description?: string) {
  return field(
    decimalString,
    z.union([decimalString, z.number().transform((n) => String(n))]),
    "dec-string",
    description,
  );
}

/** Text. A bare number where text was documented is kept as its text. */
export function string(description?: string) {
  return field(z.string(), z.union([z.string(), z.number().transform((n) => String(n))]), "string", description);
}

export function boolean(description?: string) {
  return field(
    z.boolean(),
    z.union([z.boolean(), z.enum(["true", "false"]).transform((s) => s === "true")]),
    "boolean",
    description,
  );
}

/** ISO 8601 UTC timestamp with milliseconds. Read also accepts an offset or no zone, as the format check. */
export function dateTime(description?: string) {
  return field(z.iso.datetime(), isoDateTimeLoose, "date-time", description);
}

/** YYYY-MM-DD. Read also accepts a full timestamp, kept as sent. */
export function date(description?: string) {
  return field(z.iso.date(), z.union([z.iso.date(), isoDateTimeLoose]), "date", description);
}

/**
 * One of a documented set of strings. Read keeps a value outside the set as its text, so a new status on the
 * live service shows up instead of vanishing.
 */
export function oneOf<const V extends readonly [string, ...string[]]>(values: V, description?: string) {
  return field(
    z.enum(values),
    z.string().transform((s) => s as V[number] | (string & {})),
    values.map((v) => `'${v}'`).join(" | "),
    description,
  );
}

/** A value whose shape the documentation does not show. */
export function unknown(description?: string) {
  return field(z.unknown(), z.unknown(), "unknown (not shown)", description);
}

/** An array. Read drops only the elements that cannot be read at all (for example a `null` in an array of objects). */
export function array<D extends z.ZodType, R extends z.ZodType>(item: Field<D, R>, description?: string) {
  return field(z.array(item.doc), tolerantArray(item.read), `${item.label}[]`, description);
}

/** A nested record. */
export function nested<D extends z.ZodType, R extends z.ZodType>(
  record: { doc: D; read: R; id: string },
  description?: string,
) {
  return field(record.doc, record.read, record.id, description);
}

/** The documentation marks the field with `?`: the value can be null. */
export function nullable<D extends z.ZodType, R extends z.ZodType>(f: Field<D, R>): Field<z.ZodNullable<D>, R> {
  return { ...f, doc: f.doc.nullable(), label: `${f.label}?` };
}

/**
 * The documentation shows a value, but null is sent: the documented schema (and so the OpenAPI document) admits null,
 * its description says who sends it and why (`sandbox`: only Backroom's sandbox, marked `x-sandbox`); the label and
 * definition the pages show stay the documentation's.
 *
 * @example
 * DeliveryDays: nullSent(string(), "The live service sends null for a customer without a schedule (field notes).")
 */
export function nullSent<D extends z.ZodType, R extends z.ZodType>(
  f: Field<D, R>,
  note: string,
  sandbox = false,
): Field<z.ZodNullable<D>, R> {
  const description = [f.description, note].filter(Boolean).join(" ");
  return { ...f, doc: f.doc.nullable().meta({ description, ...(sandbox ? { "x-sandbox": true } : {}) }) };
}

/**
 * Reads an array element by element: an element that fails is dropped, the rest are kept.
 * Used for `Data` in list envelopes so one odd record never discards a whole page.
 */
export function tolerantArray<R extends z.ZodType>(item: R) {
  return z.array(z.unknown()).transform((items) => {
    const kept: z.output<R>[] = [];
    for (const raw of items) {
      const parsed = item.safeParse(raw);
      if (parsed.success) kept.push(parsed.data);
    }
    return kept;
  });
}

type Fields = Record<string, Field>;
type ReadShape<F extends Fields> = {
  [K in keyof F]: z.ZodCatch<z.ZodOptional<z.ZodNullable<F[K]["read"]>>>;
};

export interface RecordOptions {
  description?: string;
  /** The documentation says every field is required (v1 purchases). Otherwise fields are optional, as live records are sparse. */
  required?: boolean;
  /** With `required`: the fields that may still be left out (for example a list omitted on request). */
  optional?: readonly string[];
  /** The documentation forbids unknown properties (v1 purchases). The read schema still keeps them. */
  closed?: boolean;
  /**
   * Fields Backroom's sandbox sends beyond the documentation (docs/sandbox.md, "The sandbox's extras"): in the
   * documented schema, so the OpenAPI document allows what the sandbox answers, as optional and marked `x-sandbox`
   * with a description saying so; not among `fields`, so no page or column takes them for the live service's.
   */
  sandbox?: Fields;
}

/** The documented schema of a field only the sandbox sends: optional, `x-sandbox: true`, and said so. */
function sandboxField(f: Field): z.ZodType {
  const description = `Backroom's sandbox only: the live service's documentation does not list it, so a client must treat it as optional.${f.description ? ` ${f.description}` : ""}`;
  return f.doc.optional().meta({ description, "x-sandbox": true });
}

/**
 * Defines a record type once; returns its documented schema (registered as a named component) and its read schema.
 *
 * The read schema makes every field optional and nullable, keeps unknown fields, and turns a field whose value cannot
 * be read into `undefined` (as if it were missing) instead of failing the record.
 *
 * @example
 * const Thing = defineRecord("Thing", { ThingID: number(), Price: decimal() });
 * Thing.read.parse({ ThingID: 1, Price: 2.5, Extra: true }); // { ThingID: 1, Price: "2.5", Extra: true }
 */
export function defineRecord<const F extends Fields>(id: string, fields: F, options: RecordOptions = {}) {
  const docShape: Record<string, z.ZodType> = {};
  const readShape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(fields)) {
    const required = options.required && !options.optional?.includes(name);
    docShape[name] = required ? f.doc : f.doc.optional();
    readShape[name] = f.read.nullable().optional().catch(undefined);
  }
  for (const [name, f] of Object.entries(options.sandbox ?? {})) docShape[name] = sandboxField(f);
  const doc = options.closed ? z.strictObject(docShape) : z.object(docShape);
  contractRegistry.add(doc, { id, description: options.description });
  const read = z.looseObject(readShape as ReadShape<F>);
  return { id, fields, doc, read, description: options.description };
}

/** The type a client reads for a record: every documented field optional and nullable, unknown fields kept. */
export type ReadOf<R extends { read: z.ZodType }> = z.output<R["read"]>;
