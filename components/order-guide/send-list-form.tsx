"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import type { GuideRow, StorePurchases } from "@/lib/domain/order-guide/guide-data";
import {
  type AskedLine,
  listLines,
  LIST_STATUS_WORDS,
  NOT_AN_ORDER,
  type OrderList,
  type OrderListJson,
} from "@/lib/domain/order-guide/order-list";
import { type ListReview, reviewList } from "@/lib/domain/order-guide/review";
import { formatMoney } from "@/lib/format/display";
import { backroomJson } from "@/lib/ui/backroom-json";
import { hashOf, sendOnce, sessionKeyStore } from "@/lib/ui/idempotency";
import { BUTTON } from "@/lib/ui/styles";
import { ListReviewPanel } from "./list-review";
import { LAYOUT } from "./guide-layout";
import { plural } from "@/lib/format/plural";
import type { CreditBefore } from "@/lib/ui/credit/list-warning";

/** The form the guide's quantity fields belong to (their `form` attribute). */
export const LIST_FORM_ID = "order-list";

interface SendListFormProps {
  /** The guide's rows: a list is reviewed with their prices, buckets and usual orders. */
  rows: GuideRow[];
  /** What the store bought: a fill's total is said beside it. */
  purchases: StorePurchases;
  coverDays: number;
  customer: number;
  /** The day the page read prices for (the person's today). */
  day: string;
  /** Where the mail goes: the store's rep, or the workspace's contact; null: nobody (the send is refused). */
  recipient: string | null;
  mailDelivers: boolean;
  /** The store's credit now (the limit and what is available), when the feature could read it. */
  credit?: CreditBefore;
}

/**
 * The guide's quantity fields of the layout on screen (cards on a phone, the table on a desk): every row the filters
 * keep, those past "Show more" too, so a quantity typed or filled is sent whether or not its row is shown.
 */
function shownFields(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>(`input[form="${LIST_FORM_ID}"][data-product]`)].filter(
    (f) => (f.closest<HTMLElement>(`[${LAYOUT}]`)?.offsetParent ?? null) !== null,
  );
}

/** What the fields shown ask for: whole cases, those above 0. */
function askedLines(): AskedLine[] {
  return shownFields()
    .map((f) => ({ productId: Number(f.dataset.product), cases: Math.max(0, Math.trunc(Number(f.value) || 0)) }))
    .filter((l) => l.cases > 0);
}

/**
 * "Send to my rep": the guide's quantity fields (rendered on the server, each tied to this form by `form=`) reviewed,
 * then sent as a reorder list, once per Idempotency-Key (`sendOnce`): a double click sends one list and one mail.
 * "Fill suggestions" puts the suggestion into every empty field, "Clear all" empties them. Sending shows the list
 * first (its lines, cases and total, each line past the warehouse's bucket or three times the usual order flagged),
 * to confirm or edit.
 */
export function SendListForm({
  rows,
  purchases,
  coverDays,
  customer,
  day,
  recipient,
  mailDelivers,
  credit,
}: SendListFormProps) {
  const [pending, setPending] = useState(false);
  const [filled, setFilled] = useState<string | null>(null);
  const [review, setReview] = useState<(ListReview & { ok: true; asked: AskedLine[] }) | null>(null);
  const [sent, setSent] = useState<OrderList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  // A fill says what it asks for beside what the store buys, so a list far past its purchases shows before a review.
  const fill = () => {
    // A suggestion of 0 leaves its field empty: nothing to ask for, and the filled ones stand out.
    for (const f of shownFields())
      if (f.value.trim() === "" && f.dataset.suggestion !== "0") f.value = f.dataset.suggestion ?? "";
    const list = listLines(rows, askedLines());
    setFilled(
      `${list.ok ? `The fields now ask for ${plural(list.lines.length, "product")}, ${plural(list.totalCases, "case")}, ${formatMoney(list.total)}` : "The fields ask for nothing"}; the store buys ${formatMoney(purchases.pace.total)} in ${plural(coverDays, "day")} at its pace of the last 180.`,
    );
  };
  const clear = () => {
    for (const f of shownFields()) f.value = "";
    setFilled(null);
  };

  function toReview(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const asked = askedLines();
    const reviewed = reviewList(rows, asked);
    if (!reviewed.ok) return setError(reviewed.detail);
    setError(null);
    setSent(null);
    setReview({ ...reviewed, asked });
  }

  /** Back to the fields: the first flagged line's, else the first field, takes the focus. */
  function edit() {
    const flagged = review?.lines.find((l) => l.flags.length > 0)?.productId;
    setReview(null);
    const fields = shownFields();
    (fields.find((f) => Number(f.dataset.product) === flagged) ?? fields[0])?.focus();
  }

  async function confirm() {
    if (busy.current || !review) return;
    const body = { customer, day, lines: review.asked };
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
      setReview(null);
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
      onSubmit={toReview}
      aria-labelledby="send-list-title"
      className="space-y-2 rounded border border-slate-300 p-3 dark:border-slate-600"
    >
      <h2 id="send-list-title" className="font-semibold">
        Send to my rep
      </h2>
      <p className="text-sm">
        The cases above 0 (of every product the filters keep, shown or not) go by email to{" "}
        {recipient ?? "nobody yet: the store's record has no rep's address and the workspace has no contact"}, a copy to
        you, priced as of today. A shelf never counted starts empty until &quot;Fill suggestions&quot;. {NOT_AN_ORDER}
      </p>
      {!mailDelivers && (
        <p className="text-sm font-semibold">
          Mail is off on this Backroom (no SMTP server): the list is kept on Reorder lists as &quot;Not sent: mail is
          off&quot;, and nobody gets an email.
        </p>
      )}
      {review ? (
        <ListReviewPanel
          review={review}
          credit={credit}
          pending={pending}
          onConfirm={() => void confirm()}
          onEdit={edit}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`${BUTTON} min-h-11`} onClick={fill}>
            Fill suggestions
          </button>
          <button type="button" className={`${BUTTON} min-h-11`} onClick={clear}>
            Clear all
          </button>
          <button
            type="submit"
            className="min-h-11 rounded bg-slate-900 px-4 font-semibold text-white dark:bg-slate-100 dark:text-slate-900"
          >
            Review and send
          </button>
        </div>
      )}
      <div role="status" aria-live="polite" className="text-sm">
        {filled && !sent && <p data-testid="fill-total">{filled}</p>}
        {sent && (
          <p>
            {LIST_STATUS_WORDS[sent.status] ?? sent.status}: {plural(sent.lineCount, "product")},{" "}
            {plural(sent.totalCases, "case")}, total {formatMoney(sent.total)}, to {sent.recipient}.{" "}
            <Link href={`/order-guide/lists/${sent.id}`} className="underline">
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
