import { isWholeCents, parseDecimal, toDecimalString } from "@/lib/format/decimal";

/**
 * A dispute: what a store found wrong with a delivery, line by line against its invoice (a case short, a damaged unit,
 * a batch without a valid certificate of analysis, a price above the store's agreed one), the amount each line is
 * worth, and the thread its store, its rep and the distributor's staff keep until the API shows the outcome (a credit
 * memo against the invoice, `resolution.ts`) or staff close it with a reason. The Data API shows only the outcome;
 * Backroom keeps the argument. Pure: the server keeps disputes, the pages show them, the figures count them.
 */

export const DISPUTE_REASONS = ["short", "damaged", "not-compliant", "wrong-price"] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const REASON_WORDS: Record<DisputeReason, string> = {
  short: "Short",
  damaged: "Damaged",
  "not-compliant": "Not compliant (COA)",
  "wrong-price": "Wrong price",
};

/** The reasons that are the brand's business: the quality of its own products. A brand sees only these lines. */
export const BRAND_REASONS: ReadonlySet<DisputeReason> = new Set<DisputeReason>(["damaged", "not-compliant"]);

/** Where a dispute stands: raised, seen by the distributor's side, ended (credited, or closed by staff). */
export type DisputeStatus = "open" | "acknowledged" | "resolved";

export const STATUS_WORDS: Record<DisputeStatus, string> = {
  open: "Open",
  acknowledged: "Acknowledged",
  resolved: "Resolved",
};

/** The reasons staff close a dispute with, besides their own words. */
export const CLOSE_REASONS = ["Price was right", "Credit given outside", "Goods found", "Raised in error"] as const;

/** The most lines a dispute holds, and characters a note or reply. */
export const MAX_DISPUTE_LINES = 200;
export const MAX_NOTE = 1000;
/** The most photos a dispute holds. */
export const MAX_PHOTOS = 10;

/** An invoice's line as the API reads it (`/invoices/{id}/lines`), what a dispute's line is checked and priced by. */
export interface InvoicedLine {
  /** `InvoiceTransID`. */
  invoiceLineId: number;
  productId: number;
  productName: string;
  supplierId: number | null;
  units: number;
  /** Cases invoiced (decimal string), for "a case" in units. */
  cases: string;
  /** Per unit, decimal string. */
  unitPrice: string;
  batchCode: string;
  coaUrl: string | null;
}

/** A line of a dispute as asked (`POST /api/disputes` `lines[]`). */
export interface LineClaim {
  invoiceLineId: number;
  reason: DisputeReason;
  /** Units short, damaged, not compliant or mispriced; the whole line when absent. */
  units?: number;
  /** For "wrong-price": the unit price the store expected (whole cents, below the invoiced price). */
  expectedPrice?: string;
  note?: string;
}

/** A line of a dispute as kept: the claim, the invoiced line it is about, and its amount. */
export interface DisputeLine {
  invoiceLineId: number;
  productId: number;
  productName: string;
  supplierId: number | null;
  batchCode: string;
  reason: DisputeReason;
  units: number;
  invoicedUnits: number;
  unitPrice: string;
  expectedPrice: string | null;
  /** What the line is worth to the store, in cents ("45.00"). */
  amount: string;
  note: string | null;
}

/** A field's problem with a claim, in the API's error shape's terms (`lines[2].units`). */
export interface ClaimProblem {
  field: string;
  message: string;
}

/** `units` × `price`, to the cent (half away from zero). */
export function lineAmount(units: number, price: bigint): string {
  return toDecimalString(BigInt(units) * price);
}

/** Units in one case of an invoiced line (its units ÷ its cases, whole), or undefined when the line has no cases. */
export function unitsPerCase(line: Pick<InvoicedLine, "units" | "cases">): number | undefined {
  const cases = parseDecimal(line.cases);
  if (cases === undefined || cases <= 0n || line.units <= 0) return undefined;
  const per = Number((BigInt(line.units) * 1_000_000n) / cases);
  return per >= 1 ? per : undefined;
}

/**
 * The amount a claim is worth and the line kept for it, or the first problem with it: a line not on the invoice, a
 * credit's line, more units than invoiced (less those of the line in the invoice's other open disputes), a wrong price
 * with no expected price, one not in whole cents, or one not below the invoiced price.
 *
 * - short, damaged, not compliant: the units × the invoiced unit price;
 * - wrong price: (the invoiced unit price − the expected) × the units.
 *
 * @example
 * claimLine(line, { invoiceLineId: 9, reason: "short", units: 6 }, 0, 0); // { line: { amount: "90.00", ... } }
 */
