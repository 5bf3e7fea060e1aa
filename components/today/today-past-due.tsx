"use client";

import type { OverdueAccount } from "@/lib/domain/today/today";
import { pastDueSteps } from "@/lib/domain/today/today-balances";
import { formatDay, formatMoney } from "@/lib/format/display";
import { AccountCard } from "./account-card";
import { type LastNote, TODAY_GRID } from "./today-cards";
import { TodaySection } from "./today-section";

interface TodayPastDueProps {
  overdue: OverdueAccount[];
  /** The aging's close, when a row says. */
  agingAsOf: string | undefined;
  lastNote: LastNote;
}

/**
 * An AR account's past-due amounts, the oldest bucket first (`pastDueSteps`): "$2,104.18 over 90 days" where all of it
 * is; "$100.00 over 90 days, $300.00 over 60, $500.00 over 30" where it is spread.
 */
function AgingRow({ account: o }: { account: OverdueAccount }) {
  return (
    <span data-testid="aging-row">
      {pastDueSteps(o).map((step, i) => (
        <span key={step.days}>
          {i > 0 && ", "}
          <strong className="tabular-nums">{formatMoney(step.amount)}</strong> over {step.days}
          {i === 0 && " days"}
        </span>
      ))}
    </span>
  );
}

/**
 * The AR accounts with balances more than 30 days past due, the oldest first: a store's own account is its card with
 * the aging row for figures; an account several stores share says its row and its number, then its stores' cards.
 */
export function TodayPastDue({ overdue, agingAsOf, lastNote }: TodayPastDueProps) {
  return (
    <TodaySection
      title="Past due"
      count={overdue.length}
      empty="Nothing more than 30 days past due."
      note={agingAsOf ? `Over 30 days past due at the close of ${formatDay(agingAsOf)}, the oldest first.` : undefined}
      what="accounts past due"
    >
      {(limit) => (
        <ul className={TODAY_GRID} aria-label="Accounts past due">
          {overdue.slice(0, limit).map((o) => (
            <li key={o.arAccountId} className="min-w-0 space-y-2">
              {o.cards.length === 1 ? (
                <AccountCard
                  card={o.cards[0]!}
                  note={lastNote(o.cards[0]!.customerId)}
                  kind="line"
                  figures={<AgingRow account={o} />}
                />
              ) : (
                <>
                  <p className="text-sm">
                    <AgingRow account={o} />{" "}
                    <span className="text-slate-700 dark:text-slate-300">(AR account {o.arAccountId})</span>
                  </p>
                  {o.cards.map((card) => (
                    <AccountCard key={card.customerId} card={card} note={lastNote(card.customerId)} kind="line" />
                  ))}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </TodaySection>
  );
}
