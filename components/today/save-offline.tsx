"use client";

import { type FetchQueryOptions, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from "react";
import { saveForOffline } from "@/lib/ui/offline/save-for-offline";
import { useOnline } from "@/lib/ui/offline/use-online";
import { saveWeek, type WeekMeta } from "@/lib/ui/offline/week-store";
import type { KeptSummariesDrawerProps, KeptWeek } from "./kept-summary";

/**
 * The summaries' drawer, loaded when a week is saved: the customer page's components are not Today's to load (4 kB
 * gzipped). Where its code cannot be loaded, it draws none, and the week is kept without them.
 */
const KeptSummariesDrawer = lazy(
  (): Promise<{ default: React.ComponentType<KeptSummariesDrawerProps> }> =>
    import("./kept-summary").then(
      (kept) => ({ default: kept.KeptSummariesDrawer }),
      () => ({ default: DrawNone }),
    ),
);

function DrawNone({ onDrawn }: KeptSummariesDrawerProps) {
  const none = useEffectEvent(() => onDrawn({}));
  useEffect(() => none(), []);
  return null;
}

export interface SaveOfflineProps {
  repId: number;
  /** The day Today's lists were asked for (their keys). */
  day: string;
  accounts: number;
  /** Today's queries, once every list is in (undefined before: nothing to keep yet). */
  keys?: readonly QueryKey[];
  /**
   * Queries Today does not read but the kept pages do (the day's route): asked for when the rep saves, and kept with
   * the week; one that fails is left out (the rest is kept). A quiet update keeps them as they are in the cache.
   */
  also?: readonly FetchQueryOptions<unknown, Error, unknown, QueryKey>[];
  /**
   * The week's accounts, whose summaries are drawn as HTML when the week is kept and kept with it, for the customer
   * page drawn from the device (`KeptSummariesDrawer`); with when the lists were read. Undefined: none kept.
   */
  summaries?: { week: KeptWeek; asOf?: number };
  /** The pages to keep with the data: Today, the accounts, the customer page's shell. */
  pages: string[];
  /** The week the device keeps, as restored (undefined: none). */
  week?: WeekMeta;
  timeZone: string;
  /** A control beside the button, before what it says (Today's route). */
  beside?: React.ReactNode;
}

type Phase =
  | { phase: "idle" }
  | { phase: "saving" }
  | { phase: "saved"; meta: WeekMeta; pagesFailed: number }
  | { phase: "failed"; detail: string };

const clock = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "numeric", minute: "2-digit" }).format(at);
const size = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} kB`;

/**
 * "Save for offline" on Today: the rep's week (Today's answers, kept in IndexedDB) and its pages (kept by the service
 * worker) on this device, so Today, the accounts and each account's page open without a signal. Nothing more is asked
 * of the API: what is kept is what Today has read. A week already kept is brought up to date each time Today's lists
 * come in online, so "as of" stays the last time the rep looked.
 */
export function SaveOffline({
  repId,
  day,
  accounts,
  keys,
  also = [],
  summaries,
  pages,
  week,
  timeZone,
  beside,
}: SaveOfflineProps) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [state, setState] = useState<Phase>({ phase: "idle" });
  const refreshed = useRef(false);
  /** The summaries being drawn for a save, and where they go. */
  const [drawing, setDrawing] = useState<{
    week: KeptWeek;
    asOf?: number;
    done: (html: Record<string, string>) => void;
  }>();
  const kept = state.phase === "saved" ? state.meta : week;

  const save = async (quiet = false) => {
    if (!keys) return;
    if (!quiet) setState({ phase: "saving" });
    try {
      if (!quiet) await Promise.all(also.map((query) => queryClient.fetchQuery(query).catch(() => undefined)));
      const drawn = summaries
        ? await new Promise<Record<string, string>>((done) => setDrawing({ ...summaries, done }))
        : {};
      const [meta, result] = await Promise.all([
        saveWeek(queryClient, {
          repId,
          day,
          accounts,
          keys: [...keys, ...also.map((query) => query.queryKey)],
          summaries: drawn,
        }),
        quiet ? Promise.resolve({ saved: pages, failed: [] }) : saveForOffline(pages),
      ]);
      setState({ phase: "saved", meta, pagesFailed: result.failed.length });
    } catch (error) {
      if (!quiet) setState({ phase: "failed", detail: error instanceof Error ? error.message : String(error) });
    }
  };

  // A week kept before, brought up to date with what Today read now (once a visit).
  const refresh = useEffectEvent(() => void save(true));
  useEffect(() => {
    if (!week || !keys || !online || refreshed.current || week.repId !== repId) return;
    refreshed.current = true;
    refresh();
  }, [week, keys, online, repId]);

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {drawing && (
        <Suspense>
          <KeptSummariesDrawer
            week={drawing.week}
            asOf={drawing.asOf}
            timeZone={timeZone}
            onDrawn={(html) => {
              setDrawing(undefined);
              drawing.done(html);
            }}
          />
        </Suspense>
      )}
      <button
        type="button"
        onClick={() => void save()}
        disabled={!keys || !online || state.phase === "saving"}
        className="min-h-11 rounded bg-slate-800 px-4 text-sm font-semibold text-white hover:bg-slate-900 disabled:opacity-60 dark:bg-slate-200 dark:text-slate-950"
      >
        {state.phase === "saving" ? "Saving…" : kept ? "Save again for offline" : "Save for offline"}
      </button>
      {beside}
      <p role="status" className="text-sm" data-testid="offline-saved">
        {state.phase === "failed"
          ? `Not saved: ${state.detail}`
          : kept
            ? `Kept on this device: ${kept.accounts} accounts as of ${clock(kept.savedAt, timeZone)} (${size(kept.bytes)})${state.phase === "saved" && state.pagesFailed ? `; ${state.pagesFailed} of the pages could not be kept (no service worker)` : ""}.`
            : "Keeps the week's accounts and notes on this device."}
      </p>
    </div>
  );
}
