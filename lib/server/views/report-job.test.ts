import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDataApiClient } from "@/lib/data-api/client";
import type { Version } from "@/lib/data-api/operation";
import { planExport } from "@/lib/export/plan";
import { runExport } from "@/lib/export/run-export";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { viewExportColumns } from "@/lib/domain/views/export-columns";
import { listPages } from "@/lib/domain/views/export-pages";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { exportOrder, listRequest, type ListViewSpec } from "@/lib/domain/views/list-view-spec";
import type { Mail, Mailer } from "../core/auth/mailer";
import { createBackground } from "../core/background/background-reads";
import { createEffectLedger } from "../core/jobs/effect-ledger";
import { sentJobs } from "../core/jobs/testing";
import { readUnsubscribeToken } from "../core/notify/unsubscribe";
import { proxyRequest } from "../core/proxy";
import { createMemoryStore } from "../core/shared/memory-store";
import { BACKROOM, browserRequest, connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { createReports, REPORT, type ReportJob } from "./report-job";
import { createReportStore } from "./report-store";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

/** A mailer that keeps what it sends; `failFor` makes the next send to that address throw once. */
function recordingMailer() {
  const sent: Mail[] = [];
  const failing = new Set<string>();
  const mailer: Mailer & { sent: Mail[]; failFor(address: string): void } = {
    delivers: true,
    sent,
    failFor: (address) => void failing.add(address),
    async send(mail) {
      if (failing.delete(mail.to)) throw new Error("SMTP 451: try again later");
      sent.push(mail);
    },
  };
  return mailer;
}

const VIEW_PATH = "/invoices?Statuses=1%2C7&columns=InvoiceNum%2CCustomerName%2CStatus%2CDate%2CTotal";
const ZONE = "Europe/Berlin";

describe.each(databaseProfiles())("scheduled reports on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp() {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    let time = Date.parse("2026-11-23T05:00:00.000Z");
    const clock = () => new Date(time);
    const owner = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const store = createReportStore(backend.db, clock);
    const { view } = await store.createView({
      workspaceId: owner.workspaceId,
      name: "Open invoices",
      path: VIEW_PATH,
      createdBy: owner.userId,
    });
    const schedule = (await store.setSchedule(owner.workspaceId, view.id, {
      frequency: "daily",
      localTime: "07:00",
      timeZone: ZONE,
      recipients: [owner.userId, viewer.userId],
      keyId: owner.keyId,
      scheduledBy: owner.userId,
    }))!;
    const { jobs, sent } = sentJobs<ReportJob>();
    const mailer = recordingMailer();
    const reports = createReports({
      store,
      jobs,
      keys: backend.keys,
      background: createBackground({ proxy: backend, shared: createMemoryStore() }),
      effects: createEffectLedger(backend.db),
      mailer,
      secret: backend.secret,
      origin: "https://backroom.example",
      now: clock,
    });
    return {
      backend,
      owner,
      viewer,
      store,
      view,
      schedule,
      jobs,
      sent,
      mailer,
      reports,
      advanceTo: (iso: string) => void (time = Date.parse(iso)),
    };
  }

  /** The CSV the page's "Export CSV" makes for the view, read as the person's browser reads (through the proxy). */
  async function pageExport(backend: TestBackend, cookie: string, path: string, timeZone: string): Promise<string> {
    const client = createDataApiClient({
      baseUrl: `${BACKROOM}/api/v1`,
      fetch: async (input) => {
        const url = new URL(String(input));
        const segments = url.pathname.split("/").slice(3).map(decodeURIComponent);
        return proxyRequest(
          browserRequest("GET", `${url.pathname}${url.search}`, { cookie, headers: { "Cache-Control": "no-cache" } }),
          url.pathname.split("/")[2] as Version,
          segments,
          backend,
        );
      },
    });
    const url = new URL(path, BACKROOM);
    const view = LIST_VIEWS.invoices as unknown as ListViewSpec;
    const fetchPage = listPages(client, listRequest(view, url.searchParams));
    const signal = new AbortController().signal;
    const plan = await planExport(fetchPage, { signal });
    const chunks: string[] = [];
    // What the page's "Export CSV" writes: the screen's columns in its order, and the list's own order.
    await runExport({
      fetchPage,
      plan,
      columns: viewExportColumns(view, url.searchParams, timeZone),
      order: exportOrder(view, url.searchParams),
      write: async (c) => void chunks.push(c),
      signal,
    });
    return chunks.join("");
  }

  it("the sweep queues one run per due schedule, keyed by its due time, and moves the schedule to its next run", async () => {
    const { store, schedule, sent, reports, advanceTo } = await setUp();
    // 07:00 in Berlin on 2026-11-23 is 06:00 UTC.
    expect(schedule.nextRunAt).toBe("2026-11-23T06:00:00.000Z");
    expect(await reports.sweep()).toBe(0);
    advanceTo("2026-11-23T06:10:00.000Z");
    expect(await reports.sweep()).toBe(1);
    expect(sent).toEqual([
      {
        kind: REPORT,
        data: { scheduleId: schedule.id, dueAt: "2026-11-23T06:00:00.000Z" },
        options: { key: `${schedule.id}:2026-11-23T06:00:00.000Z`, delaySeconds: 0 },
      },
    ]);
    expect((await store.order(schedule.id))?.schedule.next_run_at).toBe("2026-11-24T06:00:00.000Z");
    // A second sweep (another instance, the next slot) finds nothing more due.
    expect(await reports.sweep()).toBe(0);
    // Every instance down for three days: one run, the latest missed, and the next still to come.
    advanceTo("2026-11-27T12:00:00.000Z");
    expect(await reports.sweep()).toBe(1);
    expect(sent[1]!.data.dueAt).toBe("2026-11-24T06:00:00.000Z");
    expect((await store.order(schedule.id))?.schedule.next_run_at).toBe("2026-11-28T06:00:00.000Z");
  });

  it("mails each recipient the view's CSV, the same file the page's export makes, once even when the job runs twice", async () => {
    const { backend, owner, viewer, store, schedule, sent, mailer, reports, advanceTo } = await setUp();
    advanceTo("2026-11-23T06:10:00.000Z");
    await reports.sweep();
    const job = sent[0]!.data;
    await reports.run(job);
    expect(new Set(mailer.sent.map((m) => m.to)).size).toBe(2);

    const expected = await pageExport(backend, owner.cookie, VIEW_PATH, ZONE);
    // The address's columns in the address's order, with the byte order mark the download has.
    expect(expected.startsWith("\uFEFFInvoice,Customer,Status,Invoice date\r\n")).toBe(true);
    expect(expected.split("\r\n").length).toBeGreaterThan(2);
    for (const mail of mailer.sent) {
      expect(mail.subject).toBe("Open invoices: report of 2026-11-23");
      expect(mail.attachments).toEqual([
        { filename: "invoices-2026-11-23.csv", content: expected, contentType: "text/csv; charset=utf-8" },
      ]);
      expect(mail.link).toBe(`https://backroom.example${VIEW_PATH}`);
      expect(mail.text).toContain(`https://backroom.example${VIEW_PATH}`);
      expect(mail.html).toContain("Open invoices");
      expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const token = new URL(mail.headers!["List-Unsubscribe"]!.slice(1, -1)).searchParams.get("token")!;
      expect(readUnsubscribeToken({ current: backend.secret }, token)?.topic).toBe(`report:${schedule.id}`);
      expect(mail.text).toContain("/unsubscribe?token=");
    }
    // Each recipient's own token.
    const tokens = mailer.sent.map(
      (m) =>
        readUnsubscribeToken(
          { current: backend.secret },
          new URL(m.headers!["List-Unsubscribe"]!.slice(1, -1)).searchParams.get("token")!,
        )?.userId,
    );
    expect(tokens.sort()).toEqual([owner.userId, viewer.userId].sort());

    // The same run again (a retry, a lease that ran out): nobody is mailed twice.
    await reports.run(job);
    expect(mailer.sent).toHaveLength(2);
    const after = await store.order(schedule.id);
    expect(after?.schedule.last_rows).toBe(expected.split("\r\n").length - 2);
    expect(after?.schedule.last_error).toBeNull();
  });

  it("a failed send fails the job; its retry mails only those not yet mailed", async () => {
    const { viewer, sent, mailer, reports, advanceTo, backend } = await setUp();
    advanceTo("2026-11-23T06:10:00.000Z");
    await reports.sweep();
    const viewerUser = await (await backend.auth.$context).internalAdapter.findUserById(viewer.userId);
    mailer.failFor(viewerUser!.email);
    await expect(reports.run(sent[0]!.data)).rejects.toThrow(/SMTP 451/);
    await reports.run(sent[0]!.data);
    await reports.run(sent[0]!.data);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual([...new Set(mailer.sent.map((m) => m.to))].sort());
    expect(mailer.sent).toHaveLength(2);
  });

  it("spends no more than the background's share of the key's hour: a spent share puts the run off, mailing nothing", async () => {
    const { backend, owner, sent, mailer, reports, advanceTo } = await setUp();
    advanceTo("2026-11-23T06:10:00.000Z");
    await reports.sweep();
    // A limit of 5 an hour: the background's tenth is not even one request.
    await backend.rateLimits.note(
      owner.fingerprint,
      new Headers({ "RateLimit-Limit": "5", "RateLimit-Remaining": "5", "RateLimit-Reset": "3600" }),
    );
    const calls = backend.calls.length;
    await reports.run(sent[0]!.data);
    expect(backend.calls.length).toBe(calls);
    expect(mailer.sent).toEqual([]);
    expect(sent[1]).toMatchObject({ kind: REPORT, data: { ...sent[0]!.data, deferrals: 1 } });
    expect(sent[1]!.options!.delaySeconds).toBeGreaterThan(0);
    expect(sent[1]!.options!.key).not.toBe(sent[0]!.options!.key);
  });

  it("yields to people: with under a fifth of the key's hour left, it reads nothing and comes back after the reset", async () => {
    const { backend, owner, sent, mailer, reports, advanceTo } = await setUp();
    advanceTo("2026-11-23T06:10:00.000Z");
    await reports.sweep();
    await backend.rateLimits.note(
      owner.fingerprint,
      new Headers({ "RateLimit-Limit": "1000", "RateLimit-Remaining": "150", "RateLimit-Reset": "600" }),
    );
    const calls = backend.calls.length;
    await reports.run(sent[0]!.data);
    expect(backend.calls.length).toBe(calls);
    expect(mailer.sent).toEqual([]);
    expect(sent[1]!.options!.delaySeconds).toBeGreaterThanOrEqual(595);
  });

  it("a deleted view or a member who left is mailed nothing", async () => {
    const { owner, viewer, store, view, sent, mailer, reports, advanceTo, backend } = await setUp();
    advanceTo("2026-11-23T06:10:00.000Z");
    await reports.sweep();
    await backend.auth.api.removeMember({
      body: { memberIdOrEmail: viewer.memberId, organizationId: owner.workspaceId },
      headers: new Headers({ cookie: owner.cookie, origin: BACKROOM }),
    });
    await reports.run(sent[0]!.data);
    expect(mailer.sent.map((m) => m.to)).toHaveLength(1);
    await store.remove(owner.workspaceId, view.id);
    await reports.run({ ...sent[0]!.data, dueAt: "2026-11-24T06:00:00.000Z" });
    expect(mailer.sent).toHaveLength(1);
  });
});
