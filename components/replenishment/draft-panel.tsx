"use client";

import { may } from "@/lib/session/roles";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { DraftsFailed, DraftsMade } from "@/components/purchases/draft-outcomes";
import { formatDay } from "@/lib/format/display";
import { browserApi } from "@/lib/ui/browser-api";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { plural } from "@/lib/format/plural";
import { vendorLabel } from "@/lib/ui/replenishment/vendor-label";
import type { V1Reason } from "@/lib/ui/purchases/v1-purchases";
import { draftApiOf, draftJobs, type DraftJob, draftRunner, progressText } from "@/lib/ui/purchases/draft-runner";
import { draftsOf, type PlannedDraft, type PlannedOrder, plannedOrders } from "@/lib/ui/replenishment/drafts";
import type { PlanRow } from "@/lib/domain/replenishment/plan";
import { picksOf, type Selection, skipWords } from "@/lib/ui/replenishment/selection";
import { BUTTON, PRIMARY } from "@/lib/ui/styles";

/** A planned order in words: where from and to, how much, and when. */
function orderWords(draft: PlannedDraft): string {
  const vendor = vendorLabel({ vendorId: draft.vendorId, name: draft.vendorName });
  return `${draft.warehouseName ?? `Warehouse ${draft.locationId}`} from ${vendor}: ${plural(draft.lines.length, "line")}, ${plural(draft.totalCases, "case")}, delivery ${formatDay(draft.deliveryDate)}`;
}

export interface DraftPanelProps {
  /** The rows in view: their ticked rows are what is drafted. */
  rows: readonly PlanRow[];
  selection: Selection;
  /** The page may draft: v2 in use (undefined) or why not. */
  v1Reason: V1Reason | undefined;
  supplierName?: string;
  /** The PO numbers each vendor's purchases carry already (knownPoNumbers). */
  known: ReadonlyMap<number, ReadonlySet<string>>;
  /** Drafting runs: the table's ticks and numbers wait. */
  onRunning: (running: boolean) => void;
  /** Drafts were made for these rows: the page unticks them. */
  onDrafted: (rowKeys: string[]) => void;
}

/**
 * Draft purchase orders from the ticked rows in view: one per vendor and warehouse, what each will hold, then
 * "Draft purchase orders", which checks and creates each (never submits), saying its progress in a live region; at
 * the end a link to each draft in the editor, and each failure with its reason and a way to try the failed ones
 * again (the same PO numbers and Idempotency-Keys: an order whose create went through is not made twice).
 */
export function DraftPanel({ rows, selection, v1Reason, supplierName, known, onRunning, onDrafted }: DraftPanelProps) {
  const mayDraft = may(useKeyScope().role, { purchases: ["write"] });
  const headingId = useId();
  const queryClient = useQueryClient();
  const [runner] = useState(draftRunner<PlannedOrder>);
  const [store] = useState(() => sessionKeyStore());
  const [jobs, setJobs] = useState<DraftJob<PlannedOrder>[]>();
  const [running, setRunning] = useState(false);
  const planned = useMemo(() => draftsOf(rows, picksOf(rows, selection)), [rows, selection]);
  const orders = useMemo(() => plannedOrders(planned.drafts, { supplierName }), [planned, supplierName]);
  const preview = useMemo(() => draftJobs(orders, known), [orders, known]);
  const byKey = useMemo(() => new Map(rows.map((r) => [r.key, r])), [rows]);

  const start = async (batch: DraftJob<PlannedOrder>[]) => {
    if (runner.running) return;
    setRunning(true);
    onRunning(true);
    setJobs(batch);
    try {
      const done = await runner.run(batch, { api: draftApiOf(browserApi), store, known }, setJobs);
      const made = done.filter((j) => j.state.phase === "created");
      if (made.length > 0) {
        onDrafted(made.flatMap((j) => j.draft.planned.lines.map((l) => l.key)));
        // The plan's drafts (its "in drafts" figures) and every purchase list: read again.
        void queryClient.invalidateQueries({ queryKey: ["walk", "api", "listPurchasesV2"] });
        void queryClient.invalidateQueries({ queryKey: ["api", "listPurchasesV2"] });
      }
    } finally {
      setRunning(false);
      onRunning(false);
    }
  };

  const created = (jobs ?? []).filter((j) => j.state.phase === "created");
  const failed = (jobs ?? []).filter((j) => j.state.phase === "failed");
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Draft purchase orders
      </h2>
      {v1Reason ? (
        <p role="note" className="max-w-3xl text-sm">
          Drafting needs the v2 purchase endpoints, which{" "}
          {v1Reason === "missing"
            ? "this Data API service does not offer"
            : "Backroom is set not to use (DATA_API_V2=off)"}
          : the plan counts the posted purchases on order, but no purchase order can be drafted from it here.
        </p>
      ) : !mayDraft ? (
        <p role="note" className="max-w-3xl text-sm">
          Your role in this workspace does not draft purchase orders (owners, admins and purchasing do): the plan shows
          what to order, and someone who may can draft it.
        </p>
      ) : (
        <>
          {preview.length === 0 ? (
            <p className="text-sm">
              Tick the rows to order: each vendor and warehouse becomes one draft purchase order.
            </p>
          ) : (
            <div className="space-y-1 text-sm">
              <p>
                The ticked rows in view make {plural(preview.length, "draft purchase order")},{" "}
                {plural(
                  preview.reduce((n, j) => n + j.draft.planned.totalCases, 0),
                  "case",
                )}{" "}
                in all. Nothing is submitted: each draft opens in the editor to check and submit.
              </p>
              <ul className="list-inside list-disc" aria-label="Purchase orders to draft">
                {preview.map((job) => (
                  <li key={job.id}>
                    {job.poNumber}: {orderWords(job.draft.planned)}
                    {job.draft.planned.requiresBatchCodes
                      ? ". Batch codes required: the editor asks for one on each line"
                      : ""}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {planned.skipped.length > 0 && (
            <ul className="list-inside list-disc text-sm" aria-label="Ticked rows left out">
              {planned.skipped.map((s) => {
                const row = byKey.get(s.key);
                return (
                  <li key={s.key}>
                    Left out:{" "}
                    {row
                      ? `${row.productName ?? `Product ${row.productId}`} at ${row.warehouseName ?? `Warehouse ${row.locationId}`}`
                      : s.key}
                    , {skipWords(s.reason)}.
                  </li>
                );
              })}
            </ul>
          )}
          {/* aria-disabled, not disabled, while it runs: the button keeps the focus, and a second click is ignored. */}
          <button
            type="button"
            className={`${PRIMARY} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
            aria-disabled={running || preview.length === 0}
            onClick={() => {
              if (!running && preview.length > 0) void start(draftJobs(orders, known));
            }}
          >
            Draft purchase orders
          </button>
          <p role="status" aria-label="Drafting progress" className="text-sm font-semibold">
            {jobs ? progressText(jobs) : ""}
          </p>
          <DraftsMade jobs={created} describe={(job) => orderWords(job.draft.planned)} />
          {failed.length > 0 && (
            <div className="space-y-2 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
              <DraftsFailed jobs={failed} describe={(job) => orderWords(job.draft.planned)} doing="draft" />
              <button
                type="button"
                className={`${BUTTON} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
                aria-disabled={running}
                onClick={() => {
                  if (!running) void start(jobs ?? []);
                }}
              >
                Try the failed ones again
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
