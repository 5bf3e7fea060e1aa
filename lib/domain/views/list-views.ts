/**
 * The list views: one `ListViewSpec` per list page (`LIST_VIEWS`, by name), with its columns, filters and defaults,
 * and each column's text (the table's and the CSV's). The spec's shape and the requests it makes are in
 * `list-view-spec.ts`. Pure, so a scheduled report's CSV (lib/server/views/) is the page's own without React: the
 * richer cells the browser draws (links, badges, images) are added by lib/ui/views/list-views.tsx, and
 * `components/views/list-view.tsx` renders that.
 */
import type { RecordOf } from "@/lib/data-api/client";
import { addDays, todayIn } from "@/lib/format/days";
import { INVOICE_STATUSES } from "@/lib/data-api/values";
import { formatDay, formatQuantity, MISSING } from "@/lib/format/display";
import { STALE } from "../api-query";
import { type ColumnSpec, columnsOf } from "./columns";
import { valueLabel } from "./filters";
import {
  type ListFigure,
  type ListOperationId,
  type ListViewSpec,
  newestFirst,
  type PageDefault,
} from "./list-view-spec";
import { RECORD_META } from "@/lib/data-api/meta.generated";
import { daysOfCover } from "../stock/days-of-cover";
import { paymentTypeName } from "../payments/payment-type";
import { deliveryDaysText } from "../delivery/cutoff";
import { upcomingDates } from "../delivery/schedule";
import { PURCHASE_SECRETS, purchaseStatusWords } from "../purchases/fields";
import { brandShare } from "../invoices/brand-share";
import type { ListJoin } from "./list-joins";
import { isCredit, isDebt, isDueSoon, isPastDue } from "../invoices/open-items";
import { daysOverdue } from "../payments/open-invoice-order";
import { bucketFigure, bucketOf, INVENTORY_BUCKET_LIST, OUT_OF_STOCK } from "../stock/stock-buckets";
import { LOW_DOI_DAYS, soldIn90Days, underDaysOfInventory } from "../stock/stock-cover";
import { plural } from "@/lib/format/plural";

/** A row key from the fields that identify a record (and the row's index, so a repeated record never collides). */
function keyOf<R>(...fields: string[]) {
  return (row: R, index: number) =>
    `${fields.map((f) => String((row as Record<string, unknown>)[f] ?? "")).join(":")}:${index}`;
}

/** A view as the domain writes it: no cell of its own (`never`), so the browser's may add React ones. */
function view<K extends ListOperationId>(v: ListViewSpec<K, never>): ListViewSpec<K, never> {
  return v;
}

type Row<K extends ListOperationId> = RecordOf<K>;

/** A customer's listed delivery dates from today on, in the viewer's zone, as days; "—" when none is left. */
function nextDeliveries(dates: readonly string[] | string | null | undefined, timeZone: string | undefined): string {
  const days = upcomingDates(dates, todayIn(timeZone ?? "UTC"));
  return days.length ? days.map((d) => formatDay(d)).join("; ") : MISSING;
}

const invoiceColumns: ColumnSpec<Row<"listInvoices">, never>[] = columnsOf<Row<"listInvoices">>(RECORD_META.Invoice, {
  InvoiceNum: { header: "Invoice" },
  CustomerName: { header: "Customer" },
  Status: { text: (r) => (r.Status == null ? "—" : valueLabel("listInvoices", "Statuses", String(r.Status))) },
  PDFURL: { header: "PDF" },
  Date: { header: "Invoice date" },
  DueDate: { header: "Due" },
});

/**
 * A Supplier key's share of each invoice (`brand-share.ts`): the invoice's totals cover every brand's lines, the key
 * sees only its brand's, so the list shows what those lines add up to beside the invoice's total, read by the ids of
 * the invoices shown (the page) or of each page (the CSV).
 */
