"use client";

import Link from "next/link";
import { CopyButton } from "@/components/table/copy-button";
import { RetryButton } from "@/components/table/retry-button";
import { casesText } from "@/lib/domain/purchases/fields";
import type { EditorAction, EditorState } from "@/lib/ui/purchases/editor-state";
import { BUTTON } from "@/lib/ui/styles";
import { plural } from "@/lib/format/plural";

const BUSY: Record<EditorAction, string> = {
  validate: "Checking with the API…",
  save: "Saving…",
  submit: "Submitting…",
  delete: "Deleting…",
};

/**
 * The editor's status (one live region): the action running, else Validate's answer, a success, or that there are
 * unsaved changes. Each message is a paragraph of its own: Validate's answer and "Draft saved." after it are two
 * sentences, never one run-on line.
 */
export function EditorStatus({
  id,
  state,
  busy,
  dirty,
}: {
  id: string;
  state: EditorState;
  busy: EditorAction | undefined;
  dirty: boolean;
}) {
  const { validation, notice } = state;
  return (
    <div id={id} role="status" aria-label="Purchase order status" className="space-y-1 text-sm">
      {busy && <p>{BUSY[busy]}</p>}
      {!busy && validation && (
        <p
          className={
            validation.valid
              ? "font-semibold text-emerald-800 dark:text-emerald-300"
              : "font-semibold text-red-800 dark:text-red-300"
          }
        >
          {validation.valid
            ? `Valid: ready to submit, ${plural(casesText(validation.totalCases), "case")}.`
            : `Not ready to submit (${plural(casesText(validation.totalCases), "case")}): see the marked fields.`}
        </p>
      )}
      {!busy && notice?.tone === "ok" && (
        <p className="font-semibold text-emerald-800 dark:text-emerald-300">{notice.text}</p>
      )}
      {!busy && dirty && state.globalId && !notice && !validation && <p>Unsaved changes.</p>}
    </div>
  );
}

/**
 * A failed action, as an alert: what happened, the purchase that already has the PO number, the purchase's page when
 * it can no longer be edited, the request id to quote, and Try again when the same request may go again.
 */
export function FailureNotice({
  state,
  locked,
  onRetry,
}: {
  state: EditorState;
  locked: boolean;
  onRetry: (action: EditorAction) => void;
}) {
  const { notice, globalId } = state;
  if (notice?.tone !== "error") return null;
  return (
    <div
      role="alert"
      className="space-y-2 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <p>{notice.text}</p>
      {notice.existing && (
        <p>
          <Link className="link" href={`/purchases/${encodeURIComponent(notice.existing)}`}>
            Open the purchase order that has it
          </Link>
        </p>
      )}
      {locked && globalId && (
        <p>
          <Link className="link" href={`/purchases/${encodeURIComponent(globalId)}`}>
            Open its page
          </Link>
        </p>
      )}
      {notice.requestId && (
        <p>
          Request id <code className="font-mono">{notice.requestId}</code>{" "}
          <CopyButton text={notice.requestId} label="Copy request id" />
        </p>
      )}
      {notice.retry && (
        <RetryButton
          key={notice.text}
          label="Try again"
          onRetry={() => onRetry(notice.retry!)}
          waitSeconds={notice.retryAfterSeconds}
          className={BUTTON}
        />
      )}
    </div>
  );
}
