import "server-only";
import {
  inventoryRead,
  linesV1Reads,
  locationsRead,
  type PlanRead,
  type PlanSupplier,
  productsRead,
  purchasesRead,
  purchasesV1Read,
  statesRead,
  suppliersRead,
  vendorIdsOf,
  vendorsRead,
} from "@/lib/domain/replenishment/requests";
import { serverAnswer, serverWalk } from "../../../_lib/prefetch";

/** Fetches a read into the render's cache (a walk or one request); what `Prefetched` then hands to the browser. */
function warm(read: PlanRead): Promise<unknown> {
  return read.pages === undefined
    ? serverAnswer({ ...read, pages: undefined })
    : serverWalk({ ...read, pages: read.pages });
}

/**
 * The plan's reads for the first paint: the supplier picker's list (an Employee key's), then for a chosen supplier its
 * inventory, products, vendors, the warehouses and states, and its open purchases, all side by side where nothing
 * depends on another's answer. A key that sees other suppliers' purchases narrows them by the supplier's vendors, so
 * those purchases wait for the vendors; without v2, the posted purchases' lines wait for the purchases. The reads
 * that others wait for are fetched here while the rest are fetched beside them.
 */
export async function planReads(who: PlanSupplier, v2: boolean): Promise<PlanRead[]> {
  const picker = who.picker === "api" ? [suppliersRead] : [];
  if (who.supplierId === undefined) return picker;
  const vendors = vendorsRead(who.supplierId);
  const reads: PlanRead[] = [
    ...picker,
    inventoryRead(who.supplierId),
    productsRead(who.supplierId),
    vendors,
    locationsRead,
    statesRead,
  ];
  if (!who.narrow && v2) return [...reads, purchasesRead()];

  // The vendors' ids first when they narrow the purchases (the others are fetched meanwhile).
  let vendorIds: number[] | undefined;
  if (who.narrow) {
    const [walked] = await Promise.all([serverWalk({ ...vendors, pages: vendors.pages! }), ...reads.map(warm)]);
    // Without the vendors' answer the browser asks again, then for the purchases; a supplier without vendors has none.
    vendorIds = walked ? vendorIdsOf(walked.records) : [];
    if (vendorIds.length === 0) return reads;
    if (v2) return [...reads, purchasesRead(vendorIds)];
  }
  // Without v2: the posted purchases, then their lines.
  const posted = purchasesV1Read(vendorIds);
  const [walked] = await Promise.all([
    serverWalk({ ...posted, pages: posted.pages! }),
    ...(who.narrow ? [] : reads.map(warm)),
  ]);
  return [...reads, posted, ...(walked ? linesV1Reads(walked.records) : [])];
}
