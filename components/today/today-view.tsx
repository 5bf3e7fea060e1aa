"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { RequestError } from "@/components/table/request-error";
import { StaleNote } from "@/components/table/stale-note";
import { useTimeZone } from "@/components/shell/providers";
import { todayIn } from "@/lib/format/days";
import { formatDay, formatMoney } from "@/lib/format/display";
import { compareDecimals } from "@/lib/format/decimal";
import { cutOffSentence, weekdayName } from "@/lib/domain/delivery/cutoff";
import { isoWeekday } from "@/lib/format/days";
import { pageHref } from "@/lib/domain/page-href";
import { OFFLINE_CUSTOMER_PATH } from "@/lib/ui/offline/page-rules";
import { type AccountCard as Card, type DeliveryGroup, todayModel } from "@/lib/domain/today/today";
import type { NoteJson } from "@/lib/domain/notes/note-rules";
import type { TodayData } from "@/lib/domain/today/today-data";
import { useToday } from "@/lib/ui/today/use-today";
import { useOnline } from "@/lib/ui/offline/use-online";
import { useWeek } from "@/lib/ui/offline/use-week";
import { AccountCard } from "./account-card";
import { CutOffCountdown } from "./cut-off-countdown";
import { OfflineLine } from "./offline-line";
import { SaveOffline } from "./save-offline";

export interface TodayViewProps {
  repId: number;
  /** Whether the rep is the person's own (the link on Members): their pages' addresses need not name it. */
  linked?: boolean;
  /** Why there is no "orders stopped" section, when the key keeps no history of these accounts. */
  noHistory?: React.ReactNode;
}

const SECTION = "space-y-3";
/** Accounts past due shown before "Show all": the oldest debts, a phone's screenful or two. */
const OVERDUE_SHOWN = 10;
/** Accounts due to reorder shown before "Show all": this week's first, a phone's screenful or two. */
const DUE_SHOWN = 10;
const GRID = "grid gap-3 sm:grid-cols-2 xl:grid-cols-3";

/**
 * A rep's Today (issue 38): deliveries of today and tomorrow among the rep's accounts with tomorrow's cut-off counting
 * down, the accounts on hold, the balances more than 30 days past due, the accounts whose orders stopped, and every
 * account. Drawn from the lists `useToday` reads (the server fetched the first round); the model is `todayModel`.
 */
