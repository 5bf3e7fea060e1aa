"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import type { OrderListJson } from "@/lib/domain/order-guide/order-list";
import type { ListDetail } from "@/lib/domain/order-guide/shared-list";
import { backroomJson } from "@/lib/ui/backroom-json";
import { sendOnce, sessionKeyStore } from "@/lib/ui/idempotency";
import { type ListAnswer, ORDER_LIST_KEY } from "@/lib/ui/order-guide/shared-list-client";
import { useListPost } from "@/lib/ui/order-guide/use-list-post";
import { BUTTON, DANGER, FIELD_ERROR, fieldClass, PRIMARY } from "@/lib/ui/styles";

interface SharedListActionsProps {
  list: ListDetail;
  onAnswer: (answer: ListAnswer) => void;
  /** The person may withdraw the store's lists (owners, admins, purchasing). */
  maySend: boolean;
}

/**
 * What each side does to the list as a whole: the rep acknowledges it and marks it entered in the ERP (with the ERP's
 * number when they have it); the store withdraws it until it is entered. A viewer reads why there is nothing to press.
 */
export function SharedListActions({ list, onAnswer, maySend }: SharedListActionsProps) {
  if (list.stage === "withdrawn") return null;
  if (list.side === "store") {
    if (list.stage === "entered")
      return (
        <p className="max-w-3xl text-sm" data-testid="no-withdraw">
          The rep entered this list in the ERP, so it can no longer be withdrawn: ask them to change the order instead.
        </p>
      );
    return maySend ? <WithdrawList list={list} /> : <ReadOnly />;
  }
  if (!list.mayEdit) return <ReadOnly />;
  return <RepStage list={list} onAnswer={onAnswer} />;
}

function ReadOnly() {
  return <p className="text-sm">You can read this list: your role in this workspace does not change it.</p>;
}

/** The rep's Acknowledge and "Entered in the ERP". */
function RepStage({ list, onAnswer }: { list: ListDetail; onAnswer: (answer: ListAnswer) => void }) {
  const post = useListPost(list.id, onAnswer);
  const [erpRef, setErpRef] = useState("");
  const fieldId = useId();
  const error = post.failure?.action === "entered" ? (post.failure.fields.erpRef ?? post.failure.message) : undefined;
  const enter = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ref = erpRef.trim();
    void post.run("entered", ref ? { erpRef: ref } : {});
  };
  return (
    <div className="space-y-3">
      {list.stage === "sent" && (
        <div className="space-y-1">
          <button
            type="button"
            onClick={() => void post.run("acknowledge")}
            disabled={post.pending !== null}
            className={`${PRIMARY} min-h-11`}
          >
            {post.pending === "acknowledge" ? "Acknowledging…" : "Acknowledge"}
          </button>
          {post.failure?.action === "acknowledge" && (
            <p role="alert" className={FIELD_ERROR}>
              {post.failure.message}
            </p>
          )}
        </div>
      )}
      {list.stage !== "entered" && (
        <form onSubmit={enter} className="flex max-w-xl flex-wrap items-end gap-2" aria-label="Entered in the ERP">
          <div>
            <label htmlFor={fieldId} className="block text-sm font-semibold">
              ERP order or invoice number (optional)
            </label>
            <input
              id={fieldId}
              value={erpRef}
              onChange={(e) => setErpRef(e.target.value)}
              maxLength={60}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              className={fieldClass(Boolean(error), "mt-1 min-h-11 w-56")}
            />
          </div>
          <button type="submit" disabled={post.pending !== null} className={`${BUTTON} min-h-11`}>
            {post.pending === "entered" ? "Marking…" : "Entered in the ERP"}
          </button>
          {error && (
            <p id={`${fieldId}-error`} className={`${FIELD_ERROR} basis-full`}>
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

/**
 * The store's "Withdraw", asked to confirm (the rep reads it withdrawn, and it is never mailed again): once per
 * Idempotency-Key, so a double press withdraws it once. Refused once the rep has entered it.
 */
function WithdrawList({ list }: { list: ListDetail }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pressed = useRef(false);
  const explainId = useId();
  async function withdraw() {
    if (pressed.current) return;
    pressed.current = true;
    setBusy(true);
    setError(null);
    try {
      await sendOnce(sessionKeyStore(), `POST /api/order-guide/lists/${list.id}/withdraw`, (key) =>
        backroomJson<OrderListJson>("POST", `/api/order-guide/lists/${encodeURIComponent(list.id)}/withdraw`, {
          headers: { "Idempotency-Key": key },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: [...ORDER_LIST_KEY, list.id] });
      setAsking(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Not withdrawn. Try again.");
      await queryClient.invalidateQueries({ queryKey: [...ORDER_LIST_KEY, list.id] });
    } finally {
      pressed.current = false;
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      {asking ? (
        <div className="max-w-xl space-y-2 rounded border border-red-700 p-3 dark:border-red-400">
          <p id={explainId} className="text-sm">
            Withdraw the list for {list.customerName}? The rep sees it withdrawn, and it cannot be sent again.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => void withdraw()}
              disabled={busy}
              aria-describedby={explainId}
              className={`${DANGER} min-h-11`}
            >
              {busy ? "Withdrawing…" : "Withdraw the list"}
            </button>
            <button type="button" onClick={() => setAsking(false)} disabled={busy} className={`${BUTTON} min-h-11`}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => setAsking(true)} className={`${BUTTON} min-h-11`}>
          Withdraw
        </button>
      )}
      {error && (
        <p role="alert" className={FIELD_ERROR}>
          {error}
        </p>
      )}
    </div>
  );
}
