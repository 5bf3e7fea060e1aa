import "server-only";
import type { KeyType } from "@/lib/data-api/operation";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/lib/session/notification-kinds";

/** A member of a workspace as the watch tells them: their settings and roles are the notifier's to apply, not ours. */
export interface WatchMember {
  userId: string;
  /** better-auth's role text (several roles may be joined by commas). */
  role: string;
  /** The sales rep (`/salesReps` UserID) the member is linked to on the Members page; null when none. */
  salesRepUserId: number | null;
}

/**
 * Whom a watch of a key tells about a kind: every member when the kind is about the key's type, and for the kinds
 * about a rep's customers (`reps`, and a customer put on hold seen through an Employee key) only the members linked
 * to a rep. Settings are not looked at here: the notifier applies them.
 *
 * @example
 * candidates("invoice-due", "Customer", members); // every member
 * candidates("invoice-due", "Supplier", members); // []
 * candidates("customer-on-hold", "Employee", members); // the members with a salesRepUserId
 */
export function candidates(kind: NotificationKind, keyType: KeyType, members: readonly WatchMember[]): WatchMember[] {
  const spec = NOTIFICATION_KINDS[kind];
  if (!spec.keyTypes.includes(keyType)) return [];
  const repsOnly = spec.reps === true || (kind === "customer-on-hold" && keyType === "Employee");
  return repsOnly ? members.filter((m) => m.salesRepUserId !== null) : [...members];
}
