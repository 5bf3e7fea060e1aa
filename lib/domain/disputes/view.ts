import type { DisputeLine, DisputeReason, DisputeStatus } from "./dispute";
import type { CreditPart } from "./resolution";

/**
 * A dispute as its routes answer it (`GET /api/disputes/{id}`, a summary of it in `GET /api/disputes`) and its pages show
 * it: the asker's side sees it whole, a brand only its own products' quality lines (their amounts only). Each shape's
 * zod schema (`…Answer`), what the routes' specs say they answer, is on the server (lib/server/disputes/answers.ts),
 * held to the type at compile time.
 */

/** The asker's part: the store's side, the distributor's (its rep and staff), or a brand's. */
export type DisputeSide = "store" | "rep" | "brand";

/** What happened, in order: each side's replies and the dispute's changes. */
export type DisputeEventKind = "opened" | "acknowledged" | "reply" | "photo" | "credited" | "resolved" | "closed";

export interface DisputeEventView {
  id: string;
  at: string;
  /** The person's name ("Backroom" for the matcher). */
  by: string;
  side: DisputeSide | "backroom";
  kind: DisputeEventKind;
  text: string;
}

export interface DisputePhotoView {
  id: string;
  /** Where the photo is read (`GET /api/disputes/{id}/photos/{photoId}`), for the asker's side only. */
  href: string;
  type: string;
  bytes: number;
  at: string;
  by: string;
}

export interface DisputeLineView extends DisputeLine {
  /** What the ERP credited against it so far (cents), and from which credit memos. */
  credited: string;
  credits: CreditPart[];
}

/** How it ended: a credit memo in the API, or staff closing it with a reason. */
export type DisputeResolution =
  | { kind: "credit"; at: string; credits: { invoiceId: number; invoiceNum: string; amount: string }[] }
  | { kind: "closed"; at: string; by: string; reason: string };

export interface DisputeView {
  id: string;
  customerId: number;
  customerName: string;
  invoiceId: number;
  invoiceNum: string;
  /** The invoice's date (YYYY-MM-DD). */
  invoiceDate: string;
  status: DisputeStatus;
  reasons: DisputeReason[];
  openedAt: string;
  openedBy: string;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
  /** The lines' amounts (cents), what the ERP credited, and what is still in dispute. */
  amount: string;
  credited: string;
  open: string;
  lines: DisputeLineView[];
  events: DisputeEventView[];
  photos: DisputePhotoView[];
  resolution: DisputeResolution | null;
  /** The `ETag`: every change adds one. */
  version: number;
  side: DisputeSide;
  /** What the asker may do now. */
  can: { reply: boolean; acknowledge: boolean; close: boolean; addPhoto: boolean };
}

/** A dispute in a list: all but its thread and photos (their count instead). */
export type DisputeSummary = Omit<DisputeView, "events" | "photos"> & { replies: number; photoCount: number };

/** `GET /api/disputes`: the disputes the asker sees, newest first, and the amounts still in dispute by store. */
export interface DisputesJson {
  disputes: DisputeSummary[];
  /** Per store (CustomerID), what is still in dispute across its open disputes (cents). */
  openByCustomer: Record<string, string>;
}
