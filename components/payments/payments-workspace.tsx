"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useId } from "react";
import { RequestError } from "@/components/table/request-error";
import { pushParams } from "@/lib/ui/address";
import { apiQueryOptions } from "@/lib/ui/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { namesInScope } from "@/lib/ui/key-scope";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { useRefreshNow } from "@/lib/ui/refresh-now";
import { useWatched, type Watched } from "@/lib/ui/payments/use-watched";
import {
  accountOf,
  accountsRequest,
  applicationsRequest,
  customersRequest,
  type OpenInvoice,
  openInvoicesRequest,
  PARAMS,
  paymentOf,
  PAYMENTS_STALE,
  paymentsRequest,
  statusesOf,
} from "@/lib/ui/payments/requests";
import { AllocationForm } from "./allocation-form";
import { type AccountOption, AccountPicker } from "./account-picker";
import { ApplicationsSection } from "./applications-section";
import { OpenInvoicesTable } from "./open-invoices-table";
import { PaymentsTable } from "./payments-table";


/** The accounts of the open invoices, named by their customers, sorted by name. */
function accountOptions(invoices: OpenInvoice[] | undefined, names: Map<number, string>): AccountOption[] {
  const customerOf = new Map<number, number>();
  for (const invoice of invoices ?? []) if (invoice.ARAccountID != null && invoice.CustomerID != null) customerOf.set(invoice.ARAccountID, invoice.CustomerID);
  return [...customerOf.entries()]
    .map(([id, customer]) => ({ id, label: `${names.get(customer) ?? `Customer ${customer}`} (AR account ${id})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The payments workspace of one AR account: its payments and the credit each has left, its open invoices, the
 * allocation form (Customer and Employee keys), and the payment applications with their status. The account, the
 * payment being allocated and the statuses shown live in the address.
 */
export function PaymentsWorkspace({ mayAllocate, anyAccount }: { mayAllocate: boolean; anyAccount: boolean }) {
  const params = useSearchParams();
  const accounts = useQuery(apiQueryOptions(browserApi, accountsRequest, PAYMENTS_STALE));
  const customerIds = (accounts.data?.records ?? []).flatMap((i) => (i.CustomerID != null ? [i.CustomerID] : []));
  // A Customer key's customers are named by the session: only other keys ask the API.
  const inSession = namesInScope(useKeyScope().customers, customerIds);
  const customers = customersRequest(customerIds);
  const names = useQuery({ ...apiQueryOptions(browserApi, customers ?? { operation: "listCustomers" }, PAYMENTS_STALE), enabled: customers !== undefined && !inSession, retry: false });
  const nameOf = new Map<number, string>(inSession);
  for (const c of names.data?.records ?? []) if (c.CustomerID != null && c.CustomerName) nameOf.set(c.CustomerID, c.CustomerName);
  const options = accountOptions(accounts.data?.records, nameOf);
  // A key with one account works in it without choosing.
  const account = accountOf(params) ?? (options.length === 1 ? options[0]!.id : undefined);
  const paymentNum = paymentOf(params);
  // An account the list does not hold (opened by id, or past the first 500 open invoices) is named by its own open
  // invoices' customer: the same request the account's table makes, and one customer.
  const listed = options.find((o) => o.id === account);
  const own = useQuery({ ...apiQueryOptions(browserApi, openInvoicesRequest(account ?? 0), PAYMENTS_STALE), enabled: account !== undefined && !listed });
  const ownCustomer = own.data?.records.find((i) => i.CustomerID != null)?.CustomerID ?? undefined;
  const ownName = useQuery({
    ...apiQueryOptions(browserApi, customersRequest(ownCustomer === undefined ? [] : [ownCustomer]) ?? { operation: "listCustomers" }, PAYMENTS_STALE),
    enabled: !listed && ownCustomer !== undefined,
    retry: false,
  });
  const name = ownName.data?.records[0]?.CustomerName;
  const accountLabel = listed?.label ?? (account === undefined ? "" : name ? `${name} (AR account ${account})` : `AR account ${account}`);

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

  return (
    <div className="space-y-8">
      <AccountPicker options={options} value={account} valueLabel={accountLabel} onChange={setAccount} loading={accounts.isPending} anyAccount={anyAccount} />
      {accounts.error && <RequestError error={accounts.error} onRetry={() => void accounts.refetch()} what="the AR accounts" />}
      {account === undefined ? (
        !accounts.isPending && (
          <p className="rounded border border-slate-300 p-4 text-sm dark:border-slate-700">
            Choose an AR account to see its payments, open invoices and payment applications
            {options.length === 0 ? (anyAccount ? ", or enter its id: no open invoices name one for this key." : ": this key has no open invoices to name one.") : "."}
          </p>
        )
      ) : (
        <Account account={account} accountLabel={accountLabel} paymentNum={paymentNum} onPayment={setPayment} mayAllocate={mayAllocate} statuses={statusesOf(params)} />
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
  statuses,
}: {
  account: number;
  accountLabel: string;
  paymentNum: string | undefined;
  onPayment: (num: string | undefined) => void;
  mayAllocate: boolean;
  statuses: string | undefined;
}) {
  const payments = useQuery(apiQueryOptions(browserApi, paymentsRequest(account), PAYMENTS_STALE));
  // The account's open invoices: from the list of every account's when it holds them all (nothing more to ask),
  // else the account's own request.
  const every = useQuery(apiQueryOptions(browserApi, accountsRequest, PAYMENTS_STALE));
  const whole = every.data !== undefined && !every.data.paging?.hasNextPage;
  const own = useQuery({ ...apiQueryOptions(browserApi, openInvoicesRequest(account), PAYMENTS_STALE), enabled: !whole });
  const invoicesRequest = whole ? accountsRequest : openInvoicesRequest(account);
  const invoices = whole ? { ...every, data: { ...every.data, records: every.data.records.filter((i) => i.ARAccountID === account) } } : own;
  const refreshNow = useRefreshNow();
  // Requests sent from this page and not yet settled: the applications list checks on them.
  const [watching, setWatching, forget] = useWatched(account);
  const payment = paymentNum ? payments.data?.records.find((p) => p.PaymentInvoiceNum === paymentNum) : undefined;
  const ids = { payments: useId(), invoices: useId() };

  const afterSubmit = async (sent: Watched[]) => {
    // The proxy dropped this key's payment answers on the write; these ask again for the payments' credit left (a
    // pending request holds its amount) and the new requests. The open invoices' balances change only when the ERP
    // applies a request: they are read again when one settles (onSettled).
    // Followed only then: the list read again holds the new requests, and their statuses are read from it.
    await refreshNow([paymentsRequest(account), applicationsRequest(account, statuses)]).catch(() => {});
    setWatching((w) => [...w, ...sent.filter((s) => !w.some((x) => x.requestId === s.requestId))]);
  };
  const onSettled = (all: boolean) => {
    // Nothing left to follow: a reload need not ask again.
    if (all) forget();
    void refreshNow([paymentsRequest(account), invoicesRequest]).catch(() => {});
  };

  return (
    <>
      <section aria-labelledby={ids.payments} className="space-y-2">
        <h2 id={ids.payments} className="text-lg font-semibold">
          Payments of {accountLabel}
        </h2>
        {payments.error ? (
          <RequestError error={payments.error} onRetry={() => void payments.refetch()} what="the payments" />
        ) : (
          <PaymentsTable payments={payments.data?.records} loading={payments.isPending} hasMore={payments.data?.paging?.hasNextPage ?? false} selected={paymentNum} onAllocate={mayAllocate ? onPayment : undefined} />
        )}
      </section>

      {mayAllocate && paymentNum && (
        <AllocationForm
          key={`${account}:${paymentNum}`}
          account={account}
          paymentNum={paymentNum}
          payment={payment}
          paymentsLoading={payments.isPending}
          invoices={invoices.data?.records}
          invoicesLoading={invoices.isPending}
          onClose={() => onPayment(undefined)}
          onSubmitted={afterSubmit}
        />
      )}

      <section aria-labelledby={ids.invoices} className="space-y-2">
        <h2 id={ids.invoices} className="text-lg font-semibold">
          Open invoices
        </h2>
        {invoices.error ? (
          <RequestError error={invoices.error} onRetry={() => void invoices.refetch()} what="the open invoices" />
        ) : (
          <OpenInvoicesTable invoices={invoices.data?.records} loading={invoices.isPending} hasMore={invoices.data?.paging?.hasNextPage ?? false} />
        )}
      </section>

      <ApplicationsSection account={account} statuses={statuses} watching={watching} onSettled={onSettled} />
    </>
  );
}

