"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { pushParams } from "@/lib/ui/address";
import { RetailerInventoryList } from "@/components/catalog/retailer-inventory-list";
import { RequestError } from "@/components/table/request-error";
import { EmbeddedList } from "@/components/views/embedded-list";
import { RecordFacts } from "@/components/views/record-facts";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { deliveryDaysText } from "@/lib/domain/delivery/cutoff";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { DeliverySchedule } from "./delivery-schedule";
import { VisitNotes } from "./visit-notes";

interface CustomerDetailProps {
  customerId: number;
  showCreditTerms: boolean;
  /** Whether the key may read retailer inventory (every key type today; asked of the registry by the page). */
  showRetailerInventory: boolean;
}

/**
 * One customer whole: every field the key may see, its delivery schedule with order cut-offs, the workspace's visit
 * notes on it, its shelf inventory with days of cover, credit terms, and prices at a chosen date.
 */
export function CustomerDetail({ customerId, showCreditTerms, showRetailerInventory }: CustomerDetailProps) {
  const params = useSearchParams();
  const effectiveDate = params.get("EffectiveDate") ?? "";
  const customer = useQuery(
    apiQueryOptions(browserApi, { operation: "getCustomer", path: { customerID: customerId } }, STALE.directory),
  );
  if (customer.error)
    return <RequestError error={customer.error} onRetry={() => void customer.refetch()} what="this customer" />;
  const row = customer.data?.records[0];
  if (!row) return <p aria-busy="true">Loading customer {customerId}…</p>;
  const columns = LIST_VIEWS.customers.columns.map((c) =>
    c.id === "DeliveryDays" ? { ...c, text: (r: typeof row) => deliveryDaysText(r.DeliveryDays, "long") } : c,
  );
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{row.CustomerName ?? `Customer ${customerId}`}</h1>
      <StaleNote of={[customer.data]} />
      <RecordFacts row={row} columns={columns} skip={["ProfilePictureURL"]} />
      <DeliverySchedule customerId={customerId} customer={row} />
      <VisitNotes customerId={customerId} />
      {showRetailerInventory && <RetailerInventoryList filter="CustomerIDs" id={customerId} />}
      {showCreditTerms && (
        <EmbeddedList
          name="customerCreditTerms"
          query={{ CustomerIDs: String(customerId) }}
          title="Credit terms"
          href={`/customers/credit-terms?CustomerIDs=${customerId}`}
          columns={["SupplierID", "Term", "TimeUpdated"]}
        />
      )}
      <div className="space-y-2">
        <label className="flex items-center gap-2 text-sm">
          Prices effective on
          <input
            type="date"
            value={effectiveDate}
            onChange={(e) =>
              pushParams((p) => (e.target.value ? p.set("EffectiveDate", e.target.value) : p.delete("EffectiveDate")))
            }
            className="rounded border border-slate-400 bg-white px-2 py-1 dark:bg-slate-900"
          />
          <span className="text-slate-700 dark:text-slate-300">{effectiveDate ? "" : "(today)"}</span>
        </label>
        <EmbeddedList
          name="customerPricing"
          query={{ CustomerIDs: String(customerId), ...(effectiveDate ? { EffectiveDate: effectiveDate } : {}) }}
          title="Pricing"
          href={`/catalog/pricing?CustomerIDs=${customerId}${effectiveDate ? `&EffectiveDate=${effectiveDate}` : ""}`}
          columns={["ProductID", "FullPrice", "Discount", "UnitPrice", "PromotionID", "StartDate", "EndDate"]}
        />
      </div>
    </div>
  );
}
