"use client";

import Link from "next/link";
import { formatDay, formatMoney } from "@/lib/format/display";
import { OUT_OF_STOCK, stockBuckets } from "@/lib/domain/stock/stock-buckets";
import { type AccountCustomer, accountCustomers } from "@/lib/domain/ar-aging/aging";
import {
  OVERVIEW_STALE,
  overviewAging,
  overviewAvailable,
  overviewInventory,
  overviewOrders,
  topAccounts,
} from "@/lib/ui/overview/requests";
import { apiQueryKey } from "@/lib/domain/api-query";
import { v2Signal } from "@/lib/ui/purchases/v1-purchases";
import { usePurchasesV2 } from "@/lib/ui/purchases/v2-context";
import { Card, Figure } from "./card";
import { useApi } from "./use-api";

// A brand's overview, one component per card: each streams in with its own data.

export function StockCard() {
  const available = useApi(overviewAvailable, OVERVIEW_STALE.working);
  const inventory = useApi(overviewInventory, OVERVIEW_STALE.working);
  // One count: the figure is its table's Out of Stock row (`stockBuckets`), and the list it opens keeps the same pairs.
  const buckets = stockBuckets(available.data?.records ?? []);
  const out = buckets.get(OUT_OF_STOCK) ?? 0;
  const most = Math.max(1, ...buckets.values());
  const selling = (inventory.data?.records ?? []).filter((r) => Number(r.AvgDailySales90d ?? 0) > 0 && r.DOI != null);
  const low = selling.filter((r) => Number(r.DOI) < 14).length;
  const dois = selling.map((r) => Number(r.DOI)).sort((a, b) => a - b);
  const median = dois.length ? dois[Math.floor(dois.length / 2)]! : undefined;
  return (
    <Card card="stock" query={available} also={[inventory.data]}>
      <div className="grid grid-cols-2 gap-4">
        <Figure
          label="Out of stock"
          value={String(out)}
          testId="out-of-stock"
          counts="Product and warehouse pairs with nothing available now: the Out of Stock bucket of available inventory."
        />
        <Figure
          label="Under 14 days of inventory"
          value={inventory.isPending ? "…" : String(low)}
          testId="low-doi"
          counts={`Of the ${selling.length} warehouse stock rows that sold in the last 90 days, those whose stock covers under 14 days of sales.`}
        />
      </div>
      {median !== undefined && (
        <p className="text-sm">
          Median days of inventory: {median.toLocaleString("en-US", { maximumFractionDigits: 1 })}.
        </p>
      )}
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
      {available.data?.paging?.hasNextPage && (
        <p className="text-sm">Counted over the first 500 product and warehouse pairs.</p>
      )}
    </Card>
  );
}

export function OrdersCard() {
  // Drafts and submitted orders are v2's alone: without v2 (or once this very read finds it missing) nothing is asked.
  const v2 = usePurchasesV2();
  const orders = useApi(overviewOrders, OVERVIEW_STALE.working, v2);
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
  const drafts = (orders.data?.records ?? []).filter((p) => p.status === "InProgress");
  const submitted = (orders.data?.records ?? []).filter((p) => p.status === "Submitted");
  return (
    <Card card="orders" query={orders}>
      <p className="text-sm">
        <strong data-testid="drafts">{drafts.length}</strong> {drafts.length === 1 ? "draft" : "drafts"} in progress,{" "}
        <strong>{submitted.length}</strong> submitted and waiting for the ERP.
      </p>
      <ul className="space-y-1 text-sm">
        {[...drafts, ...submitted].slice(0, 6).map((p) => (
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
  const aging = useApi(overviewAging, OVERVIEW_STALE.aging);
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
      <ol className="list-inside list-decimal space-y-1 text-sm">
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
