"use client";

import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { lazy, Suspense, useRef, useState } from "react";
import { FormStatus, type Outcome } from "@/components/account/form-bits";
import type { CollectedView, CollectStop } from "@/lib/domain/credit/view";
import { pageHref } from "@/lib/domain/page-href";
import { collectedWords, collectWhy, deliveryWhen, leftToCollect, matchWords } from "@/lib/domain/today/collect-words";
import type { TodayData } from "@/lib/domain/today/today-data";
import { formatMoney } from "@/lib/format/display";
import { may } from "@/lib/session/roles";
import { collectedQueryOptions, collectedUrl } from "@/lib/ui/today/collected-query";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { queuedWrites, type QueuedWrite } from "@/lib/ui/offline/outbox";
import { useQueuedWrites } from "@/lib/ui/offline/use-outbox";
import { useOnline } from "@/lib/ui/offline/use-online";
import { BUTTON } from "@/lib/ui/styles";
import { CollectedPhoto } from "./collected-photo";
import { TODAY_GRID } from "./today-cards";
import { TodaySection } from "./today-section";

// React's lazy, not next/dynamic (whose runtime adds to the first load): the form and its zod schema come when asked.
const CollectForm = lazy(() => import("./collect-form").then((m) => ({ default: m.CollectForm })));

interface TodayCollectProps {
  /** Undefined when Backroom could not read them. */
  collect: CollectStop[] | undefined;
  /** The rep's day (YYYY-MM-DD): which deliveries are today's. */
  today: string;
  /** Today's query: a recorded collection is written into it (and so into the week kept offline). */
  queryKey: QueryKey;
}

/**
 * "Collect before the drop": today's and tomorrow's deliveries to accounts with something over 60 days or over their
 * credit limit, each with the amount to collect and why, what was recorded already and where its match to the ERP's
 * payment stands, and "Record a collection". Drawn only when there is something to collect (or it could not be read):
 * it is what the rep needs before the truck leaves, so it comes first after the strip.
 */
export function TodayCollect({ collect, today, queryKey }: TodayCollectProps) {
  const { role } = useKeyScope();
  const mayWrite = may(role, { notes: ["write"] });
  const waiting = useQueuedWrites(queuedWrites);
  if (collect && collect.length === 0) return null;
  return (
    <TodaySection
      title="Collect before the drop"
      what="deliveries to collect at"
      count={collect?.length ?? 0}
      empty="What to collect at today's and tomorrow's deliveries could not be read: reload the page to try again."
      note="Today's and tomorrow's deliveries to accounts over 60 days or over their credit limit: collect the amount shown at the door (the over-60 balance, or what brings the account under its limit, the larger)."
    >
      {(limit) => (
        <ul className={TODAY_GRID}>
          {(collect ?? []).slice(0, limit).map((stop) => (
            <li key={`${stop.arAccountId}:${stop.customerId}:${stop.deliveryDate}`} className="min-w-0">
              <CollectCard
                stop={stop}
                today={today}
                queued={waiting.filter((w) => w.url === collectedUrl(stop.arAccountId))}
                mayWrite={mayWrite}
                queryKey={queryKey}
              />
            </li>
          ))}
        </ul>
      )}
    </TodaySection>
  );
}

interface CollectCardProps {
  stop: CollectStop;
  today: string;
  /** Collections of the account recorded on this phone without a connection, waiting to be sent. */
  queued: QueuedWrite[];
  mayWrite: boolean;
  queryKey: QueryKey;
}

