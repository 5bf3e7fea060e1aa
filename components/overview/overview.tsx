"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId } from "react";
import { accountCustomers, accountInvoices, type AgingAmounts, amountsOf, barScale, BUCKETS, bucketColor, segmentsOf, sumAmounts } from "@/lib/ui/ar-aging/aging";
import { accountInvoicesRequest } from "@/lib/ui/ar-aging/requests";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import type { KeyType } from "@/lib/data-api/operation";
import { addDecimals, compareDecimals } from "@/lib/format/decimal";
import { formatDay, formatMoney } from "@/lib/format/display";
import { type ApiRequest, apiQueryOptions } from "@/lib/ui/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { addDays, isoWeekday, localDay, todayIn } from "@/lib/format/days";
import { deliveryWeekdays, weekdayName } from "@/lib/ui/delivery/cutoff";
import { apiDeliveryDates } from "@/lib/ui/delivery/schedule";
import {
  OVERVIEW_STALE,
  overviewActiveCustomers,
  overviewAging,
  overviewAvailable,
  overviewAwaitingVerification,
  overviewCustomers,
  overviewInventory,
  overviewOnHold,
  overviewOpenInvoices,
  overviewOrders,
  overviewPayments,
  overviewPending,
  overviewStates,
} from "@/lib/ui/overview/requests";
import { INVENTORY_BUCKETS } from "@/lib/data-api/values";

/** The first page, by who is looking: the answers to their first question, each with a link to the whole story. */
export function Overview({ keyType }: { keyType: KeyType }) {
  const title = keyType === "Customer" ? "What you owe, and what is coming" : keyType === "Supplier" ? "Your stock, orders and receivables" : "Today at the distributor";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Overview</h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{title}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">{keyType === "Customer" ? <Retailer /> : keyType === "Supplier" ? <Brand /> : <Staff />}</div>
    </div>
  );
}

function useApi<K extends Parameters<typeof apiQueryOptions>[1]["operation"]>(request: ApiRequest<K>, staleTime: number, enabled = true) {
  return useQuery({ ...apiQueryOptions(browserApi, request, staleTime), enabled });
}

