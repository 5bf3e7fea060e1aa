import type { KeyType } from "@/lib/data-api/operation";
import type { OperationId } from "@/lib/data-api/registry";
import type { ListViewName } from "./views/list-views";

/** A page or control of the dashboard that calls an operation. */
export interface Caller {
  /** The page, as its address pattern (`/customers/[customerId]`). */
  page: `/${string}`;
  /** What on the page makes the request, in words. */
  control: string;
  /** The source file that names the operation, or the list view whose requests it is (`view`). */
  file: string;
  /** The list view the file names, when the request is a list view's (the file names the view, not the operation). */
  view?: ListViewName;
  /** The key types this caller serves, when not every key type that may call the operation. */
  keyTypes?: readonly KeyType[];
}

/**
 * Every operation of the Data API and the pages and controls that call it: the dashboard covers the whole API. A test
 * (`callers.test.ts`) checks this map against the code: every registry operation is here, each file names its
 * operation (or its list view, whose operation it is), each page exists, and every key type that may call an
 * operation has a caller that serves it.
 */
export const CALLERS: Record<OperationId, readonly Caller[]> = {
  // Sales
  listInvoices: [
    { page: "/invoices", control: "the invoice list", file: "app/(dashboard)/invoices/page.tsx", view: "invoices" },
    { page: "/", control: "the overview's invoice cards", file: "lib/ui/overview/requests.ts" },
    { page: "/ar-aging", control: "a bucket's invoices", file: "components/ar-aging/ar-aging-report.tsx" },
  ],
  getInvoice: [
    { page: "/invoices/[invoiceId]", control: "the invoice's header", file: "lib/ui/views/invoice-requests.ts" },
  ],
  listInvoiceTransactionsOfInvoice: [
    { page: "/invoices/[invoiceId]", control: "the invoice's lines", file: "lib/ui/views/invoice-requests.ts" },
  ],
  listInvoiceCOAsOfInvoice: [
    { page: "/invoices/[invoiceId]", control: "the invoice's certificates", file: "lib/ui/views/invoice-requests.ts" },
  ],
  listInvoiceTransactions: [
    {
      page: "/invoices",
      control: "Export lines: the filtered invoices' lines",
      file: "lib/domain/views/child-exports.ts",
    },
  ],
  listInvoiceCOAs: [
    {
      page: "/invoices",
      control: "Export certificates: the filtered invoices' certificates",
      file: "lib/domain/views/child-exports.ts",
    },
  ],
  listArAging: [
    { page: "/ar-aging", control: "the aging report", file: "lib/domain/ar-aging/requests.ts" },
    { page: "/", control: "the overview's aging card (agingRequest)", file: "lib/domain/ar-aging/requests.ts" },
  ],
  listPayments: [
    { page: "/payments", control: "the payments table", file: "lib/ui/payments/requests.ts" },
    { page: "/", control: "the overview's payments card", file: "lib/ui/overview/requests.ts" },
  ],
  listOpenInvoices: [
    {
      page: "/invoices/open",
      control: "the open invoices list",
      file: "app/(dashboard)/invoices/open/page.tsx",
      view: "openInvoices",
    },
    { page: "/payments", control: "the open invoices to allocate to", file: "lib/ui/payments/requests.ts" },
  ],
  listPaymentApplications: [
    { page: "/payments", control: "the applications section", file: "components/payments/applications-section.tsx" },
    { page: "/", control: "the overview's applications card", file: "lib/ui/overview/requests.ts" },
  ],
  createPaymentApplication: [
    {
      page: "/payments",
      control: "Confirm on the allocation form",
      file: "components/payments/allocation-outcomes.tsx",
    },
  ],
  listCustomers: [
    { page: "/customers", control: "the customer list", file: "app/(dashboard)/customers/page.tsx", view: "customers" },
    { page: "/delivery-days", control: "the week's deliveries", file: "lib/domain/delivery/requests.ts" },
    { page: "/customers", control: "customer names in every table and filter", file: "lib/domain/views/filters.ts" },
  ],
  getCustomer: [
    {
      page: "/customers/[customerId]",
      control: "the customer's facts",
      file: "components/customers/customer-detail.tsx",
    },
  ],
  listCustomerCreditTerms: [
    {
      page: "/customers/credit-terms",
      control: "the credit terms list",
      file: "app/(dashboard)/customers/credit-terms/page.tsx",
      view: "customerCreditTerms",
    },
    {
      page: "/customers/[customerId]",
      control: "the customer's credit terms",
      file: "app/(dashboard)/customers/[customerId]/_lib/customer-prefetch.ts",
    },
  ],
  listDeliveryDays: [
    {
      page: "/customers/[customerId]",
      control: "the customer's delivery schedule",
      file: "lib/domain/delivery/requests.ts",
    },
    {
      page: "/delivery-days",
      control: "the schedules of customers whose records come without them",
      file: "lib/domain/delivery/schedule-fallback.ts",
    },
  ],
  // Inventory
  listInventory: [
    {
      page: "/inventory",
      control: "the warehouse inventory list",
      file: "app/(dashboard)/inventory/page.tsx",
      view: "inventory",
    },
    { page: "/", control: "the overview's stock card", file: "lib/ui/overview/requests.ts", view: "inventory" },
    {
      page: "/purchases/plan",
      control: "the replenishment plan: the supplier's stock and sales",
      file: "lib/domain/replenishment/requests.ts",
    },
  ],
  listInventoryBatches: [
    {
      page: "/inventory/batches",
      control: "the batch list",
      file: "app/(dashboard)/inventory/batches/page.tsx",
      view: "batches",
    },
    {
      page: "/catalog/products/[productId]",
      control: "the product's batches",
      file: "app/(dashboard)/catalog/products/[productId]/page.tsx",
    },
  ],
  listAvailableInventory: [
    {
      page: "/inventory/available",
      control: "the availability list",
      file: "app/(dashboard)/inventory/available/page.tsx",
      view: "availableInventory",
    },
  ],
  listRetailerInventory: [
    {
      page: "/inventory/retailers",
      control: "the retailer inventory list",
      file: "app/(dashboard)/inventory/retailers/page.tsx",
      view: "retailerInventory",
    },
  ],
  listAllocations: [
    {
      page: "/inventory/allocations",
      control: "the allocation list",
      file: "app/(dashboard)/inventory/allocations/page.tsx",
      view: "allocations",
    },
  ],
  // Purchasing
  listPurchasesV2: [
    { page: "/purchases", control: "the purchase list", file: "app/(dashboard)/purchases/page.tsx", view: "purchases" },
    {
      page: "/purchases/new",
      control: "the editor's PO number check",
      file: "lib/ui/purchases/use-purchase-editor.ts",
    },
    {
      page: "/purchases/plan",
      control: "the replenishment plan: units on order and in drafts",
      file: "lib/domain/replenishment/requests.ts",
    },
  ],
  getPurchaseV2: [
    {
      page: "/purchases/[purchaseId]",
      control: "the purchase and its lines",
      file: "lib/domain/purchases/requests.ts",
    },
  ],
  createPurchase: [
    { page: "/purchases/new", control: "Save draft", file: "app/(dashboard)/purchases/new/page.tsx" },
    { page: "/purchases/plan", control: "Draft purchase orders", file: "lib/ui/purchases/draft-runner.ts" },
  ],
  validatePurchase: [
    { page: "/purchases/new", control: "Validate", file: "lib/ui/purchases/use-purchase-editor.ts" },
    {
      page: "/purchases/plan",
      control: "Draft purchase orders: each draft checked first",
      file: "lib/ui/purchases/draft-runner.ts",
    },
  ],
  updatePurchase: [
    {
      page: "/purchases/[purchaseId]/edit",
      control: "Save on a draft",
      file: "app/(dashboard)/purchases/[purchaseId]/edit/page.tsx",
    },
  ],
  submitPurchase: [
    { page: "/purchases/[purchaseId]/edit", control: "Submit", file: "lib/ui/purchases/use-purchase-editor.ts" },
  ],
  deletePurchase: [
    { page: "/purchases/[purchaseId]/edit", control: "Delete draft", file: "lib/ui/purchases/use-purchase-editor.ts" },
  ],
  listPurchaseLinesV2: [
    {
      page: "/purchases",
      control: "Export lines: the filtered purchases' lines",
      file: "lib/domain/views/child-exports.ts",
    },
  ],
  // Without the v2 endpoints (a service without them, or DATA_API_V2=off): v1's posted purchases, read only.
  listPurchases: [
    {
      page: "/purchases",
      control: "the purchase list without v2",
      file: "app/(dashboard)/purchases/page.tsx",
      view: "purchasesV1",
    },
    {
      page: "/purchases/plan",
      control: "the replenishment plan without v2: posted purchases on order",
      file: "lib/domain/replenishment/requests.ts",
    },
  ],
  getPurchase: [
    {
      page: "/purchases/[purchaseId]",
      control: "a posted purchase without v2",
      file: "lib/ui/purchases/v1-purchases.ts",
    },
  ],
  listPurchaseTransactions: [
    {
      page: "/purchases/[purchaseId]",
      control: "a posted purchase's lines without v2",
      file: "lib/ui/purchases/v1-purchases.ts",
    },
    { page: "/purchases", control: "Export lines without v2", file: "lib/domain/views/child-exports.ts" },
    {
      page: "/purchases/plan",
      control: "the replenishment plan without v2: the posted purchases' lines",
      file: "lib/domain/replenishment/requests.ts",
    },
  ],
  // Catalog
  listProducts: [
    {
      page: "/catalog/products",
      control: "the product list",
      file: "app/(dashboard)/catalog/products/page.tsx",
      view: "products",
    },
    { page: "/purchases/new", control: "the editor's product picker", file: "lib/domain/purchases/requests.ts" },
    {
      page: "/purchases/plan",
      control: "the replenishment plan: case sizes and statuses",
      file: "lib/domain/replenishment/requests.ts",
    },
  ],
  getProduct: [
    {
      page: "/catalog/products/[productId]",
      control: "the product's facts",
      file: "components/catalog/product-detail.tsx",
    },
  ],
  listProductCategories: [
    {
      page: "/catalog/categories",
      control: "the category list",
      file: "app/(dashboard)/catalog/categories/page.tsx",
      view: "categories",
    },
  ],
  listCustomerPricing: [
    {
      page: "/catalog/pricing",
      control: "the price list",
      file: "app/(dashboard)/catalog/pricing/page.tsx",
      view: "customerPricing",
    },
    {
      page: "/customers/[customerId]",
      control: "the customer's prices",
      file: "app/(dashboard)/customers/[customerId]/_lib/customer-prefetch.ts",
      view: "customerPricing",
    },
  ],
  listMenuPromotions: [
    {
      page: "/catalog/menu-promotions",
      control: "the menu promotion list",
      file: "app/(dashboard)/catalog/menu-promotions/page.tsx",
      view: "menuPromotions",
    },
  ],
  listPromotionProducts: [
    {
      page: "/catalog/product-promotions",
      control: "the product promotion list",
      file: "app/(dashboard)/catalog/product-promotions/page.tsx",
      view: "productPromotions",
    },
  ],
  // Directory
  listSuppliers: [
    {
      page: "/directory/suppliers",
      control: "the supplier list",
      file: "app/(dashboard)/directory/suppliers/page.tsx",
      view: "suppliers",
    },
    { page: "/purchases/new", control: "the editor's supplier picker", file: "lib/domain/purchases/requests.ts" },
    {
      page: "/purchases/plan",
      control: "the replenishment plan's supplier picker",
      file: "lib/domain/replenishment/requests.ts",
    },
  ],
  getSupplier: [
    {
      page: "/directory/suppliers/[supplierId]",
      control: "the supplier's facts",
      file: "lib/ui/directory/requests.ts",
    },
  ],
  listSupplierCreditTerms: [
    {
      page: "/directory/supplier-credit-terms",
      control: "the credit terms list",
      file: "app/(dashboard)/directory/supplier-credit-terms/page.tsx",
      view: "supplierCreditTerms",
    },
  ],
  listVendors: [
    {
      page: "/directory/vendors",
      control: "the vendor list",
      file: "app/(dashboard)/directory/vendors/page.tsx",
      view: "vendors",
    },
    { page: "/purchases/new", control: "the editor's vendor picker", file: "lib/domain/purchases/requests.ts" },
    {
      page: "/purchases/plan",
      control: "the replenishment plan: lead times, targets and pickups",
      file: "lib/domain/replenishment/requests.ts",
    },
  ],
  listLocations: [
    {
      page: "/directory/locations",
      control: "the warehouse list",
      file: "app/(dashboard)/directory/locations/page.tsx",
      view: "locations",
    },
    { page: "/purchases/new", control: "the editor's warehouse names", file: "lib/domain/purchases/requests.ts" },
    {
      page: "/purchases/plan",
      control: "the replenishment plan: warehouses and their states",
      file: "lib/domain/replenishment/requests.ts",
    },
  ],
  getLocation: [
    {
      page: "/directory/locations/[locationId]",
      control: "the warehouse's address and facts",
      file: "lib/ui/directory/requests.ts",
    },
  ],
  listStates: [
    {
      page: "/directory/states",
      control: "the state list",
      file: "app/(dashboard)/directory/states/page.tsx",
      view: "states",
    },
    { page: "/delivery-days", control: "the states' cut-offs", file: "lib/domain/delivery/requests.ts" },
    {
      page: "/purchases/plan",
      control: "the replenishment plan: each warehouse's time zone",
      file: "lib/domain/replenishment/requests.ts",
    },
  ],
  listUsers: [
    {
      page: "/directory/users",
      control: "the user list",
      file: "app/(dashboard)/directory/users/page.tsx",
      view: "users",
    },
    { page: "/payments", control: "who made an application", file: "components/payments/applications-section.tsx" },
  ],
  getUser: [
    {
      page: "/directory/users/[userId]",
      control: "the user's role and accounts",
      file: "lib/ui/directory/requests.ts",
    },
  ],
  listSalesReps: [
    {
      page: "/directory/sales-reps",
      control: "the sales rep list",
      file: "app/(dashboard)/directory/sales-reps/page.tsx",
      view: "salesReps",
    },
    { page: "/delivery-days", control: "the rep filter", file: "lib/domain/delivery/requests.ts" },
  ],
  listInvoiceCreditTerms: [
    {
      page: "/directory/credit-terms",
      control: "the credit terms list",
      file: "app/(dashboard)/directory/credit-terms/page.tsx",
      view: "creditTerms",
    },
  ],
  listPaymentTypes: [
    {
      page: "/directory/payment-types",
      control: "the payment type list",
      file: "app/(dashboard)/directory/payment-types/page.tsx",
      view: "paymentTypes",
    },
  ],
};
