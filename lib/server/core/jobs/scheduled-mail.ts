import "server-only";
import type { Mail, Mailer } from "../auth/mailer";
import { type BackgroundReads, whenBudgetAllows } from "../background/background-reads";
import type { EffectLedger, JobQueue } from "./job-queue";

/**
 * The scheduled mail (a feature's mail on a schedule, or each person's daily one), written once: a sweep queues one
 * job per slot due (a schedule and its due time, a person and their day), keyed by the slot so a second sweep queues
 * nothing more; the job finds who is mailed, makes what is attached (within the key's background budget where it
 * reads the Data API: put off, and queued again for then, while the budget says wait), and mails each person once per
 * slot (`effects.once`: a job run twice, a retry after a failed send, a lease that ran out, mails nobody twice). What
 * a feature writes is only what differs: who, when, what to attach, the mail, and what it records of a run.
 */

/** A slot's job: whatever the feature names it by, and how often it was put off for the key's budget. */
export interface SlotJob {
  /** How many times the run was put off for the key's budget (0 or absent the first time). */
  deferrals?: number;
}

/** Who a run mails. */
export interface Recipient {
  userId: string;
}

/** What a scheduled mail runs on (a feature's own deps hold them). */
export interface ScheduledMailDeps {
  jobs: JobQueue;
  effects: EffectLedger;
  mailer: Pick<Mailer, "send">;
}

export interface ScheduledMailSpec<J extends SlotJob, Order, To extends Recipient, Made> {
  /** The job's kind. */
  kind: string;
  /** The slot a job is (`<schedule>:<due time>`, `<person>:<day>`): its job key, and the mails' once keys. */
  slot(job: J): string;
  /**
   * The ledger's name for the mails (`<once>:<slot>:<person>`); for a slot of one person's own (`personal`: a daily
   * mail), the slot is the person's already: `<once>:<slot>`.
   */
  once: string;
  personal?: boolean;
  /** Who is mailed, and what the run goes by; undefined when nobody is (the feature has recorded why). */
  who(job: J): Promise<{ order: Order; recipients: readonly To[] } | undefined>;
  /**
   * What is attached, made once for every recipient; undefined when the run ends here (put off for the budget: see
   * `budget`). `budget` runs reads within the key's background budget, queues the run again while it must wait
   * (up to `MAX_DEFERRALS`), and records (`record`) why a run was put off for good or failed.
   */
  attach(job: J, order: Order, budget: Budget): Promise<Made | undefined>;
  /** A recipient's mail; undefined when there is nothing to tell them. */
  mail(to: To, made: Made, order: Order, job: J): Mail | undefined;
  /** After the recipients: `mailed`, those mailed by this run or before it; `sent`, by this run. */
  ran?(job: J, order: Order, made: Made, counts: { mailed: number; sent: number }): Promise<void>;
}

/** Reads within the key's background budget for a run (see `whenBudgetAllows`). */
export type Budget = <T>(
  reads: BackgroundReads,
  work: () => Promise<T>,
  record: (error: string) => Promise<void>,
) => Promise<T | undefined>;

/** A slot due, as a sweep found it: its job, and for a schedule, moving it to its next slot (true: this sweep moved it). */
export interface DueSlot<J> {
  job: J;
  advance?: () => Promise<boolean>;
}

/** A run of a schedule (a row of a feature's schedules): the schedule and its due time, the run's identity. */
export interface ScheduleRun extends SlotJob {
  scheduleId: string;
  /** The run's due time (ISO), as the schedule had it. */
  dueAt: string;
}

/** A schedule's slot: `<schedule>:<due time>`. */
export const scheduleSlot = (job: ScheduleRun) => `${job.scheduleId}:${job.dueAt}`;

/**
 * The slots of the schedules due (rows as the schedules' tables keep them), each moved on by `advance` once queued.
 * Runs missed while every instance was down are one run: `advance` moves a schedule to its first run still to come.
 *
 * @example
 * await mail.sweep(schedulesDue(await store.due(at), (due) => store.advance(due.id, due.next_run_at, next(due, at))));
 */
export function schedulesDue<R extends { id: string; next_run_at: string }>(
  rows: readonly R[],
  advance: (row: R) => Promise<boolean>,
): DueSlot<ScheduleRun>[] {
  return rows.map((row) => ({ job: { scheduleId: row.id, dueAt: row.next_run_at }, advance: () => advance(row) }));
}

/**
 * @example
 * const mail = scheduledMail({ jobs, effects, mailer }, { kind: "reminder", slot: scheduleSlot, once: "reminder", who, attach, mail, ran });
 * await mail.sweep(dueSlots); // queued, one job per slot
 * await mail.run(job); // each recipient mailed once
 */
export function scheduledMail<J extends SlotJob, Order, To extends Recipient, Made>(
  deps: ScheduledMailDeps,
  spec: ScheduledMailSpec<J, Order, To, Made>,
) {
  /** The job key of a run (one queued at a time), and of its deferred attempts. */
  const jobKey = (job: J) => `${spec.slot(job)}${job.deferrals ? `:${job.deferrals}` : ""}`;
  const queue = (job: J, delaySeconds = 0) => deps.jobs.send(spec.kind, job, { key: jobKey(job), delaySeconds });
  const onceKey = (job: J, to: To) => `${spec.once}:${spec.slot(job)}${spec.personal ? "" : `:${to.userId}`}`;

  return {
    jobKey,

    /**
     * Queues each slot due and moves its schedule on; answers how many it moved (or, without a schedule to move, how
     * many it queued): another sweep's are not counted. Queued first, then moved: a sweep that dies between the two
     * queues the same slot again, and its key and the mails' ledger make that one run.
     */
    async sweep(due: Iterable<DueSlot<J>>): Promise<number> {
      let counted = 0;
      for (const { job, advance } of due) {
        const queued = await queue(job);
        if (advance ? await advance() : queued !== null) counted++;
      }
      return counted;
    },

    /** The job: who, what to attach, and each recipient's mail once; answers how many this run sent. */
    async run(job: J): Promise<number> {
      const who = await spec.who(job);
      if (!who) return 0;
      const { order, recipients } = who;
      const budget: Budget = (reads, work, record) =>
        whenBudgetAllows(reads, work, {
          deferrals: job.deferrals,
          defer: (deferrals, seconds) => queue({ ...job, deferrals }, seconds),
          record,
        });
      const made = await spec.attach(job, order, budget);
      if (made === undefined) return 0;
      let mailed = 0;
      let sent = 0;
      for (const to of recipients) {
        const mail = spec.mail(to, made, order, job);
        if (!mail) continue;
        // A send that throws releases its claim and fails the job: the retry mails those not yet mailed.
        if (await deps.effects.once(onceKey(job, to), () => deps.mailer.send(mail))) sent++;
        mailed++;
      }
      await spec.ran?.(job, order, made, { mailed, sent });
      return sent;
    },
  };
}