export function TodayView({ repId, linked = false, noHistory }: TodayViewProps) {
  const timeZone = useTimeZone();
  const { week } = useWeek(repId);
  const online = useOnline();
  // Offline, the lists as the device keeps them: asked for on the day they were saved.
  const today = !online && week ? week.day : todayIn(timeZone);
  const { answer, rep, unknownRep, ids, input, health, queryKeys, asOf, notesByCustomer } = useToday(repId, today);
  const lastNote = (id: number) => notesByCustomer.get(id)?.[0];
  const own = linked ? {} : { rep: repId };
  const model = useMemo(
    () => (input ? todayModel({ ...input, health, day: today, now: new Date() }) : undefined),
    [input, health, today],
  );
  const failed = answer.error && !answer.data ? answer : undefined;
  const [allOverdue, setAllOverdue] = useState(false);
  const [allDue, setAllDue] = useState(false);

  if (unknownRep)
    return (
      <p className="max-w-3xl" role="status">
        Sales rep {repId} is not among the active sales reps this key reads (no longer active, or another key&apos;s).
        Choose another rep below; an owner or admin changes your link under{" "}
        <Link href="/settings/members" className="link">
          Members
        </Link>
        .
      </p>
    );
  return (
    <div className="space-y-6">
      <OfflineLine asOf={asOf} timeZone={timeZone} />
      <SaveOffline
        repId={repId}
        day={today}
        accounts={ids.length}
        keys={model ? queryKeys : undefined}
        pages={[pageHref.today(own), pageHref.todayAccounts(own), OFFLINE_CUSTOMER_PATH]}
        week={week}
        timeZone={timeZone}
      />
      <p className="text-sm" data-testid="today-summary">
        {rep ? (
          <>
            <strong>{rep.Name ?? `Rep ${repId}`}</strong>: {ids.length} active{" "}
            {ids.length === 1 ? "account" : "accounts"}.{" "}
            <Link href={pageHref.todayAccounts(own)} className="link inline-flex min-h-11 items-center">
              All of them
            </Link>
          </>
        ) : (
          <span className="skeleton inline-block h-4 w-64" aria-hidden="true" />
        )}
      </p>
      {failed && <RequestError error={failed.error} onRetry={() => void failed.refetch()} what="the rep's accounts" />}
      {!model ? (
        <TodaySkeleton />
      ) : (
        <>
          <Deliveries
            title="Deliveries today"
            groups={model.today}
            empty="No delivery today among these accounts."
            lastNote={lastNote}
          />
          <Deliveries
            title="Deliveries tomorrow"
            groups={model.tomorrow}
            empty="No delivery tomorrow among these accounts."
            lastNote={lastNote}
            tomorrow
          />
          <Section
            title="On hold"
            count={model.onHold.length}
            empty={
              model.unknownHolds === model.accounts.length && model.accounts.length
                ? "This key's records do not say which accounts are on hold."
                : "No account on hold."
            }
          >
            <Cards cards={model.onHold} lastNote={lastNote} />
          </Section>
          <Section
            title="Past due"
            count={model.overdue.length}
            empty="Nothing more than 30 days past due."
            note={
              model.agingAsOf
                ? `AR aging as of the close of ${formatDay(model.agingAsOf)}: balances more than 30 days past their due date, the oldest first.`
                : undefined
            }
          >
            <ul className={GRID} aria-label="Accounts past due">
              {model.overdue.slice(0, allOverdue ? undefined : OVERDUE_SHOWN).map((o) => (
                <li key={o.arAccountId} className="space-y-2">
                  <p className="text-sm">
                    <strong className="tabular-nums">{formatMoney(o.over30)}</strong> over 30 days
                    {compareDecimals(o.over60, "0") > 0 && (
                      <>
                        , <strong className="tabular-nums">{formatMoney(o.over60)}</strong> over 60
                      </>
                    )}
                    {compareDecimals(o.over90, "0") > 0 && (
                      <>
                        , <strong className="tabular-nums">{formatMoney(o.over90)}</strong> over 90
                      </>
                    )}{" "}
                    <span className="text-slate-700 dark:text-slate-300">(AR account {o.arAccountId})</span>
                  </p>
                  {o.cards.map((card) => (
                    <AccountCard key={card.customerId} card={card} note={lastNote(card.customerId)} />
                  ))}
                </li>
              ))}
            </ul>
            {!allOverdue && model.overdue.length > OVERDUE_SHOWN && (
              <button
                type="button"
                onClick={() => setAllOverdue(true)}
                className="min-h-11 rounded border border-slate-400 px-3 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                Show all {model.overdue.length} accounts past due
              </button>
            )}
          </Section>
          {model.dueToReorder && (
            <Section
              title="Due to reorder"
              count={model.dueToReorder.length}
              empty="No account is due to reorder this week by its own rhythm."
              note="From this key's synced history: accounts whose next order by their own rhythm (the median of their days between orders, three orders at least) is expected by Sunday, or is already due or late; this week's first. Not those silent for over 90 days."
            >
              <Cards cards={model.dueToReorder.slice(0, allDue ? undefined : DUE_SHOWN)} lastNote={lastNote} />
              {!allDue && model.dueToReorder.length > DUE_SHOWN && (
                <button
                  type="button"
                  onClick={() => setAllDue(true)}
                  className="min-h-11 rounded border border-slate-400 px-3 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  Show all {model.dueToReorder.length} accounts due to reorder
                </button>
              )}
            </Section>
          )}
          {model.stopped ? (
            <Section
              title="Orders stopped"
              count={model.stopped.length}
              empty="Every account with a past order has ordered in the last 60 days."
              note="From this key's synced history: accounts that ordered before and not for more than 60 days (the Insights tiers At risk and Lost), the longest silent first."
            >
              <Cards cards={model.stopped} lastNote={lastNote} />
            </Section>
          ) : (
            noHistory && (
              <section aria-labelledby="today-stopped" className={SECTION}>
                <h2 id="today-stopped" className="text-lg font-semibold">
                  Orders stopped
                </h2>
                <p className="max-w-3xl text-sm">{noHistory}</p>
              </section>
            )
          )}
          <Notes model={model} data={answer.data} />
        </>
      )}
    </div>
  );
}

