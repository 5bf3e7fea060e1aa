import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import { formatDay } from "@/lib/format/display";
import { PAPER_SIZES, type StatementScheduleAnswer } from "@/lib/domain/statements/statement-schedule";
import type { ActorResolver } from "../core/auth/actor";
import type { BackroomDatabase } from "../core/db/schema";
import { defineRoute } from "../core/define-route";
import { refuse } from "../core/route-errors";
import { requestApi } from "../core/page-api";
import type { ProxyDeps } from "../core/proxy";
import { publicOrigin } from "../core/public-origin";
import { NO_STORE } from "../core/route-errors";
import { isTimeZone } from "../views/next-run";
import { StatementScheduleAnswerSchema } from "./answers";
import { noSuchAccount, statementDateUnavailable } from "./errors";
import { accountStatement } from "./statement-data";
import { statementDisputes } from "./statement-disputes";
import { statementPdf } from "./statement-pdf";
import type { StatementSchedules } from "./statement-schedules";

/** What the statement's PDF needs from the backend: who is asking, and the proxy its reads go through. */
export interface StatementsDeps extends ProxyDeps {
  actors: ActorResolver;
  /** Backroom's database: the disputes of the account's stores the reader is a side of. */
  db: Kysely<BackroomDatabase>;
}

const Query = z.strictObject({
  asOf: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "a day as YYYY-MM-DD")
    .optional(),
  size: z.enum(PAPER_SIZES).default("Letter"),
});

export const getStatementPdf = defineRoute(
  {
    method: "GET",
    path: "/api/statements/{file}",
    summary: "An AR account's statement of account as a PDF.",
    description: `\`file\` is \`{arAccountId}.pdf\` (404 otherwise). Read through the proxy with the session's key: its scope
applies (a Customer key's own accounts, an Employee key's any); 404 \`NO_SUCH_ACCOUNT\` for an account it reads nothing
of. Any member may read one, as they read the pages it is made of: the figures are the statement page's, from the same
model, as of the API's last close.

- \`asOf\` (\`YYYY-MM-DD\`): when given, must be the day of the API's last close (409 \`STATEMENT_DATE_UNAVAILABLE\`
  otherwise: the API keeps its aging as of that day only);
- \`size\`: the paper, \`Letter\` (the default) or \`A4\`.

The disputes not resolved of the account's stores that the reader is a side of (its own stores for a Customer key; the
member's rep's stores, every one for owners and admins) are beside the invoices they touch and listed at the end.`,
    answer: {
      mediaType: "application/pdf",
      description: "The statement, named by `Content-Disposition` (`statement-{arAccountId}-{asOf}-{size}.pdf`).",
    },
    need: "key",
    keyTypes: ["Customer", "Employee"],
    what: "The statement",
    query: Query,
    invalid: "Ask as ?asOf=YYYY-MM-DD&size=A4|Letter (both optional).",
  },
  async ({ request, actor, query, params }, deps: StatementsDeps) => {
    const account = /^(\d{1,12})\.pdf$/.exec(params.file ?? "");
    if (!account) throw refuse("not-found");
    const { asOf, size } = query;
    const arAccountId = Number(account[1]);
    // A document is made of one moment's answers: no last-known copy of one list beside a fresh one of another.
    const read = await accountStatement(requestApi(request, deps), arAccountId, {
      keyType: actor.key.keyType,
      acceptStale: false,
    });
    if (!read) throw noSuchAccount();
    const { statement } = read;
    if (asOf !== undefined && asOf !== statement.asOf)
      throw statementDateUnavailable(
        statement.asOf
          ? `The Data API keeps its aging as of its last close only, ${formatDay(statement.asOf)} (asOf=${statement.asOf}): a statement of ${asOf} cannot be made from it.`
          : `The Data API has no aging of this account (nothing was open at its last close): leave asOf out.`,
      );
    const disputes = await statementDisputes(
      requestApi(request, deps),
      deps.db,
      actor,
      statement.customers.map((c) => c.customerId),
      request.signal,
    );
    const bytes = await statementPdf(statement, {
      size,
      origin: publicOrigin(request),
      madeAt: new Date(),
      disputes,
    });
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
  statements: StatementSchedules;
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

/** Monthly statements by email are a retailer's key's: they mail its own accounts' statements to the Accounts role. */
const MONTHLY = { need: "key", keyTypes: ["Customer"], what: "Monthly statements by email" } as const;

/** Who sets and stops the monthly statements: owners and admins. */
const SETS_MONTHLY = { organization: ["update"] } as const;

/**
 * A key's monthly statements by email as they stand, and whom a run mails (the workspace's Accounts role): what the
 * Statements page shows and `GET /api/statements/schedule` answers. Backroom's own data: no request to the API.
 *
 * @example
 * const initial = await loadStatementSchedule({ workspace: view.workspace!, key: active }, await backend());
 */
export async function loadStatementSchedule(
  actor: { workspace: { id: string }; key: { id: string } },
  deps: Pick<ScheduleDeps, "statements">,
): Promise<StatementScheduleAnswer> {
  const [schedule, recipients] = await Promise.all([
    deps.statements.get(actor.key.id),
    deps.statements.recipients(actor.workspace.id),
  ]);
  return { schedule: schedule ?? null, recipients };
}

export const getStatementSchedule = defineRoute(
  {
    ...MONTHLY,
    method: "GET",
    path: "/api/statements/schedule",
    summary: "The active key's monthly statements by email, and whom they mail.",
    answer: StatementScheduleAnswerSchema,
  },
  async ({ actor }, deps: ScheduleDeps) => loadStatementSchedule(actor, deps),
);

export const putStatementSchedule = defineRoute(
  {
    ...MONTHLY,
    method: "PUT",
    path: "/api/statements/schedule",
    summary: "Mails each of the active key's AR accounts' statement monthly to the Accounts role (made, or replaced).",
    description: `On \`dayOfMonth\` (1 to 28: every month has it) at \`localTime\` (\`HH:MM\`, 24-hour) in \`timeZone\`, printed on
\`paperSize\`. The same body twice is one schedule. Answers the schedule as \`GET\` does.`,
    answer: StatementScheduleAnswerSchema,
    permission: SETS_MONTHLY,
    body: ScheduleBody,
    maxBodyBytes: 1024,
    invalid: 'Send {dayOfMonth: 1 to 28, localTime: "HH:MM", timeZone, paperSize: "Letter" or "A4"}.',
  },
  async ({ actor, body }, deps: ScheduleDeps) => {
    await deps.statements.set(actor.workspace.id, actor.key.id, { ...body, by: actor.person.id });
    return loadStatementSchedule(actor, deps);
  },
);

export const deleteStatementSchedule = defineRoute(
  {
    ...MONTHLY,
    method: "DELETE",
    path: "/api/statements/schedule",
    summary: "Stops the active key's monthly statements by email.",
    status: 204,
    permission: SETS_MONTHLY,
  },
  async ({ actor }, deps: ScheduleDeps) => {
    await deps.statements.remove(actor.key.id);
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