export function claimLine(
  invoiced: InvoicedLine | undefined,
  claim: LineClaim,
  index: number,
  disputedUnits: number,
): { line: DisputeLine } | { problem: ClaimProblem } {
  const at = (field: string, message: string) => ({ problem: { field: `lines[${index}].${field}`, message } });
  if (!invoiced) return at("invoiceLineId", `Line ${claim.invoiceLineId} is not on this invoice.`);
  if (invoiced.units <= 0) return at("invoiceLineId", `Line ${claim.invoiceLineId} is a return: nothing to dispute.`);
  const left = invoiced.units - disputedUnits;
  const units = claim.units ?? left;
  if (!Number.isInteger(units) || units < 1) return at("units", "Units are a whole number, 1 or more.");
  if (units > left)
    return at(
      "units",
      disputedUnits > 0
        ? `${units} units is more than the ${left} of ${invoiced.units} invoiced not already in an open dispute.`
        : `${units} units is more than the ${invoiced.units} invoiced.`,
    );
  const price = parseDecimal(invoiced.unitPrice) ?? 0n;
  let amount: string;
  let expectedPrice: string | null = null;
  if (claim.reason === "wrong-price") {
    const asked = claim.expectedPrice?.trim();
    if (!asked) return at("expectedPrice", "Say the unit price you expected.");
    const expected = parseDecimal(asked);
    if (expected === undefined || expected < 0n)
      return at("expectedPrice", "The expected price is an amount, like 12.50.");
    if (!isWholeCents(asked)) return at("expectedPrice", "The expected price is in whole cents, like 12.50.");
    if (expected >= price)
      return at(
        "expectedPrice",
        `${toDecimalString(expected)} is not below the invoiced ${toDecimalString(price)}: nothing to dispute.`,
      );
    amount = lineAmount(units, price - expected);
    expectedPrice = toDecimalString(expected);
  } else {
    if (claim.expectedPrice !== undefined)
      return at("expectedPrice", "An expected price is for a wrong-price line only.");
    amount = lineAmount(units, price);
  }
  const note = claim.note?.trim() || null;
  if (note && note.length > MAX_NOTE) return at("note", `A note is at most ${MAX_NOTE} characters.`);
  return {
    line: {
      invoiceLineId: invoiced.invoiceLineId,
      productId: invoiced.productId,
      productName: invoiced.productName,
      supplierId: invoiced.supplierId,
      batchCode: invoiced.batchCode,
      reason: claim.reason,
      units,
      invoicedUnits: invoiced.units,
      unitPrice: toDecimalString(price),
      expectedPrice,
      amount,
      note,
    },
  };
}

/**
 * Every claim checked against the invoice's lines (a line once a dispute), with `disputed` the units of each invoice
 * line already in the invoice's other open disputes: the lines kept, or every problem found.
 */
export function claimLines(
  invoiced: readonly InvoicedLine[],
  claims: readonly LineClaim[],
  disputed: ReadonlyMap<number, number> = new Map(),
): { lines: DisputeLine[] } | { problems: ClaimProblem[] } {
  const byId = new Map(invoiced.map((l) => [l.invoiceLineId, l]));
  const seen = new Set<number>();
  const lines: DisputeLine[] = [];
  const problems: ClaimProblem[] = [];
  claims.forEach((claim, index) => {
    if (seen.has(claim.invoiceLineId)) {
      problems.push({ field: `lines[${index}].invoiceLineId`, message: "A line is in a dispute once." });
      return;
    }
    seen.add(claim.invoiceLineId);
    const outcome = claimLine(byId.get(claim.invoiceLineId), claim, index, disputed.get(claim.invoiceLineId) ?? 0);
    if ("problem" in outcome) problems.push(outcome.problem);
    else lines.push(outcome.line);
  });
  return problems.length > 0 ? { problems } : { lines };
}

/** The sum of amounts in cents ("412.50"). */
export function sumAmounts(amounts: Iterable<string>): string {
  let micros = 0n;
  for (const a of amounts) micros += parseDecimal(a) ?? 0n;
  return toDecimalString(micros);
}

/** The lines a brand sees of a dispute: its own products' lines with a quality reason. */
export function brandLines<L extends Pick<DisputeLine, "supplierId" | "reason">>(
  lines: readonly L[],
  supplierIds: ReadonlySet<number>,
): L[] {
  return lines.filter((l) => l.supplierId !== null && supplierIds.has(l.supplierId) && BRAND_REASONS.has(l.reason));
}
