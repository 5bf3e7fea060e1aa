import "server-only";
import * as z from "zod";
import { readBodyText } from "@/lib/data-api/request-body";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { formatDay } from "@/lib/format/display";
import { PAPER_SIZES } from "@/lib/domain/statements/statement-schedule";
import type { ActorResolver } from "../core/auth/actor";
import { requestApi } from "../core/page-api";
import type { ProxyDeps } from "../core/proxy";
import { publicOrigin } from "../core/public-origin";
import { failureAnswer, NO_STORE, upstreamFailureAnswer } from "../core/route-errors";
import { withActor } from "../core/with-actor";
import { isTimeZone } from "../reports/next-run";
import { accountStatement } from "./statement-data";
import { statementPdf } from "./statement-pdf";
import type { StatementSchedules } from "./statement-schedules";

/** What the statement's PDF needs from the backend: who is asking, and the proxy its reads go through. */
export interface StatementsDeps extends ProxyDeps {
  actors: ActorResolver;
}

const Query = z.strictObject({
  asOf: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "a day as YYYY-MM-DD")
    .optional(),
  size: z.enum(PAPER_SIZES).default("Letter"),
});

// GET /api/statements/{arAccountId}.pdf[?asOf=YYYY-MM-DD&size=A4|Letter]: an AR account's statement of account as a PDF,
// read through the proxy with the session's key (its scope applies: a Customer key's own accounts, an Employee key's
// any), as of the API's last close (asOf, when given, must be that day: 409 otherwise). Any member may read one, as they
// read the pages it is made of. The figures are the statement page's, from the same model.
export const getStatementPdf = withActor(
  "key",
  undefined,
  async (request: Request, actor, file: string, deps: StatementsDeps): Promise<Response> => {
    if (actor.key.keyType === "Supplier") return failureAnswer("no-statements");
    const account = /^(\d{1,12})\.pdf$/.exec(file);
    if (!account) return failureAnswer("not-found");
    const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success)
      return Response.json(
        validationErrorBody(parsed.error, "Ask as ?asOf=YYYY-MM-DD&size=A4|Letter (both optional)."),
        { status: 400, headers: NO_STORE },
      );
    const { asOf, size } = parsed.data;
    const arAccountId = Number(account[1]);
    let read;
    try {
      // A document is made of one moment's answers: no last-known copy of one list beside a fresh one of another.
      read = await accountStatement(requestApi(request, deps), arAccountId, {
        keyType: actor.key.keyType,
        acceptStale: false,
      });
    } catch (error) {
      if (error instanceof DataApiError) return upstreamFailureAnswer(error, "The statement");
      throw error;
    }
    if (!read) return failureAnswer("no-such-account");
    const { statement } = read;
    if (asOf !== undefined && asOf !== statement.asOf) {
      const detail = statement.asOf
        ? `The Data API keeps its aging as of its last close only, ${formatDay(statement.asOf)} (asOf=${statement.asOf}): a statement of ${asOf} cannot be made from it.`
        : `The Data API has no aging of this account (nothing was open at its last close): leave asOf out.`;
      return failureAnswer("statement-date-unavailable", undefined, detail);
    }
    const bytes = await statementPdf(statement, { size, origin: publicOrigin(request), madeAt: new Date() });
    const name = `statement-${arAccountId}-${statement.asOf ?? "open"}-${size.toLowerCase()}.pdf`;
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        ...NO_STORE,
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${name}"`,
        "content-length": String(bytes.byteLength),
      },
    });
  },
);

/** What the monthly statements' endpoints need: who is asking, and the schedules. */
export interface ScheduleDeps {
  actors: ActorResolver;
  statementSchedules: StatementSchedules;
}

const ScheduleBody = z.strictObject({
  dayOfMonth: z
    .number()
    .int()
    .min(1, "a day from 1 to 28: every month has it")
    .max(28, "a day from 1 to 28: every month has it"),
  localTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time as HH:MM, 24-hour"),
  timeZone: z.string().refine(isTimeZone, "a time zone such as America/Los_Angeles"),
  paperSize: z.enum(PAPER_SIZES),
});

/** The active key's schedule and whom it mails; monthly statements are a retailer's key's. */
async function scheduleAnswer(
  actor: { workspace: { id: string }; key: { id: string } },
  deps: ScheduleDeps,
): Promise<Response> {
  const [schedule, recipients] = await Promise.all([
    deps.statementSchedules.get(actor.key.id),
    deps.statementSchedules.recipients(actor.workspace.id),
  ]);
  return Response.json({ schedule: schedule ?? null, recipients }, { headers: NO_STORE });
}

// GET /api/statements/schedule: the active (Customer) key's monthly statements by email, {schedule, recipients}: null
// when none, and the workspace's members with the Accounts role, whom a run mails.
export const getStatementSchedule = withActor(
  "key",
  undefined,
  async (_request: Request, actor, deps: ScheduleDeps): Promise<Response> => {
    if (actor.key.keyType !== "Customer") return failureAnswer("no-monthly-statements");
    return scheduleAnswer(actor, deps);
  },
);

// PUT /api/statements/schedule {dayOfMonth, localTime, timeZone, paperSize}: owners and admins mail each of the active
// key's AR accounts' statement monthly to the Accounts role (made, or replaced: the same body twice is one schedule).
export const putStatementSchedule = withActor(
  "key",
  { organization: ["update"] },
  async (request: Request, actor, deps: ScheduleDeps): Promise<Response> => {
    if (actor.key.keyType !== "Customer") return failureAnswer("no-monthly-statements");
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, 1024));
    } catch {
      body = undefined;
    }
    const parsed = ScheduleBody.safeParse(body);
    if (!parsed.success)
      return Response.json(
        validationErrorBody(
          parsed.error,
          'Send {dayOfMonth: 1 to 28, localTime: "HH:MM", timeZone, paperSize: "Letter" or "A4"}.',
        ),
        { status: 400, headers: NO_STORE },
      );
    await deps.statementSchedules.set(actor.workspace.id, actor.key.id, { ...parsed.data, by: actor.person.id });
    return scheduleAnswer(actor, deps);
  },
);

// DELETE /api/statements/schedule: owners and admins stop the active key's monthly statements.
export const deleteStatementSchedule = withActor(
  "key",
  { organization: ["update"] },
  async (_request: Request, actor, deps: ScheduleDeps): Promise<Response> => {
    if (actor.key.keyType !== "Customer") return failureAnswer("no-monthly-statements");
    await deps.statementSchedules.remove(actor.key.id);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
