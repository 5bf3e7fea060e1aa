import type { OperationMeta } from "@/lib/data-api/meta";
import type { OperationId } from "@/lib/data-api/registry";
import type { KeyType } from "@/lib/data-api/operation";
import { STALE } from "../api-query";
import { ACCOUNT_STATUSES, INVOICE_STATUSES } from "@/lib/data-api/values";
import { paymentTypeName } from "../payments/payment-type";
import { PURCHASE_STATUS_WORDS } from "../purchases/fields";

/** Where a filter of ids gets the names it shows: a list operation, and the fields of its records. */
export interface Lookup {
  operation: OperationId;
  id: string;
  name: (row: Record<string, unknown>) => string;
  query?: Record<string, string>;
  staleTime: number;
  /**
   * The width of a table cell that shows one of these ids by its name (a Tailwind class). Fixed, so that the cell
   * keeps its width when the name comes after the rows (the id first, then its name): nothing in the table moves.
   * A longer name is cut short with an ellipsis, and shown whole in the cell's title.
   */
  width: string;
}

const text = (field: string) => (row: Record<string, unknown>) => String(row[field] ?? "");

/** Id filters whose values have names the API can list (one page of up to 500, filtered as the person types). */
export const LOOKUPS: Record<string, Lookup> = {
  CustomerIDs: {
    operation: "listCustomers",
    id: "CustomerID",
    name: text("CustomerName"),
    query: { AccountStatuses: ACCOUNT_STATUSES.join(","), PageSize: "500" },
    staleTime: STALE.directory,
    width: "w-56",
  },
  SupplierIDs: {
    operation: "listSuppliers",
    id: "SupplierID",
    name: text("Supplier"),
    query: { PageSize: "500" },
    staleTime: STALE.directory,
    width: "w-48",
  },
  ProductIDs: {
    operation: "listProducts",
    id: "ProductID",
    name: (r) => `${r.ProductName ?? ""}${r.SupplierProductNumber ? ` (${String(r.SupplierProductNumber)})` : ""}`,
    query: { PageSize: "500" },
    staleTime: STALE.directory,
    width: "w-64",
  },
  LocationIDs: {
    operation: "listLocations",
    id: "LocationID",
    name: text("Location"),
    query: { PageSize: "500" },
    staleTime: STALE.reference,
    width: "w-40",
  },
  VendorIDs: {
    operation: "listVendors",
    id: "VendorID",
    name: text("VendorName"),
    query: { PageSize: "500" },
    staleTime: STALE.directory,
    width: "w-48",
  },
  UserIDs: {
    operation: "listUsers",
    id: "UserID",
    name: text("FullName"),
    query: { PageSize: "500" },
    staleTime: STALE.directory,
    width: "w-44",
  },
  PaymentTypeIDs: {
    operation: "listPaymentTypes",
    id: "PaymentTypeID",
    name: (r) => paymentTypeName(r.Name as string | undefined, r.PaymentTypeID as number | undefined),
    query: { PageSize: "500" },
    staleTime: STALE.reference,
    width: "w-36",
  },
  TermIDs: {
    operation: "listInvoiceCreditTerms",
    id: "TermID",
    name: text("Term"),
    query: { PageSize: "500" },
    staleTime: STALE.reference,
    width: "w-32",
  },
  States: {
    operation: "listStates",
    id: "StateAbbreviation",
    name: (r) => `${r.StateName ?? r.StateAbbreviation} (${r.StateAbbreviation})`,
    query: { PageSize: "500" },
    staleTime: STALE.reference,
    width: "w-40",
  },
};
// The v2 purchase list names the same ids in snake_case: its filters pick from the same lists.
LOOKUPS.vendor_ids = LOOKUPS.VendorIDs!;
LOOKUPS.location_ids = LOOKUPS.LocationIDs!;

