import "server-only";
import type { EffectLedger, JobQueue } from "./job-queue";

/**
 * Work done every so often, whoever is up (a feature's sweep, declared as `recurring` in its `Feature`): one job of
 * `kind` per slot of `periodSeconds` (slots count from the epoch, so every instance agrees on them), queued for the
 * slot's start with the slot as its key. An instance that starts queues the next slot (a second instance's send is
 * dropped: one job per key waits at a time), and the job, when it runs, queues the slot after it first, so the chain
 * goes on whichever instance runs it, and one that throws still leaves the next slot queued.
 *
 * A job that runs late (every instance was down) queues the next slot still to come, not the ones missed: a handler
 * looks at what is due when it runs, not only at its slot.
 *
 * A slot's handler runs once (`effects`, keyed by the kind and slot): the queue drops a second send of a slot only while
 * the first waits, so an instance whose `queueNext` reached the queue after that slot had started would run it again.
 * A run whose instance died mid-slot is not run again either; the next slot looks at what is due.
 *
 * `recurring` registers the handler; `queueNext` (once the queue has started) queues the next slot.
 *
 * @example
 * const sweep = recurring(jobs, effects, "reminder-sweep", 900, (slotStart) => reminders.sweep(slotStart));
 * await jobs.start();
 * await sweep.queueNext();
 */
export function recurring(
  jobs: JobQueue,
  effects: EffectLedger,
  kind: string,
  periodSeconds: number,
  handler: (slotStart: Date) => Promise<void>,
  now: () => number = Date.now,
): { queueNext(): Promise<void> } {
  const periodMs = periodSeconds * 1000;
  const nextSlot = () => Math.floor(now() / periodMs) + 1;
  const queueSlot = (slot: number) =>
    jobs.send(
      kind,
      { slot },
      { key: `slot:${slot}`, delaySeconds: Math.max(0, (slot * periodMs - now()) / 1000), retryLimit: 2 },
    );
  jobs.work<{ slot: number }>(kind, async (job) => {
    await queueSlot(Math.max(job.data.slot + 1, nextSlot()));
    await effects.once(`recurring:${kind}:${job.data.slot}`, () => handler(new Date(job.data.slot * periodMs)));
  });
  return { queueNext: async () => void (await queueSlot(nextSlot())) };
}
