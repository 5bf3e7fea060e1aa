"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { isDataApiError } from "@/lib/data-api/data-api-error";
import type { DisputeView } from "@/lib/domain/disputes/view";
import { hashOf, sendOnce, sessionKeyStore } from "@/lib/ui/idempotency";
import { DISPUTES_KEY, disputeQueryOptions, disputesClient } from "./disputes-client";

/** A refused or failed press: which action, its message, and its field errors by field. */
export interface DisputePostFailure {
  action: string;
  message: string;
  fields: Record<string, string>;
}

/**
 * One press on a dispute (`acknowledge`, `replies {text}`, `close {reason}`): one request at a time (a double press
 * sends one), with one Idempotency-Key for the same press until it is answered (`sendOnce`); the dispute as answered
 * goes into the page's query, and the lists are read again.
 */
export function useDisputePost(id: string) {
  const queryClient = useQueryClient();
  const busy = useRef(false);
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<DisputePostFailure | null>(null);
  async function run(action: "acknowledge" | "replies" | "close", body?: unknown): Promise<boolean> {
    if (busy.current) return false;
    busy.current = true;
    setPending(action);
    setFailure(null);
    try {
      const signature = `POST /api/disputes/${id}/${action}${body === undefined ? "" : ` ${hashOf(JSON.stringify(body))}`}`;
      const answer = await sendOnce(sessionKeyStore(), signature, (key) => disputesClient.post(id, action, key, body));
      if (answer && typeof answer === "object" && "id" in answer)
        queryClient.setQueryData<DisputeView>(disputeQueryOptions(id).queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: DISPUTES_KEY });
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
