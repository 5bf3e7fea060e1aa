import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import { pdfPages } from "@/lib/testing/pdf-text";
import { createMailer } from "../core/auth/mailer";
import { createBackground } from "../core/background/background-reads";
import { createEffectLedger } from "../core/jobs/effect-ledger";
import { type MailCapture, startMailCapture } from "../core/mail-capture";
import { unsubscribe } from "../notifications/settings-api";
import { createMemoryStore } from "../core/shared/memory-store";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, recordingJobs, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { createMonthlyStatements, type StatementJob } from "./monthly-statements";
import { createStatementSchedules, forgetStatementSchedule, leaveStatements } from "./statement-schedules";
import { deleteStatementSchedule, getStatementSchedule, putStatementSchedule } from "./statements-api";

let sandbox: TestSandbox;
let capture: MailCapture;
beforeAll(async () => {
  sandbox = await openTestSandbox();
  // A real SMTP server on loopback: the mail is sent and read back as a mail client would (MIME, base64 attachments).
  capture = await startMailCapture();
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  await capture.close();
});

describe.each(databaseProfiles())("monthly statements on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    capture.received.length = 0;
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp() {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
      forget: [forgetStatementSchedule],
    });
    backends.push(backend);
    const clock = { at: new Date(TEST_CLOCK) };
    const { jobs, queued } = recordingJobs<StatementJob>();
    const schedules = createStatementSchedules(backend.db, () => clock.at);
    const mailer = createMailer({ url: capture.url, from: "Backroom <no-reply@backroom.test>", noted: () => {} });
    const monthly = createMonthlyStatements({
      schedules,
      jobs,
      keys: backend.keys,
      background: createBackground({ proxy: backend, shared: createMemoryStore() }),
      effects: createEffectLedger(backend.db),
      mailer,
      secret: backend.secret,
      origin: "https://backroom.example",
      now: () => clock.at,
    });
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const clerk = await joinAs(backend, owner.workspaceId, "accounts");
    await joinAs(backend, owner.workspaceId, "viewer");
    const deps = { ...backend, statements: schedules };
    const put = (cookie: string, json: unknown) =>
      putStatementSchedule(browserRequest("PUT", "/api/statements/schedule", { cookie, json }), deps);
    return { backend, clock, queued, schedules, monthly, owner, clerk, deps, put };
  }

  it("mails each retailer account's statement as a PDF once, to the Accounts role only, on its day; a member who leaves gets none", async () => {
    const { backend, clock, queued, monthly, owner, clerk, put, schedules } = await setUp();
    const made = await put(owner.cookie, {
      dayOfMonth: 1,
      localTime: "07:00",
      timeZone: "America/Los_Angeles",
      paperSize: "A4",
    });
    expect(made.status).toBe(200);
    const shown = (await made.json()) as { schedule: { nextRunAt: string }; recipients: { userId: string }[] };
    expect(shown.recipients.map((r) => r.userId)).toEqual([clerk.userId]);
    // Not due yet: the sweep queues nothing until the 1st at 07:00 in Los Angeles.
    expect(await monthly.sweep()).toBe(0);
    clock.at = new Date(shown.schedule.nextRunAt);
    expect(await monthly.sweep()).toBe(1);
    expect(await monthly.sweep()).toBe(0);
    expect(queued).toHaveLength(1);
    await monthly.run(queued[0]!);
    // Run again (a retry, a lease that ran out): nobody is mailed twice.
    await monthly.run(queued[0]!);
    expect(capture.received).toHaveLength(1);
    const mail = capture.received[0]!;
    const to = (
      await backend.db
        .withTables<{ auth_user: { id: string; email: string } }>()
        .selectFrom("auth_user")
        .select("email")
        .where("id", "=", clerk.userId)
        .executeTakeFirstOrThrow()
    ).email;
    expect((Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a?.value.map((v) => v.address) ?? [])).toEqual(
      [to],
    );
    const stores = (await sandbox.walk("/customers?", DEMO_KEYS.Customer))
      .sort((a, b) => Number(a.CustomerID) - Number(b.CustomerID))
      .map((c) => c.CustomerName);
    const subject = mail.subject ?? "";
    expect(subject).toBe(
      `Statements of account as of ${/as of (\w{3} \d{1,2}, \d{4})/.exec(subject)![1]}: ${stores.join(", ")}`,
    );
    // mailparser gathers List-* headers under "list": the one-click unsubscribe a mail client shows.
    expect(mail.headers.get("list")).toMatchObject({
      unsubscribe: { url: expect.stringContaining("https://backroom.example/api/notifications/unsubscribe?token=") },
    });
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [expect.stringMatching(/^statement-50001-\d{4}-\d{2}-\d{2}-a4\.pdf$/), "application/pdf"],
      [expect.stringMatching(/^statement-50002-\d{4}-\d{2}-\d{2}-a4\.pdf$/), "application/pdf"],
    ]);
    // Each PDF holds its account's open invoices, on A4 paper.
    for (const [i, account] of [50001, 50002].entries()) {
      const pages = await pdfPages(new Uint8Array(mail.attachments[i]!.content));
      const text = pages.flatMap((p) => p.lines).join("\n");
      for (const invoice of await sandbox.walk(`/payments/openInvoices?ARAccountIDs=${account}`, DEMO_KEYS.Customer))
        expect(text).toContain(String(invoice.InvoiceNum));
      expect(Math.round(pages[0]!.width)).toBe(595);
    }
    expect(mail.text).toContain("https://backroom.example/statements?account=50001");
    const ran = (await schedules.get(owner.keyId))!;
    expect([ran.lastAccounts, ran.lastMailed, ran.lastError]).toEqual([2, 1, null]);

    // The clerk leaves through the mail's link: next month's run mails nobody, and says why.
    const token = decodeURIComponent(/token=([^\s&>]+)/.exec(mail.text ?? "")![1]!);
    expect(
      await unsubscribe(token, {
        ...backend,
        preferences: undefined as never,
        unsubscribers: { statements: (userId, id) => leaveStatements(backend.db, id, userId) },
      }),
    ).toEqual({ topic: expect.stringMatching(/^statements:/), label: "the monthly statements" });
    clock.at = new Date(ran.nextRunAt);
    expect(await monthly.sweep()).toBe(1);
    await monthly.run(queued[1]!);
    expect(capture.received).toHaveLength(1);
    expect((await schedules.get(owner.keyId))!.lastError).toMatch(/No member has the Accounts role/);

    // The key removed from the workspace: its schedule goes with it.
    await backend.keys.remove(owner.workspaceId, owner.keyId);
    expect(await schedules.get(owner.keyId)).toBeUndefined();
  });

  it.each([
    ["a day some months lack", { dayOfMonth: 31, localTime: "07:00", timeZone: "UTC", paperSize: "Letter" }, 400],
    ["a time that is none", { dayOfMonth: 1, localTime: "7am", timeZone: "UTC", paperSize: "Letter" }, 400],
    ["a zone that is none", { dayOfMonth: 1, localTime: "07:00", timeZone: "Mars/Olympus", paperSize: "Letter" }, 400],
    ["a paper it does not print", { dayOfMonth: 1, localTime: "07:00", timeZone: "UTC", paperSize: "A3" }, 400],
  ])("PUT /api/statements/schedule refuses %s", async (_, body, status) => {
    const { owner, put } = await setUp();
    expect((await put(owner.cookie, body)).status).toBe(status);
  });

  it("lets owners and admins set and stop it, shows it to every member, and is a retailer's key's only", async () => {
    const { owner, clerk, put, deps, backend } = await setUp();
    const body = { dayOfMonth: 5, localTime: "08:30", timeZone: "Europe/Berlin", paperSize: "Letter" };
    // The Accounts role is mailed; it does not change what the workspace mails.
    const refused = await put(clerk.cookie, body);
    expect([refused.status, ((await refused.json()) as { Error: { code: string } }).Error.code]).toEqual([
      403,
      "FORBIDDEN_BY_ROLE",
    ]);
    expect((await put(owner.cookie, body)).status).toBe(200);
    // The same body twice is one schedule.
    expect((await put(owner.cookie, body)).status).toBe(200);
    const read = await getStatementSchedule(
      browserRequest("GET", "/api/statements/schedule", { cookie: clerk.cookie, site: null }),
      deps,
    );
    expect(((await read.json()) as { schedule: { dayOfMonth: number; timeZone: string } }).schedule).toMatchObject({
      dayOfMonth: 5,
      timeZone: "Europe/Berlin",
    });
    expect(
      (
        await deleteStatementSchedule(
          browserRequest("DELETE", "/api/statements/schedule", { cookie: owner.cookie }),
          deps,
        )
      ).status,
    ).toBe(204);
    const none = await getStatementSchedule(
      browserRequest("GET", "/api/statements/schedule", { cookie: owner.cookie, site: null }),
      deps,
    );
    expect(((await none.json()) as { schedule: unknown }).schedule).toBeNull();
    // A cross-site write is refused before anything.
    expect(
      (
        await putStatementSchedule(
          browserRequest("PUT", "/api/statements/schedule", { cookie: owner.cookie, json: body, site: "cross-site" }),
          deps,
        )
      ).status,
    ).toBe(403);
    // The distributor's staff have none: their key is not a retailer's.
    const staff = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const staffAnswer = await put(staff.cookie, body);
    expect([staffAnswer.status, await staffAnswer.json()]).toEqual([
      403,
      {
        Error: {
          code: "NOT_FOR_THIS_KEY",
          detail: "Monthly statements by email: for Customer keys only; this workspace's key is an Employee key.",
        },
      },
    ]);
  });

  it("PUT /api/statements/schedule answers 413 to a body past 1 kB", async () => {
    const { owner, put } = await setUp();
    const answer = await put(owner.cookie, {
      dayOfMonth: 1,
      localTime: "07:00",
      timeZone: "UTC",
      paperSize: "Letter",
      padding: "x".repeat(1024),
    });
    expect([answer.status, ((await answer.json()) as { Error: { code: string } }).Error.code]).toEqual([
      413,
      "PAYLOAD_TOO_LARGE",
    ]);
  });
});
