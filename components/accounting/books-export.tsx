"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PREVIEW_KEY } from "@/lib/ui/accounting/accounting-client";
import {
  ALL_STATUSES,
  checkDraft,
  type DraftProblems,
  type ExportDraft,
  type ExportRequest,
  previewPath,
} from "@/lib/ui/accounting/export-request";
import { lastMonth } from "@/lib/ui/accounting/periods";
import { ExportForm, type StoreChoice } from "./export-form";
import { ExportHistory } from "./export-history";
import { ExportPreview } from "./export-preview";
import { MappingSection } from "./mapping-section";

interface BooksExportProps {
  /** Today in the person's zone (the server's render and the browser's agree on the defaults). */
  today: string;
  store: StoreChoice;
  /** Whether the role may mark an export (owners, admins, Accounts): the downloads are remembered then. */
  mayMark: boolean;
}

/**
 * The Books export page's body: the export's form, its preview with the files to download, the latest
 * marked exports, and the mapping. The form's request is previewed on "Preview", and again on every change after
 * that (a change that leaves the form incomplete keeps the last preview, marked as not the form's).
 */
export function BooksExport({ today, store, mayMark }: BooksExportProps) {
  const [draft, setDraft] = useState<ExportDraft>(() => ({
    format: "qbo-bills",
    ...lastMonth(today),
    statuses: ALL_STATUSES,
    customer: store.kind === "one" ? (store.initial?.toString() ?? "") : "",
    newOnly: true,
  }));
  // Undefined until the first Preview; then the last request the form made whole.
  const [asked, setAsked] = useState<ExportRequest>();
  const [problems, setProblems] = useState<DraftProblems>({});
  const storeRequired = store.kind === "one";
  const client = useQueryClient();

  // Before the first preview, a change only clears the problems a press of Preview showed; after it, it previews.
  const change = (next: ExportDraft) => {
    setDraft(next);
    if (!asked && Object.keys(problems).length === 0) return;
    const checked = checkDraft(next, { storeRequired });
    setProblems("problems" in checked ? checked.problems : {});
    if (asked && "request" in checked) setAsked(checked.request);
  };

  /** Whether the form was whole: the preview asked for, else its problems shown on their fields. */
  const preview = (): boolean => {
    const checked = checkDraft(draft, { storeRequired });
    if ("problems" in checked) {
      setProblems(checked.problems);
      return false;
    }
    setProblems({});
    // The same request again: asked again (what was marked since, what the API holds now).
    if (asked && previewPath(asked) === previewPath(checked.request))
      void client.invalidateQueries({ queryKey: [...PREVIEW_KEY, previewPath(checked.request)] });
    setAsked(checked.request);
    return true;
  };

  const current = asked !== undefined && Object.keys(problems).length === 0;
  return (
    <div className="space-y-8">
      <section aria-labelledby="export-heading" className="max-w-5xl space-y-4">
        <h2 id="export-heading" className="text-lg font-semibold">
          Export
        </h2>
        <ExportForm
          draft={draft}
          onChange={change}
          onPreview={preview}
          problems={problems}
          today={today}
          store={store}
          previewed={asked !== undefined}
        />
        {asked && <ExportPreview request={asked} current={current} mayMark={mayMark} />}
      </section>
      <ExportHistory />
      <MappingSection />
    </div>
  );
}
