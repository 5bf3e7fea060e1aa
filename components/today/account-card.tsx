import Link from "next/link";
import { compareDecimals } from "@/lib/format/decimal";
import { atStart, formatDay, formatMoney, NO_LICENCE } from "@/lib/format/display";
import { pageHref } from "@/lib/domain/page-href";
import { isVisitMark, type NoteJson } from "@/lib/domain/notes/note-rules";
import type { AccountCard as Card } from "@/lib/domain/today/today";
import { worstPastDue } from "@/lib/domain/today/today-balances";
import { plural } from "@/lib/format/plural";
import { CardVisited } from "./card-visited";

const TOUCH = "inline-flex min-h-11 items-center";

/**
 * What a card says of its account. `account` (every account, `/today/accounts`): its state and licence, address with
 * a maps link, balance, last order and next delivery. `stop` (a day's deliveries, under its state and day): the same
 * but the state and the next delivery, which the section's heading says, with the licence and balance on one line, and
 * "Visited" beside its directions. `line` (a section that is not a stop: on hold, past due, due to reorder, stopped): its name and its figures.
 */
export type CardKind = "account" | "stop" | "line";

/**
 * One of a rep's accounts on Today: its name (to the customer's page) and hold, then what its `kind` says, its
 * rhythm and its last visit note; `children` for what a section adds. Phone first: one column of short lines, links
 * 44 px tall.
 */
export function AccountCard({
  card,
  note,
  kind = "account",
  figures,
  rhythm = kind === "account",
  children,
}: {
  card: Card;
  /** The account's latest visit note. */
  note?: NoteJson;
  kind?: CardKind;
  /** A `line`'s figures in place of its balance (the past-due section's aging row). */
  figures?: React.ReactNode;
  /** Its rhythm ("orders about every 14 days · next expected …"): on every account's card and "Due to reorder"'s. */
  rhythm?: boolean;
  children?: React.ReactNode;
}) {
  if (kind === "line")
    return (
      <CardFrame card={card}>
        <p className="pb-1 text-slate-800 dark:text-slate-200">
          {figures ?? balanceWords(card)} ·{" "}
          {card.lastOrder ? `last order ${formatDay(card.lastOrder.day)}` : "no order in 90 days"}
        </p>
        {rhythm && <ReorderLine card={card} />}
        {children}
      </CardFrame>
    );
  const licence = card.licence ? `Licence ${card.licence}` : atStart(NO_LICENCE);
  const stop = kind === "stop";
  const directions = card.address ? (
    <a
      href={card.mapsHref}
      target="_blank"
      rel="noopener noreferrer"
      className={`link ${TOUCH}`}
      aria-label={`Directions to ${card.name}`}
    >
      Directions
    </a>
  ) : undefined;
  return (
    <CardFrame
      card={card}
      aside={
        stop ? (
          <>
            <CardVisited customerId={card.customerId} name={card.name} />
            {directions}
          </>
        ) : (
          directions
        )
      }
    >
      {!stop && (
        <p className="text-slate-700 dark:text-slate-300">{[card.state, licence].filter(Boolean).join(" · ")}</p>
      )}
      <p>{card.address || "No address on record."}</p>
      <p>
        {stop && <span className="text-slate-700 dark:text-slate-300">{licence} · </span>}
        <BalanceWords card={card} />
      </p>
      <p className="pb-1">
        {card.lastOrder ? (
          <>
            Last order {formatDay(card.lastOrder.day)}
            {card.lastOrder.invoiceNum && card.lastOrder.invoiceId !== undefined && (
              <>
                {" "}
                (
                <Link href={pageHref.invoice(card.lastOrder.invoiceId)} className="link">
                  {card.lastOrder.invoiceNum}
                </Link>
                )
              </>
            )}
          </>
        ) : (
          "No order in the last 90 days."
        )}
        {!stop && card.nextDeliveries[0] && (
          <> · Next delivery {card.nextDeliveryWhen ?? formatDay(card.nextDeliveries[0])}</>
        )}
      </p>
      {rhythm && <ReorderLine card={card} />}
      {note && (
        // One line (the customer's page has the note whole): its day first, then as much of it as fits.
        <p
          className="truncate border-t border-slate-200 py-0.5 text-slate-800 dark:border-slate-700 dark:text-slate-200"
          data-testid="last-note"
          title={isVisitMark(note) ? undefined : `${note.author.name}: ${note.text}`}
        >
          {isVisitMark(note) ? (
            <span className="font-semibold">
              Visited {formatDay(note.createdAt)} by {note.author.name}
            </span>
          ) : (
            <>
              <span className="font-semibold">Last note {formatDay(note.createdAt)}:</span> “{note.text}”
            </>
          )}
        </p>
      )}
      {children}
    </CardFrame>
  );
}

