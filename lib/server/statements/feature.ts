import "server-only";
import { defineFeature } from "../core/feature";
import {
  createMonthlyStatements,
  STATEMENT_MAIL,
  STATEMENT_SWEEP,
  STATEMENT_SWEEP_SECONDS,
  type StatementJob,
} from "./monthly-statements";
import { createStatementSchedules, forgetStatementSchedule, leaveStatements } from "./statement-schedules";
import { STATEMENT_MIGRATIONS } from "./migrations";

/**
 * The monthly statements with the core: a sweep every 15 minutes queues the due ones; each account's
 * statement is read in the background, made a PDF and mailed once to the Accounts role. A key removed takes its
 * schedule; a statement's unsubscribe link takes its person off the schedule.
 */
export const statementsFeature = defineFeature({
  name: "statements",
  migrations: STATEMENT_MIGRATIONS,
  forget: forgetStatementSchedule,
  start(core) {
    const schedules = createStatementSchedules(core.db);
    const monthly = createMonthlyStatements({
      schedules,
      jobs: core.jobs,
      keys: core.keys,
      background: core.background,
      effects: core.effects,
      mailer: core.mailer,
      secret: core.secret,
      origin: core.origin,
    });
    return {
      jobs: { [STATEMENT_MAIL]: (job: StatementJob) => monthly.run(job) },
      recurring: [{ name: STATEMENT_SWEEP, seconds: STATEMENT_SWEEP_SECONDS, run: () => monthly.sweep() }],
      unsubscribe: { statements: (userId, scheduleId) => leaveStatements(core.db, scheduleId, userId) },
      services: schedules,
    };
  },
});
