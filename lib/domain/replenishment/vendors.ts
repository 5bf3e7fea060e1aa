import type { VendorInput } from "./inputs";

/**
 * Which vendor an order for a warehouse goes to: the supplier's active vendors whose LocationID (the destination) is
 * the warehouse, the lowest VendorID by default, or the one the person picked.
 */

/** A vendor as a planner row uses it. */
export interface PlanVendor {
  vendorId: number;
  supplierId?: number;
  name?: string;
  leadTimeDays?: number;
  targetDays?: number;
  maxDays?: number;
  pickupDates: readonly string[];
  requiresBatchCodes: boolean;
}

function toPlanVendor(v: VendorInput & { VendorID: number }): PlanVendor {
  const number = (value: number | null | undefined) =>
    typeof value === "number" && Number.isFinite(value) ? value : undefined;
  return {
    vendorId: v.VendorID,
    supplierId: number(v.SupplierID),
    name: v.VendorName ?? undefined,
    leadTimeDays: number(v.LeadTimeDays),
    targetDays: number(v.TargetDOI),
    maxDays: number(v.MaxDOI),
    pickupDates: v.PickupDates ?? [],
    requiresBatchCodes: v.RequirePOBatchCodes === true,
  };
}

export interface VendorChoice {
  vendor?: PlanVendor;
  /** Every vendor that may deliver, lowest VendorID first. */
  choices: PlanVendor[];
  /** The person's pick is the vendor. */
  chosen: boolean;
  /** A pick was given but is not among the choices. */
  chosenMissing: boolean;
}

/**
 * The vendors that may deliver a supplier's order to a warehouse, and the one to use. A vendor with `Active: false` is
 * left out; one without `Active` is kept (`/vendors` answers active vendors only unless an Employee key asks
 * otherwise). A vendor of another supplier is left out when both SupplierIDs are known.
 *
 * @example
 * vendorChoices(vendors, 1, 12).vendor?.vendorId; // the lowest active VendorID delivering to warehouse 1
 * vendorChoices(vendors, 1, 12, 40).vendor?.vendorId; // 40, when vendor 40 delivers there
 */
export function vendorChoices(
  vendors: readonly VendorInput[],
  locationId: number,
  supplierId: number | undefined,
  chosenId?: number,
): VendorChoice {
  const byId = new Map<number, PlanVendor>();
  for (const v of vendors) {
    if (typeof v.VendorID !== "number" || v.LocationID !== locationId || v.Active === false) continue;
    if (supplierId !== undefined && typeof v.SupplierID === "number" && v.SupplierID !== supplierId) continue;
    if (!byId.has(v.VendorID)) byId.set(v.VendorID, toPlanVendor({ ...v, VendorID: v.VendorID }));
  }
  const choices = [...byId.values()].sort((a, b) => a.vendorId - b.vendorId);
  const picked = chosenId === undefined ? undefined : choices.find((v) => v.vendorId === chosenId);
  return {
    vendor: picked ?? choices[0],
    choices,
    chosen: picked !== undefined,
    chosenMissing: chosenId !== undefined && picked === undefined,
  };
}
