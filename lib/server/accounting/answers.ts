import "server-only";
import * as z from "zod";
import type { HeldBill } from "@/lib/domain/accounting/bills";
import type {
  ExportEntry,
  ExportsJson,
  MappingJson,
  MappingSavedJson,
  PreviewJson,
} from "@/lib/domain/accounting/accounting-view";
import { EXPORT_FORMATS } from "@/lib/domain/accounting/format-names";
import { type AccountingMapping, DATE_FORMATS, type MappingGap } from "@/lib/domain/accounting/mapping";
import { CADENCES, type ExportScheduleAnswer } from "@/lib/domain/accounting/schedule";
import { mailedRecipients, mailedRunFields } from "../core/mailed-schedule-answer";

/**
 * What the books' routes answer, as zod schemas for their specs (`/api/openapi.json`; every answer is checked by them
 * under test), each held to the type the code builds the answer as by `satisfies`. Kept on the server: the domain's
 * types (lib/domain/accounting/) are shared with the Books export page, which loads no zod for them.
 */

const Mapping = z.object({
  vendorName: z.string().describe("The distributor as the books know it (QuickBooks' vendor, Xero's contact)."),
  defaultAccount: z.string().describe("QuickBooks: the account of a product type not named, and of charges."),
  accounts: z.record(z.string(), z.string()).describe("QuickBooks: the account of each product type."),
  bankAccount: z.string().describe("QuickBooks: the bank account bill payments are made from."),
  creditsAccount: z.string().describe("QuickBooks: the account a brand's credit pays from."),
  payablesAccount: z.string().describe("QuickBooks' accounts payable account."),
  prepaymentsAccount: z.string().describe("QuickBooks: where a payment's money not yet applied to a bill is kept."),
  xeroDefaultAccount: z.string().describe("Xero: the account code of a product type without one; empty until set."),
  xeroAccounts: z.record(z.string(), z.string()).describe("Xero: the account code of each product type."),
  xeroTaxType: z.string().describe("Xero: the tax rate of every bill line; empty until set."),
  dateFormat: z.enum(DATE_FORMATS).describe("The Xero organisation's date format."),
}) satisfies z.ZodType<AccountingMapping>;

const Gap = z.object({
  field: z.string().describe("The field, as `PUT /api/accounting/mapping` names it (`xeroAccounts.Flower`)."),
  label: z.string(),
  problem: z.string(),
}) satisfies z.ZodType<MappingGap>;

const Held = z.object({
  invoiceId: z.number().optional(),
  number: z.string(),
  customerName: z.string(),
  reason: z.string().describe("Why the file does not hold it."),
}) satisfies z.ZodType<HeldBill>;

export const PreviewAnswer = z.object({
  format: z.enum(EXPORT_FORMATS),
  label: z.string(),
  kind: z.enum(["bills", "payments"]),
  program: z.string().describe('The program whose books the file goes into ("QuickBooks Online").'),
  from: z.string(),
  to: z.string(),
  newOnly: z.boolean(),
  counts: z
    .object({ period: z.number(), new: z.number(), changed: z.number(), unchanged: z.number(), inFile: z.number() })
    .describe("Bills; or payments and the allocations applied later from a prepayment."),
  exportedBefore: z
    .object({ count: z.number(), exportedAt: z.array(z.string()), fileNames: z.array(z.string()) })
    .describe("The period's records the program's books hold already as they are: when, in which files."),
  held: z.array(Held).describe("What the period holds and the file does not, and why."),
  changed: z
    .array(z.object({ number: z.string(), exportedAt: z.string(), fileName: z.string() }))
    .describe("Records exported before and changed since."),
  sums: z
    .object({
      bank: z.string(),
      credits: z.string(),
      allocated: z.string(),
      prepaid: z.string(),
      returned: z.string(),
      payments: z.number(),
      applied: z.number(),
    })
    .optional()
    .describe(
      "A payments file's sums, decimals with cents: bank + credits = allocated + prepaid + returned; its payments, " +
        "and the allocations of earlier payments it applies from their prepayment.",
    ),
  parts: z.number(),
  files: z.array(z.object({ part: z.number(), name: z.string(), records: z.number(), total: z.string() })),
  total: z.string().describe('The file\'s total, as a decimal with cents ("1234.50").'),
  preview: z
    .object({ header: z.array(z.string()), rows: z.array(z.array(z.string())) })
    .describe("The first records' rows as the file writes them."),
  requests: z.number(),
  gaps: z.array(Gap).describe("What the file needs of the mapping and lacks: while any, no files and no rows."),
}) satisfies z.ZodType<PreviewJson>;

export const MappingSavedAnswer = z.object({
  mapping: Mapping,
  updatedAt: z.string().nullable().describe("When it was last set; null: never (the defaults)."),
  mayChange: z.boolean().describe("Whether the asker may set it and mark exports."),
}) satisfies z.ZodType<MappingSavedJson>;

export const MappingAnswer = MappingSavedAnswer.extend({
  productTypes: z
    .array(z.string())
    .nullable()
    .describe("The catalogue's product types, each may have its account; null when the catalogue could not be read."),
}) satisfies z.ZodType<MappingJson>;

export const ExportsAnswer = z.object({
  exports: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      format: z.string(),
      from: z.string(),
      to: z.string(),
      fileName: z.string(),
      records: z.number(),
      totalCents: z.string().describe("Whole cents, as text."),
      madeBy: z.string().nullable(),
      madeByName: z.string().nullable().describe("The person's name now; null for the schedule, or a former member."),
      madeAt: z.string(),
    }) satisfies z.ZodType<ExportEntry>,
  ),
}) satisfies z.ZodType<ExportsJson>;

/** `ExportScheduleAnswer` as a schema: what the schedule's routes answer (`GET /api/openapi.json`). */
export const ExportScheduleAnswerSchema = z.object({
  schedule: z
    .object({
      cadence: z.enum(CADENCES),
      day: z.number().describe("Weekly: the ISO weekday, 1 (Monday) to 7; monthly: the day of the month, 1 to 28."),
      formats: z.array(z.enum(EXPORT_FORMATS)),
      lastRecords: z.number().nullable().describe("Records the last run mailed (bills and allocations)."),
      ...mailedRunFields,
    })
    .nullable()
    .describe("The active key's schedule; null when none."),
  recipients: mailedRecipients("The workspace's members with the Accounts role, whom a run mails."),
}) satisfies z.ZodType<ExportScheduleAnswer>;
