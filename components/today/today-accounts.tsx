"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { RequestError } from "@/components/table/request-error";
import { useTimeZone } from "@/components/shell/providers";
import { todayIn } from "@/lib/format/days";
import { matchAccounts } from "@/lib/ui/today/match-accounts";
import { todayModel } from "@/lib/domain/today/today";
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
  const q = params.get("q") ?? "";
  const { week } = useWeek(repId);
  const online = useOnline();
  const { answer, rep, input, asOf, notesByCustomer } = useToday(repId, !online && week ? week.day : todayIn(timeZone));
  const accounts = useMemo(() => (input ? todayModel({ ...input, now: new Date() }).accounts : undefined), [input]);
  const failed = answer.error && !answer.data ? answer : undefined;
  const shown = accounts ? matchAccounts(accounts, q) : undefined;
  return (
    <div className="space-y-4">
      <OfflineLine asOf={asOf} timeZone={timeZone} />
      <form
        role="search"
        aria-label="Accounts"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const next = new URLSearchParams(params);
          const value = String(new FormData(e.currentTarget).get("q") ?? "").trim();
          if (value) next.set("q", value);
          else next.delete("q");
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
            {q
              ? `${shown.length} of ${accounts!.length} accounts match “${q}”.`
              : `${shown.length} active accounts of ${rep?.Name ?? `rep ${repId}`}, by name.`}
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
