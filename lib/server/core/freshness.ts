import "server-only";
import type { AnyOperation, OperationId } from "@/lib/data-api/registry";

/**
 * How long a cached GET answer stays fresh, by what the data is:
 * - `reference`: directories that change rarely (states, warehouses, categories, terms, suppliers, users): 5 minutes.
 * - `aging`: AR aging, recalculated once a day at the end of the day: until the next UTC midnight.
 * - `working`: lists people act on (invoices, payments, inventory, purchases, customers): 15 seconds.
 * - `record`: one record read by id: 30 seconds.
 */
export type FreshnessClass = "reference" | "aging" | "working" | "record";

/** Not cached: writes. */
type NotCached = "write";

/**
 * The class of every operation, by id. `satisfies Record<OperationId, …>` makes a new operation a type error until it
 * is classed here: there is no default. Single records of reference data (one location, supplier or user) are
 * `reference`: the list holding the same rows is fresh for 5 minutes, so a shorter life for one row buys nothing.
 * The paginated lines of one invoice (`/invoiceTransactions/{id}`, `/invoiceCOAs/{id}`) are working lists, not records.
 */
const FRESHNESS = {
  // Reference data.
  listStates: "reference",
  listLocations: "reference",
  getLocation: "reference",
  listProductCategories: "reference",
  listCustomerCreditTerms: "reference",
  listSupplierCreditTerms: "reference",
  listInvoiceCreditTerms: "reference",
  listPaymentTypes: "reference",
  listSuppliers: "reference",
  getSupplier: "reference",
  listSalesReps: "reference",
  listUsers: "reference",
  getUser: "reference",
  listVendors: "reference",
  // AR aging.
  listArAging: "aging",
  // Working lists.
  listInvoices: "working",
  listInvoiceTransactions: "working",
  listInvoiceTransactionsOfInvoice: "working",
  listInvoiceCOAs: "working",
  listInvoiceCOAsOfInvoice: "working",
  listOpenInvoices: "working",
  listPayments: "working",
  listPaymentApplications: "working",
  listInventory: "working",
  listAvailableInventory: "working",
  listInventoryBatches: "working",
  listRetailerInventory: "working",
  listAllocations: "working",
  listPurchases: "working",
  listPurchasesV2: "working",
  listPurchaseTransactions: "working",
  listPurchaseLinesV2: "working",
  listCustomers: "working",
  listDeliveryDays: "working",
  listMenuPromotions: "working",
  listPromotionProducts: "working",
  listCustomerPricing: "working",
  listProducts: "working",
  // Single records.
  getCustomer: "record",
  getInvoice: "record",
  getProduct: "record",
  getPurchase: "record",
  getPurchaseV2: "record",
  // Writes: never cached.
  createPaymentApplication: "write",
  createPurchase: "write",
  validatePurchase: "write",
  updatePurchase: "write",
  deletePurchase: "write",
  submitPurchase: "write",
} as const satisfies Record<OperationId, FreshnessClass | NotCached>;

const LIFETIME_MS = { reference: 5 * 60_000, working: 15_000, record: 30_000 } as const;

/**
 * The freshness class of a GET operation. Throws for a write (writes are not cached) or an operation the table lacks.
 *
 * @example
 * freshnessOf(operations.listStates); // "reference"
 * freshnessOf(operations.getInvoice); // "record"
 */
export function freshnessOf(operation: AnyOperation): FreshnessClass {
  const cls = Object.hasOwn(FRESHNESS, operation.id) ? FRESHNESS[operation.id as OperationId] : undefined;
  if (cls === undefined) throw new Error(`no freshness class for operation ${operation.id}`);
  if (cls === "write" || operation.method !== "GET")
    throw new Error(`operation ${operation.id} is a write: not cached`);
  return cls;
}

/**
 * Milliseconds a response of this class stays fresh from `now`; "aging" lasts until the next end of day (the next
 * UTC midnight), when AR aging is recalculated.
 *
 * @example
 * freshForMs("working", new Date()); // 15000
 * freshForMs("aging", new Date("2025-03-01T23:00:00Z")); // 3600000
 */
export function freshForMs(cls: FreshnessClass, now: Date): number {
  if (cls !== "aging") return LIFETIME_MS[cls];
  const t = now.getTime();
  if (Number.isNaN(t)) throw new RangeError("freshForMs needs a valid date");
  const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return nextMidnight - t;
}
