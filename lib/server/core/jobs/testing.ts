import type { JobOptions, JobQueue } from "./job-queue";

/** A job queue whose sends go to `send`, and nothing else: what a test or a benchmark runs itself. */
export function sendingQueue(send: JobQueue["send"]): JobQueue {
  return {
    send,
    work() {},
    async start() {},
    async stop() {},
    async check() {
      return "ok";
    },
  };
}

/**
 * A job queue that keeps each send (its kind, data and options), in order, for a test to run the jobs itself.
 *
 * @example
 * const { jobs, sent } = sentJobs<ReminderJob>();
 * await reminders.sweep();
 * await reminders.run(sent[0]!.data);
 */
export function sentJobs<T>(): { jobs: JobQueue; sent: { kind: string; data: T; options?: JobOptions }[] } {
  const sent: { kind: string; data: T; options?: JobOptions }[] = [];
  const jobs = sendingQueue(async (kind, data, options) => {
    sent.push({ kind, data: data as unknown as T, options });
    return String(sent.length);
  });
  return { jobs, sent };
}
