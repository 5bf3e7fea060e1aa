/**
 * A brand's share of an invoice: what its lines add up to. A Supplier key reads an invoice's totals for the whole
 * invoice (every brand's lines) but only its own brand's lines, so the invoice's page, the invoices list and its CSV
 * show this share beside the invoice's totals, all from this one function. Exact: money and cases are summed as
 * decimals, never floats.
 */
import { addDecimals, parseDecimal } from "@/lib/format/decimal";

/** The fields of an invoice line the share reads (every one may be missing: records are sparse). */
export interface ShareLine {
  SupplierID?: number | null;
  NumUnits?: number | string | null;
  Cases?: string | number | null;
  ExtPrice?: string | number | null;
}

/** The share: Σ ExtPrice, Σ NumUnits and Σ Cases of the brand's lines (6 decimals), and how many lines it counts. */
export interface BrandShare {
  total: string;
  units: string;
  cases: string;
  lines: number;
  /** Lines counted that lack a figure (ExtPrice, NumUnits or Cases): the sums leave them out. */
  incomplete: number;
}

/** A figure as a decimal string, or undefined when it is missing or unreadable. */
function figure(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  return parseDecimal(text) === undefined ? undefined : text;
}

/**
 * The brand's share of one invoice's lines: the lines of `supplierIds` (a line naming another supplier is left out;
 * one naming none is the key's own, as the API scopes a Supplier key's lines), summed exactly. A return's lines carry
 * negative units and amounts and sum the same way.
 *
 * @example
 * brandShare([{ SupplierID: 7, ExtPrice: "12.500000", NumUnits: 5, Cases: "0.625" }, { SupplierID: 9, ExtPrice: "700" }], new Set([7]));
 * // { total: "12.500000", units: "5.000000", cases: "0.625000", lines: 1, incomplete: 0 }
 */
export function brandShare(lines: readonly ShareLine[], supplierIds?: ReadonlySet<number>): BrandShare {
  const totals: string[] = [];
  const units: string[] = [];
  const cases: string[] = [];
  let counted = 0;
  let incomplete = 0;
  for (const line of lines) {
    if (supplierIds && typeof line.SupplierID === "number" && !supplierIds.has(line.SupplierID)) continue;
    counted++;
    const figures = [figure(line.ExtPrice), figure(line.NumUnits), figure(line.Cases)];
    if (figures.some((f) => f === undefined)) incomplete++;
    if (figures[0] !== undefined) totals.push(figures[0]);
    if (figures[1] !== undefined) units.push(figures[1]);
    if (figures[2] !== undefined) cases.push(figures[2]);
  }
  return {
    total: addDecimals(...totals),
    units: addDecimals(...units),
    cases: addDecimals(...cases),
    lines: counted,
    incomplete,
  };
}

/** Why a Supplier key's share differs from the invoice's totals, in a sentence the invoice's page shows. */
export const BRAND_SHARE_WHY =
  "The invoice's totals cover every brand's lines on it; this key sees only its brand's lines, so its share is what those lines add up to.";
