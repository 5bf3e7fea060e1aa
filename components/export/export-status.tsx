"use client";

import { useEffect, useState } from "react";
import type { ExportPlan } from "@/lib/export/plan";
import { type ChildExportProgress, CHILD_BATCH_SIZE, estimatedChildRequests } from "@/lib/export/run-child-export";
import {
  type ExportJoin,
  type ExportProgress,
  joinRequestsOf,
  requestsToFetch,
  reserveOf,
  waitsForReset,
} from "@/lib/export/run-export";
import { describeFailure, waitInWords } from "@/lib/ui/failure";
import { plural } from "@/lib/format/plural";

/** What an export dialog shows in each step, in words (read out by screen readers as it changes). */

export interface Noun {
  one: string;
  many: string;
}

/** The words a child export needs: what the list holds, what is exported, and what its rows' id is called. */
export interface ChildWords {
  parentNoun: Noun;
  noun: Noun;
  /** The id the child operation takes, as the list's column heads it ("ERP id"): some rows may lack it. */
  idLabel: string;
}

export type Phase =
  | { step: "closed" }
  | { step: "planning" }
  | { step: "ready"; plan: ExportPlan }
  | {
      step: "running";
      plan: ExportPlan;
      progress: ExportProgress | ChildExportProgress;
      fileName: string;
      waitId: number;
    }
  | { step: "done"; rows: number; fileName: string; parents?: number; skipped?: number }
  | { step: "cancelled" }
  | { step: "failed"; error: unknown };

export const count = (n: number) => n.toLocaleString("en-US");
const nouns = (n: number, noun: Noun) => plural(n, noun.one, noun.many);

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function isChildProgress(progress: ExportProgress | ChildExportProgress): progress is ChildExportProgress {
  return "phase" in progress;
}

/**
 * The progress of a running export: its label ("Page 3 of 25 · 1,500 rows", "Reading invoices: page 2 of 3 · 1,000
 * invoices", "Reading lines: batch 2 of 5 · 812 lines") and the bar's value and maximum.
 */
export function progressOf(
  progress: ExportProgress | ChildExportProgress,
  child: ChildWords | undefined,
): { label: string; value: number; max: number } {
  if (!isChildProgress(progress) || !child) {
    return {
      label: `Page ${count(progress.page)} of ${count(progress.pages)} · ${plural(progress.rows, "row", "rows")}`,
      value: progress.page,
      max: Math.max(1, progress.pages),
    };
  }
  const { phase, page, pages, parents, batchesDone, batches, rows } = progress;
  const bar = { value: page + batchesDone, max: Math.max(1, pages + batches) };
  if (phase === "parents")
    return {
      label: `Reading ${child.parentNoun.many}: page ${count(page)} of ${count(pages)} · ${nouns(parents, child.parentNoun)}`,
      ...bar,
    };
  const batch = Math.min(batchesDone + 1, batches);
  return {
    label: `Reading ${child.noun.many}: batch ${count(batch)} of ${count(batches)} · ${nouns(rows, child.noun)}`,
    ...bar,
  };
}

/** What the dialog says at each step. */
export function StatusText({
  phase,
  child,
  joins = [],
}: {
  phase: Phase;
  child: ChildWords | undefined;
  joins?: readonly ExportJoin[];
}) {
  switch (phase.step) {
    case "planning":
      return <p>{child ? `Counting the ${child.parentNoun.many}…` : "Counting pages…"}</p>;
    case "ready":
      return child ? (
        <ChildPlanSummary plan={phase.plan} child={child} />
      ) : (
        <PlanSummary plan={phase.plan} joins={joins} />
      );
    case "running":
      return phase.progress.waitingSeconds !== undefined ? (
        <p>
          Paused: the key&apos;s budget for this hour is nearly spent, and {reserveOf(phase.plan.rateLimit.limit)}{" "}
          requests are kept for the rest of the dashboard. The export resumes by itself when the rate limit resets, in{" "}
          {waitInWords(phase.progress.waitingSeconds)}; keep this dialog open.
        </p>
      ) : (
        <p>Exporting to {phase.fileName}…</p>
      );
    case "done":
      return (
        <div className="space-y-2 rounded border border-emerald-600 bg-emerald-50 px-3 py-2 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100">
          <p>
            {child && phase.parents !== undefined
              ? `Exported ${nouns(phase.rows, child.noun)} of ${nouns(phase.parents, child.parentNoun)} to ${phase.fileName}`
              : `Exported ${plural(phase.rows, "row", "rows")} to ${phase.fileName}`}
          </p>
          {child && phase.skipped ? (
            <p>
              {capitalized(nouns(phase.skipped, child.parentNoun))} had no {child.idLabel} and{" "}
              {phase.skipped === 1 ? "was" : "were"} skipped.
            </p>
          ) : null}
        </div>
      );
    case "cancelled":
      return <p>Export cancelled. No file was saved.</p>;
    case "failed": {
      // The words every page uses for the same failure (lib/ui/failure.ts); a 429's wait is not counted down here.
      const { message, requestId } = describeFailure(phase.error, {
        what: child ? `the ${child.noun.many}` : "the list",
        doing: "export",
      });
      return (
        <div className="rounded border border-red-700 bg-red-50 px-3 py-2 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
          <p>{message}</p>
          {requestId && (
            <p className="mt-1">
              Request id <code className="font-mono select-all">{requestId}</code>
            </p>
          )}
        </div>
      );
    }
    default:
      return null;
  }
}

