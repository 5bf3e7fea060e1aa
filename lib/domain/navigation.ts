import type { KeyType } from "@/lib/data-api/operation";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import type { OperationId } from "@/lib/data-api/registry";

/** One entry of the dashboard's sidebar: a page and the operation it is built on. */
export interface NavEntry {
  href: string;
  label: string;
  /** The operation the page lists; a key type that may not call it does not see the entry. */
  operation: OperationId;
  /** Only for these key types (a workflow made for some: a retailer's statements, the distributor's collections). */
  keyTypes?: readonly KeyType[];
}

export interface NavSection {
  label: string;
  entries: NavEntry[];
}

/** Every page of the dashboard, grouped as the sidebar shows them. */
export const NAVIGATION: readonly NavSection[] = [
  {
    label: "Sales",
    entries: [
      // A rep's day: the Employee key's reps and their accounts.
      { href: "/today", label: "Today", operation: "listSalesReps", keyTypes: ["Employee"] },
      { href: "/invoices", label: "Invoices", operation: "listInvoices" },
      // What is open now, debts and credits apart: the retailer's overdue and due-soon figures open it.
      { href: "/invoices/open", label: "Open invoices", operation: "listOpenInvoices" },
      // The store's back door: today's and yesterday's deliveries, each a tap from reporting a problem.
      { href: "/receiving", label: "Receiving", operation: "listInvoices", keyTypes: ["Customer"] },
      // What a store disputed on a delivery, kept in Backroom until the API shows the credit.
      { href: "/disputes", label: "Disputes", operation: "listInvoices" },
      { href: "/ar-aging", label: "AR aging", operation: "listArAging" },
      { href: "/collections", label: "Collections", operation: "listArAging", keyTypes: ["Employee"] },
      // Each account's credit limit, what is left of it and its payment-reliability score (limits kept in Backroom).
      { href: "/credit", label: "Credit", operation: "listArAging", keyTypes: ["Employee"] },
      { href: "/payments", label: "Payments", operation: "listPayments" },
      { href: "/statements", label: "Statements", operation: "listOpenInvoices", keyTypes: ["Customer", "Employee"] },
      // A retailer's books: its invoices as bills, one store's for staff; a brand's key has no books.
      { href: "/accounting", label: "Books export", operation: "listInvoices", keyTypes: ["Customer", "Employee"] },
      // A store's order guide: its shelf, prices and the warehouse's stock; a brand's key sees no shelf.
      {
        href: "/order-guide",
        label: "Order guide",
        operation: "listRetailerInventory",
        keyTypes: ["Customer", "Employee"],
      },
      // The lists sent from it to the stores' reps, kept in Backroom.
      {
        href: "/order-guide/lists",
        label: "Reorder lists",
        operation: "listRetailerInventory",
        keyTypes: ["Customer", "Employee"],
      },
      { href: "/customers", label: "Customers", operation: "listCustomers" },
      { href: "/delivery-days", label: "Delivery days", operation: "listCustomers" },
      { href: "/customers/credit-terms", label: "Customer credit terms", operation: "listCustomerCreditTerms" },
    ],
  },
  {
    label: "Inventory",
    entries: [
      { href: "/inventory", label: "Warehouse inventory", operation: "listInventory" },
      { href: "/inventory/batches", label: "Batches", operation: "listInventoryBatches" },
      { href: "/inventory/available", label: "Available inventory", operation: "listAvailableInventory" },
      { href: "/inventory/retailers", label: "Retailer inventory", operation: "listRetailerInventory" },
      { href: "/inventory/allocations", label: "Allocations", operation: "listAllocations" },
    ],
  },
  {
    label: "Purchasing",
    entries: [
      { href: "/purchases", label: "Purchases", operation: "listPurchasesV2" },
      // The replenishment planner reads the supplier's warehouse inventory first: a key that may not has no plan.
      { href: "/purchases/plan", label: "Replenishment", operation: "listInventory" },
    ],
  },
  {
    label: "Catalog",
    entries: [
      { href: "/catalog/products", label: "Products", operation: "listProducts" },
      { href: "/catalog/categories", label: "Categories", operation: "listProductCategories" },
      { href: "/catalog/pricing", label: "Customer pricing", operation: "listCustomerPricing" },
      { href: "/catalog/menu-promotions", label: "Menu promotions", operation: "listMenuPromotions" },
      // A brand's live menu to share: links to a public page of its products, availability and promotions.
      { href: "/menus", label: "Shared menus", operation: "listProducts", keyTypes: ["Supplier"] },
      { href: "/catalog/product-promotions", label: "Product promotions", operation: "listPromotionProducts" },
    ],
  },
  {
    label: "Directory",
    entries: [
      { href: "/directory/suppliers", label: "Suppliers", operation: "listSuppliers" },
      {
        href: "/directory/supplier-credit-terms",
        label: "Supplier credit terms",
        operation: "listSupplierCreditTerms",
      },
      { href: "/directory/vendors", label: "Vendors", operation: "listVendors" },
      { href: "/directory/locations", label: "Warehouses", operation: "listLocations" },
      { href: "/directory/states", label: "States", operation: "listStates" },
      { href: "/directory/users", label: "Users", operation: "listUsers" },
      { href: "/directory/sales-reps", label: "Sales reps", operation: "listSalesReps" },
      { href: "/directory/credit-terms", label: "Invoice credit terms", operation: "listInvoiceCreditTerms" },
      { href: "/directory/payment-types", label: "Payment types", operation: "listPaymentTypes" },
    ],
  },
];

/** Whether a key type may call an operation at all (Employee keys may call every one). */
export function mayCall(keyType: KeyType, operation: OperationId): boolean {
  return keyType === "Employee" || OPERATION_META[operation].access[keyType] !== "forbidden";
}

/**
 * The sidebar for a key type: sections keep only the pages whose operation that key may call (and that are made for
 * it, `keyTypes`), and a section left empty goes.
 *
 * @example
 * navigationFor("Customer").flatMap((s) => s.entries).some((e) => e.href === "/inventory"); // false
 */
export function navigationFor(keyType: KeyType): NavSection[] {
  return NAVIGATION.map((section) => ({
    ...section,
    entries: section.entries.filter(
      (e) => mayCall(keyType, e.operation) && (!e.keyTypes || e.keyTypes.includes(keyType)),
    ),
  })).filter((s) => s.entries.length > 0);
}

/** The entry a path belongs to (the longest href that is the path or a parent of it). */
export function entryFor(pathname: string): NavEntry | undefined {
  let best: NavEntry | undefined;
  for (const entry of NAVIGATION.flatMap((s) => s.entries)) {
    if (
      (pathname === entry.href || pathname.startsWith(`${entry.href}/`)) &&
      entry.href.length > (best?.href.length ?? 0)
    )
      best = entry;
  }
  return best;
}
