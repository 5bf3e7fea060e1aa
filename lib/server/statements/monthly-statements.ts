import "server-only";
import type { DataApiClient } from "@/lib/data-api/client";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { KeyType } from "@/lib/data-api/operation";
import { type Background, backgroundClient } from "../core/background/background-reads";
import type { ScheduledMailDeps, ScheduleRun } from "../core/jobs/scheduled-mail";
import { scheduleSlot, scheduledMail, schedulesDue } from "../core/jobs/scheduled-mail";
import { nextMonthlyRunAt } from "../views/next-run";
import type { PaperSize } from "./pdf-layout";
import { accountStatement } from "./statement-data";
import { type MailedStatement, statementMail } from "./statement-mail";
import { statementPdf } from "./statement-pdf";
import type { StatementSchedules } from "./statement-schedules";

/**
 * Monthly statements by email: every 15 minutes `statement-sweep` queues one `statement-mail` job per
 * schedule due (keyed by the schedule and its due time: a second sweep queues nothing more) and moves the schedule to
 * next month. The job reads each of the key's AR accounts' statement as the page does (`accountStatement`, one
 * moment's answers), through `background.read` (a viewer, the background's share, people first), makes its PDF in the
 * schedule's paper size, and mails the Accounts role's members each once (`effects.once` per person and run: a job run
 * twice mails nobody twice). When the key's budget must wait, the run is queued again for then and starts over. The
 * sweep, the budget and the once-per-person are the scheduled mail's (`jobs/scheduled-mail.ts`); this file says who,
 * when and what is attached.
 */

export const STATEMENT_MAIL = "statement-mail";
export const STATEMENT_SWEEP = "statement-sweep";
/** How often the sweep looks for due schedules. */
export const STATEMENT_SWEEP_SECONDS = 900;

/** A run of a schedule: its id and due time (the run's identity), and how often it was put off for the budget. */
export type StatementJob = ScheduleRun;

export interface MonthlyStatementsDeps extends ScheduledMailDeps {
  schedules: StatementSchedules;
  keys: Pick<WorkspaceKeyStore, "open">;
  background: Background;
  secret: string;
  /** Backroom's address for the mails' links and the PDFs' (`mailOrigin(PUBLIC_URL)`). */
  origin: string;
  now?: () => Date;
}

/** A retailer's AR accounts: those its open invoices and its payments name (a paid-up account has payments). */
async function accountsOf(api: DataApiClient): Promise<number[]> {
  const ids = new Set<number>();
  for await (const page of api.pages("listOpenInvoices", { query: { PageSize: 500 }, acceptStale: false }))
    for (const i of page.records) if (i.ARAccountID != null) ids.add(i.ARAccountID);
  for await (const page of api.pages("listPayments", { query: { PageSize: 500 }, acceptStale: false }))
    for (const p of page.records) if (p.ARAccountID != null) ids.add(p.ARAccountID);
  return [...ids].sort((a, b) => a - b);
}

/**
 * @example
 * const monthly = createMonthlyStatements({ schedules, jobs, keys, background, effects, mailer, secret, origin });
 * jobs.work<StatementJob>(STATEMENT_MAIL, (job) => monthly.run(job.data));
 */
export function createMonthlyStatements(deps: MonthlyStatementsDeps) {
  const now = deps.now ?? (() => new Date());
  /** Each of the key's accounts' statement and its PDF, read as one moment's answers. */
  async function statementsOf(api: DataApiClient, keyType: KeyType, size: PaperSize): Promise<MailedStatement[]> {
    const made: MailedStatement[] = [];
    const madeAt = now();
    for (const account of await accountsOf(api)) {
      const read = await accountStatement(api, account, { keyType, acceptStale: false });
      if (!read) continue;
      const pdf = await statementPdf(read.statement, { size, origin: deps.origin, madeAt });
      made.push({
        statement: read.statement,
        pdf,
        fileName: `statement-${account}-${read.statement.asOf ?? "open"}-${size.toLowerCase()}.pdf`,
      });
    }
    return made;
  }

  const mail = scheduledMail(deps, {
    kind: STATEMENT_MAIL,
    slot: scheduleSlot,
    once: "statements",
    async who(job: StatementJob) {
      const order = await deps.schedules.order(job.scheduleId);
      if (!order) return undefined;
      if (order.recipients.length > 0) return { order, recipients: order.recipients };
      await deps.schedules.recordRun(order.schedule.id, {
        at: now(),
        error: "No member has the Accounts role (or every one left these mails): nothing was mailed.",
      });
      return undefined;
    },
    async attach(_job, { schedule }, budget) {
      const record = (error: string) => deps.schedules.recordRun(schedule.id, { at: now(), error });
      const key = await deps.keys.open(schedule.workspace_id, schedule.key_id);
      if (!key || key.keyType !== "Customer")
        return void (await record("Monthly statements are a retailer's key's: this key is gone or is not one."));
      const reads = await deps.background.open(schedule.workspace_id, key, "report");
      const size = schedule.paper_size as PaperSize;
      return budget(reads, () => statementsOf(backgroundClient(reads), key.keyType, size), record);
    },
    // No account, nobody mailed: `ran` says why.
    mail: (to, statements, { schedule }) =>
      statements.length === 0
        ? undefined
        : statementMail({ to, scheduleId: schedule.id, statements, origin: deps.origin, secret: deps.secret }),
    ran: (_job, { schedule }, made, { mailed }) =>
      deps.schedules.recordRun(schedule.id, {
        at: now(),
        accounts: made.length,
        mailed,
        ...(made.length === 0 ? { error: "The key reads no AR account: no open invoice and no payment." } : {}),
      }),
  });

  return {
    /** Queues a run per due schedule and moves each to next month; answers how many it moved. */
    async sweep(): Promise<number> {
      const at = now();
      return mail.sweep(
        schedulesDue(await deps.schedules.due(at), (due) => {
          const next = nextMonthlyRunAt(
            { dayOfMonth: due.day_of_month, localTime: due.local_time, timeZone: due.time_zone },
            at,
          );
          return deps.schedules.advance(due.id, due.next_run_at, next);
        }),
      );
    },

    /** The job: each account's statement, made once and mailed to each recipient once. */
    async run(job: StatementJob): Promise<void> {
      await mail.run(job);
    },
  };
}
