"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { pushParams } from "@/lib/ui/address";
import { RetailerInventoryList } from "@/components/catalog/retailer-inventory-list";
import { RequestError } from "@/components/table/request-error";
import { EmbeddedList } from "@/components/views/embedded-list";
import { RecordFacts } from "@/components/views/record-facts";
import { useTimeZone } from "@/components/shell/providers";
import { todayIn } from "@/lib/format/days";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { deliveryDaysText } from "@/lib/domain/delivery/cutoff";
import { customerSchedule } from "@/lib/domain/delivery/customer-schedule";
import { customerScheduleRequest, statesRequest } from "@/lib/domain/delivery/requests";
import { customerMoney } from "@/lib/domain/customers/customer-money";
import {
  accountOpenInvoicesRequest,
  accountPaymentsRequest,
  agingAccounts,
  customerAgingRequest,
  customerInvoicesRequest,
} from "@/lib/domain/customers/customer-requests";
import { lastOrders } from "@/lib/domain/today/today-cards";
import { embeddedRequest } from "@/lib/domain/views/list-view-spec";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import type { StoreDisputes } from "@/lib/domain/disputes/digest";
import { CustomerCredit, type PageCredit } from "@/components/credit/customer-credit";
import { CustomerCollected } from "./customer-collected";
import { CustomerDisputes } from "./customer-disputes";
import { CustomerPeople } from "./customer-people";
import { CustomerReorders } from "./customer-reorders";
import { CustomerSummary, type CustomerSummaryProps } from "./customer-summary";
import { DeliverySchedule } from "./delivery-schedule";
import { VisitNotes } from "./visit-notes";

/** The lists of the page the key may read (asked of the registry by the page's server). */
export interface CustomerReads {
  aging: boolean;
  openInvoices: boolean;
  payments: boolean;
  invoices: boolean;
  users: boolean;
  creditTerms: boolean;
  retailerInventory: boolean;
}

/** A key that reads none of the lists: the record alone. */
export const NO_READS: CustomerReads = {
  aging: false,
  openInvoices: false,
  payments: false,
  invoices: false,
  users: false,
  creditTerms: false,
  retailerInventory: false,
};

interface CustomerDetailProps {
  customerId: number;
  reads: CustomerReads;
  /** The store's disputes, read by the page's server where the person is a side of them (`pageDisputes`). */
  disputes?: StoreDisputes;
  /** The store's credit, read by the page's server for staff, the store's rep and the store (`pageCredit`). */
  credit?: PageCredit;
}

type CustomerRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof customerQuery>["queryFn"]>>["records"][number]>;

const customerQuery = (customerId: number) =>
  apiQueryOptions(browserApi, { operation: "getCustomer", path: { customerID: customerId } }, STALE.directory);

/**
 * One customer, money first (`CustomerSummary`: standing, what it owes and how late, its open invoices and statement,
 * next delivery and last order), its credit (limit, available, score), its disputes, its reorder requests (staff), then the visit notes with the note box, its people and rep, its delivery schedule,
 * its shelf inventory, credit terms and prices at a chosen date; every field of its record behind "All fields".
 */
export function CustomerDetail({ customerId, reads, disputes, credit }: CustomerDetailProps) {
  const customer = useQuery(customerQuery(customerId));
  const timeZone = useTimeZone();
  if (customer.error)
    return <RequestError error={customer.error} onRetry={() => void customer.refetch()} what="this customer" />;
  const row = customer.data?.records[0];
  if (!row) return <p aria-busy="true">Loading customer {customerId}…</p>;
  const columns = LIST_VIEWS.customers.columns.map((c) =>
    c.id === "DeliveryDays" ? { ...c, text: (r: typeof row) => deliveryDaysText(r.DeliveryDays, "long") } : c,
  );
  return (
    <div className="space-y-6">
      <StaleNote of={[customer.data]} />
      <Summary customerId={customerId} row={row} reads={reads} inDispute={disputes?.open} />
      {credit && <CustomerCredit credit={credit} timeZone={timeZone} />}
      {disputes && <CustomerDisputes customerId={customerId} disputes={disputes} timeZone={timeZone} />}
      <CustomerReorders customerId={customerId} salesRepUserId={row.SalesRepUserID} />
      <CustomerCollected
        customerId={customerId}
        name={row.CustomerName ?? undefined}
        salesRepUserId={row.SalesRepUserID}
        readsAging={reads.aging}
      />
      <VisitNotes customerId={customerId} name={row.CustomerName ?? undefined} />
      <CustomerPeople
        customerId={customerId}
        readsUsers={reads.users}
        rep={{ userId: row.SalesRepUserID, name: row.SalesRepName, email: row.SalesRepEmail, phone: row.SalesRepPhone }}
      />
      <DeliverySchedule customerId={customerId} customer={row} />
      {reads.retailerInventory && <RetailerInventoryList filter="CustomerIDs" id={customerId} />}
      {reads.creditTerms && (
        <EmbeddedList
          name="customerCreditTerms"
          query={{ CustomerIDs: String(customerId) }}
          title="Credit terms"
          href={`/customers/credit-terms?CustomerIDs=${customerId}`}
          columns={["SupplierID", "Term", "TimeUpdated"]}
        />
      )}
      <Pricing customerId={customerId} />
      <details className="space-y-2">
        <summary className="cursor-pointer py-2 text-lg font-semibold sm:py-0">All fields</summary>
        <RecordFacts row={row} columns={columns} skip={["ProfilePictureURL"]} />
      </details>
    </div>
  );
}

