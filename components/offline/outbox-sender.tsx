"use client";

import { useOutboxSender } from "@/lib/ui/offline/use-outbox";

/** Sends the visit notes written offline once the connection is back (`useOutboxSender`). Draws nothing. */
export function OutboxSender() {
  useOutboxSender();
  return null;
}
