import type { OperationId } from "@/lib/data-api/registry";
import { type ApiRequest, STALE } from "@/lib/domain/api-query";
import { statesRequest } from "@/lib/domain/delivery/requests";
import type { KeyScope } from "@/lib/domain/key-scope";
import { locationsRequest, suppliersRequest } from "@/lib/domain/purchases/requests";
import type { PurchaseV1Input, VendorInput } from "./inputs";

/**
 * What the replenishment planner reads, as requests the server prefetches and the browser reuses (one query key for
 * both): for one supplier, its inventory, its products of every status (so an inactive product is known as one), its
 * vendors, every warehouse and state, and its open purchases with their lines. For the demo brand that is six
 * requests; the bounds below keep a large brand's walk within reason. Warehouses and states are the very requests the
 * filters and the purchase editor make (one page of 500), so opening a draft afterwards asks for neither again.
 */

/** A read of the plan: one request, or a walk of its pages of 500 up to `pages` (apiWalkOptions). */
export interface PlanRead<K extends OperationId = OperationId> {
  request: ApiRequest<K>;
  staleTime: number;
  pages?: number;
}

/** Pages of 500 walked at most, per list. */
export const PLAN_PAGES = {
  /** 5,000 product × warehouse rows (several per pair at times, one per FIFO layer). */
  inventory: 10,
  /** 2,000 products, past the largest catalog seen (778), as the editor's catalog walk. */
  products: 4,
  vendors: 2,
  purchases: 4,
  /** A posted purchase's lines, per batch of purchases (without v2). */
  lines: 4,
} as const;

/** Purchases whose units are coming (Submitted, New, Accepted) and drafts (InProgress), which the page shows apart. */
export const OPEN_STATUSES_V2 = "Submitted,New,Accepted,InProgress";
/** Without v2: the ERP's posted purchases not yet received (v1 knows no drafts nor API orders). */
export const OPEN_STATUSES_V1 = "New,Accepted";
/** Purchase ids per `/purchaseTrans` request: 100 keep the address near 1,000 characters (as the lines export). */
export const LINES_BATCH = 100;
/** Every product status: 0 Discontinued to 5 Close Out (the API answers only Active, 1, by default). */
export const ALL_PRODUCT_STATUSES = "0,1,2,3,4,5";

export function inventoryRead(supplierId: number): PlanRead<"listInventory"> {
  return {
    request: { operation: "listInventory", query: { SupplierIDs: String(supplierId) } },
    staleTime: STALE.working,
    pages: PLAN_PAGES.inventory,
  };
}

export function productsRead(supplierId: number): PlanRead<"listProducts"> {
  return {
    request: { operation: "listProducts", query: { SupplierIDs: String(supplierId), Statuses: ALL_PRODUCT_STATUSES } },
    staleTime: STALE.directory,
    pages: PLAN_PAGES.products,
  };
}

export function vendorsRead(supplierId: number): PlanRead<"listVendors"> {
  return {
    request: { operation: "listVendors", query: { SupplierIDs: String(supplierId) } },
    staleTime: STALE.directory,
    pages: PLAN_PAGES.vendors,
  };
}

export const locationsRead: PlanRead<"listLocations"> = { request: locationsRequest, staleTime: STALE.reference };
export const statesRead: PlanRead<"listStates"> = { request: statesRequest, staleTime: STALE.reference };
/** An Employee key's supplier picker: the suppliers list the editor's picker reads. */
export const suppliersRead: PlanRead<"listSuppliers"> = { request: suppliersRequest, staleTime: STALE.directory };

/** The ids of a supplier's vendors, sorted, each once: what narrows the purchases of a key that sees other suppliers'. */
export function vendorIdsOf(vendors: readonly VendorInput[]): number[] {
  return [...new Set(vendors.flatMap((v) => (typeof v.VendorID === "number" ? [v.VendorID] : [])))].sort(
    (a, b) => a - b,
  );
}

/**
 * v2 purchases on order and in drafts, with their lines. `vendorIds` narrows them to the supplier's vendors, for a key
 * that sees other suppliers' purchases too (v2 /purchases takes no supplier); a Supplier key of one supplier sees only
 * its own and sends none.
 */
export function purchasesRead(vendorIds?: readonly number[]): PlanRead<"listPurchasesV2"> {
  const query: Record<string, string> = { statuses: OPEN_STATUSES_V2, include_transactions: "true" };
  if (vendorIds) query.vendor_ids = vendorIds.join(",");
  return { request: { operation: "listPurchasesV2", query }, staleTime: STALE.working, pages: PLAN_PAGES.purchases };
}

/** Without v2: the posted purchases not yet received (their lines are read apart, `linesV1Reads`). */
export function purchasesV1Read(vendorIds?: readonly number[]): PlanRead<"listPurchases"> {
  const query: Record<string, string> = { Statuses: OPEN_STATUSES_V1 };
  if (vendorIds) query.VendorIDs = vendorIds.join(",");
  return { request: { operation: "listPurchases", query }, staleTime: STALE.working, pages: PLAN_PAGES.purchases };
}

/** The lines of posted purchases (v1 `/purchaseTrans`, PurchaseIDs required), by batches of 100 purchases. */
export function linesV1Reads(purchases: readonly PurchaseV1Input[]): PlanRead<"listPurchaseTransactions">[] {
  const ids = [...new Set(purchases.flatMap((p) => (typeof p.PurchaseID === "number" ? [p.PurchaseID] : [])))].sort(
    (a, b) => a - b,
  );
  const reads: PlanRead<"listPurchaseTransactions">[] = [];
  for (let start = 0; start < ids.length; start += LINES_BATCH) {
    const batch = ids.slice(start, start + LINES_BATCH);
    reads.push({
      request: { operation: "listPurchaseTransactions", query: { PurchaseIDs: batch.join(",") } },
      staleTime: STALE.working,
      pages: PLAN_PAGES.lines,
    });
  }
  return reads;
}

/** Whom the page plans for, and how the key's purchases are read. */
export interface PlanSupplier {
  /** The supplier planned for; undefined until one is chosen. */
  supplierId?: number;
  /**
   * Where the supplier picker's choices come from: the session's list of a Supplier key's suppliers (no request), the
   * API's suppliers (an Employee key, or a Supplier key whose suppliers the session does not know), or none (one
   * supplier: nothing to choose).
   */
  picker: "scope" | "api" | "none";
  /** The key sees other suppliers' purchases too: they are narrowed to the supplier's vendors (`purchasesRead`). */
  narrow: boolean;
}

/**
 * The supplier the page plans for: a Supplier key's one supplier; one of a Supplier key's several (the address's, else
 * the first); an Employee key's choice in the address, or none yet.
 *
 * @example
 * planSupplier({ keyType: "Supplier", suppliers: [{ id: 101, name: "Mojave Sun" }] }, undefined); // { supplierId: 101, picker: "none", narrow: false }
 * planSupplier({ keyType: "Employee" }, undefined); // { supplierId: undefined, picker: "api", narrow: true }
 */
export function planSupplier(scope: Pick<KeyScope, "keyType" | "suppliers">, chosen: number | undefined): PlanSupplier {
  const own = scope.keyType === "Supplier" ? scope.suppliers : undefined;
  if (own && own.length === 1) return { supplierId: own[0]!.id, picker: "none", narrow: false };
  if (own && own.length > 1)
    return { supplierId: own.some((s) => s.id === chosen) ? chosen : own[0]!.id, picker: "scope", narrow: true };
  return { supplierId: chosen, picker: "api", narrow: true };
}