/** Labels of coded values, by the operation and parameter they belong to. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  "listInvoices.Statuses": Object.fromEntries(Object.entries(INVOICE_STATUSES)),
  "listInvoiceTransactions.Statuses": Object.fromEntries(Object.entries(INVOICE_STATUSES)),
  "listProducts.Statuses": {
    0: "Discontinued",
    1: "Active",
    2: "Pre-order",
    3: "Manufacture",
    4: "Unavailable",
    5: "Close Out",
  },
  "listCustomers.AccountStatuses": { OutOfBus: "Out of Business" },
  "listPurchasesV2.statuses": PURCHASE_STATUS_WORDS,
  "listPurchases.Statuses": PURCHASE_STATUS_WORDS,
};

const LABELS: Record<string, string> = {
  CustomerIDs: "Customers",
  SupplierIDs: "Suppliers",
  ProductIDs: "Products",
  LocationIDs: "Warehouses",
  VendorIDs: "Vendors",
  UserIDs: "Users",
  PaymentTypeIDs: "Payment types",
  TermIDs: "Credit terms",
  InvoiceIDs: "Invoice IDs",
  PurchaseIDs: "Purchase IDs",
  ARAccountIDs: "AR account IDs",
  States: "States",
  Statuses: "Status",
  AccountStatuses: "Account status",
  StartDate: "From",
  EndDate: "To",
  statuses: "Status",
  vendor_ids: "Vendors",
  location_ids: "Warehouses",
  start_date: "From",
  end_date: "To",
  EffectiveDate: "Effective date",
  OnHold: "On hold",
  Active: "Active",
  Roles: "Role",
  BatchCodes: "Batch codes",
  SupplierProductNumbers: "Supplier product numbers",
  ProductGroups: "Product groups",
  PaymentInvoiceNums: "Payment invoice numbers",
  TargetInvoiceNums: "Target invoice numbers",
  purchase_ids: "Purchase IDs (global or ERP)",
};

export type FilterControl =
  | { control: "multi"; options: { value: string; label: string }[] }
  /** `wholeNumbers`: the parameter is an id list (`^\d+(,\d+)*$`), so ids such as the generic payment type's -1 cannot be asked for and are not offered. */
  | { control: "lookup"; lookup: Lookup; wholeNumbers?: boolean }
  | { control: "date" }
  | { control: "boolean" }
  | { control: "text"; placeholder: string };

export interface FilterSpec {
  name: string;
  label: string;
  description?: string;
  /** The API's default, as text, when the parameter is left out ("1" for invoice statuses). */
  defaultValue?: string;
  control: FilterControl;
}

const PAGING = new Set(["Page", "PageSize", "page", "page_size"]);

/**
 * Parameters only Employee keys may set (the documentation's override rights): the Active default of payment types,
 * and inactive vendors. Other keys are not offered them.
 */
const EMPLOYEE_ONLY: Partial<Record<OperationId, readonly string[]>> = {
  listPaymentTypes: ["Active"],
  listVendors: ["Active"],
};

/**
 * The filters of a list operation, from its query parameters: one control per parameter, paging aside, and for a key
 * type that may not set a parameter (`EMPLOYEE_ONLY`), not that one.
 */
export function filtersOf(operation: OperationMeta, only?: readonly string[], keyType?: KeyType): FilterSpec[] {
  const params = operation.query;
  const reserved =
    keyType !== undefined && keyType !== "Employee" ? (EMPLOYEE_ONLY[operation.id as OperationId] ?? []) : [];
  const names = (only ?? Object.keys(params)).filter((n) => params[n] && !PAGING.has(n) && !reserved.includes(n));
  return names.map((name) => {
    const spec = params[name]!;
    const labels = VALUE_LABELS[`${operation.id}.${name}`] ?? {};
    const base = { name, label: LABELS[name] ?? name, description: spec.description, defaultValue: spec.defaultValue };
    if (spec.values)
      return {
        ...base,
        control: { control: "multi", options: spec.values.map((v) => ({ value: v, label: labels[v] ?? v })) },
      };
    if (LOOKUPS[name] && (spec.kind === "id list" || spec.kind === "text list"))
      return {
        ...base,
        control: {
          control: "lookup",
          lookup: LOOKUPS[name]!,
          ...(spec.kind === "id list" ? { wholeNumbers: true } : {}),
        },
      };
    if (spec.kind === "date") return { ...base, control: { control: "date" } };
    if (spec.kind === "boolean") return { ...base, control: { control: "boolean" } };
    return {
      ...base,
      control: {
        control: "text",
        placeholder:
          spec.kind === "id list"
            ? "1,2,3"
            : spec.kind === "purchase id list"
              ? "ERP or global ids"
              : "comma-separated",
      },
    };
  });
}

/** A coded value's label ("1" → "New" for invoice statuses), or the value itself. */
export function valueLabel(operation: OperationId, param: string, value: string): string {
  return VALUE_LABELS[`${operation}.${param}`]?.[value] ?? value;
}
