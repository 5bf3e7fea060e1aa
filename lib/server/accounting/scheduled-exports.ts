import "server-only";
import { ALL_INVOICE_STATUSES } from "@/lib/domain/accounting/bills";
import { runPeriod } from "@/lib/domain/accounting/schedule";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import { type Background, backgroundClient } from "../core/background/background-reads";
import type { ScheduledMailDeps, ScheduleRun } from "../core/jobs/scheduled-mail";
import { scheduleSlot, scheduledMail, schedulesDue } from "../core/jobs/scheduled-mail";
import { exportFile, planExport } from "./accounting-export";
import { reader } from "./accounting-reads";
import type { AccountingStore } from "./accounting-store";
import { exportMail, type MadeExport } from "./export-mail";
import { type ExportSchedules, formatsOf, nextExportRunAt } from "./export-schedules";

/**
 * Exports to the books by email, on the core's scheduled mail (`jobs/scheduled-mail.ts`): every 15 minutes
 * `accounting-sweep` queues one `accounting-mail` job per schedule due and moves the schedule on. The job reads the
 * run's period (`runPeriod`: the week or the month before) through the background's reads, within the key's budget,
 * as the page's export does: only what no earlier marked export held (`new=1`), every status, every store of the key.
 * Each member with the Accounts role is mailed the files once; then the run marks them in the ledger (after the mails:
 * a run retried after a failed send makes the same files again, and mails only those not yet mailed).
 */

export const ACCOUNTING_MAIL = "accounting-mail";
export const ACCOUNTING_SWEEP = "accounting-sweep";
export const ACCOUNTING_SWEEP_SECONDS = 900;

export type ExportJob = ScheduleRun;

export interface ScheduledExportsDeps extends ScheduledMailDeps {
  schedules: ExportSchedules;
  store: AccountingStore;
  keys: Pick<WorkspaceKeyStore, "open">;
  background: Background;
  secret: string;
  origin: string;
  now?: () => Date;
}

/**
 * @example
 * const exports = createScheduledExports({ schedules, store, jobs, keys, background, effects, mailer, secret, origin });
 */
export function createScheduledExports(deps: ScheduledExportsDeps) {
  const now = deps.now ?? (() => new Date());

  const mail = scheduledMail(deps, {
    kind: ACCOUNTING_MAIL,
    slot: scheduleSlot,
    once: "accounting",
    async who(job: ExportJob) {
      const order = await deps.schedules.order(job.scheduleId);
      if (!order) return undefined;
      if (order.recipients.length > 0) return { order, recipients: order.recipients };
      await deps.schedules.recordRun(order.schedule.id, {
        at: now(),
        error: "No member has the Accounts role (or every one left these mails): nothing was mailed.",
      });
      return undefined;
    },
    async attach(job, { schedule }, budget): Promise<MadeExport | undefined> {
      const record = (error: string) => deps.schedules.recordRun(schedule.id, { at: now(), error });
      const key = await deps.keys.open(schedule.workspace_id, schedule.key_id);
      if (!key || key.keyType !== "Customer")
        return void (await record("Exports to the books are a retailer's key's: this key is gone or is not one."));
      const { from, to } = runPeriod(
        schedule.cadence === "weekly" ? "weekly" : "monthly",
        new Date(job.dueAt),
        schedule.time_zone,
      );
      const reads = await deps.background.open(schedule.workspace_id, key, "report");
      const scope = { workspaceId: schedule.workspace_id, environment: key.environment };
      const { mapping } = await deps.store.mapping(schedule.workspace_id);
      return budget(
        reads,
        async () => {
          const read = reader(backgroundClient(reads));
          const plans = [];
          for (const format of formatsOf(schedule.formats)) {
            const plan = await planExport(read, deps.store, scope, mapping, {
              format,
              from,
              to,
              statuses: [...ALL_INVOICE_STATUSES],
              newOnly: true,
            });
            // A file the mapping cannot yet write (Xero's codes not set) is not attached: the mail names its gaps.
            const parts = plan.gaps.length > 0 ? 0 : plan.parts;
            const files = Array.from({ length: parts }, (_, i) => exportFile(plan, mapping, i + 1));
            plans.push({ plan, files });
          }
          return { from, to, plans, environment: key.environment };
        },
        record,
      );
    },
    mail: (to, made, { schedule }) =>
      exportMail({ to, scheduleId: schedule.id, made, origin: deps.origin, secret: deps.secret }),
    async ran(_job, { schedule }, made, { mailed }) {
      // Marked once every recipient has the files (a retried run makes the same files: nothing marked yet).
      for (const { plan, files } of made.plans)
        for (const file of files)
          if (file.count > 0)
            await deps.store.mark({
              workspaceId: schedule.workspace_id,
              environment: made.environment,
              kind: plan.kind,
              format: plan.query.format,
              from: made.from,
              to: made.to,
              fileName: file.name,
              totalCents: file.totalCents,
              madeBy: null,
              records: file.records,
            });
      await deps.schedules.recordRun(schedule.id, {
        at: now(),
        records: made.plans.reduce((n, p) => n + (p.files.length > 0 ? p.plan.counts.inFile : 0), 0),
        mailed,
      });
    },
  });

  return {
    async sweep(): Promise<number> {
      const at = now();
      return mail.sweep(
        schedulesDue(await deps.schedules.due(at), (due) =>
          deps.schedules.advance(
            due.id,
            due.next_run_at,
            nextExportRunAt(
              {
                cadence: due.cadence === "weekly" ? "weekly" : "monthly",
                day: due.day,
                localTime: due.local_time,
                timeZone: due.time_zone,
              },
              at,
            ),
          ),
        ),
      );
    },

    async run(job: ExportJob): Promise<void> {
      await mail.run(job);
    },
  };
}
