import { MAX_LINE_ITEMS } from "@/lib/data-api/values";
import type { CreatePurchaseBody } from "@/lib/data-api/writes";
import type { PlanRow } from "@/lib/domain/replenishment/plan";
import type { DraftOrder } from "@/lib/ui/purchases/draft-runner";

/**
 * From the rows a person ticks to draft purchase orders: one draft per vendor and warehouse (more when it would pass
 * the 200-line limit), whole cases, a PO number `PLAN-YYYYMMDD-<vendorId>-<n>`, the arrival day as the requested
 * delivery date, and the v2 POST /purchases body the page sends as it is.
 */

/** A ticked row, with the units the person typed when they changed the suggestion. */
export interface DraftPick {
  key: string;
  units?: number;
}

export interface PlannedLine {
  key: string;
  productId: number;
  productName?: string;
  unitsPerCase: number;
  cases: number;
  units: number;
  /** The vendor requires a batch code on every line: the page asks for one before sending. */
  needsBatchCode: boolean;
}

export interface PlannedDraft {
  vendorId: number;
  vendorName?: string;
  locationId: number;
  warehouseName?: string;
  supplierId: number;
  poNumber: string;
  /** YYYY-MM-DD: the day an order placed today arrives. */
  deliveryDate: string;
  requiresBatchCodes: boolean;
  lines: PlannedLine[];
  totalCases: number;
  totalUnits: number;
}

/** Why a ticked row made no line. */
export type SkipReason = "unknown-row" | "no-vendor" | "no-arrival" | "no-supplier" | "no-quantity";

export interface SkippedPick {
  key: string;
  reason: SkipReason;
}

/**
 * The PO number of the n-th planned draft of a vendor on a day (today on the warehouse's clock).
 *
 * @example
 * poNumber("2026-11-21", 40); // "PLAN-20261121-40-1"
 */
export function poNumber(today: string, vendorId: number, n = 1): string {
  return `PLAN-${today.replaceAll("-", "")}-${vendorId}-${n}`;
}

/** Whole cases for a line: the suggestion, or the typed units rounded to the nearest case (at least one when positive). */
function casesOf(row: PlanRow, units: number | undefined): number {
  if (units === undefined) return row.suggestedCases ?? 0;
  if (!Number.isFinite(units) || units <= 0) return 0;
  return Math.max(1, Math.round(units / row.unitsPerCase));
}

/**
 * The drafts for the ticked rows, ordered by warehouse then vendor; PO numbers count per vendor across the batch
 * (a vendor delivering to two warehouses gets -1 and -2: po_num is unique per vendor). Rows without a vendor, an arrival
 * day, a supplier or a positive quantity are skipped with the reason.
 *
 * @example
 * draftsOf(rows, [{ key: "1:7" }, { key: "1:9", units: 30 }]).drafts[0].poNumber; // "PLAN-20261121-40-1"
 */
