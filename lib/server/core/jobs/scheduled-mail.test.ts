import { afterEach, describe, expect, it } from "vitest";
import type { Mail } from "../auth/mailer";
import { type BackgroundReads, MAX_DEFERRALS } from "../background/background-reads";
import type { Database } from "../db/open";
import { databaseProfiles } from "../db/testing";
import { createEffectLedger } from "./effect-ledger";
import {
  type ScheduledMailSpec,
  type ScheduleRun,
  scheduledMail,
  scheduleSlot,
  schedulesDue,
  type SlotJob,
} from "./scheduled-mail";
import { sendingQueue, sentJobs } from "./testing";

/** A mailer that keeps what it sends; `failFor` makes the next send to that address throw once. */
function keptMail() {
  const sent: Mail[] = [];
  const failing = new Set<string>();
  return {
    sent,
    failFor: (to: string) => void failing.add(to),
    async send(mail: Mail) {
      if (failing.delete(mail.to)) throw new Error("SMTP 451: try again later");
      sent.push(mail);
    },
  };
}

/** A key's background reads that may read (`wait` undefined) or must wait `wait` seconds. */
const readsWaiting = (wait?: number): BackgroundReads => ({ wait: () => wait, read: async () => undefined });

/** A person's day: the digest's slot. */
interface DayJob extends SlotJob {
  userId: string;
  day: string;
}

const PEOPLE = [
  { userId: "u1", email: "ann@example.com" },
  { userId: "u2", email: "bo@example.com" },
];

