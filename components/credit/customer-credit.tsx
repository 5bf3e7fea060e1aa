"use client";

import Link from "next/link";
import { lazy, Suspense, useState } from "react";
import type { CreditView } from "@/lib/domain/credit/view";
import { formatDay } from "@/lib/format/display";
import { creditHref } from "@/lib/ui/credit/links";
import { AvailableLine, ScoreFigure, ScoreTable, UsedBar, UsedBy } from "./credit-figures";
import { LimitHistory } from "./limit-history";
import { BUTTON } from "@/lib/ui/styles";

// The limit's form (react-hook-form, zod's schema) comes when staff press its button: a customer's page is read far
// more than its limit is set. React's lazy, not next/dynamic (whose runtime adds to the first load).
const LimitForm = lazy(() => import("./limit-form").then((m) => ({ default: m.LimitForm })));

/** What the customer page's server read of the store's credit. */
export type PageCredit =
  | { state: "shown"; view: CreditView; maySet: boolean }
  /** The staff's collections list is still being read: the account's balance is not known yet. */
  | { state: "pending" }
  /** The store's account is not in the key's snapshot (yet), or the API could not answer. */
  | { state: "unknown"; why: string };

interface CustomerCreditProps {
  credit: PageCredit;
  timeZone?: string;
}

/**
 * "Credit" on a store's page, for the distributor's staff, the store's rep and the store: what is available of its
 * limit, what uses it (the balance and the open reorder lists), the payment-reliability score with its four parts and
 * a link to the full view; staff who may (owners, admins, accounts) set or remove the limit, with its history.
 */
export function CustomerCredit({ credit, timeZone }: CustomerCreditProps) {
  const [answered, setAnswered] = useState<CreditView | null>(null);
  const [editing, setEditing] = useState(false);
  const view = answered ?? (credit.state === "shown" ? credit.view : null);
  return (
    <section aria-labelledby="customer-credit" className="max-w-3xl space-y-3" data-testid="customer-credit">
      <div className="flex flex-wrap items-center gap-x-3">
        <h2 id="customer-credit" className="text-lg font-semibold">
          Credit
        </h2>
        {view && (
          <Link href={creditHref(view.arAccountId)} className="link inline-flex min-h-11 items-center text-sm">
            The full view<span className="sr-only"> of the credit of AR account {view.arAccountId}</span>
          </Link>
        )}
      </div>
      {credit.state === "pending" && (
        <p role="status" className="text-sm">
          The collections list is being read: the credit shows once the AR aging is in.
        </p>
      )}
      {credit.state === "unknown" && <p className="text-sm">{credit.why}</p>}
      {view && (
        <>
          <div className="space-y-2">
            <AvailableLine view={view} />
            <UsedBar view={view} />
            <p className="text-xs text-slate-700 dark:text-slate-300">
              AR account {view.arAccountId}
              {view.asOf ? ` · balance as of the aging's close ${formatDay(view.asOf)}` : ""}
            </p>
          </div>
          <UsedBy view={view} />
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <ScoreFigure reliability={view.reliability} />
            {view.reliability && view.reliability.score !== null && (
              <ScoreTable components={view.reliability.components} caption="The score's four parts" />
            )}
          </div>
          {credit.state === "shown" && credit.maySet && (
            <div className="space-y-2">
              {editing ? (
                <Suspense
                  fallback={<span role="status" aria-label="Opening the form" className="skeleton block h-28 w-full" />}
                >
                  <LimitForm arAccountId={view.arAccountId} limit={view.limit} onSaved={setAnswered} />
                </Suspense>
              ) : (
                <button type="button" className={`${BUTTON} min-h-11`} onClick={() => setEditing(true)}>
                  {view.limit === null ? "Set a credit limit…" : "Change the credit limit…"}
                </button>
              )}
              <details>
                <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium">
                  History of the limit
                </summary>
                <LimitHistory history={view.history} timeZone={timeZone} />
              </details>
            </div>
          )}
          {credit.state === "shown" && !credit.maySet && view.side !== "store" && view.history.length > 0 && (
            <details>
              <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium">
                History of the limit
              </summary>
              <LimitHistory history={view.history} timeZone={timeZone} />
            </details>
          )}
        </>
      )}
    </section>
  );
}