export function draftsOf(
  rows: readonly PlanRow[],
  picks: readonly DraftPick[],
): { drafts: PlannedDraft[]; skipped: SkippedPick[] } {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const groups = new Map<string, Omit<PlannedDraft, "poNumber" | "totalCases" | "totalUnits"> & { today: string }>();
  const skipped: SkippedPick[] = [];
  const done = new Set<string>();
  for (const pick of picks) {
    if (done.has(pick.key)) continue;
    done.add(pick.key);
    const row = byKey.get(pick.key);
    const reason = skipReason(row, pick);
    // The vendor's supplier is the one the order is for; the product's when the vendor record leaves it out.
    const supplierId = row?.vendor?.supplierId ?? row?.supplierId;
    if (reason || !row?.vendor || !row.arrival || supplierId === undefined) {
      skipped.push({ key: pick.key, reason: reason ?? "unknown-row" });
      continue;
    }
    const { vendor } = row;
    const key = `${row.locationId}:${vendor.vendorId}`;
    const group = groups.get(key) ?? {
      vendorId: vendor.vendorId,
      vendorName: vendor.name,
      locationId: row.locationId,
      warehouseName: row.warehouseName,
      supplierId,
      today: row.today,
      deliveryDate: row.arrival.day,
      requiresBatchCodes: vendor.requiresBatchCodes,
      lines: [],
    };
    const cases = casesOf(row, pick.units);
    group.lines.push({
      key: row.key,
      productId: row.productId,
      productName: row.productName,
      unitsPerCase: row.unitsPerCase,
      cases,
      units: cases * row.unitsPerCase,
      needsBatchCode: vendor.requiresBatchCodes,
    });
    groups.set(key, group);
  }

  const counters = new Map<number, number>();
  const drafts: PlannedDraft[] = [];
  for (const { today, lines, ...group } of [...groups.values()].sort(
    (a, b) => a.locationId - b.locationId || a.vendorId - b.vendorId,
  )) {
    for (let start = 0; start < lines.length; start += MAX_LINE_ITEMS) {
      const chunk = lines.slice(start, start + MAX_LINE_ITEMS);
      const n = (counters.get(group.vendorId) ?? 0) + 1;
      counters.set(group.vendorId, n);
      drafts.push({
        ...group,
        poNumber: poNumber(today, group.vendorId, n),
        lines: chunk,
        totalCases: chunk.reduce((sum, l) => sum + l.cases, 0),
        totalUnits: chunk.reduce((sum, l) => sum + l.units, 0),
      });
    }
  }
  return { drafts, skipped };
}

function skipReason(row: PlanRow | undefined, pick: DraftPick): SkipReason | undefined {
  if (!row) return "unknown-row";
  if (!row.vendor) return "no-vendor";
  if (!row.arrival) return "no-arrival";
  if (row.vendor.supplierId === undefined && row.supplierId === undefined) return "no-supplier";
  if (casesOf(row, pick.units) <= 0) return "no-quantity";
  return undefined;
}

/**
 * The v2 POST /purchases body of a draft. Lines go as `units` (whole cases × the case size): the count the person saw,
 * whatever case size the ERP holds. Batch codes, keyed by row key, are added where given (trimmed, blanks left out).
 *
 * @example
 * createBody(draft, { batchCodes: new Map([["1:7", "B-1"]]) }); // { vendor_id: 40, to_location_id: 1, supplier_id: 12, delivery_date: "2026-12-01", po_num: "PLAN-20261121-40-1", purchase_transactions: [{ product_id: 7, units: 36, batch_code: "B-1" }] }
 */
export function createBody(
  draft: PlannedDraft,
  options: { batchCodes?: ReadonlyMap<string, string>; supplierName?: string; poNumber?: string } = {},
): CreatePurchaseBody {
  return {
    vendor_id: draft.vendorId,
    to_location_id: draft.locationId,
    supplier_id: draft.supplierId,
    ...(options.supplierName ? { supplier_name: options.supplierName } : {}),
    delivery_date: draft.deliveryDate,
    po_num: options.poNumber ?? draft.poNumber,
    purchase_transactions: draft.lines.map((line) => {
      const batchCode = options.batchCodes?.get(line.key)?.trim();
      return { product_id: line.productId, units: line.units, ...(batchCode ? { batch_code: batchCode } : {}) };
    }),
  };
}

/** A planned draft as the purchase-order runner takes it: its body, and the plan's draft for the page to show. */
export interface PlannedOrder extends DraftOrder {
  planned: PlannedDraft;
}

/**
 * The planned drafts as orders for the runner (`draftJobs`, `runDraftJobs` of lib/ui/purchases/draft-runner.ts), each
 * body made by `createBody` with the supplier's name for the purchase memo.
 *
 * @example
 * draftJobs(plannedOrders(drafts, { supplierName: "Mojave Sun" }), known);
 */
export function plannedOrders(
  drafts: readonly PlannedDraft[],
  options: { supplierName?: string } = {},
): PlannedOrder[] {
  return drafts.map((planned) => ({
    body: createBody(planned, { supplierName: options.supplierName }),
    requiresBatchCodes: planned.requiresBatchCodes,
    planned,
  }));
}
