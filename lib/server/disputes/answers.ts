import "server-only";
import * as z from "zod";
import { DISPUTE_REASONS } from "@/lib/domain/disputes/dispute";
import type {
  DisputeEventView,
  DisputeLineView,
  DisputePhotoView,
  DisputeResolution,
  DisputeSide,
  DisputesJson,
  DisputeSummary,
  DisputeView,
} from "@/lib/domain/disputes/view";

/**
 * What the disputes' routes answer, as zod schemas for their specs (`/api/openapi.json`; every answer is checked by
 * them under test), each held to the type the code builds the answer as by `satisfies`. Kept on the server: the types
 * (lib/domain/disputes/view.ts) are shared with the pages, which load no zod for them.
 */

const DisputeSideAnswer = z.enum(["store", "rep", "brand"]) satisfies z.ZodType<DisputeSide>;

const DisputeEventAnswer = z.object({
  id: z.string(),
  at: z.string(),
  by: z.string().describe('The person\'s name ("Backroom" for the matcher).'),
  side: z.enum(["store", "rep", "brand", "backroom"]),
  kind: z.enum(["opened", "acknowledged", "reply", "photo", "credited", "resolved", "closed"]),
  text: z.string(),
}) satisfies z.ZodType<DisputeEventView>;

const DisputePhotoAnswer = z.object({
  id: z.string(),
  href: z.string().describe("Where the photo is read (`GET /api/disputes/{id}/photos/{photoId}`)."),
  type: z.string(),
  bytes: z.number(),
  at: z.string(),
  by: z.string(),
}) satisfies z.ZodType<DisputePhotoView>;

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

const DisputeSummaryAnswer = z.object({
  ...disputeHeader,
  replies: z.number(),
  photoCount: z.number(),
}) satisfies z.ZodType<DisputeSummary>;

export const DisputesJsonAnswer = z.object({
  disputes: z.array(DisputeSummaryAnswer),
  openByCustomer: z
    .record(z.string(), z.string())
    .describe("Per store (CustomerID), what is still in dispute across its open disputes (cents)."),
}) satisfies z.ZodType<DisputesJson>;
