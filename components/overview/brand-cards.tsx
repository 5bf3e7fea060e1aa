"use client";

import Link from "next/link";
import { formatDay, formatMoney } from "@/lib/format/display";
import { bucketFigure, OUT_OF_STOCK, stockBuckets } from "@/lib/domain/stock/stock-buckets";
import { LOW_DOI_DAYS } from "@/lib/domain/stock/stock-cover";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { FIGURE_PARAM, listHref, wholeList } from "@/lib/domain/views/whole-list";
import { todayIn } from "@/lib/format/days";
import { useTimeZone } from "@/components/shell/providers";
import { type AccountCustomer, accountCustomers } from "@/lib/domain/ar-aging/aging";
import {
  OVERVIEW_STALE,
  overviewAging,
  overviewAvailable,
  overviewInventory,
  ORDERS_QUERY,
  overviewOrders,
  topAccounts,
} from "@/lib/ui/overview/requests";
import { apiQueryKey } from "@/lib/domain/api-query";
import { v2Signal } from "@/lib/ui/purchases/v1-purchases";
import { usePurchasesV2 } from "@/lib/ui/purchases/v2-context";
import { Card, Figure } from "./card";
import { useApi, useWalk } from "./use-api";

/** The list figure of the rows under the overview's days of inventory. */
const LOW_FIGURE = `under-${LOW_DOI_DAYS}-days`;

// A brand's overview, one component per card: each streams in with its own data.

