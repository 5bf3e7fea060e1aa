import "server-only";
import { defineFeature } from "../core/feature";
import { createReports, REPORT, REPORT_SWEEP, REPORT_SWEEP_SECONDS, type ReportJob } from "./report-job";
import { createReportStore, leaveReport } from "./report-store";
import { REPORT_MIGRATIONS } from "./migrations";

/**
 * The scheduled reports with the core: a sweep every 15 minutes queues the due ones; each is read in the background and
 * mailed once. A report's unsubscribe link takes its person off that schedule's recipients.
 */
export const viewsFeature = defineFeature({
  name: "reports",
  migrations: REPORT_MIGRATIONS,
  start(core) {
    const reports = createReports({
      store: createReportStore(core.db),
      jobs: core.jobs,
      keys: core.keys,
      background: core.background,
      effects: core.effects,
      mailer: core.mailer,
      secret: core.secret,
      origin: core.origin,
    });
    return {
      jobs: { [REPORT]: (job: ReportJob) => reports.run(job) },
      recurring: [{ name: REPORT_SWEEP, seconds: REPORT_SWEEP_SECONDS, run: () => reports.sweep() }],
      unsubscribe: { report: (userId, scheduleId) => leaveReport(core.db, scheduleId, userId) },
      services: reports,
    };
  },
});
