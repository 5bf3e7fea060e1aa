import { Customer, CustomerCreditTerm, DeliverySchedule } from "../records/customers";
import { CreditTerm, Location, SalesRep, State, Supplier, SupplierCreditTerm, USER_ROLES, User, Vendor } from "../records/directory";
import { Allocation, AvailableInventory, InventoryBatch, InventoryRecord, RetailerInventory } from "../records/inventory";
import { ARAging, Invoice, InvoiceCOA, InvoiceTransaction } from "../records/invoices";
import { CustomerPrice, MenuPromotion, Product, ProductCategory, PromotionProduct } from "../records/catalog";
import { OpenInvoice, Payment, PaymentApplication, PaymentType } from "../records/payments";
import { ERP_PURCHASE_STATUSES, PurchaseTransactionV1, PurchaseV1 } from "../records/purchases";
import { defineOperation } from "../operation";
import { bool, enumList, idList, isoDate, textList } from "../query-params";
import { listGet, noCustomers, numericPathId, scoped, singleGet, v1Paging } from "./common";
import { ACCOUNT_STATUSES, PAYMENT_APPLICATION_STATUSES } from "../values";

const v1 = { version: "v1" } as const;
const list = { ...v1, ...listGet, envelope: "v1-list" } as const;
const single = { ...v1, ...singleGet, envelope: "v1-single" } as const;

const CustomerIDs = idList();
const SupplierIDs = idList();
const ProductIDs = idList();
const LocationIDs = idList();
const States = textList({ description: "State abbreviations." });