export function StockCard() {
  const today = todayIn(useTimeZone());
  const available = useWalk(overviewAvailable, OVERVIEW_STALE.working);
  const inventory = useWalk(overviewInventory, OVERVIEW_STALE.working);
  // One count per figure, each the count of the list it opens (`wholeList` of the same walk and figure): the Out of
  // Stock row of the table is the out-of-stock figure (`stockBuckets`).
  const buckets = stockBuckets(available.data?.records ?? []);
  const out = buckets.get(OUT_OF_STOCK) ?? 0;
  const most = Math.max(1, ...buckets.values());
  const stock = inventory.data ?? { records: [], complete: true };
  const counted = (figure: string) => wholeList(LIST_VIEWS.inventory, { [FIGURE_PARAM]: figure }, stock, today);
  const selling = counted("sold-90-days");
  const low = counted(LOW_FIGURE);
  const dois = selling.rows.map((r) => Number(r.DOI)).sort((a, b) => a - b);
  const median = dois.length ? dois[Math.floor(dois.length / 2)]! : undefined;
  const atLeast = (complete: boolean | undefined) => (complete === false ? "at least " : "");
  return (
    <Card card="stock" query={available} also={[inventory.data]}>
      <div className="grid grid-cols-2 gap-4">
        <Figure
          label="Out of stock"
          value={`${atLeast(available.data?.complete)}${out}`}
          testId="out-of-stock"
          figure="out-of-stock"
          href={listHref("/inventory/available", {}, bucketFigure(OUT_OF_STOCK))}
          counts="Product and warehouse pairs with nothing available now: the Out of Stock bucket of available inventory."
        />
        <Figure
          label={`Under ${LOW_DOI_DAYS} days of inventory`}
          value={inventory.isPending ? "…" : `${atLeast(stock.complete)}${low.count}`}
          testId="low-doi"
          figure="stock-low-cover"
          href={listHref("/inventory", {}, LOW_FIGURE)}
          counts={`Of the ${atLeast(stock.complete)}${selling.count} warehouse stock rows that sold in the last 90 days, those whose stock covers under ${LOW_DOI_DAYS} days of sales.`}
        />
      </div>
      <p className="text-sm">
        <Link
          data-figure="stock-sold-90-days"
          className="link"
          href={listHref("/inventory", {}, "sold-90-days") as never}
          data-testid="sold-90-days"
        >
          {atLeast(stock.complete)}
          {selling.count} stock {selling.count === 1 ? "row" : "rows"} sold in the last 90 days
        </Link>
        {median !== undefined && (
          <>; median days of inventory: {median.toLocaleString("en-US", { maximumFractionDigits: 1 })}</>
        )}
        .
      </p>
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
              <td className="numeric tabular-nums">
                <Link
                  className="link"
                  href={listHref("/inventory/available", {}, bucketFigure(bucket)) as never}
                  data-testid={`bucket-${bucketFigure(bucket)}`}
                >
                  {n}
                </Link>
              </td>
              <td className="w-1/2">
                <span
                  aria-hidden="true"
                  className="block h-3 rounded-sm bg-sky-700 dark:bg-sky-300"
                  style={{ width: `${(n / most) * 100}%` }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {available.data?.complete === false && (
        <p className="text-sm">Counted over the first {available.data.records.length} product and warehouse pairs.</p>
      )}
    </Card>
  );
}

export function OrdersCard() {
  // Drafts and submitted orders are v2's alone: without v2 (or once this very read finds it missing) nothing is asked.
  const v2 = usePurchasesV2();
  const today = todayIn(useTimeZone());
  const orders = useWalk(overviewOrders, OVERVIEW_STALE.working, v2);
  if (!v2 || v2Signal(apiQueryKey(overviewOrders), orders.error) === "missing") {
    return (
      <Card card="orders">
        <p className="text-sm">
          Drafts and orders submitted through the API need the v2 purchase endpoints, which are not in use for this
          service. The purchases the ERP has posted are under All purchases.
        </p>
      </Card>
    );
  }
  const walked = orders.data ?? { records: [], complete: true };
  const of = (figure: "drafts" | "submitted") =>
    wholeList(LIST_VIEWS.purchases, { ...ORDERS_QUERY, [FIGURE_PARAM]: figure }, walked, today);
  const drafts = of("drafts");
  const submitted = of("submitted");
  const atLeast = walked.complete ? "" : "at least ";
  return (
    <Card card="orders" query={orders}>
      <p className="text-sm">
        <Link
          data-figure="orders-drafts"
          className="link font-bold"
          href={listHref("/purchases", ORDERS_QUERY, "drafts") as never}
          data-testid="drafts"
        >
          {atLeast}
          {drafts.count}
        </Link>{" "}
        {drafts.count === 1 ? "draft" : "drafts"} in progress,{" "}
        <Link
          data-figure="orders-submitted"
          className="link font-bold"
          href={listHref("/purchases", ORDERS_QUERY, "submitted") as never}
          data-testid="submitted"
        >
          {atLeast}
          {submitted.count}
        </Link>{" "}
        submitted and waiting for the ERP.
      </p>
      <ul className="space-y-1 text-sm">
        {[...drafts.rows, ...submitted.rows].slice(0, 6).map((p) => (
          <li key={p.purchase_global_id ?? p.po_num}>
            <Link
              className="link"
              href={`/purchases/${encodeURIComponent(p.purchase_global_id ?? "")}${p.status === "InProgress" ? "/edit" : ""}`}
            >
              {p.po_num}
            </Link>{" "}
            {p.status === "InProgress" ? "draft" : "submitted"}, delivery{" "}
            {formatDay(typeof p.delivery_date === "string" ? p.delivery_date : undefined)}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <Link className="link" href="/purchases/new">
          New purchase order
        </Link>
      </p>
    </Card>
  );
}

export function TopCustomersCard() {
  const aging = useWalk(overviewAging, OVERVIEW_STALE.aging);
  const rows = aging.data?.records ?? [];
  const { top, invoices, namesRequest } = topAccounts(rows);
  // The accounts' names, from one invoice of each (the aging names accounts, not customers).
  const names = useApi(namesRequest ?? overviewAging, OVERVIEW_STALE.aging, namesRequest !== undefined);
  const accounts = accountCustomers(
    invoices,
    namesRequest
      ? (names.data?.records as { InvoiceID?: number; CustomerID?: number; CustomerName?: string }[] | undefined)
      : [],
    new Map(),
  );
  return (
    <Card card="topCustomers" query={aging} also={[names.data]}>
      <ol className="list-inside list-decimal space-y-1 text-sm" data-figure="top-customers">
        {top.map(([account, total]) => (
          <li key={account}>
            <AccountName account={account} customer={accounts.get(account)} />{" "}
            <span className="float-right tabular-nums">{formatMoney(total)}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** An AR account by its customer's name, linked to the customer's page when the invoices named the customer. */
function AccountName({ account, customer }: { account: number; customer: AccountCustomer | undefined }) {
  if (!customer) return <>AR account {account}</>;
  return customer.customerId !== undefined ? (
    <Link className="link" href={`/customers/${customer.customerId}`}>
      {customer.name}
    </Link>
  ) : (
    <>{customer.name}</>
  );
}
