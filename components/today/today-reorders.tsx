"use client";

import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRef, useState } from "react";
import { StageBadge } from "@/components/order-guide/shared-list-header";
import { cutOffSentence } from "@/lib/domain/delivery/cutoff";
import type { ScheduleCustomer, ScheduleState } from "@/lib/domain/delivery/schedule";
import type { ListDetail, ReorderRequest } from "@/lib/domain/order-guide/shared-list";
import { nextCutOff } from "@/lib/domain/today/next-cut-off";
import type { TodayData } from "@/lib/domain/today/today-data";
import { formatDateTime, formatMoney } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";
import { may } from "@/lib/session/roles";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { queuedWrites, writeOnce } from "@/lib/ui/offline/outbox";
import { outboxChanged, useQueuedWrites } from "@/lib/ui/offline/use-outbox";
import { BUTTON, FIELD_ERROR } from "@/lib/ui/styles";
import { CutOffCountdown } from "./cut-off-countdown";
import { TODAY_GRID } from "./today-cards";
import { TodaySection } from "./today-section";

interface TodayReordersProps {
  /** Undefined when Backroom could not read them. */
  reorders: ReorderRequest[] | undefined;
  customers: readonly ScheduleCustomer[];
  states: readonly ScheduleState[];
  /** Today's query: an acknowledgment is written into it (and so into the week kept offline). */
  queryKey: QueryKey;
  timeZone: string;
}

const acknowledgeUrl = (id: string) => `/api/order-guide/lists/${encodeURIComponent(id)}/acknowledge`;

/**
 * "Reorder requests": the lists the rep's stores sent and the rep has not entered yet, newest first, each with its
 * lines, cases and total, who sent it when, its stage, and the store's next order cut-off counting down, linked to the
 * list. "Acknowledge" is sent at once online, and kept on the phone offline until the connection is back.
 */
export function TodayReorders({ reorders, customers, states, queryKey, timeZone }: TodayReordersProps) {
  const { role } = useKeyScope();
  const mayWrite = may(role, { notes: ["write"] });
  const waiting = new Set(useQueuedWrites(queuedWrites).map((w) => w.url));
  const byId = new Map(customers.map((c) => [c.CustomerID, c]));
  const now = new Date();
  return (
    <TodaySection
      title="Reorder requests"
      what="reorder requests"
      count={reorders?.length ?? 0}
      empty={
        reorders
          ? "No open reorder request from these stores."
          : "The reorder requests could not be read: reload the page to try again."
      }
    >
      {(limit) => (
        <ul className={TODAY_GRID}>
          {(reorders ?? []).slice(0, limit).map((request) => {
            const customer = byId.get(request.customerId);
            return (
              <li key={request.id} className="min-w-0">
                <ReorderCard
                  request={request}
                  cutOff={customer ? nextCutOff(customer, states, now) : undefined}
                  waiting={waiting.has(acknowledgeUrl(request.id))}
                  mayWrite={mayWrite}
                  queryKey={queryKey}
                  timeZone={timeZone}
                />
              </li>
            );
          })}
        </ul>
      )}
    </TodaySection>
  );
}

interface ReorderCardProps {
  request: ReorderRequest;
  cutOff: ReturnType<typeof nextCutOff>;
  /** Its acknowledgment waits on the device. */
  waiting: boolean;
  mayWrite: boolean;
  queryKey: QueryKey;
  timeZone: string;
}

function ReorderCard({ request, cutOff, waiting, mayWrite, queryKey, timeZone }: ReorderCardProps) {
  const queryClient = useQueryClient();
  const pressed = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `reorder-${request.id}`;

  async function acknowledge() {
    if (pressed.current) return;
    pressed.current = true;
    setBusy(true);
    setError(null);
    try {
      const outcome = await writeOnce<ListDetail>(sessionKeyStore(), {
        method: "POST",
        url: acknowledgeUrl(request.id),
        label: `Acknowledge the list for ${request.customerName}`,
      });
      if ("queued" in outcome) outboxChanged();
      // The list as answered, into Today's answer: the page and the week kept offline both read it.
      else
        queryClient.setQueryData<TodayData>(queryKey, (data) =>
          data?.reorders
            ? {
                ...data,
                reorders: data.reorders.map((r) => (r.id === request.id ? { ...r, stage: outcome.sent.stage } : r)),
              }
            : data,
        );
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Not acknowledged. Try again.");
    } finally {
      pressed.current = false;
      setBusy(false);
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      data-list={request.id}
      className="space-y-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <h3 className="min-w-0 text-base font-semibold [overflow-wrap:anywhere]">
          <Link
            id={titleId}
            href={`/order-guide/lists/${request.id}`}
            className="link inline-flex min-h-11 items-center"
          >
            {request.customerName}
          </Link>
        </h3>
        <StageBadge stage={request.stage} />
      </div>
      <p>
        {plural(request.lineCount, "line")} · {plural(request.totalCases, "case")} ·{" "}
        <strong className="tabular-nums">{formatMoney(request.total)}</strong>
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        Sent {formatDateTime(request.sentAt, timeZone)} by {request.sentBy}
      </p>
      <p data-testid="reorder-cut-off">
        {cutOff ? (
          <>
            {cutOffSentence({ day: cutOff.day, cutOff: cutOff.cutOff, open: true }, cutOff.timeZone)} ·{" "}
            <strong>
              <CutOffCountdown at={cutOff.cutOff} />
            </strong>
          </>
        ) : (
          "No order cut-off known for this store's next delivery."
        )}
      </p>
      {request.stage === "sent" && mayWrite && (
        <div className="flex flex-wrap items-center gap-x-3">
          {waiting ? (
            <p role="status">Acknowledged on this phone: waiting to be sent when you are back online.</p>
          ) : (
            <button
              type="button"
              onClick={() => void acknowledge()}
              disabled={busy}
              aria-describedby={titleId}
              className={`${BUTTON} min-h-11`}
            >
              {busy ? "Acknowledging…" : "Acknowledge"}
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className={FIELD_ERROR}>
          {error}
        </p>
      )}
    </article>
  );
}
