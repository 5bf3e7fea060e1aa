import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { defaultChannel, type NotificationKind } from "@/lib/session/notification-kinds";
import type { Mail, Mailer } from "../core/auth/mailer";
import { createEffectLedger } from "../core/jobs";
import { sendingQueue } from "../core/jobs/testing";
import { connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { createDigests, DIGEST, digestDueOn, digestSince, localClock } from "./digest";
import { createNotificationStore, type NewNotification } from "../core/notify/notification-store";
import { createNotifier, NOTIFICATION_MAIL, type Summarize } from "../core/notify/notifier";
import { createPreferences } from "../core/notify/preferences";
import { unsubscribe } from "./settings-api";
import { readUnsubscribeToken, unsubscribeToken } from "../core/notify/unsubscribe";

const SECRET = "s".repeat(40);
const ORIGIN = "https://backroom.example";

describe("defaults by role", () => {
  it("gives each role what its work needs, and two roles in one (no role at all) nothing", () => {
    expect(defaultChannel("invoice-due", "accounts")).toBe("inbox");
    expect(defaultChannel("customer-on-hold", "accounts")).toBe("both");
    expect(defaultChannel("invoice-due", "owner")).toBe("inbox");
    expect(defaultChannel("invoice-due", "viewer")).toBe("off");
    expect(defaultChannel("below-cover", "purchasing")).toBe("both");
    expect(defaultChannel("below-cover", "accounts")).toBe("off");
    expect(defaultChannel("payment-confirmed", "viewer")).toBe("both");
    expect(defaultChannel("invoice-due", "viewer,accounts")).toBe("off");
    expect(defaultChannel("below-cover", "owner,purchasing")).toBe("off");
    expect(defaultChannel("invoice-due", "")).toBe("off");
  });
});

describe("the daily digest's clock", () => {
  it("reads the person's local day and time", () => {
    expect(localClock(new Date("2026-11-23T06:30:00Z"), "Europe/Berlin")).toEqual({ day: "2026-11-23", minutes: 450 });
    expect(localClock(new Date("2026-11-23T03:00:00Z"), "America/Los_Angeles")).toEqual({
      day: "2026-11-22",
      minutes: 19 * 60,
    });
  });

  it("is due once a day, from the chosen time on, in the chosen zone", () => {
    const seven = { enabled: true, time: "07:00", timeZone: "Europe/Berlin" };
    expect(digestDueOn(seven, null, new Date("2026-11-23T05:59:00Z"))).toBeUndefined();
    expect(digestDueOn(seven, null, new Date("2026-11-23T06:00:00Z"))).toBe("2026-11-23");
    expect(digestDueOn(seven, "2026-11-22", new Date("2026-11-23T18:00:00Z"))).toBe("2026-11-23");
    expect(digestDueOn(seven, "2026-11-23", new Date("2026-11-23T18:00:00Z"))).toBeUndefined();
    expect(digestDueOn({ ...seven, enabled: false }, null, new Date("2026-11-23T18:00:00Z"))).toBeUndefined();
    // Across a change of clocks (Berlin leaves summer time on 2026-10-25): 7:00 local is 06:00 UTC again.
    expect(digestDueOn(seven, null, new Date("2026-10-25T06:00:00Z"))).toBe("2026-10-25");
    expect(digestDueOn(seven, null, new Date("2026-10-24T04:59:00Z"))).toBeUndefined();
  });

  it.each([
    ["a first digest: the 24 hours before it", null, "2026-11-23T07:00:00Z", "2026-11-22T07:00:00.000Z"],
    ["the day before's: since it", "2026-11-22T07:00:05.000Z", "2026-11-23T07:00:00Z", "2026-11-22T07:00:05.000Z"],
    [
      "a day missed: since the last one made",
      "2026-11-21T07:00:00.000Z",
      "2026-11-23T07:00:00Z",
      "2026-11-21T07:00:00.000Z",
    ],
    [
      "the time moved earlier (18:00 to 7:00): since 18:00, nothing twice",
      "2026-11-22T18:00:00.000Z",
      "2026-11-23T07:00:00Z",
      "2026-11-22T18:00:00.000Z",
    ],
    [
      "turned off for a week: three days at most",
      "2026-11-16T07:00:00.000Z",
      "2026-11-23T07:00:00Z",
      "2026-11-20T07:00:00.000Z",
    ],
    ["a date it cannot read: as a first", "yesterday", "2026-11-23T07:00:00Z", "2026-11-22T07:00:00.000Z"],
  ])("starts where the last left off: %s", (_, lastAt, at, since) => {
    expect(digestSince(lastAt, new Date(at))).toBe(since);
  });
});

describe("unsubscribe tokens", () => {
  it("name whom and what, and nothing altered or signed elsewhere passes", () => {
    const token = unsubscribeToken(SECRET, { userId: "u1", topic: "invoice-due" });
    expect(readUnsubscribeToken({ current: SECRET }, token)).toEqual({ userId: "u1", topic: "invoice-due" });
    expect(readUnsubscribeToken({ current: "t".repeat(40), previous: [SECRET] }, token)).toEqual({
      userId: "u1",
      topic: "invoice-due",
    });
    expect(readUnsubscribeToken({ current: "t".repeat(40) }, token)).toBeUndefined();
    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ u: "u2", t: "invoice-due" })).toString("base64url");
    expect(readUnsubscribeToken({ current: SECRET }, `${forged}.${signature}`)).toBeUndefined();
    expect(readUnsubscribeToken({ current: SECRET }, `${payload}.${signature!.slice(0, -2)}`)).toBeUndefined();
    expect(readUnsubscribeToken({ current: SECRET }, `${payload}`)).toBeUndefined();
    expect(readUnsubscribeToken({ current: SECRET }, "")).toBeUndefined();
  });
});

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

