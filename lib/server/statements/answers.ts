import "server-only";
import * as z from "zod";
import { PAPER_SIZES, type StatementScheduleAnswer } from "@/lib/domain/statements/statement-schedule";
import { mailedRecipients, mailedRunFields } from "../core/mailed-schedule-answer";

/**
 * What the statements' schedule routes answer, as a zod schema for their specs (`/api/openapi.json`; every answer is
 * checked by it under test), held to the type the code builds the answer as by `satisfies`. Kept on the server: the
 * schedule's types (lib/domain/statements/statement-schedule.ts) are shared with the page's form, which loads no zod
 * for them.
 */

/** `StatementScheduleAnswer` as a schema: what the schedule's routes answer (`GET /api/openapi.json`). */
export const StatementScheduleAnswerSchema = z.object({
  schedule: z
    .object({
      dayOfMonth: z.number().describe("1 to 28: a day every month has."),
      paperSize: z.enum(PAPER_SIZES),
      lastAccounts: z.number().nullable().describe("Statements the last run made."),
      ...mailedRunFields,
    })
    .nullable()
    .describe("The active key's schedule; null when none."),
  recipients: mailedRecipients(
    "The workspace's members with the Accounts role who have not left these mails: whom a run mails.",
  ),
}) satisfies z.ZodType<StatementScheduleAnswer>;
