import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { plural } from "@/lib/format/plural";
import type { ListLine } from "./order-list";

/**
 * A reorder list the store and its rep work on together: the rep acknowledges it, changes a line's cases, proposes a
 * substitute, notes and marks it entered in the ERP; the buyer accepts or declines each substitute and may withdraw it
 * until it is entered; Backroom matches the store's invoices against it. Pure: the server keeps it, both pages show
 * it, the mail and the inbox say its changes in these words.
 */

/** Who made a change: the store's side (its own workspace), the rep's (the distributor's), or Backroom's matcher. */
export type ListSide = "store" | "rep";

/** A substitute the rep proposed for a line, and what the buyer made of it. */
export type SubstituteStatus = "proposed" | "accepted" | "declined";

export interface Substitute {
  productId: number;
  name: string;
  status: SubstituteStatus;
}

/** A line of a shared list as kept: the list's line (its cases now), the cases first asked, its substitute. */
export interface SharedLine extends ListLine {
  /** Stable for the list's life: the product first asked (a list holds one line a product). */
  lineId: string;
  askedCases: number;
  substitute: Substitute | null;
}

/** Where a list stands between its store and its rep. */
export type ListStage = "sent" | "acknowledged" | "entered" | "withdrawn";

export const STAGE_WORDS: Record<ListStage, string> = {
  sent: "Sent, not acknowledged",
  acknowledged: "Acknowledged",
  entered: "Entered in the ERP",
  withdrawn: "Withdrawn",
};

/** What a change was. */
export type ListEventKind =
  | "sent"
  | "acknowledged"
  | "cases"
  | "substitute"
  | "accepted"
  | "declined"
  | "note"
  | "entered"
  | "withdrawn"
  | "invoiced";

export interface ListEvent {
  at: string;
  /** The person's name ("Backroom" for the matcher). */
  by: string;
  side: ListSide | "backroom";
  kind: ListEventKind;
  detail: string;
}

/** What was invoiced against a list, as last matched. */
export type MatchStatus = "waiting" | "invoiced" | "partly" | "not-invoiced";

export interface LineMatch {
  /** The product the line asks for now: its accepted substitute, else its own. */
  productId: number;
  /** Cases asked. */
  asked: number;
  /** Cases invoiced against it (2 decimals: an invoice's line may be a part case). */
  invoiced: string;
}

export interface MatchedInvoice {
  invoiceNum: string;
  invoiceId: number;
  date: string;
}

export interface ListMatch {
  status: MatchStatus;
  invoices: MatchedInvoice[];
  lines: LineMatch[];
  /** When the store's invoices were last read for it. */
  checkedAt: string;
}

/** Days after which a list nothing was invoiced against says so. */
export const NOT_INVOICED_DAYS = 7;

/** The product a line asks for now: its accepted substitute's, else its own. */
export const askedProduct = (line: Pick<SharedLine, "productId" | "substitute">): number =>
  line.substitute?.status === "accepted" ? line.substitute.productId : line.productId;

/** Whether a line was invoiced in full (its invoiced cases reach those asked). */
export const lineFilled = (line: LineMatch): boolean =>
  (parseDecimal(line.invoiced) ?? 0n) >= BigInt(line.asked) * 1_000_000n;

/**
 * A match in the page's words: "Invoiced", "Partly invoiced: 9 of 10 lines, 1 short", "Not invoiced after 7 days", or
 * "Waiting for the invoice"; lines not asked any more (0 cases) are left out.
 *
 * @example
 * matchWords({ status: "partly", lines: [...9 filled, 1 not], ... }); // "Partly invoiced: 9 of 10 lines, 1 short"
 */
export function matchWords(match: Pick<ListMatch, "status" | "lines"> | null): string {
  if (!match || match.status === "waiting") return "Waiting for the invoice";
  if (match.status === "not-invoiced") return `Not invoiced after ${NOT_INVOICED_DAYS} days`;
  if (match.status === "invoiced") return "Invoiced";
  const asked = match.lines.filter((l) => l.asked > 0);
  const filled = asked.filter(lineFilled).length;
  return `Partly invoiced: ${filled} of ${plural(asked.length, "line")}, ${asked.length - filled} short`;
}

/** Cases as the page says them: "9 cases", "1.5 cases". */
export const casesWords = (cases: string | number): string =>
  plural(
    typeof cases === "number" ? cases : toDecimalString(parseDecimal(cases) ?? 0n, 2).replace(/\.?0+$/, ""),
    "case",
  );

/** One line as `GET /api/order-guide/lists/{id}` answers it: the kept line and the warehouse's stock now. */
export interface DetailLine {
  lineId: string;
  productId: number;
  name: string;
  cases: number;
  askedCases: number;
  casePrice: string;
  total: string;
  /** The serving warehouse's bucket for the product asked now ("< 5 Cases"); null when it does not list it. */
  available: string | null;
  /** The warehouse cannot fill it: out of stock, or more cases than its bucket holds. */
  short: boolean;
  substitute: Substitute | null;
}

