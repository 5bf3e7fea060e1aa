import type { Walked } from "./api-query";

/**
 * A walk's answer as a page carries it from the server's render to the browser: its records as rows of values under
 * one list of field names, not each record naming its fields again. The names were half of what `/invoices` sent
 * (5.4 MB of HTML for 4,948 invoices of 32 fields), and the phone parses, decodes and keeps every byte of it
 * (docs/benchmarks.md). react-query applies `packWalked` where the server dehydrates a render's answers and
 * `unpackWalked` where the browser hydrates them; every other answer passes through both unchanged.
 */
export interface PackedWalked extends Omit<Walked<unknown>, "records"> {
  /** The fields in the order the records first name them, and each record's values in that order. */
  rows: { fields: string[]; values: unknown[][] };
}

function isWalked(data: unknown): data is Walked<Record<string, unknown>> {
  if (typeof data !== "object" || data === null) return false;
  const { records, complete, requests } = data as Partial<Walked<unknown>>;
  return (
    Array.isArray(records) &&
    typeof complete === "boolean" &&
    typeof requests === "number" &&
    records.every((r) => typeof r === "object" && r !== null && !Array.isArray(r))
  );
}

function isPacked(data: unknown): data is PackedWalked {
  if (typeof data !== "object" || data === null || "records" in data) return false;
  const { rows } = data as Partial<PackedWalked>;
  return typeof rows === "object" && rows !== null && Array.isArray(rows.fields) && Array.isArray(rows.values);
}

/**
 * A walk's answer packed for the page (`unpackWalked` gives it back whole); any other answer as it is. A field a
 * record does not have (the live service's sparse records) is `undefined` in its row, which the page's stream keeps
 * as such, so the record read back does not have it either.
 *
 * @example
 * packWalked({ records: [{ A: 1, B: "x" }, { A: 2 }], complete: true, requests: 1 });
 * // { complete: true, requests: 1, rows: { fields: ["A", "B"], values: [[1, "x"], [2, undefined]] } }
 */
export function packWalked(data: unknown): unknown {
  if (!isWalked(data)) return data;
  const { records, ...rest } = data;
  // A Set keeps the order its fields were first added in.
  const named = new Set<string>();
  for (const record of records) for (const field of Object.keys(record)) named.add(field);
  const fields = [...named];
  const values = records.map((record) =>
    fields.map((field) => (Object.hasOwn(record, field) ? record[field] : undefined)),
  );
  return { ...rest, rows: { fields, values } } satisfies PackedWalked;
}

/** A packed walk's answer as the walk answered it (`packWalked`); any other answer as it is. */
export function unpackWalked(data: unknown): unknown {
  if (!isPacked(data)) return data;
  const { rows, ...rest } = data;
  const records = rows.values.map((values) => {
    const record: Record<string, unknown> = {};
    rows.fields.forEach((field, i) => {
      if (values[i] !== undefined) record[field] = values[i];
    });
    return record;
  });
  return { ...rest, records } satisfies Walked<Record<string, unknown>>;
}
