import "server-only";
import { defineFeature, type ServicesOf } from "../core/feature";
import { createAccountingStore } from "./accounting-store";
import { createExportSchedules, forgetExportSchedule, leaveExports } from "./export-schedules";
import {
  ACCOUNTING_MAIL,
  ACCOUNTING_SWEEP,
  ACCOUNTING_SWEEP_SECONDS,
  createScheduledExports,
  type ExportJob,
} from "./scheduled-exports";
import { ACCOUNTING_MIGRATIONS } from "./migrations";

/**
 * The retailer's books with the core: the mapping and the exports' ledger (the workspace's, kept when a key
 * goes), and each key's exports mailed weekly or monthly to the Accounts role on the core's scheduled mail (a sweep
 * every 15 minutes queues the due runs). A key removed takes its schedule; a mail's unsubscribe link takes its person
 * off it.
 */
export const accountingFeature = defineFeature({
  name: "accounting",
  migrations: ACCOUNTING_MIGRATIONS,
  forget: forgetExportSchedule,
  start(core) {
    const store = createAccountingStore(core.db);
    const schedules = createExportSchedules(core.db);
    const scheduled = createScheduledExports({
      schedules,
      store,
      jobs: core.jobs,
      keys: core.keys,
      background: core.background,
      effects: core.effects,
      mailer: core.mailer,
      secret: core.secret,
      origin: core.origin,
    });
    return {
      jobs: { [ACCOUNTING_MAIL]: (job: ExportJob) => scheduled.run(job) },
      recurring: [{ name: ACCOUNTING_SWEEP, seconds: ACCOUNTING_SWEEP_SECONDS, run: () => scheduled.sweep() }],
      unsubscribe: { accounting: (userId, scheduleId) => leaveExports(core.db, scheduleId, userId) },
      services: { store, schedules },
    };
  },
});

export type AccountingServices = ServicesOf<typeof accountingFeature>;