/** What the export will cost, in requests against the rate limit, before it starts. */
function PlanSummary({ plan, joins }: { plan: ExportPlan; joins: readonly ExportJoin[] }) {
  const pages = requestsToFetch(plan);
  const joined = joins.reduce((n, join) => n + joinRequestsOf(plan, join), 0);
  const requests = pages + joined;
  const reading = joins.flatMap((j) => (j.reading ? [j.reading] : [])).join(" and ");
  return (
    <>
      <p>
        {plan.rows === 0
          ? "The list is empty: the file will hold only the column headers."
          : requests === 0
            ? `Every row is already fetched: this export takes no more requests (${plural(plan.rows, "row", "rows")}).`
            : `This export takes ${plural(requests, "request", "requests")} (${plural(plan.rows, "row", "rows")}, up to ${count(plan.pageSize)} per request${joined > 0 ? `; at least ${plural(joined, "request", "requests")} of them read ${reading || "the joined columns"}` : ""}).`}
      </p>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Counting the rows took {plural(plan.requestsUsed, "request", "requests")}; the pages it fetched are not fetched
        again.
      </p>
      <BudgetNote plan={plan} requests={requests} />
    </>
  );
}

/** A child export's cost: the list's pages not yet read, then a request per batch of its rows (more for a long batch). */
function ChildPlanSummary({ plan, child }: { plan: ExportPlan; child: ChildWords }) {
  const listRequests = requestsToFetch(plan);
  const batches = estimatedChildRequests(plan) - listRequests;
  return (
    <>
      <p>
        {plan.rows === 0
          ? `No ${child.parentNoun.many} match the filters: the file will hold only the column headers.`
          : `${capitalized(nouns(plan.rows, child.parentNoun))} ${plan.rows === 1 ? "matches" : "match"} the filters. Reading ${plan.rows === 1 ? "it" : "them"} takes ${plural(listRequests, "more request", "more requests")}, then their ${child.noun.many} about ${plural(batches, "request", "requests")}: one for every ${count(CHILD_BATCH_SIZE)} ${child.parentNoun.many}, and one more for every further 500 ${child.noun.many}.`}
      </p>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Counting the {child.parentNoun.many} took {plural(plan.requestsUsed, "request", "requests")}; the pages it
        fetched are not fetched again.
      </p>
      <BudgetNote plan={plan} requests={listRequests + batches} />
    </>
  );
}

/** The requests left this hour, and whether the export will pause for the rate limit. */
function BudgetNote({ plan, requests }: { plan: ExportPlan; requests: number }) {
  const { remaining, reset } = plan.rateLimit;
  const resetsIn = reset === undefined ? "" : ` (in about ${waitInWords(Math.max(1, Math.round(reset / 60)) * 60)})`;
  return (
    <>
      {remaining !== undefined && <p>You have {plural(remaining, "request", "requests")} left this hour.</p>}
      {remaining !== undefined && requests > remaining ? (
        <p className="rounded border border-amber-600 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100">
          <strong>That is more than you have left.</strong> The export will pause until the rate limit resets{resetsIn},
          and keeps {reserveOf(plan.rateLimit.limit)} requests for the rest of the dashboard.
        </p>
      ) : (
        waitsForReset(plan.rateLimit, requests) && (
          <p className="text-slate-700 dark:text-slate-300">
            To keep {reserveOf(plan.rateLimit.limit)} requests for the rest of the dashboard, the export will pause
            until the rate limit resets{resetsIn}.
          </p>
        )
      )}
    </>
  );
}

/** Seconds counting down to zero (the wait the export announced), not read out at every tick. */
export function Countdown({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return <>{waitInWords(left)}</>;
}
