/**
 * The audit trail's vocabulary, shared by the server (which writes and answers entries) and the Activity page (which
 * shows and filters them). Browser-safe: no server imports.
 */

/** What an entry records. */
export const AUDIT_EVENTS = [
  "sign-in",
  "sign-in-failed",
  "sign-out",
  "key-added",
  "key-removed",
  "invitation-sent",
  "invitation-cancelled",
  "invitation-accepted",
  "role-changed",
  "member-removed",
  "member-left",
  "connect",
  "connect-refused",
  "payment-allocation",
  "purchase-create",
  "purchase-update",
  "purchase-submit",
  "purchase-delete",
  "history-scope-changed",
  "note-added",
  "note-deleted",
  "accounting-export",
  "accounting-mapping-changed",
  "menu-link-made",
  "menu-link-revoked",
  "order-list-sent",
  "order-list-withdrawn",
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** Each event in words, for the page and the CSV. */
export const AUDIT_EVENT_NAMES: Record<AuditEvent, string> = {
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "sign-out": "Signed out",
  "key-added": "Key added",
  "key-removed": "Key removed",
  "invitation-sent": "Invitation sent",
  "invitation-cancelled": "Invitation cancelled",
  "invitation-accepted": "Invitation accepted",
  "role-changed": "Role changed",
  "member-removed": "Member removed",
  "member-left": "Member left",
  connect: "Connected (before accounts)",
  "connect-refused": "Connect refused (before accounts)",
  "payment-allocation": "Payment allocation requested",
  "purchase-create": "Purchase order created",
  "purchase-update": "Purchase order edited",
  "purchase-submit": "Purchase order submitted",
  "purchase-delete": "Purchase order deleted",
  "history-scope-changed": "Insights history scope changed",
  "note-added": "Visit note added",
  "note-deleted": "Visit note deleted",
  "accounting-export": "Exported to the books",
  "accounting-mapping-changed": "Books' mapping changed",
  "menu-link-made": "Menu link made",
  "menu-link-revoked": "Menu link revoked",
  "order-list-sent": "Reorder list sent to the rep",
  "order-list-withdrawn": "Reorder list withdrawn",
};

/**
 * How a write went, as far as Backroom knows:
 * - `sent`: written before the request went to the API, and no answer recorded since (the instance stopped meanwhile);
 * - `done`: the API answered 2xx;
 * - `refused`: Backroom (the request was invalid) or the API (4xx) refused it: nothing was done;
 * - `unknown`: no answer (timeout, unreachable) or a 5xx: whether it was done is not known; the outcome tells later.
 */
export type AuditResult = "sent" | "done" | "refused" | "unknown";

/**
 * An entry's business reference: what the request named, and what its answer added. Flat, every field optional; only
 * the fields of the event's kind are set.
 */
export interface AuditReference {
  // An Employee key's insights history: what it covers ("linked-reps" or "distributor").
  historyScope?: string;
  // A payment allocation request.
  arAccountId?: number;
  paymentInvoiceNum?: string;
  targetInvoiceNum?: string;
  amount?: string;
  /** The API's RequestID for the allocation request. */
  paymentRequestId?: number;
  // A purchase order.
  purchaseGlobalId?: string;
  poNum?: string;
  vendorId?: number;
  /** The warehouse (to_location_id). */
  warehouseId?: number;
  lineCount?: number;
  totalCases?: number;
  /** Created directly in Submitted (`?submit=true`). */
  submit?: boolean;
  /** The ERP's numeric purchase id, once imported. */
  erpId?: number;
  // A refusal.
  errorCode?: string;
  errorDetail?: string;
  // A visit note (never its text).
  /** The Data API's CustomerID the note is on. */
  customerId?: number;
  noteId?: string;
  // A workspace's people and keys.
  /** Whom it concerns (the person invited, the member whose role changed or who was removed). */
  subjectEmail?: string;
  role?: string;
  previousRole?: string;
  /** How a person signed in: password, passkey, single sign-on, a second factor, the demo. */
  method?: string;
  // An export to the books: its format, period, file and how many records (the total is `amount`).
  exportFormat?: string;
  periodFrom?: string;
  periodTo?: string;
  records?: number;
  fileName?: string;
  // The books' mapping, as set.
  vendorName?: string;
  dateFormat?: string;
  // A brand's shared menu link: its id and name, never its token.
  menuId?: string;
  menuName?: string;
  // A reorder list to the rep: its id and how its mail went ("sent", "mail-off", "mail-failed"); the rep is
  // `subjectEmail`, the total `amount`.
  listId?: string;
  listStatus?: string;
}

/** An entry as `GET /api/activity` answers it. */
export interface AuditEntry {
  id: string;
  at: string;
  event: AuditEvent;
  operation: string | null;
  environment: string | null;
  keyLabel: string | null;
  keyType: string | null;
  keyScope: string | null;
  /** Who: the person (better-auth's user id and their email at the time), and the workspace. */
  userId: string | null;
  userEmail: string | null;
  workspaceId: string | null;
  /** The first 12 characters of the session id's hash: enough to tell sessions apart. */
  session: string | null;
  clientAddress: string;
  idempotencyKey: string | null;
  requestId: string | null;
  upstreamStatus: number | null;
  result: AuditResult;
  /** The business reference: what the request named, with what the answer added (ids, error code and detail). */
  reference: AuditReference;
  outcome: string | null;
  outcomeFinal: boolean;
  outcomeAt: string | null;
}

/** The body of `GET /api/activity` (JSON). */
export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  pageSize: number;
  total: number;
  hasNextPage: boolean;
  /** The people whose entries the caller may filter by. */
  people: { userId: string; email: string }[];
}

/**
 * The body of `GET /api/activity/requesters`: who in the workspace made each of the payment allocation requests asked
 * about that Backroom sent (the others are the ERP's users' own), by the API's RequestID.
 */
export interface PaymentRequesters {
  /** `name`: the person's name now; null when their account is gone since (a former member). */
  requesters: { requestId: number; name: string | null }[];
}
