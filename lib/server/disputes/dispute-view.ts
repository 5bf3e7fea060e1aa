import "server-only";
import { type DisputeLine, type DisputeReason, type DisputeStatus, sumAmounts } from "@/lib/domain/disputes/dispute";
import { MAX_PHOTOS } from "@/lib/domain/disputes/dispute";
import type { CreditPart } from "@/lib/domain/disputes/resolution";
import type {
  DisputeEventKind,
  DisputeEventView,
  DisputeLineView,
  DisputePhotoView,
  DisputeResolution,
  DisputeSide,
  DisputeSummary,
  DisputeView,
} from "@/lib/domain/disputes/view";
import { requireDecimal, toDecimalString } from "@/lib/format/decimal";
import type { DisputeEventTable, DisputeLineTable, DisputePhotoTable, DisputeTable } from "./tables";

/**
 * A dispute as its routes answer it, for the asker's side (`lib/domain/disputes/view.ts`): the store's and the rep's
 * side see it whole; a brand its own quality lines (their amounts only), the changes of status in plain words, and
 * its own replies, never the store's or the rep's, nor the photos.
 */

export const lineOf = (l: DisputeLineTable): DisputeLineView => ({
  invoiceLineId: l.invoice_line_id,
  productId: l.product_id,
  productName: l.product_name,
  supplierId: l.supplier_id,
  batchCode: l.batch_code,
  reason: l.reason as DisputeReason,
  units: l.units,
  invoicedUnits: l.invoiced_units,
  unitPrice: l.unit_price,
  expectedPrice: l.expected_price,
  amount: l.amount,
  note: l.note,
  credited: l.credited,
  credits: JSON.parse(l.credits_json) as CreditPart[],
});

export const resolutionOf = (row: Pick<DisputeTable, "resolution_json">): DisputeResolution | null =>
  row.resolution_json ? (JSON.parse(row.resolution_json) as DisputeResolution) : null;

/** What the asker may do: each side its own (the rep acknowledges and closes, the store adds photos), while it lasts. */
export function canOf(
  side: DisputeSide,
  row: Pick<DisputeTable, "status">,
  writes: boolean,
  photos: number,
): DisputeView["can"] {
  const live = writes && row.status !== "resolved";
  return {
    reply: live,
    acknowledge: live && side === "rep" && row.status === "open",
    close: live && side === "rep",
    addPhoto: live && side === "store" && photos < MAX_PHOTOS,
  };
}

const BRAND_WORDS: Partial<Record<DisputeEventKind, string>> = {
  opened: "Opened",
  acknowledged: "Acknowledged by the distributor",
  credited: "Credited in part",
  resolved: "Resolved",
  closed: "Closed by the distributor",
};

/** The events the side sees: a brand, the changes of status in plain words and its own side's replies. */
export function eventsFor(side: DisputeSide, events: readonly DisputeEventTable[]): DisputeEventView[] {
  const views = events.map((e) => ({
    id: e.id,
    at: e.at,
    by: e.by_name,
    side: e.side as DisputeEventView["side"],
    kind: e.kind as DisputeEventKind,
    text: e.text,
  }));
  if (side !== "brand") return views;
  return views.flatMap((e) => {
    if (e.kind === "reply") return e.side === "brand" ? [e] : [];
    const words = BRAND_WORDS[e.kind];
    return words ? [{ ...e, by: e.side === "backroom" ? e.by : "", text: words }] : [];
  });
}

const photoOf = (p: DisputePhotoTable): DisputePhotoView => ({
  id: p.id,
  href: `/api/disputes/${p.dispute_id}/photos/${p.id}`,
  type: p.type,
  bytes: p.bytes,
  at: p.at,
  by: p.by_name,
});

/** The header and the amounts of the lines the side sees (a brand's: its lines only). */
function headerOf(
  row: DisputeTable,
  side: DisputeSide,
  lines: DisputeLineView[],
  can: DisputeView["can"],
): Omit<DisputeView, "events" | "photos"> {
  const amount = side === "brand" ? sumAmounts(lines.map((l) => l.amount)) : row.amount;
  const credited = sumAmounts(lines.map((l) => l.credited));
  const left = requireDecimal(amount) - requireDecimal(credited);
  const resolution = resolutionOf(row);
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    invoiceId: row.invoice_id,
    invoiceNum: row.invoice_num,
    invoiceDate: row.invoice_date,
    status: row.status as DisputeStatus,
    reasons: [...new Set(lines.map((l) => l.reason))],
    openedAt: row.opened_at,
    openedBy: row.opened_by_name,
    acknowledgedAt: row.acknowledged_at,
    resolvedAt: row.resolved_at,
    amount,
    credited,
    open: row.status === "resolved" || left <= 0n ? "0.00" : toDecimalString(left),
    lines,
    // A brand is told how it ended, not the store's credits or staff's words about the other lines.
    resolution: side === "brand" && resolution ? brandResolution(resolution) : resolution,
    version: row.version,
    side,
    can,
  };
}

function brandResolution(r: DisputeResolution): DisputeResolution {
  return r.kind === "credit"
    ? { kind: "credit", at: r.at, credits: [] }
    : { kind: "closed", at: r.at, by: "", reason: "Closed by the distributor" };
}

/** The whole dispute for the side: `lines` are those it sees (a brand's, `brandPart`). */
export function disputeView(
  row: DisputeTable,
  side: DisputeSide,
  lines: DisputeLineView[],
  events: readonly DisputeEventTable[],
  photos: readonly DisputePhotoTable[],
  writes: boolean,
): DisputeView {
  const shown = side === "brand" ? [] : photos.map(photoOf);
  return {
    ...headerOf(row, side, lines, canOf(side, row, writes, photos.length)),
    events: eventsFor(side, events),
    photos: shown,
  };
}

/** A dispute in a list: no thread nor photos, their counts instead. */
export function disputeSummary(
  row: DisputeTable,
  side: DisputeSide,
  lines: DisputeLineView[],
  counts: { replies: number; photos: number },
  writes: boolean,
): DisputeSummary {
  return {
    ...headerOf(row, side, lines, canOf(side, row, writes, counts.photos)),
    replies: side === "brand" ? 0 : counts.replies,
    photoCount: side === "brand" ? 0 : counts.photos,
  };
}

/** What a new dispute says in its thread: each line in words, then the store's note. */
export function openedWords(lines: readonly DisputeLine[], note: string | undefined): string {
  const words = lines.map((l) => {
    const what = l.reason === "wrong-price" ? `wrong price (${l.expectedPrice} expected)` : l.reason;
    return `${l.productName}: ${l.units} ${l.units === 1 ? "unit" : "units"} ${what}, $${l.amount}`;
  });
  return [...words, ...(note ? [note] : [])].join("\n");
}
