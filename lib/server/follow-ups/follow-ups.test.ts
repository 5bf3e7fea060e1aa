import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Version } from "@/lib/data-api/operation";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { sentJobs } from "../core/jobs/testing";
import { createNotificationStore } from "../core/notify/notification-store";
import { createNotifier } from "../core/notify/notifier";
import { proxyRequest } from "../core/proxy";
import { createRequestLog } from "../core/request-log";
import { createMemoryStore } from "../core/shared/memory-store";
import { BACKROOM, browserRequest, connectKey, DEMO_KEYS, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { createBackground } from "../core/background/background-reads";
import { createFollowUps, FOLLOW_UP, type FollowUpJob, followUpDelay, followUpReads } from "./follow-ups";

describe("the follow-up schedule", () => {
  it("waits 1, 2, 5, 15, then 60 minutes, the first as configured", () => {
    expect([0, 1, 2, 3, 4, 5, 12].map((step) => followUpDelay(step))).toEqual([60, 120, 300, 900, 3600, 3600, 3600]);
    expect([0, 1].map((step) => followUpDelay(step, 2))).toEqual([2, 120]);
  });

  it("reads every open item of a key in as few requests as the filters allow", () => {
    expect(
      followUpReads([
        { event: "payment-allocation", reference: { arAccountId: 7, paymentInvoiceNum: "P-2" } },
        { event: "payment-allocation", reference: { arAccountId: 3, paymentInvoiceNum: "P-1" } },
        { event: "payment-allocation", reference: { arAccountId: 7, paymentInvoiceNum: "P-2" } },
        { event: "purchase-submit", reference: { purchaseGlobalId: "g-2" } },
        { event: "purchase-submit", reference: { purchaseGlobalId: "g-1" } },
      ]),
    ).toEqual([
      { version: "v1", path: "/payments/applications?ARAccountIDs=3%2C7&PaymentInvoiceNums=P-1%2CP-2&PageSize=500" },
      { version: "v2", path: "/purchases?purchase_ids=g-1%2Cg-2&include_transactions=false&page_size=100" },
    ]);
    expect(followUpReads([])).toEqual([]);
  });
});

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

/** The jobs queued, as the runner would be given them (the runner itself is tested in `jobs/`). */
const queueRecorder = () => sentJobs<FollowUpJob>();

const json = async (response: Response) => (await response.json()) as { Data?: Record<string, unknown>[] };

describe.each(databaseProfiles())("follow-ups on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp() {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    const { jobs, sent } = queueRecorder();
    const notifications = createNotificationStore(backend.db);
    const followUps = createFollowUps({
      jobs,
      audit: backend.audit,
      keys: backend.keys,
      notifier: createNotifier({ store: notifications }),
      background: createBackground({ proxy: backend, shared: createMemoryStore() }),
      firstSeconds: 2,
    });
    backend.outcomes = followUps;
    backend.requestLog = createRequestLog(createMemoryStore(), { flushEveryMs: 0 });
    const person = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const send = (method: string, path: string, headers: Record<string, string> = {}) => {
      const url = new URL(path, BACKROOM);
      const segments = url.pathname.split("/").slice(3).map(decodeURIComponent);
      return proxyRequest(
        browserRequest(method, path, { cookie: person.cookie, headers }),
        url.pathname.split("/")[2] as Version,
        segments,
        backend,
      );
    };
    return { backend, sent, notifications, followUps, person, send };
  }

  /** A payment allocation request of one cent, as the payments page makes it. */
  async function allocate(send: (method: string, path: string, headers?: Record<string, string>) => Promise<Response>) {
    const payment = ((await json(await send("GET", "/api/v1/payments?PageSize=500"))).Data ?? []).find(
      (p) => Number(p.AvailableBalance) >= 1,
    )!;
    const invoice = ((
      await json(await send("GET", `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`))
    ).Data ?? [])[0]!;
    const created = await send(
      "POST",
      `/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=0.01`,
      { "Idempotency-Key": `follow-${Math.random()}` },
    );
    expect(created.status).toBe(201);
    return ((await created.json()) as { Data: { RequestID: number } }).Data.RequestID;
  }

  it("follows a payment request until the ERP settles it, tells the person once, and stops", async () => {
    const { backend, sent, notifications, followUps, person, send } = await setUp();
    const requestId = await allocate(send);
    // The write queued the first look, after the configured first wait, one queued per key and step.
    expect(sent).toEqual([
      {
        kind: FOLLOW_UP,
        data: { workspaceId: person.workspaceId, keyId: person.keyId, step: 0 },
        options: { key: `${person.keyId}:0`, delaySeconds: 2 },
      },
    ]);

    // Nothing settled yet: the look reads and queues the next, 2 minutes on.
    const calls = backend.calls.length;
    await followUps.run(sent[0]!.data);
    expect(backend.calls.slice(calls).map((c) => c.url.pathname)).toEqual(["/test/api/v1/payments/applications"]);
    expect(sent[1]).toMatchObject({ data: { step: 1 }, options: { key: `${person.keyId}:1`, delaySeconds: 120 } });
    // The key's request log says the look was Backroom's, not a page's.
    await backend.requestLog!.flush();
    const [look, ...pages] = await backend.requestLog!.recent([person.keyId]);
    expect(look).toMatchObject({ operation: "listPaymentApplications", by: "follow-up" });
    expect(pages.every((entry) => entry.by === undefined)).toBe(true);
    expect((await notifications.list(person.userId)).items).toEqual([]);

    // The ERP's two syncs settle it; the next look (past the cached answer's freshness) learns it.
    await sandbox.operator("POST", "/jobs/export");
    await sandbox.operator("POST", "/jobs/export");
    backend.advance(10 * 60_000);
    await followUps.run(sent[1]!.data);
    const { items, unread } = await notifications.list(person.userId);
    expect(unread).toBe(1);
    expect(items[0]!.title).toMatch(new RegExp(`^Payment request ${requestId} (confirmed|rejected): \\$0\\.01 from `));
    expect(items[0]).toMatchObject({
      workspaceId: person.workspaceId,
      link: expect.stringMatching(/^\/payments\?account=\d+$/),
    });
    // Settled: no next look, and a look that runs anyway reads nothing.
    expect(sent).toHaveLength(2);
    const after = backend.calls.length;
    await followUps.run(sent[1]!.data);
    expect(backend.calls.length).toBe(after);

    // A page reading the same outcome later tells nobody again.
    backend.advance(10 * 60_000);
    expect(
      (await send("GET", "/api/v1/payments/applications?PageSize=500", { "Cache-Control": "no-cache" })).status,
    ).toBe(200);
    expect((await notifications.list(person.userId)).items).toHaveLength(1);
  });

  it("yields to people: under a fifth of the key's hour left, it reads nothing and looks again after the reset", async () => {
    const { backend, sent, followUps, person, send } = await setUp();
    await allocate(send);
    await backend.rateLimits.note(
      person.fingerprint,
      new Headers({ "RateLimit-Limit": "1000", "RateLimit-Remaining": "150", "RateLimit-Reset": "600" }),
    );
    const calls = backend.calls.length;
    await followUps.run(sent[0]!.data);
    expect(backend.calls.length).toBe(calls);
    expect(sent[1]).toMatchObject({ data: { step: 0 }, options: { key: `${person.keyId}:0` } });
    expect(sent[1]!.options!.delaySeconds).toBeGreaterThanOrEqual(595);
    expect(sent[1]!.options!.delaySeconds).toBeLessThanOrEqual(602);
  });

  it("spends at most a tenth of the key's hourly limit, then waits for the next hour", async () => {
    const { backend, sent, followUps, person, send } = await setUp();
    await allocate(send);
    // A limit of 20 an hour: the background may make 2 requests of them.
    const figures = () =>
      backend.rateLimits.note(
        person.fingerprint,
        new Headers({ "RateLimit-Limit": "20", "RateLimit-Remaining": "20", "RateLimit-Reset": "3000" }),
      );
    const upstream = () => backend.calls.filter((c) => c.url.pathname.endsWith("/payments/applications")).length;
    const before = upstream();
    for (let look = 0; look < 3; look++) {
      await figures();
      backend.advance(10 * 60_000);
      await followUps.run({ workspaceId: person.workspaceId, keyId: person.keyId, step: 1 });
    }
    expect(upstream() - before).toBe(2);
    expect(sent.at(-1)).toMatchObject({ data: { step: 1 } });
    expect(sent.at(-1)!.options!.delaySeconds).toBeGreaterThan(0);
    expect(sent.at(-1)!.options!.delaySeconds).toBeLessThanOrEqual(3600);
  });

  it("forgets a key removed from its workspace", async () => {
    const { backend, followUps, person } = await setUp();
    await backend.keys.remove(person.workspaceId, person.keyId);
    const calls = backend.calls.length;
    await followUps.run({ workspaceId: person.workspaceId, keyId: person.keyId, step: 0 });
    expect(backend.calls.length).toBe(calls);
  });
});
