import type { KeyType } from "@/lib/data-api/operation";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { type FilterSpec, filtersOf } from "@/lib/domain/views/filters";
import { openInvoicesBySupplier } from "./requests";

/**
 * The payments page's filters, from the documented parameters of the lists they narrow, as the filter bar draws them:
 * the suppliers over the whole account (payments, applications, and a Supplier key's open invoices), the payment types
 * over the payments, the target invoice numbers over the applications. The applications' statuses have their own
 * control (the page's from before).
 */
export interface WorkspaceFilterSpecs {
  /** SupplierIDs, above the lists; none when the key has one supplier (there is nothing to narrow). */
  account: FilterSpec[];
  payments: FilterSpec[];
  applications: FilterSpec[];
  /** Whether the suppliers chosen narrow the open invoices too (Supplier keys: the API ignores it for the others). */
  openInvoicesBySupplier: boolean;
}

/**
 * The filters a key is offered. A Supplier key chooses among the suppliers the session holds (no request); one with a
 * single supplier is offered none (its lists are that supplier's already). Employee and Customer keys pick from the
 * suppliers' list, loaded when the list first opens.
 *
 * @example
 * workspaceFilterSpecs("Supplier", [{ id: 101, name: "Mojave Sun" }]).account; // []
 */
export function workspaceFilterSpecs(
  keyType: KeyType,
  suppliersInScope: readonly { id: number; name: string }[] | undefined,
): WorkspaceFilterSpecs {
  const [suppliers] = filtersOf(OPERATION_META.listPayments, ["SupplierIDs"], keyType);
  let account: FilterSpec[] = suppliers ? [suppliers] : [];
  if (keyType === "Supplier" && suppliers) {
    const scoped = [...(suppliersInScope ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    account =
      scoped.length > 1
        ? [
            {
              ...suppliers,
              control: { control: "multi", options: scoped.map((s) => ({ value: String(s.id), label: s.name })) },
            },
          ]
        : [];
  }
  return {
    account,
    payments: filtersOf(OPERATION_META.listPayments, ["PaymentTypeIDs"], keyType),
    applications: filtersOf(OPERATION_META.listPaymentApplications, ["TargetInvoiceNums"], keyType),
    openInvoicesBySupplier: openInvoicesBySupplier(keyType),
  };
}