/** The summary's data: the aging (then its AR accounts' open invoices and payments), invoices, schedule and terms. */
function Summary({
  customerId,
  row,
  reads,
  inDispute,
}: {
  customerId: number;
  row: CustomerRecord;
  reads: CustomerReads;
  inDispute: string | undefined;
}) {
  const today = todayIn(useTimeZone());
  const aging = useQuery({
    ...apiQueryOptions(browserApi, customerAgingRequest(customerId), STALE.working),
    enabled: reads.aging,
  });
  const accounts = agingAccounts(aging.data?.records ?? []);
  const open = useQuery({
    ...apiQueryOptions(browserApi, accountOpenInvoicesRequest(accounts), STALE.working),
    enabled: reads.openInvoices && accounts.length > 0,
  });
  const payments = useQuery({
    ...apiQueryOptions(browserApi, accountPaymentsRequest(accounts), STALE.working),
    enabled: reads.payments && accounts.length > 0,
  });
  const invoices = useQuery({
    ...apiQueryOptions(browserApi, customerInvoicesRequest(customerId, today), STALE.working),
    enabled: reads.invoices,
  });
  const terms = useQuery({
    ...apiQueryOptions(
      browserApi,
      embeddedRequest(LIST_VIEWS.customerCreditTerms, { CustomerIDs: String(customerId) }),
      STALE.directory,
    ),
    enabled: reads.creditTerms,
  });
  const schedule = useQuery(apiQueryOptions(browserApi, customerScheduleRequest(customerId), STALE.directory));
  const states = useQuery(apiQueryOptions(browserApi, statesRequest, STALE.reference));

  const failed = aging.error ?? open.error ?? payments.error;
  const moneyNote: React.ReactNode = !reads.aging ? (
    <p>This key does not read the AR aging: what the store owes is not shown.</p>
  ) : failed ? (
    <RequestError
      error={failed}
      onRetry={() => void Promise.all([aging.refetch(), open.refetch(), payments.refetch()])}
      what="what the store owes"
    />
  ) : undefined;
  const moneyRead =
    aging.data && (accounts.length === 0 || ((!reads.openInvoices || open.data) && (!reads.payments || payments.data)));
  const money = moneyRead
    ? customerMoney({
        customer: row,
        aging: aging.data!.records,
        openInvoices: reads.openInvoices ? open.data?.records : undefined,
        payments: reads.payments ? payments.data?.records : undefined,
      })
    : undefined;

  const last = invoices.data ? (lastOrders(invoices.data.records).get(customerId) ?? null) : undefined;
  const rule = row.State ? states.data?.records.find((s) => s.StateAbbreviation === row.State) : undefined;
  const scheduleRecord = schedule.data?.records.find((r) => r.CustomerID === customerId) ?? schedule.data?.records[0];
  const next =
    schedule.data && states.data ? customerSchedule(scheduleRecord, rule, new Date()).deliveries[0] : undefined;
  const summary: CustomerSummaryProps = {
    customerId,
    name: row.CustomerName ?? `Customer ${customerId}`,
    onHold: row.OnHold,
    terms:
      reads.creditTerms && terms.data
        ? [...new Set(terms.data.records.flatMap((t) => (t.Term ? [t.Term] : [])))]
        : undefined,
    money,
    moneyNote,
    lastOrder: !reads.invoices
      ? undefined
      : last === undefined
        ? undefined
        : last && {
            day: last.Date.slice(0, 10),
            invoiceNum: last.InvoiceNum ?? undefined,
            invoiceId: last.InvoiceID ?? undefined,
          },
    nextDelivery:
      schedule.data && states.data ? (next ? { ...next, timeZone: rule?.TimeZone ?? "UTC" } : null) : undefined,
    today,
    inDispute,
  };
  return <CustomerSummary {...summary} />;
}

/** The store's prices at a chosen date (today's by default). */
function Pricing({ customerId }: { customerId: number }) {
  const params = useSearchParams();
  const effectiveDate = params.get("EffectiveDate") ?? "";
  return (
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
  );
}
