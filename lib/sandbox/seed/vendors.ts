import type { VendorPickupDayTable, VendorTable } from "../db/schema";
import type { SeedContext } from "./context";
import { STREET_NAMES, STREET_SUFFIXES } from "./names";
import type { Warehouse } from "./places";
import type { SupplierInfo } from "./suppliers";

export const FIRST_VENDOR_ID = 9001;
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
const VENDOR_KINDS = [
  "Manufacturing LLC",
  "Cultivation Inc.",
  "Distribution LLC",
  "Farms LLC",
  "Labs Inc.",
  "Processing Co.",
] as const;

function vendorLicense(ctx: SeedContext, state: string): string {
  const n = ctx.rng.int(1, 999_999);
  if (state === "CA") return `C11-${String(n).padStart(7, "0")}-LIC`;
  if (state === "NV") return `MP${String(n % 1000).padStart(3, "0")}`;
  return `AZ-M-${String(n % 100_000).padStart(5, "0")}`;
}

/** A vendor's purchasing terms: what the replenishment planner reads (lead time, pickup days, days of cover). */
interface VendorTerms {
  leadTime: number;
  /** Weekday indexes into WEEKDAYS (0 = Mon); empty: no pickup days (the vendor ships on its own schedule). */
  days: number[];
  targetDoi: number;
  /** Null: no maximum. */
  maxDoi: number | null;
  requireBatchCodes: boolean;
}

/**
 * The demo brand's vendors, fixed so that the replenishment planner has something to show whatever the scale (the
 * random terms depend on the volumes drawn before them): lead times, pickup days, targets and maximums all differ;
 * the Californian vendor an order goes to by default (the lowest VendorID) requires batch codes and has no maximum;
 * the Nevada vendor has no pickup days (an order arrives its lead time after it is placed) and a maximum that a slow
 * seller meets (see demo-stock.ts).
 */
const DEMO_TERMS: Record<string, VendorTerms[]> = {
  CA: [
    { leadTime: 5, days: [1, 3], targetDoi: 21, maxDoi: null, requireBatchCodes: true },
    { leadTime: 10, days: [0, 2, 4], targetDoi: 30, maxDoi: 45, requireBatchCodes: false },
  ],
  NV: [{ leadTime: 7, days: [], targetDoi: 28, maxDoi: 42, requireBatchCodes: false }],
  AZ: [{ leadTime: 3, days: [2], targetDoi: 14, maxDoi: 30, requireBatchCodes: false }],
};

/**
 * A supplier's vendors: in each state it sells in, one or two (the licensed entities that ship its goods), each with
 * a row per warehouse of that state. The demo supplier has two Californian vendors, one requiring PO batch codes and
 * one not, and one vendor in every other state, all active: it has vendors at every warehouse, on the terms of
 * DEMO_TERMS.
 */
export function seedVendors(
  ctx: SeedContext,
  suppliers: SupplierInfo[],
  warehouses: Warehouse[],
): { vendors: VendorTable[]; pickupDays: VendorPickupDayTable[] } {
  const { rng } = ctx;
  const vendors: VendorTable[] = [];
  const pickupDays: VendorPickupDayTable[] = [];
  let nextId = FIRST_VENDOR_ID;
  for (const supplier of suppliers) {
    const demo = supplier === suppliers[0];
    for (const state of supplier.states) {
      const inState = warehouses.filter((w) => w.row.state === state);
      const count = demo ? (state === "CA" ? 2 : 1) : rng.chance(0.3) ? 2 : 1;
      const kinds = rng.sample(VENDOR_KINDS, count);
      for (let k = 0; k < count; k++) {
        const vendorId = nextId++;
        const base = rng.pick(inState);
        const city = rng.pick(base.cities);
        const active = supplier.row.active === 1 && (demo || k === 0 || !rng.chance(0.25));
        const requireBatchCodes = demo ? (state === "CA" ? k === 0 : rng.chance(0.35)) : rng.chance(0.35);
        const leadTime = rng.int(2, 14);
        const targetDoi = rng.int(14, 45);
        const maxDoi = targetDoi + rng.int(15, 30);
        const days = rng.sample([0, 1, 2, 3, 4], rng.int(1, 3)).sort();
        const drawn: VendorTerms = { leadTime, days, targetDoi, maxDoi, requireBatchCodes };
        // The demo brand's terms replace the drawn ones after the draws, so every other supplier's data stays as it was.
        const terms = (demo ? DEMO_TERMS[state]?.[k] : undefined) ?? drawn;
        const address = `${rng.int(100, 9999)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
        const address2 = rng.chance(0.3) ? `Unit ${rng.int(1, 40)}` : null;
        const postal = `${city.zip3}${String(rng.int(1, 99)).padStart(2, "0")}`;
        const license = vendorLicense(ctx, state);
        for (const w of inState) {
          vendors.push({
            vendor_id: vendorId,
            location_id: w.row.location_id,
            supplier_id: supplier.row.supplier_id,
            vendor_name: `${supplier.row.supplier} ${kinds[k] ?? "LLC"}`,
            vendor_license_number: license,
            vendor_address: address,
            vendor_address2: address2,
            vendor_city: city.name,
            vendor_state: state,
            vendor_postal_code: postal,
            lead_time_days: terms.leadTime,
            target_doi: terms.targetDoi,
            max_doi: terms.maxDoi,
            require_po_batch_codes: terms.requireBatchCodes ? 1 : 0,
            active: active ? 1 : 0,
            time_updated: ctx.syncStamp,
          });
          terms.days.forEach((d, position) =>
            pickupDays.push({
              vendor_id: vendorId,
              location_id: w.row.location_id,
              day: WEEKDAYS[d] as string,
              position: position + 1,
            }),
          );
        }
      }
    }
  }
  return { vendors, pickupDays };
}
