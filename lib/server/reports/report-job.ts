import "server-only";
import { localDay } from "@/lib/format/days";
import { planExport } from "@/lib/export/plan";
import { runExport } from "@/lib/export/run-export";
import { viewExportColumns } from "@/lib/domain/views/export-columns";
import { listPages } from "@/lib/domain/views/export-pages";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { listRequest, type ListViewSpec } from "@/lib/domain/views/list-view-spec";
import { readViewAddress } from "@/lib/domain/views/saved-view-path";
import type { Mailer } from "../core/auth/mailer";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import {
  type Background,
  backgroundClient,
  type BackgroundReads,
  Deferred,
  whenBudgetAllows,
} from "../core/background/background-reads";
import type { EffectLedger, JobQueue } from "../core/jobs/job-queue";
import { nextRunAt } from "./next-run";
import { reportMail } from "./report-mail";
import type { ReportStore } from "./report-store";

/**
 * Scheduled reports: every 15 minutes `report-sweep` queues one `report` job per schedule due (keyed by the schedule
 * and its due time, so a second sweep queues nothing more) and moves the schedule to its next run. The job makes the
 * view's CSV with the page's own export code (`planExport`, `runExport` and its pacer, the page's columns, with the
 * byte order mark as the download has it), reading each page through `background.read`: the proxy, as a viewer, within
 * the background's tenth of the key's hour, yielding to people. When the share is spent, or the pacer would wait for
 * the window, the job is queued again for then and starts over (the pages it read may come from the proxy's cache).
 * Each recipient's mail is sent inside `effects.once`, so a job run twice (a retry after a failed send, a lease that
 * ran out) mails nobody twice.
 */

export const REPORT = "report";
export const REPORT_SWEEP = "report-sweep";
/** How often the sweep looks for due schedules. */
export const REPORT_SWEEP_SECONDS = 900;

export interface ReportJob {
  scheduleId: string;
  /** The run's due time (ISO), as the schedule had it: the run's identity. */
  dueAt: string;
  /** How many times the run was put off for the key's budget (0 the first time). */
  deferrals?: number;
}

export interface ReportDeps {
  store: ReportStore;
  jobs: JobQueue;
  keys: Pick<WorkspaceKeyStore, "open">;
  background: Background;
  effects: EffectLedger;
  mailer: Mailer;
  secret: string;
  /** Backroom's address for the mails' links (`mailOrigin(PUBLIC_URL)`). */
  origin: string;
  now?: () => Date;
}

/** The job key of a run (one run queued at a time), and of its deferred attempts. */
export const reportJobKey = (job: ReportJob) =>
  `${job.scheduleId}:${job.dueAt}${job.deferrals ? `:${job.deferrals}` : ""}`;

/**
 * The CSV of a saved view, as the page's "Export CSV" makes it, read with `reads`; throws `Deferred` when it must wait.
 *
 * @example
 * const { csv, rows } = await viewCsv(reads, "/invoices?Statuses=1", "Europe/Berlin");
 */
export async function viewCsv(
  reads: BackgroundReads,
  path: string,
  timeZone: string,
): Promise<{ csv: string; rows: number; exportName: string }> {
  const address = readViewAddress(path);
  if ("problem" in address) throw new Error(`saved view ${path} is not a list page: ${address.detail}`);
  const view = LIST_VIEWS[address.name] as unknown as ListViewSpec;
  const fetchPage = listPages(backgroundClient(reads), listRequest(view, address.params));
  const signal = new AbortController().signal;
  const plan = await planExport(fetchPage, { signal });
  const chunks: string[] = [];
  const result = await runExport({
    fetchPage,
    plan,
    columns: viewExportColumns(view, address.params, timeZone),
    write: async (chunk) => void chunks.push(chunk),
    signal,
    // The pacer would wait for the window: a job does not sit on its lease; it comes back then.
    sleep: async (ms) => {
      throw new Deferred(Math.ceil(ms / 1000));
    },
  });
  return { csv: chunks.join(""), rows: result.rows, exportName: view.exportName };
}

export function createReports(deps: ReportDeps) {
  const now = deps.now ?? (() => new Date());
  const queue = (job: ReportJob, delaySeconds = 0) =>
    deps.jobs.send(REPORT, job, { key: reportJobKey(job), delaySeconds });

  return {
    /** Queues a run per due schedule and moves each to its next run; answers how many it moved (another sweep's are not counted). */
    async sweep(): Promise<number> {
      const at = now();
      let queued = 0;
      for (const due of await deps.store.due(at)) {
        const schedule = {
          frequency: due.frequency === "weekly" ? ("weekly" as const) : ("daily" as const),
          weekday: due.weekday,
          localTime: due.local_time,
          timeZone: due.time_zone,
        };
        // Queued first, then moved: a sweep that dies between the two queues the same run again (its key and the
        // mails' ledger make that one run). Runs missed while every instance was down are one run; the next is the
        // first still to come.
        await queue({ scheduleId: due.id, dueAt: due.next_run_at });
        if (await deps.store.advance(due.id, due.next_run_at, nextRunAt(schedule, at))) queued++;
      }
      return queued;
    },

    /** The job: makes the view's CSV and mails it to each recipient once. */
    async run(job: ReportJob): Promise<void> {
      const order = await deps.store.order(job.scheduleId);
      // The schedule or its view was deleted since: nothing to send.
      if (!order || order.recipients.length === 0) return;
      const key = await deps.keys.open(order.schedule.workspace_id, order.schedule.key_id);
      if (!key) {
        await deps.store.recordRun(job.scheduleId, {
          at: now(),
          error: "The key the report reads with was removed from the workspace: schedule it again.",
        });
        return;
      }
      const reads = await deps.background.open(order.schedule.workspace_id, key, "report");
      const made = await whenBudgetAllows(reads, () => viewCsv(reads, order.view.path, order.schedule.time_zone), {
        deferrals: job.deferrals,
        defer: (deferrals, seconds) => queue({ ...job, deferrals }, seconds),
        record: (error) => deps.store.recordRun(job.scheduleId, { at: now(), error }),
      });
      if (made === undefined) return;
      const day = localDay(new Date(job.dueAt), order.schedule.time_zone);
      const fileName = `${made.exportName}-${day}.csv`;
      for (const to of order.recipients) {
        const mail = reportMail({
          to,
          scheduleId: job.scheduleId,
          viewName: order.view.name,
          viewPath: order.view.path,
          day,
          rows: made.rows,
          csv: made.csv,
          fileName,
          origin: deps.origin,
          secret: deps.secret,
        });
        // A send that throws releases its claim and fails the job: the retry mails those not yet mailed.
        await deps.effects.once(`report:${job.scheduleId}:${job.dueAt}:${to.userId}`, () => deps.mailer.send(mail));
      }
      await deps.store.recordRun(job.scheduleId, { at: now(), rows: made.rows });
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
