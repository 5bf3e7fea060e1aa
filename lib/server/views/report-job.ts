import "server-only";
import { localDay } from "@/lib/format/days";
import { planExport } from "@/lib/export/plan";
import { runExport } from "@/lib/export/run-export";
import { viewExportColumns } from "@/lib/domain/views/export-columns";
import { exportJoin, listPages } from "@/lib/domain/views/export-pages";
import { joinsFor, withJoins } from "@/lib/domain/views/list-joins";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { exportOrder, listRequest, type ListViewSpec, visibleColumns } from "@/lib/domain/views/list-view-spec";
import { readViewAddress } from "@/lib/domain/views/saved-view-path";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { ActiveKey } from "../core/session/types";
import { type Background, backgroundClient, type BackgroundReads, Deferred } from "../core/background/background-reads";
import type { ScheduledMailDeps, ScheduleRun } from "../core/jobs/scheduled-mail";
import { scheduleSlot, scheduledMail, schedulesDue } from "../core/jobs/scheduled-mail";
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
 * ran out) mails nobody twice. The sweep, the budget and the once-per-person are the scheduled mail's
 * (`jobs/scheduled-mail.ts`); this file says which schedules are due, who is mailed, and what is attached.
 */

export const REPORT = "report";
export const REPORT_SWEEP = "report-sweep";
/** How often the sweep looks for due schedules. */
export const REPORT_SWEEP_SECONDS = 900;

/** A run of a schedule: its id and due time (the run's identity), and how often it was put off for the budget. */
export type ReportJob = ScheduleRun;

export interface ReportDeps extends ScheduledMailDeps {
  store: ReportStore;
  keys: Pick<WorkspaceKeyStore, "open">;
  background: Background;
  secret: string;
  /** Backroom's address for the mails' links (`mailOrigin(PUBLIC_URL)`). */
  origin: string;
  now?: () => Date;
}

/**
 * The CSV of a saved view, as the page's "Export CSV" makes it for the key (its columns in its order, the key's joined
 * columns such as a brand's share, the list's own order), read with `reads`; throws `Deferred` when it must wait.
 *
 * @example
 * const { csv, rows } = await viewCsv(reads, key, "/invoices?Statuses=1", "Europe/Berlin");
 */
export async function viewCsv(
  reads: BackgroundReads,
  key: Pick<ActiveKey, "keyType" | "scope">,
  path: string,
  timeZone: string,
): Promise<{ csv: string; rows: number; exportName: string }> {
  const address = readViewAddress(path);
  if ("problem" in address) throw new Error(`saved view ${path} is not a list page: ${address.detail}`);
  const view = withJoins(LIST_VIEWS[address.name] as unknown as ListViewSpec, key.keyType);
  const client = backgroundClient(reads);
  const fetchPage = listPages(client, listRequest(view, address.params));
  const visible = visibleColumns(view, address.params);
  const supplierIds = key.scope.suppliers && new Set(key.scope.suppliers.map((s) => s.id));
  const joins = joinsFor(view, key.keyType)
    .filter((j) => j.columns.some((c) => visible.includes(c.id)))
    .map((j) => exportJoin(client, j, supplierIds ? { supplierIds } : {}));
  const signal = new AbortController().signal;
  const plan = await planExport(fetchPage, { signal });
  const chunks: string[] = [];
  const result = await runExport({
    fetchPage,
    plan,
    columns: viewExportColumns(view, address.params, timeZone),
    joins,
    order: exportOrder(view, address.params),
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
  const mail = scheduledMail(deps, {
    kind: REPORT,
    slot: scheduleSlot,
    once: "report",
    async who(job: ReportJob) {
      const order = await deps.store.order(job.scheduleId);
      // The schedule or its view was deleted since: nothing to send.
      return order && order.recipients.length > 0 ? { order, recipients: order.recipients } : undefined;
    },
    async attach(job, order, budget) {
      const record = (error: string) => deps.store.recordRun(job.scheduleId, { at: now(), error });
      const key = await deps.keys.open(order.schedule.workspace_id, order.schedule.key_id);
      if (!key)
        return void (await record("The key the report reads with was removed from the workspace: schedule it again."));
      const reads = await deps.background.open(order.schedule.workspace_id, key, "report");
      const made = await budget(reads, () => viewCsv(reads, key, order.view.path, order.schedule.time_zone), record);
      if (made === undefined) return undefined;
      const day = localDay(new Date(job.dueAt), order.schedule.time_zone);
      return { ...made, day, fileName: `${made.exportName}-${day}.csv` };
    },
    mail: (to, made, order, job) =>
      reportMail({
        to,
        scheduleId: job.scheduleId,
        viewName: order.view.name,
        viewPath: order.view.path,
        day: made.day,
        rows: made.rows,
        csv: made.csv,
        fileName: made.fileName,
        origin: deps.origin,
        secret: deps.secret,
      }),
    ran: (job, _order, made) => deps.store.recordRun(job.scheduleId, { at: now(), rows: made.rows }),
  });

  return {
    /** Queues a run per due schedule and moves each to its next run; answers how many it moved (another sweep's are not counted). */
    async sweep(): Promise<number> {
      const at = now();
      return mail.sweep(
        schedulesDue(await deps.store.due(at), (due) => {
          const schedule = {
            frequency: due.frequency === "weekly" ? ("weekly" as const) : ("daily" as const),
            weekday: due.weekday,
            localTime: due.local_time,
            timeZone: due.time_zone,
          };
          return deps.store.advance(due.id, due.next_run_at, nextRunAt(schedule, at));
        }),
      );
    },

    /** The job: makes the view's CSV and mails it to each recipient once. */
    async run(job: ReportJob): Promise<void> {
      await mail.run(job);
    },
  };
}