const BRAND_SHARE: ListJoin = {
  keyTypes: ["Supplier"],
  parentId: "InvoiceID",
  child: "listInvoiceTransactions",
  idParam: "InvoiceIDs",
  childParentId: "InvoiceID",
  fields: (lines, scope) => {
    const share = brandShare(lines, scope.supplierIds);
    return { BrandTotal: share.total, BrandUnits: share.units, BrandCases: share.cases };
  },
  columns: [
    {
      id: "BrandTotal",
      header: "Brand's total",
      kind: "money",
      numeric: true,
      derived: true,
      help: "Σ ExtPrice of this brand's lines on the invoice. The invoice total covers every brand's lines; this key sees only its own.",
    },
    {
      id: "BrandUnits",
      header: "Brand's units",
      kind: "quantity",
      numeric: true,
      derived: true,
      help: "Σ NumUnits of this brand's lines on the invoice (a return's are negative).",
    },
    {
      id: "BrandCases",
      header: "Brand's cases",
      kind: "quantity",
      numeric: true,
      derived: true,
      help: "Σ Cases of this brand's lines on the invoice.",
    },
  ],
  defaultColumns: ["BrandTotal", "BrandUnits", "BrandCases"],
  after: "InvoiceTotal",
  reading: "the brand's lines of these invoices",
};

/**
 * "My invoices": every status dated in the last 90 days, the way a retailer, a brand or the staff mean it;
 * the API alone lists New (1) only, a handful of any day's. Open balances are no filter of /invoices (they are the
 * payments' open invoices and the AR aging), so the page lists what was invoiced lately, whatever became of it, and
 * the API's default is a click away (`Statuses=1`). A status chosen turns it off (the dates are then the address's).
 */
const INVOICES_DEFAULT: PageDefault = {
  unless: ["Statuses"],
  query: (today) => ({ Statuses: Object.keys(INVOICE_STATUSES).join(","), StartDate: addDays(today, -90) }),
  labels: { Statuses: () => "Every status", StartDate: (today) => addDays(today, -90) },
  words: (today) =>
    `Showing invoices of every status (${Object.values(INVOICE_STATUSES).join(", ")}) dated from ${formatDay(addDays(today, -90))}: the last 90 days.`,
  name: "every status of the last 90 days",
  api: { query: { Statuses: "1" }, describe: "the API's default: New invoices only" },
};

