import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAPPING } from "@/lib/domain/accounting/mapping";
import { addDecimals } from "@/lib/format/decimal";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import { createMailer } from "../core/auth/mailer";
import { createBackground } from "../core/background/background-reads";
import { createEffectLedger } from "../core/jobs/effect-ledger";
import { type MailCapture, startMailCapture } from "../core/mail-capture";
import { createMemoryStore } from "../core/shared/memory-store";
import { unsubscribe } from "../notifications/settings-api";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, recordingJobs, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { deleteExportSchedule, getExportSchedule, putExportSchedule } from "./schedule-api";
import { createAccountingStore } from "./accounting-store";
import { createExportSchedules, forgetExportSchedule, leaveExports } from "./export-schedules";
import { createScheduledExports, type ExportJob } from "./scheduled-exports";

let sandbox: TestSandbox;
let capture: MailCapture;
beforeAll(async () => {
  sandbox = await openTestSandbox();
  // A real SMTP server on loopback: the mail is sent and read back as a mail client would (MIME, attachments).
  capture = await startMailCapture();
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  await capture.close();
});

/** Amounts in whole cents, summed exactly. */
const cents = (text: string) => {
  const [whole = "0", fraction = ""] = text.replace("-", "").split(".");
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
  return text.startsWith("-") ? -value : value;
};

