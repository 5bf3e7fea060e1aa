"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { RequestError } from "@/components/table/request-error";
import { useTimeZone } from "@/components/shell/providers";
import { todayIn } from "@/lib/format/days";
import { ACCOUNTS_SHOWN, matchAccounts } from "@/lib/ui/today/match-accounts";
import { todayModel } from "@/lib/domain/today/today";
import { NOT_VISITED_DAYS, notVisited, notVisitedWords } from "@/lib/domain/today/visits";
import { PAGE_PARAMS, pageRead } from "@/lib/domain/page-href";
import { useToday } from "@/lib/ui/today/use-today";
import { useOnline } from "@/lib/ui/offline/use-online";
import { useWeek } from "@/lib/ui/offline/use-week";
import { AccountCard } from "./account-card";
import { OfflineLine } from "./offline-line";
import { TodaySkeleton } from "./today-view";

const noSubscription = () => () => {};

/**
 * A rep's accounts as cards: the customer list a rep reads on a phone, searched by name, address, licence or
 * id, the first `ACCOUNTS_SHOWN` and "Show more". Drawn from Today's own lists, so it opens from the device offline as
 * Today does; the search and "Show more" change the address in the browser alone (`history.replaceState`, which
 * Next's `useSearchParams` follows), with no request: they work without a signal too.
 */
export function TodayAccounts({ repId }: { repId: number }) {
  const timeZone = useTimeZone();
  const params = useSearchParams();
  const { q = "", notVisited: days, shown: asked } = pageRead.todayAccounts(params);
  const limit = Math.max(ACCOUNTS_SHOWN, asked ?? 0);
  // The fields are drawn again once hydrated: a page kept on the device was drawn without its address's search.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  // The first card "Show more" added, which takes the focus once drawn (the keyboard goes on from there).
  const focusNext = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (focusNext.current === undefined) return;
    document.getElementById(`account-${focusNext.current}`)?.focus();
    focusNext.current = undefined;
  }, [limit]);
  const setParams = (next: URLSearchParams) => {
    const query = next.toString();
    window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
  };
  const { week } = useWeek(repId);
  const online = useOnline();
  const day = !online && week ? week.day : todayIn(timeZone);
  const { answer, rep, input, asOf, notesByCustomer, lastVisits } = useToday(repId, day, timeZone);
  const accounts = useMemo(() => (input ? todayModel({ ...input, now: new Date() }).accounts : undefined), [input]);
  const failed = answer.error && !answer.data ? answer : undefined;
  // "Not visited in N days" waits for the notes: without them every account would read as not visited.
  const visited = days === undefined ? accounts : accounts && lastVisits && notVisited(accounts, lastVisits, day, days);
  const matched = visited ? matchAccounts(visited, q) : undefined;
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
          // A new search starts at its first cards.
          next.delete(PAGE_PARAMS.todayAccounts.shown);
          setParams(next);
        }}
      >
        <label className="block text-sm font-semibold">
          Name, address, licence or id
          <input
            name="q"
            type="search"
            defaultValue={q}
            key={`${hydrated}${q}`}
            className="mt-1 block min-h-11 w-72 max-w-full rounded border border-slate-400 bg-white px-2 dark:bg-slate-900"
          />
        </label>
        <label className="block text-sm font-semibold">
          Visits
          <select
            name={PAGE_PARAMS.todayAccounts.notVisited}
            defaultValue={days ?? ""}
            key={`${hydrated}${days ?? ""}`}
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
      {!matched ? (
        <TodaySkeleton />
      ) : (
        <>
          <p className="text-sm" role="status" data-testid="accounts-count">
            {countWords(matched.length, accounts!.length, q, days, rep?.Name ?? `rep ${repId}`)}
          </p>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Accounts">
            {matched.slice(0, limit).map((card) => (
              <li key={card.customerId} className="min-w-0">
                <AccountCard card={card} note={notesByCustomer.get(card.customerId)?.[0]} />
              </li>
            ))}
          </ul>
          {matched.length > limit && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <p className="text-sm" data-testid="accounts-shown">
                {limit} of {matched.length} shown.
              </p>
              <button
                type="button"
                onClick={() => {
                  focusNext.current = matched[limit]?.customerId;
                  const next = new URLSearchParams(params);
                  next.set(PAGE_PARAMS.todayAccounts.shown, String(limit + ACCOUNTS_SHOWN));
                  setParams(next);
                }}
                className="min-h-11 rounded border border-slate-400 px-3 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                Show {Math.min(ACCOUNTS_SHOWN, matched.length - limit)} more accounts
              </button>
            </div>
          )}
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
