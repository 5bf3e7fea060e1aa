"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import type { OrderList, OrderListJson } from "@/lib/domain/order-guide/order-list";
import { backroomJson } from "@/lib/ui/backroom-json";

/**
 * A press on one of a list's actions (`/api/order-guide/lists/{id}/{action}`): one request at a time (a double press
 * sends one), with one Idempotency-Key for every press of this action until it succeeds, so a retry after a lost answer
 * is the same request. Then the page is read again, the focus on the list's summary (the button may go).
 */
export function useListAction(
  listId: string,
  action: "resend" | "withdraw",
  summaryId: string,
  words: (list: OrderList) => string,
) {
  const router = useRouter();
  const pressed = useRef(false);
  const key = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  async function run() {
    if (pressed.current) return;
    pressed.current = true;
    setBusy(true);
    setSaid(null);
    key.current ??= crypto.randomUUID();
    try {
      const { list } = await backroomJson<OrderListJson>(
        "POST",
        `/api/order-guide/lists/${encodeURIComponent(listId)}/${action}`,
        { headers: { "Idempotency-Key": key.current } },
      );
      key.current = null;
      setSaid(words(list));
      document.getElementById(summaryId)?.focus();
      router.refresh();
    } catch (failure) {
      setSaid(failure instanceof Error ? failure.message : "Not done. Try again.");
    } finally {
      pressed.current = false;
      setBusy(false);
    }
  }
  return { busy, said, run };
}