describe.each(databaseProfiles())("exports to the books by email on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    capture.received.length = 0;
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp() {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
      forget: [forgetExportSchedule],
    });
    backends.push(backend);
    const clock = { at: new Date(TEST_CLOCK) };
    const { jobs, queued } = recordingJobs<ExportJob>();
    const schedules = createExportSchedules(backend.db, () => clock.at);
    const store = createAccountingStore(backend.db, () => clock.at);
    const scheduled = createScheduledExports({
      schedules,
      store,
      jobs,
      keys: backend.keys,
      background: createBackground({ proxy: backend, shared: createMemoryStore() }),
      effects: createEffectLedger(backend.db),
      mailer: createMailer({ url: capture.url, from: "Backroom <no-reply@backroom.test>", noted: () => {} }),
      secret: backend.secret,
      origin: "https://backroom.example",
      now: () => clock.at,
    });
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const clerk = await joinAs(backend, owner.workspaceId, "accounts");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const deps = { ...backend, accounting: { schedules, store } };
    const put = (cookie: string, json: unknown) =>
      putExportSchedule(browserRequest("PUT", "/api/accounting/schedule", { cookie, json }), deps);
    return { backend, clock, queued, schedules, store, scheduled, owner, clerk, viewer, deps, put };
  }

  it("mails the month's new bills and payments once to the Accounts role, marks them, and the next run has nothing of them", async () => {
    const { backend, clock, queued, scheduled, schedules, store, owner, clerk, put } = await setUp();
    const made = await put(clerk.cookie, {
      cadence: "monthly",
      day: 1,
      localTime: "07:00",
      timeZone: "America/Los_Angeles",
      formats: ["qbo-bills", "qbo-vendor-credits", "iif", "qbo-payments", "xero-bills"],
    });
    expect(made.status).toBe(200);
    const shown = (await made.json()) as { schedule: { nextRunAt: string }; recipients: { userId: string }[] };
    expect(shown.recipients.map((r) => r.userId)).toEqual([clerk.userId]);
    expect(await scheduled.sweep()).toBe(0);
    clock.at = new Date(shown.schedule.nextRunAt);
    expect(clock.at.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    expect(await scheduled.sweep()).toBe(1);
    await scheduled.run(queued[0]!);
    // A retry mails nobody twice.
    await scheduled.run(queued[0]!);
    expect(capture.received).toHaveLength(1);
    const mail = capture.received[0]!;
    expect(mail.subject).toBe("Bills and payments for your books: Nov 1, 2026 – Nov 30, 2026");
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      "qbo-bills-2026-11-01-to-2026-11-30.csv",
      "qbo-vendor-credits-2026-11-01-to-2026-11-30.csv",
      "iif-2026-11-01-to-2026-11-30.iif",
      "qbo-payments-2026-11-01-to-2026-11-30.csv",
    ]);
    // The bills' file less the vendor credits' (positive, its own file) is November's invoices but the one held back,
    // to the cent.
    const invoices = (
      await sandbox.walk("/invoices?Statuses=1,2,3,4,5,7&StartDate=2026-11-01&EndDate=2026-11-30", DEMO_KEYS.Customer)
    ).filter((i) => i.RevisionStatus == null);
    const fileTotal = (index: number) =>
      mail.attachments[index]!.content.toString("utf8")
        .trimEnd()
        .split("\r\n")
        .slice(1)
        .reduce((t, r) => t + cents(r.slice(r.lastIndexOf(",") + 1)), 0n);
    expect(fileTotal(1)).toBeGreaterThan(0n);
    expect(fileTotal(0) - fileTotal(1)).toBe(
      cents(Number(addDecimals(...invoices.map((i) => String(i.InvoiceTotal)))).toFixed(2)),
    );
    // Xero's bills wait for the mapping's Xero codes: not attached, and the mail says what is missing.
    expect(mail.text).toContain("Xero — bills: not attached, the mapping lacks Xero default account code (not set)");
    expect(mail.text).toContain("INV-101502");
    expect(mail.text).toContain("https://backroom.example/accounting");
    expect(mail.headers.get("list")).toMatchObject({
      unsubscribe: { url: expect.stringContaining("https://backroom.example/api/notifications/unsubscribe?token=") },
    });
    const ran = (await schedules.get(owner.keyId))!;
    expect(ran.lastMailed).toBe(1);
    expect(ran.lastError).toBeNull();
    // Marked by the schedule (no person), once per file with records.
    const history = await store.history(owner.workspaceId, "test");
    expect(history.map((h) => [h.format, h.madeBy])).toEqual(
      expect.arrayContaining([
        ["qbo-bills", null],
        ["iif", null],
      ]),
    );

    // The clerk leaves through the mail's link: the next run mails nobody, and says why.
    const token = decodeURIComponent(/token=([^\s&>]+)/.exec(mail.text ?? "")![1]!);
    expect(
      await unsubscribe(token, {
        ...backend,
        preferences: undefined as never,
        unsubscribers: { accounting: (userId, id) => leaveExports(backend.db, id, userId) },
      }),
    ).toEqual({ topic: expect.stringMatching(/^accounting:/), label: "the exports to the books" });
    clock.at = new Date(ran.nextRunAt);
    expect(await scheduled.sweep()).toBe(1);
    await scheduled.run(queued[1]!);
    expect(capture.received).toHaveLength(1);
    expect((await schedules.get(owner.keyId))!.lastError).toMatch(/No member has the Accounts role/);

    // The key removed: its schedule goes, the ledger stays (it is what went into the books).
    await backend.keys.remove(owner.workspaceId, owner.keyId);
    expect(await schedules.get(owner.keyId)).toBeUndefined();
    expect((await store.history(owner.workspaceId, "test")).length).toBe(history.length);
  });

  it("mails a week's, and says when nothing is new", async () => {
    const { clock, queued, scheduled, clerk, owner, store, put } = await setUp();
    await store.setMapping(
      owner.workspaceId,
      { ...DEFAULT_MAPPING, xeroDefaultAccount: "630", xeroTaxType: "Tax Exempt" },
      owner.userId,
    );
    const made = await put(clerk.cookie, {
      cadence: "weekly",
      day: 1,
      localTime: "06:30",
      timeZone: "UTC",
      formats: ["xero-bills"],
    });
    const { schedule } = (await made.json()) as { schedule: { nextRunAt: string } };
    // Monday Nov 23: the week of Nov 16 to 22.
    expect(schedule.nextRunAt).toBe("2026-11-23T06:30:00.000Z");
    clock.at = new Date(schedule.nextRunAt);
    await scheduled.sweep();
    await scheduled.run(queued[0]!);
    expect(capture.received[0]!.attachments.map((a) => a.filename)).toEqual([
      "xero-bills-2026-11-16-to-2026-11-22.csv",
    ]);
    // The same week again (the run queued anew, as after a lost lease past its mails' ledger): nothing new.
    await scheduled.run({ ...queued[0]!, dueAt: "2026-11-23T06:30:00.001Z" });
    expect(capture.received).toHaveLength(2);
    expect(capture.received[1]!.attachments).toHaveLength(0);
    expect(capture.received[1]!.text).toContain("Nothing new for your books");
  });

  it.each([
    ["a cadence it has not", { cadence: "daily", day: 1, localTime: "07:00", timeZone: "UTC", formats: ["iif"] }],
    ["a weekday past Sunday", { cadence: "weekly", day: 8, localTime: "07:00", timeZone: "UTC", formats: ["iif"] }],
    ["a day some months lack", { cadence: "monthly", day: 31, localTime: "07:00", timeZone: "UTC", formats: ["iif"] }],
    ["no format", { cadence: "monthly", day: 1, localTime: "07:00", timeZone: "UTC", formats: [] }],
    ["a format twice", { cadence: "monthly", day: 1, localTime: "07:00", timeZone: "UTC", formats: ["iif", "iif"] }],
    [
      "a zone that is none",
      { cadence: "monthly", day: 1, localTime: "07:00", timeZone: "Mars/Base", formats: ["iif"] },
    ],
  ])("PUT /api/accounting/schedule refuses %s", async (_, body) => {
    const { owner, put } = await setUp();
    const answer = await put(owner.cookie, body);
    expect([answer.status, ((await answer.json()) as { Error: { code: string } }).Error.code]).toEqual([
      400,
      "VALIDATION_FAILED",
    ]);
  });

  it("is set and stopped by owners, admins and Accounts, shown to every member, and a retailer's key's only", async () => {
    const { owner, viewer, put, deps, backend } = await setUp();
    const body = { cadence: "monthly", day: 5, localTime: "08:30", timeZone: "Europe/Berlin", formats: ["xero-bills"] };
    const refused = await put(viewer.cookie, body);
    expect([refused.status, ((await refused.json()) as { Error: { code: string } }).Error.code]).toEqual([
      403,
      "FORBIDDEN_BY_ROLE",
    ]);
    expect((await put(owner.cookie, body)).status).toBe(200);
    const read = await getExportSchedule(
      browserRequest("GET", "/api/accounting/schedule", { cookie: viewer.cookie, site: null }),
      deps,
    );
    expect(((await read.json()) as { schedule: { day: number; formats: string[] } }).schedule).toMatchObject({
      day: 5,
      formats: ["xero-bills"],
    });
    const stop = await deleteExportSchedule(
      browserRequest("DELETE", "/api/accounting/schedule", { cookie: owner.cookie }),
      deps,
    );
    expect(stop.status).toBe(204);
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const staffAnswer = await put(staff.cookie, body);
    expect([staffAnswer.status, await staffAnswer.json()]).toEqual([
      403,
      {
        Error: {
          code: "NOT_FOR_THIS_KEY",
          detail: "Exports to the books by email: for Customer keys only; this workspace's key is an Employee key.",
        },
      },
    ]);
  });

  it("PUT /api/accounting/schedule answers 413 to a body past 2 kB", async () => {
    const { owner, put } = await setUp();
    const answer = await put(owner.cookie, {
      cadence: "monthly",
      day: 1,
      localTime: "07:00",
      timeZone: "UTC",
      formats: ["iif"],
      padding: "x".repeat(2048),
    });
    expect([answer.status, ((await answer.json()) as { Error: { code: string } }).Error.code]).toEqual([
      413,
      "PAYLOAD_TOO_LARGE",
    ]);
  });
});