export const v1Reads = {
  listAllocations: defineOperation({
    ...list, id: "listAllocations", path: "/allocations", resource: "Inventory", summary: "Allocations of products to customers",
    query: { CustomerIDs, SupplierIDs, States, ...v1Paging }, record: Allocation, access: scoped,
    notes: ["The unique key is [AllocationID, ProductID, CustomerID]. One AllocationID can affect several customers."],
  }),
  listArAging: defineOperation({
    ...list, id: "listArAging", path: "/arAging", resource: "AR aging", summary: "AR aging per AR account and supplier",
    query: { CustomerIDs, SupplierIDs, States, ...v1Paging }, record: ARAging, access: scoped,
    notes: ["Recalculated once per day at the end of the day."],
  }),
  listCustomerPricing: defineOperation({
    ...list, id: "listCustomerPricing", path: "/customerPricing", resource: "Catalog", summary: "Prices per customer and product",
    query: {
      CustomerIDs: idList({ description: "Described as required (403 if none is accessible) and also marked optional." }),
      EffectiveDate: isoDate({ description: "Default today. Promotion validity is evaluated at this date." }),
      ...v1Paging,
    },
    record: CustomerPrice, access: scoped,
    notes: [
      "With no applicable promotion, PromotionID, StartDate and EndDate are null and UnitPrice equals FullPrice.",
      "Behaviour when CustomerIDs is omitted: not shown.",
    ],
  }),
  listCustomers: defineOperation({
    ...list, id: "listCustomers", path: "/customers", resource: "Customers", summary: "Customers",
    query: {
      CustomerIDs, States,
      AccountStatuses: enumList(ACCOUNT_STATUSES, { defaultValue: ["Active"] }),
      OnHold: bool({ description: "true: only customers on hold; false: excludes them; omitted: no filter." }),
      ...v1Paging,
    },
    record: Customer, access: scoped,
    notes: ["Supplier keys see customers without OnHold, sales rep, collection agent, NextDeliveryDates and DeliveryMinimum fields (field notes)."],
  }),
  listCustomerCreditTerms: defineOperation({
    ...list, id: "listCustomerCreditTerms", path: "/customers/creditTerms", resource: "Customers", summary: "Credit terms per customer and supplier",
    query: { CustomerIDs, SupplierIDs, ...v1Paging }, record: CustomerCreditTerm, access: scoped,
    notes: ["Customer keys see rows of their authorized customers. Supplier keys see rows of their authorized suppliers."],
  }),
  getCustomer: defineOperation({
    ...single, id: "getCustomer", path: "/customers/{customerID}", resource: "Customers", summary: "One customer",
    pathParams: { customerID: numericPathId("The customer's id.") }, record: Customer, access: scoped, notes: [],
  }),
  listDeliveryDays: defineOperation({
    ...list, id: "listDeliveryDays", path: "/deliveryDays", resource: "Customers", summary: "Delivery days per customer",
    query: { CustomerIDs, States, ...v1Paging }, record: DeliverySchedule, access: scoped, notes: ["Covers active customers."],
  }),
  listInventory: defineOperation({
    ...list, id: "listInventory", path: "/inventory", resource: "Inventory", summary: "Warehouse inventory",
    query: { SupplierIDs, ProductIDs, LocationIDs, States, ...v1Paging }, record: InventoryRecord, access: noCustomers,
    notes: ["Not available to Customer keys (403).", "AvailableUnits = OnFloorInventory - (PreSales + Allocated)."],
  }),
  listInventoryBatches: defineOperation({
    ...list, id: "listInventoryBatches", path: "/inventory/batches", resource: "Inventory", summary: "Inventory batches",
    query: { SupplierIDs, ProductIDs, LocationIDs, States, BatchCodes: textList({ description: "Exact match." }), ...v1Paging },
    record: InventoryBatch, access: noCustomers, notes: ["Not available to Customer keys (403)."],
  }),
  listAvailableInventory: defineOperation({
    ...list, id: "listAvailableInventory", path: "/availableInventory", resource: "Inventory", summary: "Available inventory in buckets",
    query: { CustomerIDs, SupplierIDs, ProductIDs, LocationIDs, States, ...v1Paging }, record: AvailableInventory, access: scoped,
    notes: [
      "Retailers see only warehouses that serve their accounts.",
      "InStock: enough stock for the smallest allowed order (one full case for case-only products, else the minimum order quantity, at least 1 unit).",
      "Products reserved entirely for specific accounts are still listed.",
    ],
  }),
  listRetailerInventory: defineOperation({
    ...list, id: "listRetailerInventory", path: "/retailerInventory", resource: "Inventory", summary: "Inventory and sales at retailers",
    query: { CustomerIDs, SupplierIDs, ProductIDs, States, ...v1Paging }, record: RetailerInventory, access: scoped, notes: [],
  }),
  listInvoices: defineOperation({
    ...list, id: "listInvoices", path: "/invoices", resource: "Invoices", summary: "Invoices",
    query: {
      CustomerIDs, InvoiceIDs: idList(), States,
      Statuses: idList({ defaultValue: [1], values: ["1", "2", "3", "4", "5", "7"], description: "Invoice status ids: 1 New, 2 Locked for Routing, 3 Loaded, 4 Returned, 5 Balanced, 7 Verified." }),
      StartDate: isoDate({ description: "On or after." }),
      EndDate: isoDate({ description: "On or before." }),
      ...v1Paging,
    },
    record: Invoice, access: scoped, notes: ["Only New invoices (status 1) unless Statuses says otherwise."],
  }),
  getInvoice: defineOperation({
    ...single, id: "getInvoice", path: "/invoices/{invoiceID}", resource: "Invoices", summary: "One invoice",
    pathParams: { invoiceID: numericPathId("The invoice's id.") }, record: Invoice, access: scoped,
    notes: ["ARNote is absent from the single-invoice sample."],
  }),
  listInvoiceTransactions: defineOperation({
    ...list, id: "listInvoiceTransactions", path: "/invoiceTransactions", resource: "Invoices", summary: "Invoice lines",
    query: {
      InvoiceIDs: idList({ required: true }),
      Statuses: idList({ values: ["1", "2", "3", "4", "5", "7"], description: "When given and not including 7, verified invoices are excluded." }),
      ...v1Paging,
    },
    record: InvoiceTransaction, access: scoped, notes: ["InvoiceIDs is required; 400 if missing."],
  }),
  listInvoiceTransactionsOfInvoice: defineOperation({
    ...list, statuses: singleGet.statuses, id: "listInvoiceTransactionsOfInvoice", path: "/invoiceTransactions/{invoiceID}", resource: "Invoices",
    summary: "Lines of one invoice", pathParams: { invoiceID: numericPathId("The invoice's id.") }, query: { ...v1Paging },
    record: InvoiceTransaction, access: scoped, notes: ["A single invoice, paginated."],
  }),
  listInvoiceCreditTerms: defineOperation({
    ...list, id: "listInvoiceCreditTerms", path: "/invoices/creditTerms", resource: "Directory", summary: "Credit terms",
    query: { TermIDs: idList(), ...v1Paging }, record: CreditTerm, access: scoped, notes: [],
  }),
  listInvoiceCOAs: defineOperation({
    ...list, id: "listInvoiceCOAs", path: "/invoiceCOAs", resource: "Invoices", summary: "Certificates of analysis of invoice lines",
    query: { InvoiceIDs: idList({ required: true }), ...v1Paging }, record: InvoiceCOA, access: scoped,
    notes: ["InvoiceIDs is required; 400 if missing."],
  }),
  listInvoiceCOAsOfInvoice: defineOperation({
    ...list, statuses: singleGet.statuses, id: "listInvoiceCOAsOfInvoice", path: "/invoiceCOAs/{invoiceID}", resource: "Invoices",
    summary: "Certificates of analysis of one invoice", pathParams: { invoiceID: numericPathId("The invoice's id.") },
    query: { ...v1Paging }, record: InvoiceCOA, access: scoped, notes: ["A single invoice, paginated."],
  }),
  listLocations: defineOperation({
    ...list, id: "listLocations", path: "/locations", resource: "Directory", summary: "Warehouses",
    query: { LocationIDs, States, ...v1Paging }, record: Location, access: scoped, notes: [],
  }),
  getLocation: defineOperation({
    ...single, id: "getLocation", path: "/locations/{locationID}", resource: "Directory", summary: "One warehouse",
    pathParams: { locationID: numericPathId("The location's id.") }, record: Location, access: scoped, notes: [],
  }),
  listMenuPromotions: defineOperation({
    ...list, id: "listMenuPromotions", path: "/menuPromotions", resource: "Catalog", summary: "Menu promotions",
    query: {
      SupplierIDs, States,
      StartDate: isoDate({ description: "Returns promotions whose end date is on or after it." }),
      EndDate: isoDate({ description: "Returns promotions whose start date is on or before it." }),
      ...v1Paging,
    },
    record: MenuPromotion, access: scoped, notes: [],
  }),
  listPromotionProducts: defineOperation({
    ...list, id: "listPromotionProducts", path: "/promotionsProducts", resource: "Catalog", summary: "Product promotions",
    query: { SupplierIDs, States, ...v1Paging }, record: PromotionProduct, access: scoped, notes: [],
  }),
  listProductCategories: defineOperation({
    ...list, id: "listProductCategories", path: "/productCategories", resource: "Catalog", summary: "Product categories",
    query: { ...v1Paging }, record: ProductCategory, access: scoped, notes: ["No filters. Ordered by Sequence."],
  }),
  listProducts: defineOperation({
    ...list, id: "listProducts", path: "/products", resource: "Catalog", summary: "Products",
    query: {
      SupplierIDs, ProductIDs, States,
      Statuses: idList({ defaultValue: [1], values: ["0", "1", "2", "3", "4", "5"], description: "Product status ids; ignored when ProductIDs is given." }),
      SupplierProductNumbers: textList({ description: "Exact match; items may contain any characters but commas." }),
      ...v1Paging,
    },
    record: Product, access: scoped,
    notes: ["StatusID: 0 Discontinued, 1 Active, 2 Pre-order, 3 Manufacture, 4 Unavailable, 5 Close Out."],
  }),
  getProduct: defineOperation({
    ...single, id: "getProduct", path: "/products/{productID}", resource: "Catalog", summary: "One product",
    pathParams: { productID: numericPathId("The product's id.") }, record: Product, access: scoped, notes: [],
  }),
  listStates: defineOperation({
    ...list, id: "listStates", path: "/states", resource: "Directory", summary: "States, with order cut-off times",
    query: { States, ...v1Paging }, record: State, access: scoped, notes: ["Returns the active states available to the key."],
  }),
  listSuppliers: defineOperation({
    ...list, id: "listSuppliers", path: "/suppliers", resource: "Directory", summary: "Suppliers (brands)",
    query: { SupplierIDs, States, Active: bool({ description: "Default: active only, for Customer and Supplier keys." }), ...v1Paging },
    record: Supplier, access: scoped, notes: [],
  }),
  listSupplierCreditTerms: defineOperation({
    ...list, id: "listSupplierCreditTerms", path: "/suppliers/creditTerms", resource: "Directory", summary: "Credit terms per supplier",
    query: { SupplierIDs, ...v1Paging }, record: SupplierCreditTerm, access: noCustomers,
    notes: ["Not available to Customer keys (403). Supplier keys see only their authorized suppliers."],
  }),
  getSupplier: defineOperation({
    ...single, id: "getSupplier", path: "/suppliers/{supplierID}", resource: "Directory", summary: "One supplier",
    pathParams: { supplierID: numericPathId("The supplier's id.") }, record: Supplier, access: scoped, notes: [],
  }),
  listUsers: defineOperation({
    ...list, id: "listUsers", path: "/users", resource: "Directory", summary: "Users",
    query: {
      UserIDs: idList(), States, CustomerIDs, SupplierIDs,
      Roles: enumList(USER_ROLES),
      Active: bool({ description: "Defaults to true for Customer and Supplier keys." }),
      ...v1Paging,
    },
    record: User, access: scoped,
    notes: ["Supplier keys get their own Supplier users plus active Customer users. Customer keys get only their own Customer users."],
  }),
  getUser: defineOperation({
    ...single, id: "getUser", path: "/users/{userID}", resource: "Directory", summary: "One user",
    pathParams: { userID: numericPathId("The user's id.") }, record: User, access: scoped, notes: [],
  }),
  listPaymentTypes: defineOperation({
    ...list, id: "listPaymentTypes", path: "/payments/types", resource: "Payments", summary: "Payment types",
    query: {
      PaymentTypeIDs: idList(), SupplierIDs,
      Active: bool({ description: "Defaults to active suppliers only; only Employee keys may override." }),
      ...v1Paging,
    },
    record: PaymentType, access: scoped,
    notes: ["Supplier keys see their authorized suppliers plus the generic type -1.", "Returned once per supplier in its product groups."],
  }),
  listPayments: defineOperation({
    ...list, id: "listPayments", path: "/payments", resource: "Payments", summary: "Payments",
    query: { ARAccountIDs: idList(), SupplierIDs, PaymentTypeIDs: idList(), ...v1Paging }, record: Payment, access: scoped,
    notes: [
      "Customer keys see payments of their authorized AR accounts. Supplier keys see payments of their authorized suppliers.",
      "AvailableBalance is never negative; a reversed payment can have a negative Amount and an AvailableBalance of 0.",
    ],
  }),
  listOpenInvoices: defineOperation({
    ...list, id: "listOpenInvoices", path: "/payments/openInvoices", resource: "Payments", summary: "Invoices with an open balance",
    query: {
      ARAccountIDs: idList(),
      SupplierIDs: idList({ description: "Meaningful only for supplier keys; ignored for customer and employee keys." }),
      ...v1Paging,
    },
    record: OpenInvoice, access: scoped,
    notes: [
      "Returns invoices with a non-zero open balance.",
      "For supplier keys, InvoiceTotal and OpenBalance cover only the supplier's portion, and OpenDebit and OpenCredit are not returned.",
    ],
  }),
  listPaymentApplications: defineOperation({
    ...list, id: "listPaymentApplications", path: "/payments/applications", resource: "Payments", summary: "Payment applications",
    query: {
      ARAccountIDs: idList(),
      SupplierIDs: idList({ description: "Matched against the supplier on the underlying payment." }),
      PaymentInvoiceNums: textList(), TargetInvoiceNums: textList(),
      Statuses: enumList(PAYMENT_APPLICATION_STATUSES),
      ...v1Paging,
    },
    record: PaymentApplication, access: scoped,
    notes: ["Includes API requests and allocations applied directly in the ERP (RequestID null)."],
  }),
  listVendors: defineOperation({
    ...list, id: "listVendors", path: "/vendors", resource: "Purchasing", summary: "Vendors",
    query: {
      SupplierIDs, LocationIDs: idList({ description: "Destination warehouses." }), VendorIDs: idList(),
      Active: bool({ defaultValue: true, description: "Only Employee keys may request inactive vendors." }),
      ...v1Paging,
    },
    record: Vendor, access: noCustomers, notes: ["Not available to Customer keys (403). Supplier keys see their authorized suppliers."],
  }),
  listPurchases: defineOperation({
    ...list, id: "listPurchases", path: "/purchases", resource: "Purchasing", summary: "ERP-posted purchases (v1)",
    query: {
      PurchaseIDs: idList(), VendorIDs: idList(), LocationIDs,
      Statuses: enumList(ERP_PURCHASE_STATUSES, { description: "Default: all." }),
      StartDate: isoDate({ description: "Bound on PostDate." }),
      EndDate: isoDate({ description: "Bound on PostDate." }),
      ...v1Paging,
    },
    record: PurchaseV1, access: noCustomers, notes: ["Not available to Customer keys (403)."],
  }),
  getPurchase: defineOperation({
    ...v1, ...singleGet, envelope: "v1-object", id: "getPurchase", path: "/purchases/{purchaseID}", resource: "Purchasing",
    summary: "One ERP-posted purchase (v1)", pathParams: { purchaseID: numericPathId("The numeric ERP purchase id.") },
    record: PurchaseV1, access: noCustomers, notes: ["Not available to Customer keys (403).", "Answers {Data: record}, the v1 purchase schema's single envelope."],
  }),
  listPurchaseTransactions: defineOperation({
    ...list, id: "listPurchaseTransactions", path: "/purchaseTrans", resource: "Purchasing", summary: "Posted purchase lines (v1)",
    query: { PurchaseIDs: idList({ required: true }), ...v1Paging }, record: PurchaseTransactionV1, access: noCustomers,
    notes: ["Not available to Customer keys (403). PurchaseIDs is required."],
  }),
  listSalesReps: defineOperation({
    ...list, id: "listSalesReps", path: "/salesReps", resource: "Directory", summary: "Sales reps",
    query: {
      SupplierIDs, CustomerIDs,
      ProductGroups: textList({ description: "Product group names; 'Supplier' limits to Supplier Reps." }),
      ...v1Paging,
    },
    record: SalesRep, access: scoped,
    notes: ["Supplier keys are scoped to their authorized suppliers. Customer keys are scoped to their own customers.", "Only active users, customers and suppliers are returned."],
  }),
};
