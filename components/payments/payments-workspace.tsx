"use client";

import { StaleNote } from "@/components/table/stale-note";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useId } from "react";
import { FilterBar } from "@/components/table/filter-bar";
import { RequestError } from "@/components/table/request-error";
import { WholeTableToggle } from "@/components/table/whole-table";
import { pushParams } from "@/lib/ui/address";
import { apiQueryOptions } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { namesInScope } from "@/lib/domain/key-scope";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { useRefreshNow } from "@/lib/ui/refresh-now";
import { useWatched, type Watched } from "@/lib/ui/payments/use-watched";
import { type WorkspaceFilterSpecs, workspaceFilterSpecs } from "@/lib/ui/payments/filters";
import {
  accountOf,
  accountRequests,
  accountsRequest,
  customersRequest,
  type OpenInvoice,
  openInvoicesRequest,
  outstandingRequest,
  PARAMS,
  paymentOf,
  PAYMENTS_STALE,
  type WorkspaceFilters,
  workspaceFiltersOf,
} from "@/lib/ui/payments/requests";
import type { FilterSpec } from "@/lib/domain/views/filters";
import { AllocationForm } from "./allocation-form";
import { type AccountOption, AccountPicker } from "./account-picker";
import { ApplicationsSection } from "./applications-section";
import { OpenInvoicesTable } from "./open-invoices-table";
import { PaymentsTable } from "./payments-table";