/** `GET /api/order-guide/lists/{id}`: a shared list as one side sees it (its `version` is the `ETag`). */
export interface ListDetail {
  id: string;
  version: number;
  /** The asker's side of it. */
  side: ListSide;
  customerId: number;
  customerName: string;
  stage: ListStage;
  sentAt: string;
  sentBy: string;
  priceDay: string;
  totalCases: number;
  total: string;
  acknowledged: { at: string; by: string } | null;
  entered: { at: string; by: string; erpRef: string | null } | null;
  withdrawn: { at: string; by: string } | null;
  lines: DetailLine[];
  events: ListEvent[];
  match: ListMatch | null;
  /** The match in words (`matchWords`). */
  matchWords: string;
  /** Whether the asker may change it: the rep's lines and stage, the buyer's substitutions and withdrawal. */
  mayEdit: boolean;
}

/** One list of `GET /api/order-guide/reorders`: what the rep's Today and the customer page list. */
export interface ReorderRequest {
  id: string;
  customerId: number;
  customerName: string;
  stage: ListStage;
  sentAt: string;
  sentBy: string;
  lineCount: number;
  totalCases: number;
  total: string;
  matchWords: string;
  matchStatus: MatchStatus;
}

export interface ReordersJson {
  requests: ReorderRequest[];
}

/** A substitute as kept: its name and the store's case price of it on the list's day. */
export interface KeptSubstitute extends Substitute {
  casePrice: string;
}

/** A line as `lines_json` keeps it since lists are shared: a line kept before has no lineId, askedCases or substitute. */
export type KeptLine = ListLine &
  Partial<Pick<SharedLine, "lineId" | "askedCases">> & { substitute?: KeptSubstitute | null };

/**
 * A list's kept lines as shared lines: a line kept before lists were shared is its product's (`lineId` its ProductID),
 * asked at its cases, with no substitute.
 *
 * @example
 * sharedLines('[{"productId":5001,"cases":2,...}]')[0]; // { lineId: "5001", askedCases: 2, substitute: null, ... }
 */
export function sharedLines(json: string): (SharedLine & { substitute: KeptSubstitute | null })[] {
  return (JSON.parse(json) as KeptLine[]).map((line) => ({
    ...line,
    lineId: line.lineId ?? String(line.productId),
    askedCases: line.askedCases ?? line.cases,
    substitute: line.substitute ?? null,
  }));
}

/** The case price a line is asked at now: its accepted substitute's, else its own. */
export const priceNow = (line: ListLine & { substitute: KeptSubstitute | null }): string =>
  line.substitute?.status === "accepted" ? line.substitute.casePrice : line.casePrice;

/**
 * A list's lines with their totals as asked now (case price now × cases, exact), and the list's totals.
 *
 * @example
 * priced(lines); // { lines: [{ ..., total: "84.00" }], totalCases: 2, total: "84.00" }
 */
export function priced<L extends ListLine & { substitute: KeptSubstitute | null }>(
  lines: readonly L[],
): { lines: L[]; totalCases: number; total: string } {
  let sum = 0n;
  const out = lines.map((line) => {
    const total = (parseDecimal(priceNow(line)) ?? 0n) * BigInt(line.cases);
    sum += total;
    return { ...line, total: toDecimalString(total, 2) };
  });
  return { lines: out, totalCases: out.reduce((a, l) => a + l.cases, 0), total: toDecimalString(sum, 2) };
}

/** Where a list stands, from what it holds. */
export function stageOf(row: {
  withdrawn_at: string | null;
  entered_at: string | null;
  acknowledged_at: string | null;
}): ListStage {
  if (row.withdrawn_at) return "withdrawn";
  if (row.entered_at) return "entered";
  return row.acknowledged_at ? "acknowledged" : "sent";
}

/** A list an invoice was matched to, as the invoice's page links back to it. */
export interface InvoiceList {
  id: string;
  customerName: string;
  stage: ListStage;
  sentAt: string;
  sentBy: string;
}

/** `GET /api/order-guide/lists/by-invoice?customer=&invoice=`: the lists matched to an invoice the asker is a side of. */
export interface InvoiceListsJson {
  lists: InvoiceList[];
}

/** `PATCH /api/order-guide/lists/{id}`'s body: the rep's lines (cases, a substitute offered or taken back), a note. */
export interface SharedListPatch {
  lines?: { lineId: string; cases?: number; substituteProductId?: number | null }[];
  note?: string;
}

/** A product the rep may offer in a line's place (`GET /api/order-guide/lists/{id}/substitutes?lineId=`). */
export interface SubstituteCandidate {
  productId: number;
  name: string;
  brand: string | null;
  category: string | null;
  casePrice: string;
  bucket: string | null;
  /** Same brand, same category, both, or neither: the order they are offered in. */
  closeness: "brand-and-category" | "category" | "brand" | "other";
}

export interface SubstitutesJson {
  candidates: SubstituteCandidate[];
}

/** Where a list stands between its store and its rep, as the Reorder lists page says it beside each list. */
export interface ListStanding {
  stage: ListStage;
  /** `matchWords` of its last match. */
  matchWords: string;
}
