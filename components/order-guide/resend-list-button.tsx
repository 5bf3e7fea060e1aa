"use client";

import { LIST_STATUS_WORDS } from "@/lib/domain/order-guide/order-list";
import { useListAction } from "./list-action";

interface ResendListButtonProps {
  listId: string;
  customerName: string;
  /** The list's summary (its status among it): the focus goes there once mailed, as the button then goes. */
  summaryId: string;
}

/**
 * "Send again" on a list the mail server refused or whose sending stopped before its mail was known to go: one press
 * mails it as it was kept (the server claims the list, so a double press or a second tab mails it once).
 */
export function ResendListButton({ listId, customerName, summaryId }: ResendListButtonProps) {
  const { busy, said, run } = useListAction(
    listId,
    "resend",
    summaryId,
    (list) => `${LIST_STATUS_WORDS[list.status] ?? list.status}.`,
  );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={run}
        disabled={busy}
        aria-label={`Send the list for ${customerName} again`}
        className="min-h-11 rounded border border-slate-500 px-4 font-semibold disabled:opacity-60 dark:border-slate-400"
      >
        {busy ? "Sending…" : "Send again"}
      </button>
      <p role="status" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
