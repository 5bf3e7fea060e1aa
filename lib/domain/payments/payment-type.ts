import { MISSING, SUPPLIER_CREDIT } from "@/lib/format/display";

/** The documentation's shared generic payment type, which the live service names `SupplierCredit`. */
export const GENERIC_PAYMENT_TYPE_ID = -1;

/**
 * A payment type's name as a person reads it, wherever one is shown (a payment's PaymentTypeName, a payment type's
 * Name, the PaymentTypeIDs filter's names): the live service's `SupplierCredit` (PaymentTypeID -1) reads "Supplier
 * credit", as does a -1 sent without its name; any other name as sent; no name, MISSING.
 *
 * @example
 * paymentTypeName("SupplierCredit", -1); // "Supplier credit"
 * paymentTypeName(undefined, -1); // "Supplier credit"
 * paymentTypeName("Check/ACH", 20); // "Check/ACH"
 */
export function paymentTypeName(name: string | null | undefined, id?: number | null): string {
  const text = name?.trim();
  if (text?.toLowerCase() === "suppliercredit") return SUPPLIER_CREDIT;
  if (text) return name!;
  return id === GENERIC_PAYMENT_TYPE_ID ? SUPPLIER_CREDIT : MISSING;
}
