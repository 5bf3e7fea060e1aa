"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { browserApi } from "@/lib/ui/browser-api";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { draftApiOf, type DraftJob, draftJobs, type DraftOrder, draftRunner } from "./draft-runner";
import type { EditorEvent } from "./editor-state";

/**
 * A spreadsheet's orders (several drafts of at most 200 lines) validated and created one after another by the
 * purchase-order runner, with the editor held meanwhile. A PO number the vendor already has fails its draft (it is the
 * person's number, and a second run of one sheet must not make its drafts again under others); every create keeps its
 * Idempotency-Key in the tab until it is answered, so "Try the failed ones again" makes no draft twice. Once the first
 * draft, which holds the order's own lines, is made, the editor lets them go (`sheet-drafted`).
 */
export function useSheetDrafts(dispatch: (event: EditorEvent) => void) {
  const queryClient = useQueryClient();
  const [runner] = useState(draftRunner);
  const [store] = useState(() => sessionKeyStore());
  const [jobs, setJobs] = useState<DraftJob[]>();
  const [running, setRunning] = useState(false);

  const run = async (batch: DraftJob[]) => {
    if (runner.running) return;
    setRunning(true);
    setJobs(batch);
    dispatch({ type: "review-drafting", running: true });
    try {
      const done = await runner.run(batch, { api: draftApiOf(browserApi), store, renumber: false }, setJobs);
      if (done[0]?.state.phase === "created") dispatch({ type: "sheet-drafted" });
      if (done.some((j) => j.state.phase === "created"))
        void queryClient.invalidateQueries({ queryKey: ["api", "listPurchasesV2"] });
    } finally {
      setRunning(false);
      dispatch({ type: "review-drafting", running: false });
    }
  };

  return {
    jobs,
    running,
    /** Validates and creates the orders as drafts, in order. */
    start: (orders: DraftOrder[]) => run(draftJobs(orders)),
    /** Runs the batch again: the drafts made stay, the failed ones go again with their numbers and keys. */
    retry: () => (jobs ? run(jobs) : Promise.resolve()),
  };
}