function recorders() {
  const sent: { kind: string; data: unknown; key?: string }[] = [];
  const jobs = sendingQueue(async (kind, data, options) => {
    sent.push({ kind, data, key: options?.key });
    return String(sent.length);
  });
  const mails: Mail[] = [];
  let failNext = false;
  const mailer: Mailer = {
    delivers: true,
    async send(mail) {
      if (failNext) {
        failNext = false;
        throw new Error("421 try again later");
      }
      mails.push(mail);
    },
  };
  return { jobs, sent, mailer, mails, failNextSend: () => void (failNext = true) };
}

describe.each(databaseProfiles())("notifications on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp(now: () => Date = () => new Date()) {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const accounts = await joinAs(backend, owner.workspaceId, "accounts");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const store = createNotificationStore(backend.db, now);
    const preferences = createPreferences(backend.db);
    const effects = createEffectLedger(backend.db);
    const { jobs, sent, mailer, mails, failNextSend } = recorders();
    const notifier = createNotifier({
      store,
      preferences,
      jobs,
      mailer,
      effects,
      db: backend.db,
      secret: SECRET,
      origin: ORIGIN,
    });
    const digests = createDigests({
      db: backend.db,
      store,
      jobs,
      mailer,
      effects,
      secret: SECRET,
      origin: ORIGIN,
      now,
    });
    const tell = (userId: string, kind: NotificationKind, fact: string) =>
      notifier.notify({
        userId,
        workspaceId: owner.workspaceId,
        kind,
        effectKey: `${kind}:${userId}:${fact}`,
        title: `Invoice ${fact} is due`,
        link: `/invoices/${fact}`,
      });
    return { backend, owner, accounts, viewer, store, preferences, notifier, digests, sent, mails, failNextSend, tell };
  }

  it("tells each member as their role's defaults and their own choices say", async () => {
    const { owner, accounts, viewer, store, preferences, sent, tell } = await setUp();
    await preferences.choose(accounts.userId, { "invoice-due": "both" });
    // invoice-due: the owner's inbox (the role's default), accounts' inbox and email (chosen), nothing for a viewer.
    expect(await tell(owner.userId, "invoice-due", "1041")).toBe(true);
    expect(await tell(accounts.userId, "invoice-due", "1041")).toBe(true);
    expect(await tell(viewer.userId, "invoice-due", "1041")).toBe(false);
    expect((await store.list(owner.userId)).items.map((n) => n.title)).toEqual(["Invoice 1041 is due"]);
    expect((await store.list(viewer.userId)).items).toEqual([]);
    expect(sent.map((s) => s.kind)).toEqual([NOTIFICATION_MAIL]);
    // Told again (the next hour's watch): nothing new, no second mail.
    expect(await tell(accounts.userId, "invoice-due", "1041")).toBe(false);
    expect(sent).toHaveLength(1);

    // Choices: the viewer wants them in the inbox, accounts by email only (kept out of the inbox), the owner not at all.
    await preferences.choose(viewer.userId, { "invoice-due": "inbox" });
    await preferences.choose(accounts.userId, { "invoice-due": "email" });
    await preferences.choose(owner.userId, { "invoice-due": "off" });
    expect(await tell(viewer.userId, "invoice-due", "1042")).toBe(true);
    expect(await tell(accounts.userId, "invoice-due", "1042")).toBe(true);
    expect(await tell(owner.userId, "invoice-due", "1042")).toBe(false);
    expect((await store.list(viewer.userId)).items.map((n) => n.title)).toEqual(["Invoice 1042 is due"]);
    expect((await store.list(accounts.userId)).items.map((n) => n.title)).toEqual(["Invoice 1041 is due"]);
    expect(await store.unread(accounts.userId)).toBe(1);
    expect(sent.map((s) => s.kind)).toEqual([NOTIFICATION_MAIL, NOTIFICATION_MAIL]);
    // Someone no longer in the workspace is not told by default.
    expect(await preferences.channel("nobody", owner.workspaceId, "payment-confirmed")).toBe("off");
  });

  it("tells many new things of a kind for one person as one summary, each recorded once, and a few one by one", async () => {
    let clock = new Date("2026-11-23T05:00:00Z");
    const { owner, accounts, store, preferences, notifier, digests, sent, mails } = await setUp(() => clock);
    await preferences.choose(accounts.userId, { "invoice-overdue": "both" });
    const overdue = (userId: string, facts: readonly string[]): NewNotification[] =>
      facts.map((fact) => ({
        userId,
        workspaceId: owner.workspaceId,
        kind: "invoice-overdue",
        effectKey: `invoice-overdue:${userId}:${fact}`,
        title: `Invoice ${fact} is overdue`,
        link: `/invoices/${fact}`,
      }));
    const summarize: Summarize = (kind, items) => ({
      title: `${items.length} invoices are overdue`,
      link: "/statements",
    });
    const titles = async (userId: string) => (await store.list(userId)).items.map((n) => n.title);
    const five = ["1", "2", "3", "4", "5"];

    // A first run: five for each; a summary each (the owner's inbox; accounts' inbox and one email).
    expect(
      await notifier.notifyAll([...overdue(owner.userId, five), ...overdue(accounts.userId, five)], summarize),
    ).toBe(2);
    expect(await titles(owner.userId)).toEqual(["5 invoices are overdue"]);
    expect(await titles(accounts.userId)).toEqual(["5 invoices are overdue"]);
    expect((await store.list(owner.userId)).items[0]).toMatchObject({ link: "/statements", read: false });
    expect(await store.unread(owner.userId)).toBe(1);
    expect(sent.filter((s) => s.kind === NOTIFICATION_MAIL)).toHaveLength(1);
    // Each thing is recorded (told once), grouped in its summary.
    expect(await store.fresh(overdue(owner.userId, [...five, "6"]).map((n) => n.effectKey))).toEqual([
      `invoice-overdue:${owner.userId}:6`,
    ]);

    // The next run: the same five and one new: only the new one, alone; then three new: each alone (not above three).
    expect(await notifier.notifyAll(overdue(owner.userId, [...five, "6"]), summarize)).toBe(1);
    expect(await notifier.notifyAll(overdue(owner.userId, ["7", "8", "9"]), summarize)).toBe(3);
    expect(await titles(owner.userId)).toHaveLength(5);
    expect(await notifier.notifyAll(overdue(owner.userId, [...five, "6", "7", "8", "9"]), summarize)).toBe(0);
    // A summarizer that keeps a kind apart: each alone.
    expect(await notifier.notifyAll(overdue(owner.userId, ["10", "11", "12", "13"]), () => undefined)).toBe(4);

    // The summary's email is accounts' one mail; the owner's digest lists the summary, not the things in it; accounts'
    // digest has nothing they were not emailed, and is not sent.
    const { id } = sent.find((s) => s.kind === NOTIFICATION_MAIL)!.data as { id: string };
    await notifier.mail(id);
    expect(mails.map((m) => m.subject)).toEqual(["5 invoices are overdue"]);
    await preferences.setDigest(owner.userId, { enabled: true, time: "07:00", timeZone: "UTC" });
    await preferences.setDigest(accounts.userId, { enabled: true, time: "07:00", timeZone: "UTC" });
    clock = new Date("2026-11-23T07:05:00Z");
    expect(await digests.run({ userId: owner.userId, day: "2026-11-23" })).toBe(true);
    expect(mails.at(-1)!.subject).toBe("Backroom: 9 updates for Monday, November 23");
    expect(mails.at(-1)!.text).toContain("- 5 invoices are overdue\n  https://backroom.example/statements");
    expect(mails.at(-1)!.text).not.toContain("Invoice 1 is overdue\n");
    expect(await digests.run({ userId: accounts.userId, day: "2026-11-23" })).toBe(false);
    expect(mails).toHaveLength(2);

    // Nobody is told what their settings turn off, and nothing is recorded for them.
    await preferences.choose(accounts.userId, { "invoice-overdue": "off" });
    expect(await notifier.notifyAll(overdue(accounts.userId, ["20", "21", "22", "23"]), summarize)).toBe(0);
    expect(await store.fresh([`invoice-overdue:${accounts.userId}:20`])).toHaveLength(1);
  });

  it("sends a notification's email once, with its unsubscribe link, even when the job runs again or a send fails", async () => {
    const { accounts, notifier, sent, mails, failNextSend, tell, preferences } = await setUp();
    await preferences.choose(accounts.userId, { "invoice-due": "both" });
    await tell(accounts.userId, "invoice-due", "1041");
    const { id } = sent[0]!.data as { id: string };
    failNextSend();
    await expect(notifier.mail(id)).rejects.toThrow("421");
    expect(mails).toHaveLength(0);
    // The job's retry sends it; a second run of the same job sends nothing more.
    await notifier.mail(id);
    await notifier.mail(id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ subject: "Invoice 1041 is due", link: `${ORIGIN}/invoices/1041` });
    expect(mail!.to).toMatch(/@backroom\.test$/);
    expect(mail!.text).toContain(`${ORIGIN}/invoices/1041`);
    expect(mail!.html).toContain('href="https://backroom.example/invoices/1041"');
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // The link's token stops that kind's email (the inbox keeps it), without a sign-in.
    const token = new URL(mail!.headers!["List-Unsubscribe"]!.slice(1, -1)).searchParams.get("token")!;
    expect(await unsubscribe(token, { preferences, secret: SECRET })).toEqual({
      topic: "invoice-due",
      label: '"Invoice due in 7 days" emails',
    });
    expect((await preferences.chosen(accounts.userId))["invoice-due"]).toBe("inbox");
    expect(await unsubscribe(`${token}x`, { preferences, secret: SECRET })).toBeUndefined();
  });

  it("sends one digest a day of what the person was told, and none on a day with nothing to say", async () => {
    let clock = new Date("2026-11-23T05:00:00Z");
    const { accounts, viewer, digests, sent, mails, tell, preferences } = await setUp(() => clock);
    await preferences.setDigest(accounts.userId, { enabled: true, time: "07:00", timeZone: "Europe/Berlin" });
    await tell(accounts.userId, "invoice-due", "1041");
    await tell(accounts.userId, "invoice-overdue", "977");
    await tell(accounts.userId, "credit-available", "P-12");
    // 06:00 Berlin: not yet.
    expect(await digests.sweep()).toBe(0);
    clock = new Date("2026-11-23T06:05:00Z");
    // Due for accounts (07:00 Berlin) and for the viewer and the owner (7:00 UTC is not yet): one job each due.
    expect(await digests.sweep()).toBe(1);
    const job = sent.filter((s) => s.kind === DIGEST).at(-1)!;
    expect(job).toMatchObject({
      data: { userId: accounts.userId, day: "2026-11-23" },
      key: `${accounts.userId}:2026-11-23`,
    });
    expect(await digests.run(job.data as { userId: string; day: string })).toBe(true);
    expect(await digests.run(job.data as { userId: string; day: string })).toBe(false);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Backroom: 3 updates for Monday, November 23");
    expect(mails[0]!.text).toContain(
      "Invoice due in 7 days (1)\n- Invoice 1041 is due\n  https://backroom.example/invoices/1041",
    );
    expect(mails[0]!.html).toContain("<h2");
    expect(mails[0]!.headers?.["List-Unsubscribe"]).toMatch(
      /^<https:\/\/backroom\.example\/api\/notifications\/unsubscribe\?token=/,
    );
    // Later the same day: nothing more is due for accounts.
    clock = new Date("2026-11-23T07:30:00Z");
    const before = sent.length;
    await digests.sweep();
    const due = sent.slice(before).map((s) => (s.data as { userId: string }).userId);
    expect(due).not.toContain(accounts.userId);
    // The viewer (7:00 UTC) was told nothing: their digest is made and sends nothing.
    expect(due).toContain(viewer.userId);
    expect(await digests.run({ userId: viewer.userId, day: "2026-11-23" })).toBe(false);
    expect(mails).toHaveLength(1);

    // Accounts moves the digest to 18:00 and is told one more thing that morning: the next digest, the next evening's,
    // lists it (since the last digest; 24 hours back would have lost it), and not the first digest's three again.
    await preferences.setDigest(accounts.userId, { enabled: true, time: "18:00", timeZone: "Europe/Berlin" });
    clock = new Date("2026-11-23T10:00:00Z");
    await tell(accounts.userId, "invoice-due", "1050");
    clock = new Date("2026-11-24T17:05:00Z");
    expect(await digests.run({ userId: accounts.userId, day: "2026-11-24" })).toBe(true);
    expect(mails.at(-1)!.subject).toBe("Backroom: 1 update for Tuesday, November 24");
    expect(mails.at(-1)!.text).toContain("- Invoice 1050 is due");
  });

  it("leaves out of the digest what was emailed to the person, says how many, and sends none when all of it was", async () => {
    let clock = new Date("2026-11-23T05:00:00Z");
    const { accounts, notifier, digests, sent, mails, failNextSend, tell, preferences } = await setUp(() => clock);
    await preferences.setDigest(accounts.userId, { enabled: true, time: "07:00", timeZone: "UTC" });
    await preferences.choose(accounts.userId, {
      "invoice-due": "both",
      "invoice-overdue": "inbox",
      "credit-available": "email",
    });
    await tell(accounts.userId, "invoice-due", "1041");
    await tell(accounts.userId, "invoice-overdue", "977");
    await tell(accounts.userId, "credit-available", "P-12");
    await tell(accounts.userId, "invoice-due", "1042");
    // The mail jobs: two sent; the third's send fails (and is not retried before the digest): it was not emailed.
    const [due, credit, second] = sent
      .filter((s) => s.kind === NOTIFICATION_MAIL)
      .map((s) => (s.data as { id: string }).id);
    await notifier.mail(due!);
    await notifier.mail(credit!);
    failNextSend();
    await expect(notifier.mail(second!)).rejects.toThrow("421");
    expect(mails.map((m) => m.subject)).toEqual(["Invoice 1041 is due", "Invoice P-12 is due"]);

    clock = new Date("2026-11-23T07:05:00Z");
    expect(await digests.run({ userId: accounts.userId, day: "2026-11-23" })).toBe(true);
    const digest = mails.at(-1)!;
    expect(digest.subject).toBe("Backroom: 2 updates for Monday, November 23");
    expect(digest.text).toContain("- Invoice 977 is due");
    expect(digest.text).toContain("- Invoice 1042 is due");
    expect(digest.text).not.toContain("Invoice 1041");
    expect(digest.text).not.toContain("P-12");
    expect(digest.text).toContain("Not listed: 2 more, emailed to you as they happened.");
    expect(digest.html).toContain("Not listed: 2 more, emailed to you as they happened.");

    // The next day, only what was emailed: no digest.
    clock = new Date("2026-11-23T12:00:00Z");
    await tell(accounts.userId, "credit-available", "P-13");
    await notifier.mail((sent.filter((s) => s.kind === NOTIFICATION_MAIL).at(-1)!.data as { id: string }).id);
    clock = new Date("2026-11-24T07:05:00Z");
    const before = mails.length;
    expect(await digests.run({ userId: accounts.userId, day: "2026-11-24" })).toBe(false);
    expect(mails).toHaveLength(before);
  });
});
