"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { RequestError } from "@/components/table/request-error";
import { useTimeZone } from "@/components/shell/providers";
import { todayIn } from "@/lib/format/days";
import { matchAccounts } from "@/lib/ui/today/match-accounts";
import { todayModel } from "@/lib/domain/today/today";
import { NOT_VISITED_DAYS, notVisited, notVisitedWords } from "@/lib/domain/today/visits";
import { PAGE_PARAMS, pageRead } from "@/lib/domain/page-href";
import { useToday } from "@/lib/ui/today/use-today";
import { useOnline } from "@/lib/ui/offline/use-online";
import { useWeek } from "@/lib/ui/offline/use-week";
import { AccountCard } from "./account-card";
import { OfflineLine } from "./offline-line";
import { TodaySkeleton } from "./today-view";

/**
 * A rep's accounts as cards: the customer list a rep reads on a phone, searched by name, address, licence or
 * id. Drawn from Today's own lists, so it opens from the device offline as Today does.
 */
export function TodayAccounts({ repId }: { repId: number }) {
  const timeZone = useTimeZone();
  const params = useSearchParams();
  const router = useRouter();
  const { q = "", notVisited: days } = pageRead.todayAccounts(params);
  const { week } = useWeek(repId);
  const online = useOnline();
  const day = !online && week ? week.day : todayIn(timeZone);
  const { answer, rep, input, asOf, notesByCustomer, lastVisits } = useToday(repId, day, timeZone);
  const accounts = useMemo(() => (input ? todayModel({ ...input, now: new Date() }).accounts : undefined), [input]);
  const failed = answer.error && !answer.data ? answer : undefined;
  // "Not visited in N days" waits for the notes: without them every account would read as not visited.
  const visited = days === undefined ? accounts : accounts && lastVisits && notVisited(accounts, lastVisits, day, days);
  const shown = visited ? matchAccounts(visited, q) : undefined;
  const choices = [...new Set([7, 14, NOT_VISITED_DAYS, 60, 90, ...(days ? [days] : [])])].sort((a, b) => a - b);
  return (
    <div className="space-y-4">
      <OfflineLine asOf={asOf} timeZone={timeZone} />
      <form
        role="search"
        aria-label="Accounts"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const next = new URLSearchParams(params);
          for (const name of [PAGE_PARAMS.todayAccounts.q, PAGE_PARAMS.todayAccounts.notVisited]) {
            const value = String(form.get(name) ?? "").trim();
            if (value) next.set(name, value);
            else next.delete(name);
          }
          router.replace(`?${next.toString()}`, { scroll: false });
        }}
      >
        <label className="block text-sm font-semibold">
          Name, address, licence or id
          <input
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            className="mt-1 block min-h-11 w-72 max-w-full rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
          />
        </label>
        <label className="block text-sm font-semibold">
          Visits
          <select
            name={PAGE_PARAMS.todayAccounts.notVisited}
            defaultValue={days ?? ""}
            key={days ?? ""}
            className="mt-1 block min-h-11 rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
          >
            <option value="">Every account</option>
            {choices.map((d) => (
              <option key={d} value={d}>
                {notVisitedWords(d)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="min-h-11 rounded border border-slate-400 px-3 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          Search
        </button>
      </form>
      {failed && <RequestError error={failed.error} onRetry={() => void failed.refetch()} what="the accounts" />}
      {!shown ? (
        <TodaySkeleton />
      ) : (
        <>
          <p className="text-sm" role="status" data-testid="accounts-count">
            {countWords(shown.length, accounts!.length, q, days, rep?.Name ?? `rep ${repId}`)}
          </p>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Accounts">
            {shown.map((card) => (
              <li key={card.customerId} className="min-w-0">
                <AccountCard card={card} note={notesByCustomer.get(card.customerId)?.[0]} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** What the list holds: "12 of 254 accounts not visited in 30 days match “green”.", or every account by name. */
function countWords(shown: number, all: number, q: string, days: number | undefined, repName: string): string {
  if (!q && days === undefined) return `${shown} active accounts of ${repName}, by name.`;
  const visits = days === undefined ? "" : ` ${notVisitedWords(days).toLowerCase()}`;
  return `${shown} of ${all} accounts${visits}${q ? ` match “${q}”` : ""}.`;
}