describe.each(databaseProfiles())("the scheduled mail on $name", ({ open }) => {
  const databases: Database[] = [];
  afterEach(async () => {
    await Promise.all(databases.splice(0).map((d) => d.close()));
  });

  /** A schedule's mail whose attachment is read within `wait`'s budget; `recorded` keeps what its runs record. */
  async function setUp(options: { wait?: number; recipients?: typeof PEOPLE } = {}) {
    const database = await open();
    databases.push(database);
    const { jobs, sent: queued } = sentJobs<ScheduleRun>();
    const mailer = keptMail();
    const recorded: string[] = [];
    const made: string[] = [];
    const effects = createEffectLedger(database.db);
    const spec: ScheduledMailSpec<ScheduleRun, string, (typeof PEOPLE)[number], string> = {
      kind: "test-mail",
      slot: scheduleSlot,
      once: "test",
      who: async (job: ScheduleRun) =>
        job.scheduleId === "gone" ? undefined : { order: job.scheduleId, recipients: options.recipients ?? PEOPLE },
      attach: (job, order, budget) =>
        budget(
          readsWaiting(options.wait),
          async () => {
            made.push(`${order}@${job.dueAt}`);
            return `report of ${job.dueAt}`;
          },
          async (error) => void recorded.push(error),
        ),
      mail: (to, file) => ({ to: to.email, subject: file, text: file, link: "https://backroom.example" }),
      ran: async (_job, _order, _made, counts) => void recorded.push(`mailed ${counts.mailed}, sent ${counts.sent}`),
    };
    const mail = scheduledMail({ jobs, effects, mailer }, spec);
    return { database, queued, mailer, recorded, made, mail, effects, spec };
  }

  it("queues one job a slot due, keyed by the slot, and counts the schedules it moved", async () => {
    const { queued, mail, effects, mailer, spec } = await setUp();
    const moved = new Set(["s1"]);
    const due = [
      { id: "s1", next_run_at: "2026-11-23T06:00:00.000Z" },
      { id: "s2", next_run_at: "2026-11-23T06:00:00.000Z" },
    ];
    // s2 was moved by another sweep meanwhile: queued (its key makes it one run), not counted.
    expect(await mail.sweep(schedulesDue(due, async (row) => moved.delete(row.id)))).toBe(1);
    expect(queued).toEqual([
      {
        kind: "test-mail",
        data: { scheduleId: "s1", dueAt: "2026-11-23T06:00:00.000Z" },
        options: { key: "s1:2026-11-23T06:00:00.000Z", delaySeconds: 0 },
      },
      {
        kind: "test-mail",
        data: { scheduleId: "s2", dueAt: "2026-11-23T06:00:00.000Z" },
        options: { key: "s2:2026-11-23T06:00:00.000Z", delaySeconds: 0 },
      },
    ]);
    // Without a schedule to move (a person's day), what is counted is what was queued: a slot queued twice is one job.
    const slot = { job: { scheduleId: "s3", dueAt: "2026-11-24" } };
    const keys = new Set<string>();
    const once = scheduledMail(
      {
        jobs: sendingQueue(async (_kind, _data, o) => (keys.has(o!.key!) ? null : (keys.add(o!.key!), "1"))),
        effects,
        mailer,
      },
      spec,
    );
    expect(await once.sweep([slot, slot])).toBe(1);
    expect(keys).toEqual(new Set(["s3:2026-11-24"]));
  });

  it("mails each person once a slot, even when the job runs twice; the next slot mails them again", async () => {
    const { mailer, recorded, made, mail } = await setUp();
    const job = { scheduleId: "s1", dueAt: "2026-11-23T06:00:00.000Z" };
    expect(await mail.run(job)).toBe(2);
    expect(await mail.run(job)).toBe(0);
    expect(mailer.sent.map((m) => m.to)).toEqual(["ann@example.com", "bo@example.com"]);
    // The attachment is made each run (a run is one moment's answers); the second run mailed nobody new.
    expect(made).toHaveLength(2);
    expect(recorded).toEqual(["mailed 2, sent 2", "mailed 2, sent 0"]);
    expect(await mail.run({ ...job, dueAt: "2026-11-24T06:00:00.000Z" })).toBe(2);
    expect(mailer.sent).toHaveLength(4);
    // Nobody to mail: nothing is made.
    expect(await mail.run({ scheduleId: "gone", dueAt: job.dueAt })).toBe(0);
    expect(made).toHaveLength(3);
  });

  it("a failed send fails the job; its retry mails only those not yet mailed", async () => {
    const { mailer, mail } = await setUp();
    const job = { scheduleId: "s1", dueAt: "2026-11-23T06:00:00.000Z" };
    mailer.failFor("bo@example.com");
    await expect(mail.run(job)).rejects.toThrow(/SMTP 451/);
    expect(mailer.sent.map((m) => m.to)).toEqual(["ann@example.com"]);
    expect(await mail.run(job)).toBe(1);
    expect(mailer.sent.map((m) => m.to)).toEqual(["ann@example.com", "bo@example.com"]);
  });

  it("a spent budget puts the run off: nothing read or mailed, the run queued again for then under its own key", async () => {
    const { queued, mailer, recorded, made, mail } = await setUp({ wait: 600 });
    const job = { scheduleId: "s1", dueAt: "2026-11-23T06:00:00.000Z" };
    expect(await mail.run(job)).toBe(0);
    expect(await mail.run(queued[0]!.data)).toBe(0);
    expect([made, mailer.sent, recorded]).toEqual([[], [], []]);
    expect(queued).toEqual([
      {
        kind: "test-mail",
        data: { ...job, deferrals: 1 },
        options: { key: "s1:2026-11-23T06:00:00.000Z:1", delaySeconds: 600 },
      },
      {
        kind: "test-mail",
        data: { ...job, deferrals: 2 },
        options: { key: "s1:2026-11-23T06:00:00.000Z:2", delaySeconds: 600 },
      },
    ]);
    // Put off for two days: dropped, saying so.
    expect(await mail.run({ ...job, deferrals: MAX_DEFERRALS })).toBe(0);
    expect(queued).toHaveLength(2);
    expect(recorded).toEqual(["The key's background budget stayed spent for two days: this run was skipped."]);
  });

  it("a person's own slot (the digest) is mailed once under the slot's key, and a mail of nothing is not sent", async () => {
    const database = await open();
    databases.push(database);
    const effects = createEffectLedger(database.db);
    const mailer = keptMail();
    const done: string[] = [];
    const digest = scheduledMail(
      { jobs: sentJobs<DayJob>().jobs, effects, mailer },
      {
        kind: "test-digest",
        slot: (job: DayJob) => `${job.userId}:${job.day}`,
        once: "test-digest",
        personal: true,
        who: async (job: DayJob) => ({
          order: job.day,
          recipients: PEOPLE.filter((p) => p.userId === job.userId),
        }),
        attach: async (_job, day) => (day === "2026-11-24" ? [] : ["told"]),
        mail: (to, items) =>
          items.length === 0 ? undefined : { to: to.email, subject: "digest", text: "", link: "https://b.example" },
        ran: async (job, _day, _items, counts) => void done.push(`${job.day}: ${counts.sent}`),
      },
    );
    expect(await digest.run({ userId: "u1", day: "2026-11-23" })).toBe(1);
    expect(await digest.run({ userId: "u1", day: "2026-11-23" })).toBe(0);
    expect(await effects.claimed(["test-digest:u1:2026-11-23", "test-digest:u1:2026-11-23:u1"])).toEqual(
      new Set(["test-digest:u1:2026-11-23"]),
    );
    expect(await digest.run({ userId: "u1", day: "2026-11-24" })).toBe(0);
    expect(mailer.sent).toHaveLength(1);
    expect(done).toEqual(["2026-11-23: 1", "2026-11-23: 0", "2026-11-24: 0"]);
  });
});