/** What Today could not know, said once under it, and how old last-known answers are. */
function Notes({ model, data }: { model: ReturnType<typeof todayModel>; data?: TodayData }) {
  const lines = [
    data?.complete === false &&
      "Some of the rep's lists are longer than Today reads (5,000 rows a list): it shows what came first.",
    model.missing > 0 &&
      `${model.missing} of the rep's accounts were not returned by the key (no longer active, or out of its reach).`,
    model.unknownSchedules > 0 &&
      `${model.unknownSchedules} ${model.unknownSchedules === 1 ? "account's" : "accounts'"} delivery days are not shown to this key.`,
  ].filter(Boolean);
  return (
    <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
      {lines.map((line) => (
        <p key={String(line)}>{line}</p>
      ))}
      <StaleNote of={[data]} />
    </div>
  );
}

function Section({
  title,
  count,
  empty,
  note,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  note?: string;
  children: React.ReactNode;
}) {
  const id = `today-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={SECTION}>
      <h2 id={id} className="text-lg font-semibold">
        {title} <span className="text-base font-normal text-slate-700 dark:text-slate-300">({count})</span>
      </h2>
      {note && count > 0 && <p className="max-w-3xl text-sm">{note}</p>}
      {count === 0 ? <p className="text-sm">{empty}</p> : children}
    </section>
  );
}

type LastNote = (customerId: number) => NoteJson | undefined;

function Cards({ cards, lastNote }: { cards: Card[]; lastNote: LastNote }) {
  return (
    <ul className={GRID}>
      {cards.map((card) => (
        <li key={card.customerId}>
          <AccountCard card={card} note={lastNote(card.customerId)} />
        </li>
      ))}
    </ul>
  );
}

function Deliveries({
  title,
  groups,
  empty,
  lastNote,
  tomorrow = false,
}: {
  title: string;
  groups: DeliveryGroup[];
  empty: string;
  lastNote: LastNote;
  tomorrow?: boolean;
}) {
  const count = groups.reduce((n, g) => n + g.cards.length, 0);
  return (
    <Section title={title} count={count} empty={empty}>
      {groups.map((g) => (
        <div key={`${g.state}|${g.day}`} className="space-y-2">
          <h3 className="font-semibold">
            {g.state || "No state"} · {weekdayName(isoWeekday(g.day))} {formatDay(g.day)}
          </h3>
          {tomorrow && <CutOffLine group={g} />}
          <Cards cards={g.cards} lastNote={lastNote} />
        </div>
      ))}
    </Section>
  );
}

function CutOffLine({ group }: { group: DeliveryGroup }) {
  if (!group.cutOff || !group.timeZone) return <p className="text-sm">The state gives no usable order cut-off.</p>;
  const sentence = cutOffSentence({ day: group.day, cutOff: group.cutOff, open: !group.cutOffPassed }, group.timeZone);
  return (
    <p className={`text-sm ${group.cutOffPassed ? "" : "font-semibold"}`} data-testid="cut-off">
      {group.cutOffPassed
        ? sentence.replace(/^Order by (.*) for (.*)$/, "Too late for $2: the cut-off was $1.")
        : sentence}
      {!group.cutOffPassed && (
        <>
          {" · "}
          <CutOffCountdown at={group.cutOff} />
        </>
      )}
    </p>
  );
}

/** Today's place while its lists come: two sections' headings and cards, as tall as they will be. */
export function TodaySkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading today's accounts" className="space-y-6">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3">
          <span className="skeleton block h-6 w-48" />
          <div className={GRID}>
            {[0, 1, 2].map((j) => (
              <span key={j} className="skeleton block h-36 w-full" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
