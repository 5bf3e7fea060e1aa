"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import {
  LIST_STATUS_WORDS,
  NOT_AN_ORDER,
  type OrderList,
  type OrderListJson,
} from "@/lib/domain/order-guide/order-list";
import { formatMoney } from "@/lib/format/display";
import { backroomJson } from "@/lib/ui/backroom-json";
import { hashOf, sendOnce, sessionKeyStore } from "@/lib/ui/idempotency";

/** The form the guide's quantity fields belong to (their `form` attribute). */
export const LIST_FORM_ID = "order-list";

interface SendListFormProps {
  customer: number;
  /** The day the page read prices for (the person's today). */
  day: string;
  /** Where the mail goes: the store's rep, or the workspace's contact; null: nobody (the send is refused). */
  recipient: string | null;
  mailDelivers: boolean;
}

/**
 * "Send to my rep": the guide's quantity fields (rendered on the server, each tied to this form by `form=`) sent as a
 * reorder list, once per Idempotency-Key (`sendOnce`): a double click sends one list and one mail. Of the fields,
 * the ones shown are read (cards on a phone, the table on a desk).
 */
export function SendListForm({ customer, day, recipient, mailDelivers }: SendListFormProps) {
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<OrderList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const fields = [...document.querySelectorAll<HTMLInputElement>(`input[form="${LIST_FORM_ID}"][data-product]`)];
    const lines = fields
      .filter((f) => f.offsetParent !== null)
      .map((f) => ({ productId: Number(f.dataset.product), cases: Math.max(0, Math.trunc(Number(f.value) || 0)) }))
      .filter((l) => l.cases > 0);
    if (!lines.length) {
      setError("The list is empty: give at least one product 1 case or more.");
      return;
    }
    const body = { customer, day, lines };
    busy.current = true;
    setPending(true);
    setError(null);
    try {
      const { list } = await sendOnce(
        sessionKeyStore(),
        `POST /api/order-guide/lists ${hashOf(JSON.stringify(body))}`,
        (key) =>
          backroomJson<OrderListJson>("POST", "/api/order-guide/lists", {
            body,
            headers: { "Idempotency-Key": key },
          }),
      );
      setSent(list);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The list could not be sent. Try again.");
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return (
    <form
      id={LIST_FORM_ID}
      onSubmit={submit}
      aria-labelledby="send-list-title"
      className="space-y-2 rounded border border-slate-300 p-3 dark:border-slate-600"
    >
      <h2 id="send-list-title" className="font-semibold">
        Send to my rep
      </h2>
      <p className="text-sm">
        The cases above (the products shown, those above 0) go by email to{" "}
        {recipient ?? "nobody yet: the store's record has no rep's address and the workspace has no contact"}, with a
        copy to you and the lines as a CSV, priced as of today. {NOT_AN_ORDER}
      </p>
      {!mailDelivers && (
        <p className="text-sm font-semibold">
          Mail is off on this Backroom (no SMTP server): the list is kept on Reorder lists as &quot;Not sent: mail is
          off&quot;, and nobody gets an email.
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="min-h-11 rounded bg-slate-900 px-4 font-semibold text-white disabled:opacity-60 dark:bg-slate-100 dark:text-slate-900"
      >
        {pending ? "Sending…" : "Send to my rep"}
      </button>
      <div role="status" aria-live="polite" className="text-sm">
        {sent && (
          <p>
            {LIST_STATUS_WORDS[sent.status] ?? sent.status}: {sent.lineCount} product{sent.lineCount === 1 ? "" : "s"},{" "}
            {sent.totalCases} cases, total {formatMoney(sent.total)}, to {sent.recipient}.{" "}
            <Link href={`/order-guide/lists?list=${sent.id}`} className="underline">
              See the list
            </Link>
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