export const LIST_VIEWS = {
  invoices: view({
    operation: "listInvoices",
    title: "Invoices",
    intro:
      "Invoices of the customers this key covers: by default every status of the last 90 days (the API alone would show New invoices only).",
    noun: { one: "invoice", many: "invoices" },
    columns: invoiceColumns,
    defaultColumns: [
      "InvoiceNum",
      "CustomerName",
      "Date",
      "DueDate",
      "Status",
      "InvoiceTotal",
      "OpenBalance",
      "PDFURL",
    ],
    // On a phone: what is owed, by when, on which invoice.
    card: ["InvoiceNum", "CustomerName", "DueDate", "Status", "OpenBalance"],
    rowKey: keyOf("InvoiceID"),
    staleTime: STALE.working,
    filters: ["Statuses", "StartDate", "EndDate", "CustomerIDs", "States", "InvoiceIDs"],
    exportName: "invoices",
    pageDefault: INVOICES_DEFAULT,
    joins: [BRAND_SHARE],
    // The API lists invoices oldest first; a person looks for the latest. The page reads the whole list to sort it.
    order: {
      compare: newestFirst("Date", "InvoiceID"),
      reversesApi: true,
      describe:
        "Newest first: every invoice of the list by invoice date, the latest at the top (the API pages invoices oldest first); the CSV export runs in the same order.",
      name: "newest first",
      api: "the API's order, oldest first",
    },
    totals: ["InvoiceTotal", "OpenBalance"],
  }),
  openInvoices: view({
    operation: "listOpenInvoices",
    title: "Open invoices",
    intro:
      "What is open now on the accounts this key covers: invoices still owed, and credits (credit memos and returns, a negative open balance), which are never late.",
    noun: { one: "open item", many: "open items" },
    columns: columnsOf<Row<"listOpenInvoices">>(
      RECORD_META.OpenInvoice,
      { InvoiceNum: { header: "Invoice" }, DueDate: { header: "Due" }, Date: { header: "Invoice date" } },
      [
        {
          id: "PastDue",
          header: "Past due",
          kind: "text",
          derived: true,
          help: "Days past the due date, on your calendar, for an invoice still owed; a credit (a negative open balance) is never late.",
          text: (r, timeZone) => {
            if (isCredit(r)) return "credit";
            const days = daysOverdue(r.DueDate ?? undefined, todayIn(timeZone ?? "UTC"));
            return isDebt(r) && days > 0 ? plural(days, "day") : "not yet due";
          },
        },
      ],
    ),
    defaultColumns: [
      "InvoiceNum",
      "CustomerID",
      "ARAccountID",
      "Date",
      "DueDate",
      "PastDue",
      "InvoiceTotal",
      "OpenBalance",
    ],
    card: ["InvoiceNum", "CustomerID", "DueDate", "PastDue", "OpenBalance"],
    rowKey: keyOf("InvoiceID"),
    staleTime: STALE.working,
    exportName: "open-invoices",
    order: {
      compare: (a, b) =>
        String(a.DueDate ?? "9999").localeCompare(String(b.DueDate ?? "9999")) ||
        String(a.InvoiceNum ?? "").localeCompare(String(b.InvoiceNum ?? "")),
      reversesApi: false,
      describe: "Oldest due first, over every open item of the list: the order people pay in.",
      name: "oldest due first",
      api: "the API's order",
    },
    totals: ["OpenBalance"],
    // The retailer's overview: what is overdue now and what falls due soon (`open-items.ts`), on the person's day.
    figures: {
      "past-due": {
        label: "invoices past their due date (credits are never late)",
        keep: (row, today) => isPastDue(row, today),
      },
      "due-soon": { label: "invoices due in the next 14 days", keep: (row, today) => isDueSoon(row, today) },
      owed: { label: "invoices still owed (no credits)", keep: (row) => isDebt(row) },
      credits: { label: "credits: credit memos and returns", keep: (row) => isCredit(row) },
    },
  }),
  customers: view({
    operation: "listCustomers",
    title: "Customers",
    intro: "Retail accounts. The API shows Active accounts unless Account status says otherwise.",
    noun: { one: "customer", many: "customers" },
    columns: columnsOf<Row<"listCustomers">>(RECORD_META.Customer, {
      CustomerName: { header: "Customer" },
      // Weekday names in every form the live service sends ("4;1" → "Mon, Thu"), "no delivery days" for none.
      DeliveryDays: { text: (r) => deliveryDaysText(r.DeliveryDays) },
      // Next deliveries from today on (the viewer's day: the list knows no state's zone); a passed date is none.
      NextDeliveryDates: { text: (r, timeZone) => nextDeliveries(r.NextDeliveryDates, timeZone), wrap: true },
      DeliveryDates: { text: (r, timeZone) => nextDeliveries(r.DeliveryDates, timeZone), wrap: true },
    }),
    defaultColumns: [
      "CustomerName",
      "ChainName",
      "State",
      "AccountStatus",
      "OnHold",
      "SalesRepName",
      "NextDeliveryDates",
    ],
    rowKey: keyOf("CustomerID"),
    staleTime: STALE.directory,
    exportName: "customers",
  }),
  customerCreditTerms: view({
    operation: "listCustomerCreditTerms",
    title: "Customer credit terms",
    intro: "Credit terms per customer and supplier.",
    noun: { one: "credit term", many: "credit terms" },
    columns: columnsOf<Row<"listCustomerCreditTerms">>(RECORD_META.CustomerCreditTerm, {}),
    defaultColumns: ["CustomerID", "SupplierID", "Term", "TimeUpdated"],
    rowKey: keyOf("CustomerID", "SupplierID"),
    staleTime: STALE.directory,
    exportName: "customer-credit-terms",
  }),
  arAging: view({
    operation: "listArAging",
    title: "AR aging",
    noun: { one: "AR account", many: "AR accounts" },
    columns: columnsOf<Row<"listArAging">>(RECORD_META.ARAging),
    defaultColumns: [
      "ARAccountID",
      "SupplierID",
      "CurrentDue",
      "Due_1_30",
      "Due_31_60",
      "Due_61_90",
      "Due_91",
      "OpenCredit",
      "TotalBalanceOutstanding",
    ],
    rowKey: keyOf("ARAccountID", "SupplierID"),
    staleTime: STALE.daily,
    exportName: "ar-aging",
  }),
  inventory: view({
    operation: "listInventory",
    title: "Warehouse inventory",
    intro: "Stock per warehouse and product. Each column's definition is under the table.",
    noun: { one: "inventory row", many: "inventory rows" },
    columns: columnsOf<Row<"listInventory">>(RECORD_META.InventoryRecord, {
      DOI: { header: "Days of inventory" },
      AvgDailySales90d: { header: "Avg daily sales (90 d)" },
    }),
    defaultColumns: [
      "LocationID",
      "ProductID",
      "AvailableUnits",
      "OnFloorInventory",
      "PreSales",
      "Allocated",
      "Inventory",
      "DOI",
      "AvgDailySales90d",
    ],
    rowKey: keyOf("LocationID", "ProductID", "PurchaseTransID"),
    staleTime: STALE.working,
    exportName: "inventory",
    // The brand's overview's days of inventory (`stock-cover.ts`).
    figures: {
      "sold-90-days": { label: "rows that sold in the last 90 days", keep: soldIn90Days },
      [`under-${LOW_DOI_DAYS}-days`]: {
        label: `rows that sold in the last 90 days and cover under ${LOW_DOI_DAYS} days of sales`,
        keep: (row) => underDaysOfInventory(row),
      },
    },
  }),
  batches: view({
    operation: "listInventoryBatches",
    title: "Inventory batches",
    intro: "Batches in stock, with potency, dates and certificates of analysis.",
    noun: { one: "batch", many: "batches" },
    columns: columnsOf<Row<"listInventoryBatches">>(RECORD_META.InventoryBatch, {
      COAURL: { header: "COA" },
    }),
    defaultColumns: [
      "BatchCode",
      "ProductID",
      "LocationID",
      "InventoryUnits",
      "THCPotency",
      "CBDPotency",
      "ExpirationDate",
      "HarvestDate",
      "COAURL",
    ],
    rowKey: keyOf("LocationID", "ProductID", "BatchCode", "PurchaseTransID"),
    staleTime: STALE.working,
    exportName: "inventory-batches",
  }),
  availableInventory: view({
    operation: "listAvailableInventory",
    title: "Available inventory",
    intro: "Whether each product is in stock at each warehouse, and in which bucket.",
    noun: { one: "product", many: "products" },
    columns: columnsOf<Row<"listAvailableInventory">>(RECORD_META.AvailableInventory, {}),
    defaultColumns: ["LocationID", "ProductID", "InStock", "InventoryBucket", "TimeUpdated"],
    rowKey: keyOf("LocationID", "ProductID"),
    staleTime: STALE.working,
    exportName: "available-inventory",
    // The brand's overview counts its pairs by bucket (`stock-buckets.ts`): each count opens its bucket here.
    figures: Object.fromEntries(
      INVENTORY_BUCKET_LIST.map((bucket): [string, ListFigure] => [
        bucketFigure(bucket),
        {
          label: bucket === OUT_OF_STOCK ? "out of stock: nothing available now" : `the ${bucket} bucket`,
          keep: (row) => bucketOf(row) === bucket,
        },
      ]),
    ),
  }),
  retailerInventory: view({
    operation: "listRetailerInventory",
    title: "Retailer inventory",
    intro: "Inventory and sales at retailers: sell-through per product and customer.",
    noun: { one: "row", many: "rows" },
    columns: columnsOf<Row<"listRetailerInventory">>(RECORD_META.RetailerInventory, {}, [
      // Computed, exactly: how many days the shelf lasts at its rate of sale ("—" where nothing sells or nobody counted).
      {
        id: "DaysOfCover",
        header: "Days of cover",
        kind: "quantity",
        numeric: true,
        derived: true,
        help: "Inventory ÷ daily sales: the days the stock lasts at its rate of sale; — where sales are zero or not reported, or the shelf was never counted.",
        text: (r) => formatQuantity(daysOfCover(r.Inventory, r.DailySales, r.LastInventoryDate)),
      },
    ]),
    defaultColumns: ["CustomerID", "ProductID", "Inventory", "DailySales", "DaysOfCover", "LastInventoryDate"],
    rowKey: keyOf("ID", "ProductID", "CustomerID"),
    staleTime: STALE.working,
    exportName: "retailer-inventory",
  }),
  allocations: view({
    operation: "listAllocations",
    title: "Allocations",
    intro: "Products reserved for customers.",
    noun: { one: "allocation", many: "allocations" },
    columns: columnsOf<Row<"listAllocations">>(RECORD_META.Allocation),
    defaultColumns: ["AllocationID", "ProductID", "CustomerID", "Units", "StartDate", "EndDate"],
    rowKey: keyOf("AllocationID", "ProductID", "CustomerID"),
    staleTime: STALE.working,
    exportName: "allocations",
  }),
  products: view({
    operation: "listProducts",
    title: "Products",
    intro: "The catalog. The API shows Active products unless Status says otherwise.",
    noun: { one: "product", many: "products" },
    columns: columnsOf<Row<"listProducts">>(RECORD_META.Product, {
      ProductName: { header: "Product" },
      StatusID: {
        header: "Status",
        text: (r) => (r.StatusID == null ? "—" : valueLabel("listProducts", "Statuses", String(r.StatusID))),
      },
      ThumbnailImageURL: { header: "Image" },
      WholesaleUnitsPerCase: { header: "Units per case" },
      ProductTypeName: { header: "Product type" },
    }),
    // A supplier's product is listed once per state it is sold in, each with an id of its own and the same name and
    // number: the State beside the name tells the rows apart.
    defaultColumns: [
      "ThumbnailImageURL",
      "ProductName",
      "State",
      "Supplier",
      "SupplierProductNumber",
      "ProductTypeName",
      "StatusID",
      "WholesaleUnitsPerCase",
    ],
    rowKey: keyOf("ProductID"),
    staleTime: STALE.directory,
    filters: ["Statuses", "SupplierIDs", "SupplierProductNumbers", "States", "ProductIDs"],
    exportName: "products",
  }),
  categories: view({
    operation: "listProductCategories",
    title: "Product categories",
    noun: { one: "category", many: "categories" },
    columns: columnsOf<Row<"listProductCategories">>(RECORD_META.ProductCategory),
    defaultColumns: ["Sequence", "CategoryName", "ProductCategoryID", "TimeUpdated"],
    rowKey: keyOf("ProductCategoryID"),
    staleTime: STALE.reference,
    exportName: "product-categories",
  }),
  customerPricing: view({
    operation: "listCustomerPricing",
    title: "Customer pricing",
    intro: "Prices per customer and product at the effective date (today unless you choose one).",
    noun: { one: "price", many: "prices" },
    columns: columnsOf<Row<"listCustomerPricing">>(RECORD_META.CustomerPrice),
    defaultColumns: [
      "CustomerID",
      "ProductID",
      "FullPrice",
      "Discount",
      "UnitPrice",
      "PromotionID",
      "StartDate",
      "EndDate",
    ],
    rowKey: keyOf("CustomerID", "ProductID"),
    // The customer first: the page asks nothing until one is chosen (CustomerIDs is documented as required).
    filters: ["CustomerIDs", "EffectiveDate"],
    staleTime: STALE.directory,
    exportName: "customer-pricing",
  }),
  menuPromotions: view({
    operation: "listMenuPromotions",
    title: "Menu promotions",
    noun: { one: "promotion", many: "promotions" },
    columns: columnsOf<Row<"listMenuPromotions">>(RECORD_META.MenuPromotion),
    defaultColumns: ["SupplierName", "State", "Description", "StartDate", "EndDate"],
    rowKey: keyOf("MenuPromotionID"),
    staleTime: STALE.directory,
    exportName: "menu-promotions",
  }),
  productPromotions: view({
    operation: "listPromotionProducts",
    title: "Product promotions",
    noun: { one: "promotion", many: "promotions" },
    columns: columnsOf<Row<"listPromotionProducts">>(RECORD_META.PromotionProduct, {
      // A price, though documented as a number (not a dec-string like the others): shown as money.
      UnitPrice: { kind: "money" },
      // A count (the browser's cell links it to the promotion's page, which names each product).
      ProductIDs: { named: undefined },
    }),
    defaultColumns: [
      "PromotionName",
      "ProductIDs",
      "States",
      "ProductOverrideType",
      "UnitPrice",
      "StartDate",
      "EndDate",
      "AllProducts",
    ],
    rowKey: keyOf("PromotionID"),
    staleTime: STALE.directory,
    exportName: "product-promotions",
  }),
  suppliers: view({
    operation: "listSuppliers",
    title: "Suppliers",
    intro: "Brands whose products the distributor carries.",
    noun: { one: "supplier", many: "suppliers" },
    columns: columnsOf<Row<"listSuppliers">>(RECORD_META.Supplier, {
      SupplierWebsiteURL: { header: "Website" },
      BrandAssetsURL: { header: "Brand assets" },
    }),
    defaultColumns: ["Supplier", "State", "Active", "Description", "SupplierWebsiteURL"],
    rowKey: keyOf("SupplierID"),
    staleTime: STALE.directory,
    exportName: "suppliers",
  }),
  supplierCreditTerms: view({
    operation: "listSupplierCreditTerms",
    title: "Supplier credit terms",
    noun: { one: "credit term", many: "credit terms" },
    columns: columnsOf<Row<"listSupplierCreditTerms">>(RECORD_META.SupplierCreditTerm),
    defaultColumns: ["SupplierID", "Term", "TermID", "TimeUpdated"],
    rowKey: keyOf("SupplierID", "TermID"),
    staleTime: STALE.reference,
    exportName: "supplier-credit-terms",
  }),
  vendors: view({
    operation: "listVendors",
    title: "Vendors",
    intro: "Where suppliers' purchase orders ship from, per destination warehouse.",
    noun: { one: "vendor", many: "vendors" },
    columns: columnsOf<Row<"listVendors">>(RECORD_META.Vendor, {
      LeadTimeDays: { header: "Lead time (days)" },
      RequirePOBatchCodes: { header: "Batch codes required" },
    }),
    defaultColumns: [
      "VendorName",
      "SupplierID",
      "LocationID",
      "LeadTimeDays",
      "PickupDates",
      "RequirePOBatchCodes",
      "Active",
    ],
    rowKey: keyOf("VendorID", "LocationID"),
    staleTime: STALE.directory,
    exportName: "vendors",
  }),
  locations: view({
    operation: "listLocations",
    title: "Warehouses",
    noun: { one: "warehouse", many: "warehouses" },
    columns: columnsOf<Row<"listLocations">>(RECORD_META.Location),
    defaultColumns: ["Location", "DBA", "Address", "City", "State", "PostalCode"],
    rowKey: keyOf("LocationID"),
    staleTime: STALE.reference,
    exportName: "warehouses",
  }),
  states: view({
    operation: "listStates",
    title: "States",
    intro: "Order cut-off times, in each state's own time zone.",
    noun: { one: "state", many: "states" },
    columns: columnsOf<Row<"listStates">>(RECORD_META.State, {
      OrderCutOffTime: {
        header: "Order cut-off",
        text: (r) => (r.OrderCutOffTime ? `${r.OrderCutOffTime} ${zoneAbbreviation(r.TimeZone)}`.trim() : "—"),
      },
      OrderCutOffDaysInAdvance: { header: "Days in advance" },
    }),
    defaultColumns: ["StateName", "StateAbbreviation", "OrderCutOffTime", "OrderCutOffDaysInAdvance", "TimeZone"],
    rowKey: keyOf("StateAbbreviation"),
    staleTime: STALE.reference,
    exportName: "states",
  }),
  users: view({
    operation: "listUsers",
    title: "Users",
    noun: { one: "user", many: "users" },
    columns: columnsOf<Row<"listUsers">>(RECORD_META.User),
    defaultColumns: ["FullName", "Email", "Role", "JobTitle", "UserActive", "States"],
    rowKey: keyOf("UserID"),
    staleTime: STALE.directory,
    exportName: "users",
  }),
  salesReps: view({
    operation: "listSalesReps",
    title: "Sales reps",
    noun: { one: "sales rep", many: "sales reps" },
    columns: columnsOf<Row<"listSalesReps">>(RECORD_META.SalesRep, {
      Customers: {
        text: (r) =>
          r.Customers?.length ? `${r.Customers.length}: ${r.Customers.map((c) => c.CustomerName).join(", ")}` : "—",
      },
      Suppliers: {
        text: (r) => (r.Suppliers?.length ? r.Suppliers.map((s) => s.Supplier).join(", ") : "—"),
      },
    }),
    defaultColumns: ["Name", "Email", "Type", "ProductGroups", "Customers"],
    rowKey: keyOf("UserID"),
    staleTime: STALE.directory,
    exportName: "sales-reps",
  }),
  creditTerms: view({
    operation: "listInvoiceCreditTerms",
    title: "Invoice credit terms",
    noun: { one: "credit term", many: "credit terms" },
    columns: columnsOf<Row<"listInvoiceCreditTerms">>(RECORD_META.CreditTerm),
    defaultColumns: ["Term", "DaysOfCredit", "AccountOnHold", "TermID"],
    rowKey: keyOf("TermID"),
    staleTime: STALE.reference,
    exportName: "credit-terms",
  }),
  paymentTypes: view({
    operation: "listPaymentTypes",
    title: "Payment types",
    noun: { one: "payment type", many: "payment types" },
    columns: columnsOf<Row<"listPaymentTypes">>(RECORD_META.PaymentType, {
      Name: { text: (r) => paymentTypeName(r.Name, r.PaymentTypeID) },
    }),
    defaultColumns: ["Name", "PaymentTypeID", "SupplierID", "TimeUpdated"],
    rowKey: keyOf("PaymentTypeID", "SupplierID"),
    staleTime: STALE.reference,
    exportName: "payment-types",
  }),
  purchases: view({
    operation: "listPurchasesV2",
    title: "Purchases",
    intro:
      "Purchase orders made through the API (drafts, In progress, and Submitted orders) and purchases the ERP has posted, in one list. Drafts have no ERP id until the ERP imports them.",
    noun: { one: "purchase", many: "purchases" },
    columns: columnsOf<Row<"listPurchasesV2">>(
      RECORD_META.PurchaseV2,
      {
        po_num: { header: "PO no." },
        status: { header: "Status", text: (r) => purchaseStatusWords(r.status) },
        purchase_id: { header: "ERP id" },
        purchase_global_id: { header: "Global id" },
        vendor_name: { header: "Vendor name" },
        to_location_name: { header: "Warehouse name" },
        total_cases: { header: "Cases" },
        total: { header: "Total" },
        post_date: { header: "Posted" },
        receive_date: { header: "Received" },
        receiving_num: { header: "Receiving no." },
        time_created: { header: "Created" },
        time_updated: { header: "Updated" },
      },
      [
        // Not among the documented fields: the requested delivery date a draft was made with, when the service sends it.
        {
          id: "delivery_date",
          header: "Requested delivery",
          kind: "day",
          help: "The delivery date the purchase order asks for (sent by the service beside the documented fields).",
        },
        // The PDF's address and its ERP key id give access to the ERP (field notes): never a column, nor a CSV's.
      ],
    ).filter((c) => !PURCHASE_SECRETS.includes(c.id) && c.id !== "purchase_transactions"),
    // Vendor and warehouse by id, named through their lists: a draft's vendor_name and to_location_name are null. The
    // ERP id is a column to choose (and a filter): with it the list was 54 px past a laptop's 1,366 px.
    defaultColumns: [
      "po_num",
      "status",
      "vendor_id",
      "to_location_id",
      "total_cases",
      "total",
      "post_date",
      "time_created",
    ],
    rowKey: (r, index) => r.purchase_global_id ?? (r.purchase_id != null ? String(r.purchase_id) : String(index)),
    staleTime: STALE.working,
    // purchase_ids finds a purchase by either of its ids: the ERP's number or the global id a draft has from the start.
    filters: ["statuses", "vendor_ids", "location_ids", "start_date", "end_date", "purchase_ids"],
    // Line items stay out of the list (a posted purchase can carry hundreds); the detail page reads them.
    fixed: { include_transactions: "false" },
    exportName: "purchases",
    // The brand's overview's drafts and submitted orders, of one walk of both statuses.
    figures: {
      drafts: { label: "drafts in progress", keep: (row) => row.status === "InProgress" },
      submitted: { label: "submitted, waiting for the ERP", keep: (row) => row.status === "Submitted" },
    },
  }),
  // Without the v2 purchase endpoints (a service that lacks them, or DATA_API_V2=off): the purchases v1 holds, posted
  // by the ERP, read only, with the filters v1 has.
  purchasesV1: view({
    operation: "listPurchases",
    title: "Purchases",
    intro: "Purchases the ERP has posted, read through v1.",
    noun: { one: "purchase", many: "purchases" },
    columns: columnsOf<Row<"listPurchases">>(RECORD_META.PurchaseV1, {
      PONum: { header: "PO no." },
      Status: { text: (r) => purchaseStatusWords(r.Status) },
      PurchaseID: { header: "ERP id" },
      PurchaseGlobalID: { header: "Global id" },
      // Named through their lists, as on the v2 list (the record's own names can be missing: records are sparse).
      VendorID: { header: "Vendor", named: "VendorIDs" },
      ToLocationID: { header: "Warehouse", named: "LocationIDs" },
      VendorName: { header: "Vendor name" },
      ToLocationName: { header: "Warehouse name" },
      TotalCases: { header: "Cases" },
      PostDate: { header: "Posted" },
      ReceiveDate: { header: "Received" },
      TimeCreated: { header: "Created" },
      TimeUpdated: { header: "Updated" },
    }).filter((c) => !PURCHASE_SECRETS.includes(c.id)),
    defaultColumns: [
      "PONum",
      "Status",
      "VendorID",
      "ToLocationID",
      "TotalCases",
      "Total",
      "PostDate",
      "PurchaseID",
      "TimeCreated",
    ],
    rowKey: keyOf("PurchaseID"),
    staleTime: STALE.working,
    filters: ["Statuses", "VendorIDs", "LocationIDs", "StartDate", "EndDate", "PurchaseIDs"],
    exportName: "posted-purchases",
  }),
} satisfies Record<string, ListViewSpec<ListOperationId, never>>;

export type ListViewName = keyof typeof LIST_VIEWS;

/** "PT" for America/Los_Angeles, today (the abbreviation a person reads next to a cut-off time). */
function zoneAbbreviation(zone: string | null | undefined): string {
  if (!zone) return "";
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
      .formatToParts(new Date())
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}