/**
 * The balance and the oldest bucket its past-due amount is in (`worstPastDue`), its figures strong: "Balance $5,000.00
 * · $2,104.18 over 90 days ($3,000.00 over 30) (AR account …, shared …)".
 */
function BalanceWords({ card }: { card: Card }) {
  const balance = card.balances[0];
  if (!balance) return <>Nothing open.</>;
  const worst = worstPastDue(balance);
  return (
    <>
      Balance <strong className="tabular-nums">{formatMoney(balance.total)}</strong>
      {worst && (
        <>
          {" "}
          ·{" "}
          <strong className="tabular-nums" data-figure="worst-past-due">
            {formatMoney(worst.amount)}
          </strong>{" "}
          over {worst.days} days
          {worst.days !== 30 && compareDecimals(worst.over30, worst.amount) > 0 && (
            <> ({formatMoney(worst.over30)} over 30)</>
          )}
        </>
      )}
      {balance.sharedWith > 0 && (
        <span className="text-slate-700 dark:text-slate-300">
          {" "}
          (AR account {balance.arAccountId}, shared with {balance.sharedWith} other{" "}
          {balance.sharedWith === 1 ? "store" : "stores"})
        </span>
      )}
    </>
  );
}

/** The balance in a few words: "Balance $1,200.00 · $300.00 over 60 days", or "Nothing open". */
function balanceWords(card: Card): string {
  const balance = card.balances[0];
  if (!balance) return "Nothing open";
  const worst = worstPastDue(balance);
  const beside =
    worst && worst.days !== 30 && compareDecimals(worst.over30, worst.amount) > 0
      ? ` (${formatMoney(worst.over30)} over 30)`
      : "";
  const over = worst ? ` · ${formatMoney(worst.amount)} over ${worst.days} days${beside}` : "";
  return `Balance ${formatMoney(balance.total)}${over}`;
}

/** Its rhythm, where the history gives one: "Orders about every 14 days · next expected Dec 1, 2026 (due)". */
function ReorderLine({ card }: { card: Card }) {
  if (!card.reorder) return null;
  return (
    <p className="pb-1" data-testid="reorder">
      Orders about every {plural(card.reorder.medianDays, "day")} · next expected {formatDay(card.reorder.nextOrder)}
      {card.reorder.status === "late" || card.reorder.status === "due" ? (
        <strong className="text-amber-900 dark:text-amber-200"> ({card.reorder.status})</strong>
      ) : null}
    </p>
  );
}

/**
 * A card's frame: the account's name (to its page), its hold and `aside` (the directions) in one row, then what the
 * card says of it.
 */
function CardFrame({ card, aside, children }: { card: Card; aside?: React.ReactNode; children: React.ReactNode }) {
  return (
    <article
      aria-labelledby={`account-${card.customerId}`}
      className="rounded-lg border border-slate-300 bg-white px-3 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
      data-customer={card.customerId}
    >
      <div className="flex items-center justify-between gap-x-2">
        <h3 className="min-w-0 text-base font-semibold [overflow-wrap:anywhere]">
          <Link id={`account-${card.customerId}`} href={pageHref.customer(card.customerId)} className={`link ${TOUCH}`}>
            {card.name}
          </Link>
        </h3>
        <span className="flex shrink-0 items-center gap-x-3">
          {card.onHold && (
            <span className="rounded bg-red-800 px-2 py-0.5 text-xs font-semibold text-white dark:bg-red-300 dark:text-red-950">
              On hold
            </span>
          )}
          {aside}
        </span>
      </div>
      {children}
    </article>
  );
}
