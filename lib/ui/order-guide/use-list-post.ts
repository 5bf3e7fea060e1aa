"use client";

import { useRef, useState } from "react";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import { hashOf, sendOnce, sessionKeyStore } from "@/lib/ui/idempotency";
import { type ListAnswer, sharedListClient } from "./shared-list-client";

/** A refused or failed press: which action, its message, and its field errors by field. */
export interface PostFailure {
  action: string;
  message: string;
  fields: Record<string, string>;
}

/**
 * One press of a list's POST (`acknowledge`, `entered`, `substitutions/{lineId}/accept`): one request at a time (a
 * double press sends one), with one Idempotency-Key for the same press until it is answered (`sendOnce`: a retry after
 * a lost answer is the same request); the list as answered goes to `onAnswer`.
 *
 * @example
 * const post = useListPost(list.id, setAnswer);
 * <button onClick={() => void post.run("acknowledge")} disabled={post.pending !== null}>Acknowledge</button>
 */
export function useListPost(listId: string, onAnswer: (answer: ListAnswer) => void) {
  const busy = useRef(false);
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<PostFailure | null>(null);
  async function run(action: string, body?: unknown): Promise<boolean> {
    if (busy.current) return false;
    busy.current = true;
    setPending(action);
    setFailure(null);
    try {
      const signature = `POST /api/order-guide/lists/${listId}/${action}${body === undefined ? "" : ` ${hashOf(JSON.stringify(body))}`}`;
      onAnswer(await sendOnce(sessionKeyStore(), signature, (key) => sharedListClient.post(listId, action, key, body)));
      return true;
    } catch (error) {
      setFailure({
        action,
        message: error instanceof Error ? error.message : "Not done. Try again.",
        fields: isDataApiError(error) ? Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.detail])) : {},
      });
      return false;
    } finally {
      busy.current = false;
      setPending(null);
    }
  }
  return { pending, failure, run };
}
