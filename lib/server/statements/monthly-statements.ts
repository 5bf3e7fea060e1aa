import "server-only";
import type { DataApiClient } from "@/lib/data-api/client";
import type { Mailer } from "../core/auth/mailer";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { KeyType } from "@/lib/data-api/operation";
import { type Background, backgroundClient, whenBudgetAllows } from "../core/background/background-reads";
import type { EffectLedger, JobQueue } from "../core/jobs/job-queue";
import { nextMonthlyRunAt } from "../reports/next-run";
import type { PaperSize } from "./pdf-layout";
import { accountStatement } from "./statement-data";
import { type MailedStatement, statementMail } from "./statement-mail";
import { statementPdf } from "./statement-pdf";
import type { StatementSchedules } from "./statement-schedules";

/**
 * Monthly statements by email (issue 31): every 15 minutes `statement-sweep` queues one `statement-mail` job per
 * schedule due (keyed by the schedule and its due time: a second sweep queues nothing more) and moves the schedule to
 * next month. The job reads each of the key's AR accounts' statement as the page does (`accountStatement`, one
 * moment's answers), through `background.read` (a viewer, the background's share, people first), makes its PDF in the
 * schedule's paper size, and mails the Accounts role's members each once (`effects.once` per person and run: a job run
 * twice mails nobody twice). When the key's budget must wait, the run is queued again for then and starts over.
 */

export const STATEMENT_MAIL = "statement-mail";
export const STATEMENT_SWEEP = "statement-sweep";
/** How often the sweep looks for due schedules. */
export const STATEMENT_SWEEP_SECONDS = 900;

export interface StatementJob {
  scheduleId: string;
  /** The run's due time (ISO), as the schedule had it: the run's identity. */
  dueAt: string;
  deferrals?: number;
}

export interface MonthlyStatementsDeps {
  schedules: StatementSchedules;
  jobs: JobQueue;
  keys: Pick<WorkspaceKeyStore, "open">;
  background: Background;
  effects: EffectLedger;
  mailer: Mailer;
  secret: string;
  /** Backroom's address for the mails' links and the PDFs' (`mailOrigin(PUBLIC_URL)`). */
  origin: string;
  now?: () => Date;
}

/** The job key of a run (one queued at a time), and of its deferred attempts. */
export const statementJobKey = (job: StatementJob) =>
  `${job.scheduleId}:${job.dueAt}${job.deferrals ? `:${job.deferrals}` : ""}`;

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
  const queue = (job: StatementJob, delaySeconds = 0) =>
    deps.jobs.send(STATEMENT_MAIL, job, { key: statementJobKey(job), delaySeconds });

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

  return {
    /** Queues a run per due schedule and moves each to next month; answers how many it moved. */
    async sweep(): Promise<number> {
      const at = now();
      let moved = 0;
      for (const due of await deps.schedules.due(at)) {
        // Queued first, then moved: a sweep that dies between the two queues the same run again (its key and the
        // mails' ledger make that one run). Runs missed while every instance was down are one run.
        await queue({ scheduleId: due.id, dueAt: due.next_run_at });
        const next = nextMonthlyRunAt(
          { dayOfMonth: due.day_of_month, localTime: due.local_time, timeZone: due.time_zone },
          at,
        );
        if (await deps.schedules.advance(due.id, due.next_run_at, next)) moved++;
      }
      return moved;
    },

    /** The job: each account's statement, made once and mailed to each recipient once. */
    async run(job: StatementJob): Promise<void> {
      const order = await deps.schedules.order(job.scheduleId);
      if (!order) return;
      const { schedule, recipients } = order;
      if (recipients.length === 0) {
        await deps.schedules.recordRun(schedule.id, {
          at: now(),
          error: "No member has the Accounts role (or every one left these mails): nothing was mailed.",
        });
        return;
      }
      const key = await deps.keys.open(schedule.workspace_id, schedule.key_id);
      if (!key || key.keyType !== "Customer") {
        await deps.schedules.recordRun(schedule.id, {
          at: now(),
          error: "Monthly statements are a retailer's key's: this key is gone or is not one.",
        });
        return;
      }
      const reads = await deps.background.open(schedule.workspace_id, key, "report");
      const made = await whenBudgetAllows(
        reads,
        () => statementsOf(backgroundClient(reads), key.keyType, schedule.paper_size as PaperSize),
        {
          deferrals: job.deferrals,
          defer: (deferrals, seconds) => queue({ ...job, deferrals }, seconds),
          record: (error) => deps.schedules.recordRun(schedule.id, { at: now(), error }),
        },
      );
      if (made === undefined) return;
      if (made.length === 0) {
        await deps.schedules.recordRun(schedule.id, {
          at: now(),
          accounts: 0,
          mailed: 0,
          error: "The key reads no AR account: no open invoice and no payment.",
        });
        return;
      }
      let mailed = 0;
      for (const to of recipients) {
        const mail = statementMail({
          to,
          scheduleId: schedule.id,
          statements: made,
          origin: deps.origin,
          secret: deps.secret,
        });
        // A send that throws releases its claim and fails the job: the retry mails those not yet mailed.
        await deps.effects.once(`statements:${schedule.id}:${job.dueAt}:${to.userId}`, () => deps.mailer.send(mail));
        mailed++;
      }
      await deps.schedules.recordRun(schedule.id, { at: now(), accounts: made.length, mailed });
    },
  };
}

export type MonthlyStatements = ReturnType<typeof createMonthlyStatements>;
