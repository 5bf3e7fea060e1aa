import {
  claimLine,
  type ClaimProblem,
  type DisputeReason,
  type InvoicedLine,
  type LineClaim,
  sumAmounts,
  unitsPerCase,
} from "@/lib/domain/disputes/dispute";

/**
 * "Report a problem" as the store taps it: a reason per line, its units, the price it expected, a note. Each line is
 * priced and checked by the server's own rule (`claimLine`), so the amount shown as the store taps is the one the
 * dispute will hold, and a line the server would refuse is refused here in the same words. Pure.
 */

/** An invoice's line as `/invoices/{id}/lines` answers it: the fields a dispute reads. */
export interface InvoiceLineRecord {
  InvoiceTransID?: number | null;
  ProductID?: number | null;
  ProductName?: string | null;
  SupplierID?: number | null;
  NumUnits?: number | null;
  Cases?: string | null;
  UnitPrice?: string | null;
  BatchCode?: string | null;
  COA_URL?: string | null;
}

/** One line of the form as the store has it so far (units and price as typed). */
export interface DraftLine {
  invoiceLineId: number;
  reason: DisputeReason;
  units: string;
  expectedPrice: string;
  note: string;
}

/** A draft line priced: its amount, or the first problem the server would find with it. */
export type PricedDraft = DraftLine &
  ({ amount: string; problem?: undefined } | { amount?: undefined; problem: string });

/** The API's line as a dispute checks it; undefined for a line without an id (nothing to name it by). */
export function invoicedLineOf(record: InvoiceLineRecord): InvoicedLine | undefined {
  if (record.InvoiceTransID == null) return undefined;
  return {
    invoiceLineId: record.InvoiceTransID,
    productId: record.ProductID ?? 0,
    productName: record.ProductName ?? `Line ${record.InvoiceTransID}`,
    supplierId: record.SupplierID ?? null,
    units: record.NumUnits ?? 0,
    cases: record.Cases ?? "0",
    unitPrice: record.UnitPrice ?? "0",
    batchCode: record.BatchCode ?? "",
    coaUrl: record.COA_URL ?? null,
  };
}

/**
 * The units a reason starts at: short, one case in units where the line's cases tell how many a case holds (else 1);
 * damaged, 1; not compliant and wrong price, the whole line (a batch without its certificate is all of it, a price is
 * wrong on every unit). Never more than invoiced.
 *
 * @example
 * defaultUnits({ units: 24, cases: "2" }, "short"); // 12
 */
export function defaultUnits(line: Pick<InvoicedLine, "units" | "cases">, reason: DisputeReason): number {
  const whole = Math.max(line.units, 0);
  switch (reason) {
    case "short":
      return Math.min(unitsPerCase(line) ?? 1, whole);
    case "damaged":
      return Math.min(1, whole);
    default:
      return whole;
  }
}

/** A line's draft when its reason is picked: the reason's units, the price offered for a wrong price. */
export function startLine(line: InvoicedLine, reason: DisputeReason, offeredPrice?: string): DraftLine {
  return {
    invoiceLineId: line.invoiceLineId,
    reason,
    units: String(defaultUnits(line, reason)),
    expectedPrice: reason === "wrong-price" ? (offeredPrice ?? "") : "",
    note: "",
  };
}

/** The stepper's next value: one more or less, between 1 and the units invoiced. */
export function stepUnits(units: string, by: 1 | -1, invoiced: number): string {
  const now = Number.parseInt(units, 10);
  const next = (Number.isFinite(now) ? now : 0) + by;
  return String(Math.min(Math.max(next, 1), Math.max(invoiced, 1)));
}

/** The claim a draft line sends (`POST /api/disputes` `lines[]`). */
export function claimOf(draft: DraftLine): LineClaim {
  const units = Number(draft.units.trim());
  return {
    invoiceLineId: draft.invoiceLineId,
    reason: draft.reason,
    units: draft.units.trim() === "" ? Number.NaN : units,
    ...(draft.reason === "wrong-price" ? { expectedPrice: draft.expectedPrice } : {}),
    ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
  };
}

/**
 * Each draft line priced by the server's rule, and the total of those that price: what the form shows as the store
 * taps ("$90.00 in dispute").
 *
 * @example
 * priceDraft(lines, [{ invoiceLineId: 9, reason: "short", units: "6", expectedPrice: "", note: "" }]).total; // "90.00"
 */
export function priceDraft(
  invoiced: readonly InvoicedLine[],
  drafts: readonly DraftLine[],
): { lines: PricedDraft[]; total: string; ready: boolean } {
  const byId = new Map(invoiced.map((l) => [l.invoiceLineId, l]));
  const lines = drafts.map((draft, index): PricedDraft => {
    const outcome = claimLine(byId.get(draft.invoiceLineId), claimOf(draft), index, 0);
    return "problem" in outcome
      ? { ...draft, problem: outcome.problem.message }
      : { ...draft, amount: outcome.line.amount };
  });
  const total = sumAmounts(lines.flatMap((l) => (l.amount === undefined ? [] : [l.amount])));
  return { lines, total, ready: lines.length > 0 && lines.every((l) => l.amount !== undefined) };
}

/**
 * The server's field errors (`lines[2].units`) placed on the lines they name: by invoice line, then field
 * (`units`, `expectedPrice`, `note`, `invoiceLineId`); the rest (no line named) under `""`.
 */
export function fieldErrorsByLine(
  problems: readonly Pick<ClaimProblem, "field" | "message">[],
  drafts: readonly Pick<DraftLine, "invoiceLineId">[],
): Map<number | "", Record<string, string>> {
  const out = new Map<number | "", Record<string, string>>();
  for (const { field, message } of problems) {
    const match = /^lines\[(\d+)\]\.(\w+)$/.exec(field);
    const line = match ? drafts[Number(match[1])]?.invoiceLineId : undefined;
    const at: number | "" = line ?? "";
    const key = match && line !== undefined ? match[2]! : field;
    out.set(at, { ...out.get(at), [key]: message });
  }
  return out;
}
