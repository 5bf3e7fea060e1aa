import { daysBetween } from "@/lib/domain/insights/definitions";
import { REASON_WORDS, type DisputeReason, type DisputeStatus } from "./dispute";

/**
 * A dispute as the pages the distributor's people already work in show it (Today, a customer's page, a statement): the
 * store, the invoice, its reasons, what is still in dispute and where it stands, linked to the dispute's own page. No
 * lines, thread or photos: those are the dispute's page's.
 */
export interface DisputeDigest {
  id: string;
  customerId: number;
  customerName: string;
  invoiceId: number;
  invoiceNum: string;
  status: DisputeStatus;
  reasons: DisputeReason[];
  /** The lines' amounts (cents), and what is still in dispute: the amount less what the ERP credited. */
  amount: string;
  open: string;
  openedAt: string;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
}

/** The dispute's own page, and the disputes of one store (the disputes' list, filtered). */
export const disputeHref = (id: string) => `/disputes/${encodeURIComponent(id)}` as const;
export const storeDisputesHref = (customerId: number) => `/disputes?customerId=${customerId}` as const;

/**
 * The reasons in words, lower case after the first, as a row says them.
 *
 * @example
 * reasonWords(["short", "damaged"]); // "short, damaged"
 */
export function reasonWords(reasons: readonly DisputeReason[]): string {
  return reasons.map((r) => REASON_WORDS[r].toLocaleLowerCase("en-US")).join(", ");
}

/**
 * How long ago a dispute was opened, in whole calendar days of the viewer's day.
 *
 * @example
 * openedAgo("2026-11-23", "2026-11-25"); // "opened 2 days ago"
 */
export function openedAgo(openedDay: string, today: string): string {
  const days = Math.max(0, daysBetween(openedDay, today));
  return days === 0 ? "opened today" : days === 1 ? "opened yesterday" : `opened ${days} days ago`;
}

/** A store's disputes on its page: those not resolved, oldest first, then the last resolved; and what is in dispute. */
export interface StoreDisputes {
  disputes: DisputeDigest[];
  /** What is still in dispute across the store's disputes not resolved (cents). */
  open: string;
}