/** The accounts of the open invoices, named by their customers, sorted by name. */
function accountOptions(invoices: OpenInvoice[] | undefined, names: Map<number, string>): AccountOption[] {
  const customerOf = new Map<number, number>();
  for (const invoice of invoices ?? [])
    if (invoice.ARAccountID != null && invoice.CustomerID != null)
      customerOf.set(invoice.ARAccountID, invoice.CustomerID);
  return [...customerOf.entries()]
    .map(([id, customer]) => ({ id, label: `${names.get(customer) ?? `Customer ${customer}`} (AR account ${id})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** No filter of the page has an API default: an empty one shows everything. */
const noDefault = () => undefined;

/**
 * Sets a filter of the page in the address (the account stays named there). A filter of the payments closes the
 * allocation form: the payment being allocated may no longer be listed.
 */
function setFilter(account: number | undefined, name: string, value: string | undefined) {
  pushParams((p) => {
    if (account !== undefined) p.set(PARAMS.account, String(account));
    if (value === undefined) p.delete(name);
    else p.set(name, value);
    if (name !== PARAMS.targets && name !== PARAMS.statuses) p.delete(PARAMS.payment);
  });
}

/** A filter bar over some of the page's filters, its values read from the address. */
function Filters({
  specs,
  label,
  params,
  account,
}: {
  specs: FilterSpec[];
  label: string;
  params: URLSearchParams;
  account: number | undefined;
}) {
  if (specs.length === 0) return null;
  const values = Object.fromEntries(specs.map((f) => [f.name, params.get(f.name) ?? undefined]));
  return (
    <FilterBar
      filters={specs}
      values={values}
      label={label}
      onChange={(name, value) => setFilter(account, name, value)}
      defaultLabel={noDefault}
    />
  );
}

/**
 * The payments workspace of one AR account: its payments and the credit each has left, its open invoices, the
 * allocation form (Customer and Employee keys), and the payment applications with their status. The account, the
 * payment being allocated and the filters of the lists live in the address.
 */
export function PaymentsWorkspace({ mayAllocate, anyAccount }: { mayAllocate: boolean; anyAccount: boolean }) {
  const params = useSearchParams();
  const scope = useKeyScope();
  const accounts = useQuery(apiQueryOptions(browserApi, accountsRequest, PAYMENTS_STALE));
  const customerIds = (accounts.data?.records ?? []).flatMap((i) => (i.CustomerID != null ? [i.CustomerID] : []));
  // A Customer key's customers are named by the session: only other keys ask the API.
  const inSession = namesInScope(scope.customers, customerIds);
  const customers = customersRequest(customerIds);
  const names = useQuery({
    ...apiQueryOptions(browserApi, customers ?? { operation: "listCustomers" }, PAYMENTS_STALE),
    enabled: customers !== undefined && !inSession,
    retry: false,
  });
  const nameOf = new Map<number, string>(inSession);
  for (const c of names.data?.records ?? [])
    if (c.CustomerID != null && c.CustomerName) nameOf.set(c.CustomerID, c.CustomerName);
  const options = accountOptions(accounts.data?.records, nameOf);
  // A key with one account works in it without choosing.
  const account = accountOf(params) ?? (options.length === 1 ? options[0]!.id : undefined);
  const paymentNum = paymentOf(params);
  // An account the list does not hold (opened by id, or past the first 500 open invoices) is named by its own open
  // invoices' customer: the same request the account's table makes, and one customer.
  const listed = options.find((o) => o.id === account);
  const own = useQuery({
    ...apiQueryOptions(browserApi, openInvoicesRequest(account ?? 0), PAYMENTS_STALE),
    enabled: account !== undefined && !listed,
  });
  const ownCustomer = own.data?.records.find((i) => i.CustomerID != null)?.CustomerID ?? undefined;
  const ownName = useQuery({
    ...apiQueryOptions(
      browserApi,
      customersRequest(ownCustomer === undefined ? [] : [ownCustomer]) ?? { operation: "listCustomers" },
      PAYMENTS_STALE,
    ),
    enabled: !listed && ownCustomer !== undefined,
    retry: false,
  });
  const name = ownName.data?.records[0]?.CustomerName;
  const accountLabel =
    listed?.label ?? (account === undefined ? "" : name ? `${name} (AR account ${account})` : `AR account ${account}`);

  const setAccount = (id: number | undefined) =>
    pushParams((p) => {
      if (id === undefined) p.delete(PARAMS.account);
      else p.set(PARAMS.account, String(id));
      p.delete(PARAMS.payment);
    });
  const setPayment = (num: string | undefined) =>
    pushParams((p) => {
      if (account !== undefined) p.set(PARAMS.account, String(account));
      if (num === undefined) p.delete(PARAMS.payment);
      else p.set(PARAMS.payment, num);
    });

  const specs = workspaceFilterSpecs(scope.keyType, scope.suppliers);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
        <AccountPicker
          options={options}
          value={account}
          valueLabel={accountLabel}
          onChange={setAccount}
          loading={accounts.isPending}
          anyAccount={anyAccount}
        />
        <Filters specs={specs.account} label="Filters of the account's lists" params={params} account={account} />
      </div>
      {accounts.error && (
        <RequestError error={accounts.error} onRetry={() => void accounts.refetch()} what="the AR accounts" />
      )}
      {account === undefined ? (
        !accounts.isPending && (
          <p className="rounded border border-slate-300 p-4 text-sm dark:border-slate-700">
            Choose an AR account to see its payments, open invoices and payment applications
            {options.length === 0
              ? anyAccount
                ? ", or enter its id: no open invoices name one for this key."
                : ": this key has no open invoices to name one."
              : "."}
          </p>
        )
      ) : (
        <Account
          account={account}
          accountLabel={accountLabel}
          paymentNum={paymentNum}
          onPayment={setPayment}
          mayAllocate={mayAllocate}
          filters={workspaceFiltersOf(params)}
          specs={specs}
          params={params}
        />
      )}
    </div>
  );
}

function Account({
  account,
  accountLabel,
  paymentNum,
  onPayment,
  mayAllocate,
  filters,
  specs,
  params,
}: {
  account: number;
  accountLabel: string;
  paymentNum: string | undefined;
  onPayment: (num: string | undefined) => void;
  mayAllocate: boolean;
  filters: WorkspaceFilters;
  specs: WorkspaceFilterSpecs;
  params: URLSearchParams;
}) {
  const requests = accountRequests(account, filters, useKeyScope().keyType);
  const payments = useQuery(apiQueryOptions(browserApi, requests.payments, PAYMENTS_STALE));
  // The account's open invoices: from the list of every account's when it holds them all (nothing more to ask) and
  // no supplier narrows them, else the account's own request.
  const bySupplier = specs.openInvoicesBySupplier && filters.suppliers !== undefined;
  const every = useQuery(apiQueryOptions(browserApi, accountsRequest, PAYMENTS_STALE));
  const whole = every.data !== undefined && !every.data.paging?.hasNextPage && !bySupplier;
  const own = useQuery({ ...apiQueryOptions(browserApi, requests.openInvoices, PAYMENTS_STALE), enabled: !whole });
  const invoicesRequest = whole ? accountsRequest : requests.openInvoices;
  const invoices = whole
    ? { ...every, data: { ...every.data, records: every.data.records.filter((i) => i.ARAccountID === account) } }
    : own;
  const refreshNow = useRefreshNow();
  // Requests sent from this page and not yet settled: the applications list checks on them.
  const [watching, setWatching, forget] = useWatched(account);
  const payment = paymentNum ? payments.data?.records.find((p) => p.PaymentInvoiceNum === paymentNum) : undefined;
  const ids = { payments: useId(), invoices: useId() };

  const afterSubmit = async (sent: Watched[]) => {
    // After each send, every figure the form shows is read again: the payments' credit left (a pending request holds
    // its amount), the open balances (the ERP may have applied another request meanwhile), what is requested toward
    // each, and the new requests. Followed only then: the list read again holds the new requests, and their statuses
    // are read from it.
    await refreshNow([requests.payments, invoicesRequest, outstandingRequest(account), requests.applications]).catch(
      () => {},
    );
    setWatching((w) => [...w, ...sent.filter((s) => !w.some((x) => x.requestId === s.requestId))]);
  };
  const onSettled = (all: boolean) => {
    // Nothing left to follow: a reload need not ask again.
    if (all) forget();
    void refreshNow([requests.payments, invoicesRequest, outstandingRequest(account)]).catch(() => {});
  };

  return (
    <>
      <WholeTableToggle tables />
      <section aria-labelledby={ids.payments} className="space-y-2">
        <h2 id={ids.payments} className="text-lg font-semibold">
          Payments of {accountLabel}
        </h2>
        <StaleNote of={[payments.data]} />
        <Filters specs={specs.payments} label="Filters of the payments" params={params} account={account} />
        {payments.error ? (
          <RequestError error={payments.error} onRetry={() => void payments.refetch()} what="the payments" />
        ) : (
          <PaymentsTable
            payments={payments.data?.records}
            loading={payments.isPending}
            hasMore={payments.data?.paging?.hasNextPage ?? false}
            selected={paymentNum}
            onAllocate={mayAllocate ? onPayment : undefined}
            filtered={filters.suppliers !== undefined || filters.paymentTypes !== undefined}
          />
        )}
      </section>

      {mayAllocate && paymentNum && (
        <AllocationForm
          key={`${account}:${paymentNum}`}
          account={account}
          paymentNum={paymentNum}
          payment={payment}
          paymentsLoading={payments.isPending}
          paymentsFiltered={filters.suppliers !== undefined || filters.paymentTypes !== undefined}
          invoices={invoices.data?.records}
          invoicesLoading={invoices.isPending}
          sources={{ payments: requests.payments, invoices: invoicesRequest }}
          onClose={() => onPayment(undefined)}
          onSubmitted={afterSubmit}
        />
      )}

      <section aria-labelledby={ids.invoices} className="space-y-2">
        <h2 id={ids.invoices} className="text-lg font-semibold">
          Open invoices
        </h2>
        <StaleNote of={[invoices.data]} />
        {filters.suppliers !== undefined && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {bySupplier
              ? "Narrowed to the suppliers chosen."
              : "Of every supplier: the Data API narrows open invoices by supplier for Supplier keys only."}
          </p>
        )}
        {invoices.error ? (
          <RequestError error={invoices.error} onRetry={() => void invoices.refetch()} what="the open invoices" />
        ) : (
          <OpenInvoicesTable
            invoices={invoices.data?.records}
            loading={invoices.isPending}
            hasMore={invoices.data?.paging?.hasNextPage ?? false}
            filtered={bySupplier}
          />
        )}
      </section>

      <ApplicationsSection
        account={account}
        filters={filters}
        request={requests.applications}
        watching={watching}
        onSettled={onSettled}
      >
        <Filters
          specs={specs.applications}
          label="Filters of the payment applications"
          params={params}
          account={account}
        />
      </ApplicationsSection>
    </>
  );
}
