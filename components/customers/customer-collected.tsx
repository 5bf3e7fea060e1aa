"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { FormStatus, type Outcome } from "@/components/account/form-bits";
import type { CollectFormProps } from "@/components/today/collect-form";
import { CollectedPhoto } from "@/components/today/collected-photo";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { amountsOf } from "@/lib/domain/ar-aging/aging";
import { agingAccounts, customerAgingRequest } from "@/lib/domain/customers/customer-requests";
import { collectedWords, matchWords } from "@/lib/domain/today/collect-words";
import { addDecimals, parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { formatDate, formatMoney } from "@/lib/format/display";
import { may } from "@/lib/session/roles";
import { browserApi } from "@/lib/ui/browser-api";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { queuedWrites } from "@/lib/ui/offline/outbox";
import { useQueuedWrites } from "@/lib/ui/offline/use-outbox";
import { BUTTON } from "@/lib/ui/styles";
import { collectedQueryOptions, collectedUrl } from "@/lib/ui/today/collected-query";

// React's lazy, not next/dynamic: the form and its zod schema come when "Record a collection" is pressed.
const CollectForm = lazy(() => import("@/components/today/collect-form").then((m) => ({ default: m.CollectForm })));

interface CustomerCollectedProps {
  customerId: number;
  name: string | undefined;
  /** The store's sales rep (`SalesRepUserID`): the member linked to that rep records what they collect. */
  salesRepUserId: number | null | undefined;
  /** Whether the key reads the AR aging (which names the store's AR accounts). */
  readsAging: boolean;
}

/**
 * "Collected at the door" on a customer's page, for the store's rep and the distributor's owners, admins and accounts
 * (the sides `POST /api/collections/{id}/collected` takes): what was recorded as collected from the store's AR
 * accounts, newest first, each with where its match to the ERP's payment stands, and "Record a collection", filled
 * with what is over 60 days. Nothing for anyone else.
 */
export function CustomerCollected({ customerId, name, salesRepUserId, readsAging }: CustomerCollectedProps) {
  const scope = useKeyScope();
  const isRep = scope.salesRepUserId != null && scope.salesRepUserId === salesRepUserId;
  const side =
    scope.keyType === "Employee" &&
    (isRep || scope.role === "owner" || scope.role === "admin" || scope.role === "accounts");
  const aging = useQuery({
    ...apiQueryOptions(browserApi, customerAgingRequest(customerId), STALE.working),
    enabled: side && readsAging,
  });
  const rows = aging.data?.records ?? [];
  const accounts = agingAccounts(rows);
  const records = useQueries({
    queries: accounts.map((id) => ({ ...collectedQueryOptions(id), enabled: side })),
  });
  const waiting = useQueuedWrites(queuedWrites);
  if (!side || !readsAging || accounts.length === 0) return null;
  const mayWrite = may(scope.role, { notes: ["write"] });
  const over60 = (id: number) => {
    const amounts = rows.filter((r) => r.ARAccountID === id).map(amountsOf);
    const sum = addDecimals(...amounts.flatMap((a) => [a.buckets["61-90"], a.buckets["91"]]));
    return toDecimalString(parseDecimal(sum) ?? 0n);
  };
  return (
    <section aria-labelledby="customer-collected" className="max-w-3xl space-y-2">
      <h2 id="customer-collected" className="text-lg font-semibold">
        Collected at the door
      </h2>
      {accounts.map((id, i) => {
        const read = records[i];
        const mine = (read?.data ?? []).filter((r) => r.customerId === null || r.customerId === customerId);
        const queued = waiting.filter((w) => w.url === collectedUrl(id));
        return (
          <div key={id} className="space-y-1 text-sm" data-account={id}>
            {accounts.length > 1 && <h3 className="font-semibold">AR account {id}</h3>}
            {read?.error ? (
              <p>What was collected could not be read: reload the page to try again.</p>
            ) : !read?.data ? (
              <p aria-busy="true">Reading what was collected…</p>
            ) : mine.length === 0 ? (
              <p>Nothing recorded as collected from this store.</p>
            ) : (
              <ul className="space-y-1" aria-label={`Collected from ${name ?? `customer ${customerId}`}`}>
                {mine.map((r) => (
                  <li key={r.id} data-collected={r.id} data-status={r.status}>
                    <strong className="tabular-nums">{collectedWords(r)}</strong>
                    {r.deliveryDate ? ` for the delivery of ${formatDate(r.deliveryDate)}` : ""}, by {r.recordedBy}:{" "}
                    {matchWords(r)}
                    <CollectedPhoto record={r} />
                  </li>
                ))}
              </ul>
            )}
            {queued.map((w) => (
              <p key={w.idempotencyKey} role="status">
                {w.label}: saved on this phone, waiting to be sent when you are back online.
              </p>
            ))}
            {mayWrite && (
              <RecordButton
                stop={{
                  arAccountId: id,
                  customerId,
                  customerName: name ?? `customer ${customerId}`,
                  deliveryDate: null,
                }}
                amount={over60(id)}
              />
            )}
          </div>
        );
      })}
    </section>
  );
}

/** "Record a collection", opening the form (its code loaded then). */
function RecordButton({ stop, amount }: { stop: CollectFormProps["stop"]; amount: string }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  return (
    <>
      <FormStatus outcome={outcome} focus={false} />
      {open ? (
        <Suspense fallback={<p role="status">Opening the form…</p>}>
          <CollectForm
            stop={stop}
            amount={parseDecimal(amount) ? amount : ""}
            onDone={(done) => {
              setOutcome(done);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      ) : (
        <button
          type="button"
          onClick={() => {
            setOutcome(undefined);
            setOpen(true);
          }}
          className={`${BUTTON} min-h-11`}
        >
          Record a collection{formatMoney(amount) === "$0.00" ? "" : ` (${formatMoney(amount)} over 60 days)`}
        </button>
      )}
    </>
  );
}
