import * as z from "zod";
import { DISPUTE_REASONS, type DisputeLine, type DisputeReason, type DisputeStatus } from "./dispute";
import type { CreditPart } from "./resolution";

/**
 * A dispute as its routes answer it (`GET /api/disputes/{id}`, a summary of it in `GET /api/disputes`) and its pages show
 * it: the asker's side sees it whole, a brand only its own products' quality lines (their amounts only). Each shape has
 * its zod schema beside it (`…Answer`), what the routes' specs say they answer, held to the type at compile time.
 */

/** The asker's part: the store's side, the distributor's (its rep and staff), or a brand's. */
export type DisputeSide = "store" | "rep" | "brand";
export const DisputeSideAnswer = z.enum(["store", "rep", "brand"]) satisfies z.ZodType<DisputeSide>;

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
const DisputeEventAnswer = z.object({
  id: z.string(),
  at: z.string(),
  by: z.string().describe('The person\'s name ("Backroom" for the matcher).'),
  side: z.enum(["store", "rep", "brand", "backroom"]),
  kind: z.enum(["opened", "acknowledged", "reply", "photo", "credited", "resolved", "closed"]),
  text: z.string(),
}) satisfies z.ZodType<DisputeEventView>;

export interface DisputePhotoView {
  id: string;
  /** Where the photo is read (`GET /api/disputes/{id}/photos/{photoId}`), for the asker's side only. */
  href: string;
  type: string;
  bytes: number;
  at: string;
  by: string;
}
const DisputePhotoAnswer = z.object({
  id: z.string(),
  href: z.string().describe("Where the photo is read (`GET /api/disputes/{id}/photos/{photoId}`)."),
  type: z.string(),
  bytes: z.number(),
  at: z.string(),
  by: z.string(),
}) satisfies z.ZodType<DisputePhotoView>;

export interface DisputeLineView extends DisputeLine {
  /** What the ERP credited against it so far (cents), and from which credit memos. */
  credited: string;
  credits: CreditPart[];
}
const DisputeLineAnswer = z.object({
  invoiceLineId: z.number(),
  productId: z.number(),
  productName: z.string(),
  supplierId: z.number().nullable(),
  batchCode: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  units: z.number(),
  invoicedUnits: z.number(),
  unitPrice: z.string(),
  expectedPrice: z.string().nullable(),
  amount: z.string().describe('What the line is worth to the store, in cents ("45.00").'),
  note: z.string().nullable(),
  credited: z.string().describe("What the ERP credited against it so far (cents)."),
  credits: z
    .array(
      z.object({
        creditInvoiceId: z.number(),
        creditInvoiceNum: z.string(),
        creditLineId: z.number(),
        amount: z.string(),
      }),
    )
    .describe("The credit memos' lines it was credited from."),
}) satisfies z.ZodType<DisputeLineView>;

/** How it ended: a credit memo in the API, or staff closing it with a reason. */
export type DisputeResolution =
  | { kind: "credit"; at: string; credits: { invoiceId: number; invoiceNum: string; amount: string }[] }
  | { kind: "closed"; at: string; by: string; reason: string };
const DisputeResolutionAnswer = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("credit"),
      at: z.string(),
      credits: z.array(z.object({ invoiceId: z.number(), invoiceNum: z.string(), amount: z.string() })),
    }),
    z.object({ kind: z.literal("closed"), at: z.string(), by: z.string(), reason: z.string() }),
  ])
  .describe(
    "How it ended: a credit memo in the API, or staff closing it with a reason.",
  ) satisfies z.ZodType<DisputeResolution>;

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
const disputeHeader = {
  id: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  invoiceId: z.number(),
  invoiceNum: z.string(),
  invoiceDate: z.string().describe("The invoice's date (YYYY-MM-DD)."),
  status: z.enum(["open", "acknowledged", "resolved"]),
  reasons: z.array(z.enum(DISPUTE_REASONS)),
  openedAt: z.string(),
  openedBy: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  amount: z.string().describe("The lines' amounts (cents)."),
  credited: z.string().describe("What the ERP credited (cents)."),
  open: z.string().describe("What is still in dispute (cents)."),
  lines: z.array(DisputeLineAnswer),
  resolution: DisputeResolutionAnswer.nullable(),
  version: z.number().describe("The `ETag`: every change adds one."),
  side: DisputeSideAnswer.describe(
    "The asker's part: the store's side, the distributor's (its rep and staff), or a brand's.",
  ),
  can: z
    .object({ reply: z.boolean(), acknowledge: z.boolean(), close: z.boolean(), addPhoto: z.boolean() })
    .describe("What the asker may do now."),
};

export const DisputeViewAnswer = z.object({
  ...disputeHeader,
  events: z
    .array(DisputeEventAnswer)
    .describe("What happened, in order: each side's replies and the dispute's changes."),
  photos: z.array(DisputePhotoAnswer),
}) satisfies z.ZodType<DisputeView>;

/** A dispute in a list: all but its thread and photos (their count instead). */
export type DisputeSummary = Omit<DisputeView, "events" | "photos"> & { replies: number; photoCount: number };
const DisputeSummaryAnswer = z.object({
  ...disputeHeader,
  replies: z.number(),
  photoCount: z.number(),
}) satisfies z.ZodType<DisputeSummary>;

/** `GET /api/disputes`: the disputes the asker sees, newest first, and the amounts still in dispute by store. */
export interface DisputesJson {
  disputes: DisputeSummary[];
  /** Per store (CustomerID), what is still in dispute across its open disputes (cents). */
  openByCustomer: Record<string, string>;
}
export const DisputesJsonAnswer = z.object({
  disputes: z.array(DisputeSummaryAnswer),
  openByCustomer: z
    .record(z.string(), z.string())
    .describe("Per store (CustomerID), what is still in dispute across its open disputes (cents)."),
}) satisfies z.ZodType<DisputesJson>;
