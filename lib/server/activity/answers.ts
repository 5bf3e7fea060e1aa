import "server-only";
import * as z from "zod";
import {
  AUDIT_EVENTS,
  type AuditEntry,
  type AuditPage,
  type AuditReference,
  type PaymentRequesters,
} from "@/lib/audit/audit-types";

/**
 * What the audit trail's routes answer, as zod schemas for their specs (`/api/openapi.json`; every answer is checked
 * by them under test), each held to the type the code builds the answer as by `satisfies`. Kept on the server: the
 * trail's vocabulary (lib/audit/audit-types.ts) is shared with the Activity page, which loads no zod for it.
 */

const Reference = z
  .object({
    historyScope: z.string().optional(),
    arAccountId: z.number().optional(),
    paymentInvoiceNum: z.string().optional(),
    targetInvoiceNum: z.string().optional(),
    amount: z.string().optional(),
    paymentRequestId: z.number().optional().describe("The API's RequestID for the allocation request."),
    purchaseGlobalId: z.string().optional(),
    poNum: z.string().optional(),
    vendorId: z.number().optional(),
    warehouseId: z.number().optional(),
    lineCount: z.number().optional(),
    totalCases: z.number().optional(),
    submit: z.boolean().optional(),
    erpId: z.number().optional().describe("The ERP's numeric purchase id, once imported."),
    errorCode: z.string().optional(),
    errorDetail: z.string().optional(),
    customerId: z.number().optional(),
    noteId: z.string().optional(),
    subjectEmail: z
      .string()
      .optional()
      .describe("Whom it concerns (the person invited, the member changed or removed)."),
    role: z.string().optional(),
    previousRole: z.string().optional(),
    method: z.string().optional().describe("How a person signed in."),
    exportFormat: z.string().optional(),
    periodFrom: z.string().optional(),
    periodTo: z.string().optional(),
    records: z.number().optional(),
    fileName: z.string().optional(),
    vendorName: z.string().optional(),
    dateFormat: z.string().optional(),
    menuId: z.string().optional(),
    menuName: z.string().optional(),
    listId: z.string().optional(),
    listStatus: z.string().optional(),
  })
  .describe(
    "The business reference: what the request named, with what the answer added; only the fields of the event's kind are set.",
  ) satisfies z.ZodType<AuditReference>;

const Entry = z.object({
  id: z.string(),
  at: z.string(),
  event: z.enum(AUDIT_EVENTS),
  operation: z.string().nullable(),
  environment: z.string().nullable(),
  keyLabel: z.string().nullable(),
  keyType: z.string().nullable(),
  keyScope: z.string().nullable(),
  userId: z.string().nullable().describe("Who: the person's user id."),
  userEmail: z.string().nullable().describe("Their email at the time."),
  workspaceId: z.string().nullable(),
  session: z.string().nullable().describe("The first 12 characters of the session id's hash."),
  clientAddress: z.string(),
  idempotencyKey: z.string().nullable(),
  requestId: z.string().nullable(),
  upstreamStatus: z.number().nullable(),
  result: z
    .enum(["sent", "done", "refused", "unknown"])
    .describe(
      "How a write went: `sent` (no answer recorded since), `done` (2xx), `refused` (nothing was done), `unknown` (no answer or a 5xx: the outcome tells later).",
    ),
  reference: Reference,
  outcome: z.string().nullable(),
  outcomeFinal: z.boolean(),
  outcomeAt: z.string().nullable(),
}) satisfies z.ZodType<AuditEntry>;

/** `AuditPage` as a schema: what `GET /api/activity` answers as JSON. */
export const AuditPageAnswer = z.object({
  entries: z.array(Entry),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  hasNextPage: z.boolean(),
  people: z
    .array(z.object({ userId: z.string(), email: z.string() }))
    .describe("The people whose entries the caller may filter by."),
}) satisfies z.ZodType<AuditPage>;

/** `PaymentRequesters` as a schema: what `GET /api/activity/requesters` answers. */
export const PaymentRequestersAnswer = z.object({
  requesters: z.array(
    z.object({
      requestId: z.number(),
      name: z.string().nullable().describe("The person's name now; null when their account is gone (a former member)."),
    }),
  ),
}) satisfies z.ZodType<PaymentRequesters>;