/** A card: a titled section, its body, and a link to the page with everything. */
function Card({
  title,
  href,
  more,
  children,
  query,
  loadingHeight = "h-16",
}: {
  title: string;
  href: string;
  more: string;
  children: React.ReactNode;
  query?: { error: unknown; isPending: boolean; refetch: () => unknown };
  /** The placeholder's height while the card loads: its content's, so the link below does not move when it comes. */
  loadingHeight?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-300 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {query?.error ? (
        <RequestError error={query.error} onRetry={() => void query.refetch()} what={title.toLowerCase()} />
      ) : query?.isPending ? (
        <span className={`skeleton block w-full ${loadingHeight}`} aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`} />
      ) : (
        children
      )}
      <p className="text-sm">
        <Link className="link" href={href as never}>
          {more}
        </Link>
      </p>
    </section>
  );
}

/** The aging buckets as one stacked bar, with every amount also written out below it. */
function AgingBar({ totals, label }: { totals: AgingAmounts; label: string }) {
  const segments = segmentsOf(totals.buckets, barScale([totals.buckets]));
  return (
    <div className="space-y-2">
      <div className="flex h-6 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800" role="img" aria-label={`${label}: ${BUCKETS.map((b) => `${b.label} ${formatMoney(totals.buckets[b.id])}`).join(", ")}`}>
        {segments.map((s) => (
          <span key={s.bucket.id} style={{ width: `${s.width}%`, background: bucketColor(s.bucket) }} />
        ))}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {BUCKETS.map((b) => (
          <div key={b.id} className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: bucketColor(b) }} />
            <dt>{b.label}</dt>
            <dd className="ml-auto tabular-nums">{formatMoney(totals.buckets[b.id])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <p className="text-sm">
      {label} <strong className="block text-2xl tabular-nums" data-testid={testId}>{value}</strong>
    </p>
  );
}

function Retailer() {
  const today = todayIn(useTimeZone());
  const aging = useApi(overviewAging, OVERVIEW_STALE.aging);
  const open = useApi(overviewOpenInvoices, OVERVIEW_STALE.working);
  const customers = useApi(overviewCustomers, OVERVIEW_STALE.directory);
  const accounts = [...new Set((open.data?.records ?? []).flatMap((i) => (i.ARAccountID != null ? [i.ARAccountID] : [])))].sort((a, b) => a - b);
  const payments = useApi(overviewPayments(accounts), OVERVIEW_STALE.working, accounts.length > 0);
  const pending = useApi(overviewPending(accounts), OVERVIEW_STALE.working, accounts.length > 0);

  const totals = sumAmounts((aging.data?.records ?? []).map(amountsOf));
  const invoices = [...(open.data?.records ?? [])].sort((a, b) => (a.DueDate ?? "9999").localeCompare(b.DueDate ?? "9999"));
  const overdue = invoices.filter((i) => i.DueDate && i.DueDate.slice(0, 10) < today);
  const soon = invoices.filter((i) => i.DueDate && i.DueDate.slice(0, 10) >= today && i.DueDate.slice(0, 10) <= addDays(today, 14));
  const credit = addDecimals(...(payments.data?.records ?? []).map((p) => p.AvailableBalance ?? "0"));
  const waiting = pending.data?.records ?? [];
  // Without open invoices there is no account to ask about (and nothing is pending): the card says so with zeros.
  const asked = accounts.length > 0;
  const paymentsState = {
    error: payments.error ?? pending.error,
    isPending: open.isPending || (asked && (payments.isPending || pending.isPending)),
    refetch: () => [payments, pending].forEach((q) => void q.refetch()),
  };
  return (
    <>
      <Card title="What you owe" href="/ar-aging" more="The AR aging report" query={aging}>
        <Figure label="Total outstanding" value={formatMoney(totals.total)} testId="owed-total" />
        <AgingBar totals={totals} label="What you owe by age" />
      </Card>
      <Card title="Invoices due soon" href="/invoices" more="All invoices" query={open}>
        <p className="text-sm">
          <strong>{overdue.length}</strong> overdue ({formatMoney(addDecimals(...overdue.map((i) => i.OpenBalance ?? "0")))}), <strong>{soon.length}</strong> due in the next 14 days.
        </p>
        {soon.length > 0 && (
          <ul className="space-y-1 text-sm">
            {soon.slice(0, 5).map((i) => (
              <li key={i.InvoiceID ?? i.InvoiceNum} className="flex justify-between gap-2">
                <span>
                  {i.InvoiceID != null ? (
                    <Link className="link" href={`/invoices/${i.InvoiceID}`}>
                      {i.InvoiceNum ?? i.InvoiceID}
                    </Link>
                  ) : (
                    i.InvoiceNum
                  )}{" "}
                  due {formatDay(i.DueDate)}
                </span>
                <span className="tabular-nums">{formatMoney(i.OpenBalance)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Payments" href="/payments" more="Allocate a payment's credit" query={paymentsState} loadingHeight="h-21">
        <Figure label="Credit available on payments" value={formatMoney(credit)} testId="credit-available" />
        <p className="text-sm">
          <strong data-testid="pending-requests">{waiting.length}</strong> allocation {waiting.length === 1 ? "request" : "requests"} on the way to the ERP
          {waiting.length ? ` (${formatMoney(addDecimals(...waiting.map((w) => w.Amount ?? "0")))})` : ""}.
        </p>
      </Card>
      <Card title="Next deliveries" href="/delivery-days" more="Delivery days and order cut-offs" query={customers}>
        <ul className="space-y-1 text-sm">
          {(customers.data?.records ?? []).filter((c) => c.AccountStatus !== "OutOfBus").slice(0, 5).map((c) => {
            const dates = apiDeliveryDates(c);
            return (
              <li key={c.CustomerID}>
                <strong>{c.CustomerName}</strong>: {dates.length ? dates.slice(0, 3).map((d) => formatDay(d)).join(" · ") : deliveryWeekdays(c.DeliveryDays).map(weekdayName).join(", ") || "no delivery days"}
              </li>
            );
          })}
        </ul>
      </Card>
    </>
  );
}

function Brand() {
  const available = useApi(overviewAvailable, OVERVIEW_STALE.working);
  const inventory = useApi(overviewInventory, OVERVIEW_STALE.working);
  const orders = useApi(overviewOrders, OVERVIEW_STALE.working);
  const aging = useApi(overviewAging, OVERVIEW_STALE.aging);
  const rows = aging.data?.records ?? [];
  const picked = accountInvoices(rows);
  const namesRequest = accountInvoicesRequest([...picked.keys()].slice(0, 500));
  const names = useQuery({ ...apiQueryOptions(browserApi, namesRequest ?? overviewAging, OVERVIEW_STALE.aging), enabled: namesRequest !== undefined });
  const accounts = accountCustomers(picked, namesRequest ? (names.data?.records as { InvoiceID?: number; CustomerID?: number; CustomerName?: string }[] | undefined) : [], new Map());

  const buckets = new Map<string, number>(INVENTORY_BUCKETS.map((b) => [b, 0]));
  for (const r of available.data?.records ?? []) if (r.InventoryBucket) buckets.set(r.InventoryBucket, (buckets.get(r.InventoryBucket) ?? 0) + 1);
  const out = (available.data?.records ?? []).filter((r) => r.InStock === false || r.InventoryBucket === "Out of Stock").length;
  const most = Math.max(1, ...buckets.values());
  const selling = (inventory.data?.records ?? []).filter((r) => Number(r.AvgDailySales90d ?? 0) > 0 && r.DOI != null);
  const low = selling.filter((r) => Number(r.DOI) < 14).length;
  const dois = selling.map((r) => Number(r.DOI)).sort((a, b) => a - b);
  const median = dois.length ? dois[Math.floor(dois.length / 2)]! : undefined;
  const drafts = (orders.data?.records ?? []).filter((p) => p.status === "InProgress");
  const submitted = (orders.data?.records ?? []).filter((p) => p.status === "Submitted");
  const byAccount = new Map<number, string>();
  for (const r of rows) if (r.ARAccountID != null) byAccount.set(r.ARAccountID, addDecimals(byAccount.get(r.ARAccountID) ?? "0", amountsOf(r).total));
  const top = [...byAccount].sort((a, b) => compareDecimals(b[1], a[1])).slice(0, 5);
  const totals = sumAmounts(rows.map(amountsOf));
  return (
    <>
      <Card title="Stock health" href="/inventory/available" more="Available inventory" query={available}>
        <div className="grid grid-cols-2 gap-4">
          <Figure label="Out of stock (product × warehouse)" value={String(out)} testId="out-of-stock" />
          <Figure label={`Under 14 days of inventory (of ${selling.length} selling)`} value={inventory.isPending ? "…" : String(low)} testId="low-doi" />
        </div>
        {median !== undefined && <p className="text-sm">Median days of inventory: {median.toLocaleString("en-US", { maximumFractionDigits: 1 })}.</p>}
        <table className="data-table" aria-label="Product and warehouse pairs by available-inventory bucket">
          <thead>
            <tr>
              <th scope="col">Available</th>
              <th scope="col" className="numeric">
                Pairs
              </th>
              <th scope="col">
                <span className="sr-only">Share</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...buckets].map(([bucket, n]) => (
              <tr key={bucket}>
                <th scope="row" className="font-normal">
                  {bucket}
                </th>
                <td className="numeric tabular-nums">{n}</td>
                <td className="w-1/2">
                  <span aria-hidden="true" className="block h-3 rounded-sm bg-sky-700 dark:bg-sky-300" style={{ width: `${(n / most) * 100}%` }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {available.data?.paging?.hasNextPage && <p className="text-sm">Counted over the first 500 product and warehouse pairs.</p>}
      </Card>
      <Card title="Purchase orders" href="/purchases" more="All purchases" query={orders}>
        <p className="text-sm">
          <strong data-testid="drafts">{drafts.length}</strong> {drafts.length === 1 ? "draft" : "drafts"} in progress, <strong>{submitted.length}</strong> submitted and waiting for the ERP.
        </p>
        <ul className="space-y-1 text-sm">
          {[...drafts, ...submitted].slice(0, 6).map((p) => (
            <li key={p.purchase_global_id ?? p.po_num}>
              <Link className="link" href={`/purchases/${encodeURIComponent(p.purchase_global_id ?? "")}${p.status === "InProgress" ? "/edit" : ""}`}>
                {p.po_num}
              </Link>{" "}
              {p.status === "InProgress" ? "draft" : "submitted"}, delivery {formatDay(typeof p.delivery_date === "string" ? p.delivery_date : undefined)}
            </li>
          ))}
        </ul>
        <p className="text-sm">
          <Link className="link" href="/purchases/new">
            New purchase order
          </Link>
        </p>
      </Card>
      <Card title="Receivables from your customers" href="/ar-aging" more="The AR aging report" query={aging}>
        <Figure label="Total outstanding" value={formatMoney(totals.total)} testId="receivables-total" />
        <AgingBar totals={totals} label="Receivables by age" />
      </Card>
      <Card title="Top customers by open balance" href="/ar-aging" more="Every account" query={aging}>
        <ol className="list-inside list-decimal space-y-1 text-sm">
          {top.map(([account, total]) => (
            <li key={account}>
              {accounts.get(account)?.name ?? `AR account ${account}`} <span className="float-right tabular-nums">{formatMoney(total)}</span>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}

function Staff() {
  const customers = useApi(overviewActiveCustomers, OVERVIEW_STALE.directory);
  const onHold = useApi(overviewOnHold, OVERVIEW_STALE.directory);
  const awaiting = useApi(overviewAwaitingVerification, OVERVIEW_STALE.working);
  const states = useApi(overviewStates, OVERVIEW_STALE.reference);
  const zone = states.data?.records[0]?.TimeZone ?? "UTC";
  const today = localDay(new Date(), zone);
  const days = [today, addDays(today, 1)].map((day) => ({ day, weekday: isoWeekday(day), count: (customers.data?.records ?? []).filter((c) => deliveryWeekdays(c.DeliveryDays).includes(isoWeekday(day))).length }));
  const partial = customers.data?.paging?.hasNextPage;
  const held = onHold.data?.records ?? [];
  const waiting = awaiting.data?.records ?? [];
  return (
    <>
      <Card title="Deliveries today and tomorrow" href={`/delivery-days?day=${days[1]!.weekday}`} more="Delivery days and order cut-offs" query={customers}>
        <div className="grid grid-cols-2 gap-4">
          {days.map((d, i) => (
            <p key={d.day} className="text-sm">
              {i === 0 ? "Today" : "Tomorrow"}, {weekdayName(d.weekday)} {formatDay(d.day)}
              <Link className="block text-2xl font-bold tabular-nums" href={`/delivery-days?day=${d.weekday}`} data-testid={i === 0 ? "deliveries-today" : "deliveries-tomorrow"}>
                {d.count}
                {partial && d.count > 0 ? "+" : ""}
                <span className="sr-only"> customers</span>
              </Link>
            </p>
          ))}
        </div>
        {partial && <p className="text-sm">Counted over the first 500 active customers; Delivery days counts them all.</p>}
      </Card>
      <Card title="Customers on hold" href="/customers?OnHold=true" more="All customers on hold" query={onHold}>
        <Figure label="On hold" value={`${held.length}${onHold.data?.paging?.hasNextPage ? "+" : ""}`} testId="on-hold" />
        <ul className="space-y-1 text-sm">
          {held.slice(0, 5).map((c) => (
            <li key={c.CustomerID}>
              <Link className="link" href={`/customers/${c.CustomerID}`}>
                {c.CustomerName ?? c.CustomerID}
              </Link>{" "}
              {c.State ?? ""}
            </li>
          ))}
        </ul>
      </Card>
      <Card title="Invoices awaiting verification" href="/invoices?Statuses=5" more="All balanced invoices" query={awaiting}>
        <Figure label="Balanced, not yet verified" value={`${waiting.length}${awaiting.data?.paging?.hasNextPage ? "+" : ""}`} testId="awaiting-verification" />
        <p className="text-sm">Worth {awaiting.data?.paging?.hasNextPage ? "at least " : ""}{formatMoney(addDecimals(...waiting.map((i) => i.InvoiceTotal ?? "0")))}; the end of day verifies them.</p>
      </Card>
    </>
  );
}
