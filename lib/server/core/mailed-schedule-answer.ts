import "server-only";
import * as z from "zod";

/**
 * What a schedule that mails the Accounts role answers beside its own settings (the books' exports and the monthly
 * statements): when it runs and how its last run went, and whom a run mails. One piece, so the two answers say it
 * alike. Zod for the routes' specs (`/api/openapi.json`), so it is kept on the server with the answers that use it
 * (lib/server/accounting/answers.ts, lib/server/statements/answers.ts): the pages load no zod for it.
 */

/** When it next runs, and how its last run went. */
export const mailedRunFields = {
  localTime: z.string().describe('"HH:MM", 24-hour, in `timeZone`.'),
  timeZone: z.string(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastMailed: z.number().nullable().describe("Members the last run mailed."),
  lastError: z.string().nullable().describe("Why the last run mailed nothing, when it did not."),
};

/** The members a run mails (the Accounts role), as the schedule's answer lists them. */
export const mailedRecipients = (who: string) =>
  z.array(z.object({ userId: z.string(), email: z.string(), name: z.string() })).describe(who);