function CollectCard({ stop, today, queued, mayWrite, queryKey }: CollectCardProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  // The form closed (sent or cancelled): the button it took the place of has the focus back.
  const focusButton = useRef(false);
  const close = () => {
    focusButton.current = true;
    setOpen(false);
  };
  const records = useRecords(stop);
  const left = leftToCollect(stop.toCollect, records);
  const titleId = `collect-${stop.arAccountId}-${stop.customerId}-${stop.deliveryDate}`;
  return (
    <article
      aria-labelledby={titleId}
      data-collect={stop.arAccountId}
      className="space-y-1 rounded-lg border border-amber-700 bg-white px-3 py-2 text-sm dark:border-amber-400 dark:bg-slate-900"
    >
      {/* The name and the card's button in one row, as an account card's name and its hold: five cards fit a phone's
          screen and a half. */}
      <div className="flex items-center justify-between gap-x-2">
        <h3 className="min-w-0 text-base font-semibold [overflow-wrap:anywhere]">
          <Link
            id={titleId}
            href={pageHref.customer(stop.customerId)}
            className="link inline-flex min-h-11 items-center"
          >
            {stop.customerName}
          </Link>
        </h3>
        {mayWrite && !open && (
          <button
            ref={(button) => {
              if (button && focusButton.current) button.focus();
              focusButton.current = false;
            }}
            type="button"
            onClick={() => {
              setOutcome(undefined);
              setOpen(true);
            }}
            aria-describedby={titleId}
            className={`${BUTTON} min-h-11 shrink-0`}
          >
            Record a collection
          </button>
        )}
      </div>
      <p>
        <strong className="text-base tabular-nums" data-testid="collect-amount">
          Collect {formatMoney(stop.toCollect)}
        </strong>{" "}
        · delivery {deliveryWhen(stop.deliveryDate, today)}
      </p>
      <p className="text-slate-700 dark:text-slate-300">{collectWhy(stop).join(" · ")}</p>
      {records.length > 0 && (
        <ul aria-label={`Collected at ${stop.customerName}`} className="space-y-1">
          {records.map((r) => (
            <li key={r.id} data-collected={r.id} data-status={r.status}>
              <strong className="tabular-nums">{collectedWords(r)}</strong>: <MatchState record={r} />
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
      <FormStatus outcome={outcome} focus={false} reserve={open} />
      {mayWrite && open && (
        <Suspense fallback={<p role="status">Opening the form…</p>}>
          <CollectForm
            stop={stop}
            amount={left === "0.00" ? stop.toCollect : left}
            onSent={(record) =>
              // The record as answered, into Today's answer: the page and the week kept offline both read it.
              queryClient.setQueryData<TodayData>(queryKey, (data) =>
                data?.collect
                  ? {
                      ...data,
                      collect: data.collect.map((s) =>
                        s.arAccountId === stop.arAccountId && s.deliveryDate === (record.deliveryDate ?? s.deliveryDate)
                          ? { ...s, collected: [record, ...s.collected.filter((r) => r.id !== record.id)] }
                          : s,
                      ),
                    }
                  : data,
              )
            }
            onDone={(done) => {
              setOutcome(done);
              close();
            }}
            onCancel={close}
          />
        </Suspense>
      )}
    </article>
  );
}

/** A recorded collection's match, in words, the matched and the unmatched marked. */
function MatchState({ record }: { record: CollectedView }) {
  const words = matchWords(record);
  if (record.status === "matched") return <span className="text-emerald-800 dark:text-emerald-300">{words}</span>;
  if (record.status === "unmatched") return <strong className="text-red-800 dark:text-red-300">{words}</strong>;
  return <span>{words}</span>;
}

/**
 * What was recorded for the stop's delivery: Today's answer's, and once any is waiting for its payment, the account's
 * records read again (`GET /api/collections/{id}/collected`, which asks for a match when the last is old), every
 * minute while the page is open online, so a check the ERP has received turns "matched" without a reload.
 */
function useRecords(stop: CollectStop): CollectedView[] {
  const online = useOnline();
  const waiting = stop.collected.some((r) => r.status === "waiting");
  const read = useQuery({ ...collectedQueryOptions(stop.arAccountId), enabled: online && waiting });
  if (!read.data) return stop.collected;
  const fresh = new Map(read.data.map((r) => [r.id, r]));
  const known = new Set(stop.collected.map((r) => r.id));
  return [
    ...stop.collected.map((r) => fresh.get(r.id) ?? r),
    ...read.data.filter((r) => !known.has(r.id) && r.deliveryDate === stop.deliveryDate),
  ];
}
