import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { type EndOfDaySummary, runEndOfDay } from "./end-of-day";
import { type ExportSummary, runExport } from "./export";
import { type ImportSummary, runImport } from "./import";

export type { EndOfDaySummary } from "./end-of-day";
export type { ExportSummary } from "./export";
export type { ImportSummary } from "./import";
export { runEndOfDay, runExport, runImport };

/** The ERP's background jobs, by name: what an operator or a scheduler can run. */
export const JOBS = ["import", "export", "end-of-day"] as const;
export type JobName = (typeof JOBS)[number];
export type JobSummary = ImportSummary | ExportSummary | EndOfDaySummary;

const RUNNERS: { [J in JobName]: (db: Kysely<Database>, now: Date) => Promise<JobSummary> } = {
  import: runImport,
  export: runExport,
  "end-of-day": runEndOfDay,
};

/**
 * Runs one job by name, as of `now`, in one transaction. Jobs are pure functions over the database: no timers, no
 * HTTP; whoever schedules them passes the sandbox clock's time.
 *
 * @example
 * const summary = await runJob(db, "export", clock.now()); // { job: "export", exported: 3, confirmed: 1, rejected: 0 }
 */
export async function runJob(db: Kysely<Database>, job: JobName, now: Date): Promise<JobSummary> {
  return RUNNERS[job](db, now);
}
