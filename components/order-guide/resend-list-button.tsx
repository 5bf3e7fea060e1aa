"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { LIST_STATUS_WORDS, type OrderListJson } from "@/lib/domain/order-guide/order-list";
import { backroomJson } from "@/lib/ui/backroom-json";

interface ResendListButtonProps {
  listId: string;
  customerName: string;
  /** The list's summary (its status among it): the focus goes there once mailed, as the button then goes. */
  summaryId: string;
}

/**
 * "Send again" on a list the mail server refused or whose sending stopped before its mail was known to go: one press
 * mails it as it was kept (the server claims the list, so a double press or a second tab mails it once), then the
 * page is read again, the focus on the list's summary.
 */
export function ResendListButton({ listId, customerName, summaryId }: ResendListButtonProps) {
  const router = useRouter();
  const pressed = useRef(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  async function resend() {
    if (pressed.current) return;
    pressed.current = true;
    setBusy(true);
    setSaid(null);
    try {
      const { list } = await backroomJson<OrderListJson>(
        "POST",
        `/api/order-guide/lists/${encodeURIComponent(listId)}/resend`,
      );
      setSaid(`${LIST_STATUS_WORDS[list.status] ?? list.status}.`);
      // Read again, the list says its new status and this button goes: the focus waits on the list's summary.
      document.getElementById(summaryId)?.focus();
      router.refresh();
    } catch (failure) {
      setSaid(failure instanceof Error ? failure.message : "Not sent. Try again.");
    } finally {
      pressed.current = false;
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={resend}
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
