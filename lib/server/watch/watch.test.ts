import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { createBackground } from "../core/background/background-reads";
import { sentJobs } from "../core/jobs/testing";
import { createNotificationStore } from "../core/notify/notification-store";
import { createNotifier } from "../core/notify/notifier";
import { createRequestLog } from "../core/request-log";
import { createMemoryStore } from "../core/shared/memory-store";
import { connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import type { NewNotification } from "../core/notify/notification-store";
import { createWatch, summaryOf, WATCH, type WatchJob } from "./watch";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

/** The jobs queued, as the runner would be given them (the runner itself is tested in `jobs/`). */
const queueRecorder = () => sentJobs<WatchJob>();

/** The sandbox's clock, Saturday 2026-11-21 10:00 in Los Angeles; Monday the 23rd at 10:00 for tomorrow's deliveries. */
const SATURDAY = Date.parse("2026-11-21T18:00:00.000Z");
const MONDAY = Date.parse("2026-11-23T18:00:00.000Z");

describe("a run's many findings of a kind, as one", () => {
  const found = (kind: NewNotification["kind"], links: readonly (string | null)[]): NewNotification[] =>
    links.map((link, i) => ({
      userId: "u",
      workspaceId: "w",
      kind,
      effectKey: `${kind}:u:${i}`,
      title: `finding ${i}`,
      link,
    }));

  it.each([
    [
      "invoice-overdue",
      ["/invoices/3", "/invoices/1", "/invoices/2", "/invoices/4"],
      { title: "4 invoices are overdue", link: "/statements" },
    ],
    [
      "invoice-due",
      ["/invoices/3", "/invoices/1", "/invoices/2", "/invoices/4", "/invoices/5"],
      { title: "5 invoices fall due within 7 days", link: "/statements" },
    ],
    // Payments of several AR accounts: the page asks which; of one, it opens on that account's payments.
    [
      "credit-available",
      ["/payments?account=1", "/payments?account=1", "/payments?account=2", "/payments?account=3"],
      { title: "4 payments have credit to apply", link: "/payments" },
    ],
    [
      "credit-available",
      ["/payments?account=50001", "/payments?account=50001", "/payments?account=50001", "/payments?account=50001"],
      { title: "4 payments have credit to apply", link: "/payments?account=50001" },
    ],
    // The customers it is about, in order, each once (a hold seen again after a release is a new finding).
    [
      "customer-on-hold",
      ["/customers/20013", "/customers/20002", "/customers/100", "/customers/20002"],
      { title: "4 customers are on hold", link: "/customers?CustomerIDs=100,20002,20013&OnHold=true" },
    ],
    // A finding with no customer's page: every customer on hold.
    [
      "customer-on-hold",
      ["/customers/20013", null, "/customers/1", "/customers/2"],
      { title: "4 customers are on hold", link: "/customers?OnHold=true" },
    ],
    ["below-cover", ["/purchases/plan", "/purchases/plan", "/purchases/plan", "/purchases/plan"], undefined],
    [
      "delivery-cutoff",
      [
        "/delivery-days?rep=1&day=1",
        "/delivery-days?rep=1&day=2",
        "/delivery-days?rep=1&day=3",
        "/delivery-days?rep=1&day=4",
      ],
      undefined,
    ],
    ["payment-confirmed", ["/payments", "/payments", "/payments", "/payments"], undefined],
  ] as const)("%s: %j", (kind, links, summary) => {
    expect(summaryOf(kind, found(kind, links))).toEqual(summary);
  });
});

describe.each(databaseProfiles())("watches on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp(keyType: "Customer" | "Supplier" | "Employee", now = SATURDAY) {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    const { jobs, sent } = queueRecorder();
    const store = createNotificationStore(backend.db);
    // The watch's clock and the proxy's (its cache's freshness) move on together.
    let at = now;
    const later = (ms: number) => {
      at += ms;
      backend.advance(ms);
    };
    const watch = createWatch({
      jobs,
      db: backend.db,
      keys: backend.keys,
      notifier: createNotifier({ store }),
      background: createBackground({ proxy: backend, shared: createMemoryStore() }),
      now: () => at,
    });
    const owner = await connectKey(backend, DEMO_KEYS[keyType], keyType);
    const job: WatchJob = { workspaceId: owner.workspaceId, keyId: owner.keyId, slot: Math.floor(now / 3_600_000) };
    const upstream = () => backend.calls.map((c) => c.url.pathname.replace(/^.*\/api\//, "/"));
    return { backend, sent, store, watch, owner, job, upstream, later };
  }

  const titles = async (store: ReturnType<typeof createNotificationStore>, userId: string) =>
    (await store.list(userId, { limit: 500 })).items.map((n) => `${n.kind}: ${n.title}`).sort();

  it("tells a retailer's members of invoices overdue and due, in four requests, and nothing new the next hour", async () => {
    const { backend, store, watch, owner, job, upstream, later } = await setUp("Customer");
    const accounts = await joinAs(backend, owner.workspaceId, "accounts");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    backend.requestLog = createRequestLog(createMemoryStore(), { flushEveryMs: 0 });
    const before = upstream().length;
    await watch.run(job);
    expect(upstream().slice(before).sort()).toEqual([
      "/v1/customers",
      "/v1/payments",
      "/v1/payments/openInvoices",
      "/v1/states",
    ]);
    // The key's request log says these were Backroom's watch, not a page's.
    await backend.requestLog.flush();
    expect((await backend.requestLog.recent([owner.keyId])).map((entry) => entry.by)).toEqual([
      "watch",
      "watch",
      "watch",
      "watch",
    ]);

    // A first run finds everything already overdue or in credit: more than three of a kind, told as one summary each;
    // the one invoice due within the week (on Monday), told alone.
    const told = await titles(store, owner.userId);
    expect(told).toEqual([
      expect.stringMatching(/^credit-available: \d+ payments have credit to apply$/),
      "invoice-due: Invoice INV-101463 is due on Nov 24: $2,760.03 open",
      expect.stringMatching(/^invoice-overdue: \d+ invoices are overdue$/),
    ]);
    // Each summary holds its findings, recorded so that none is told again: as many as it says, and the ones it is about.
    const rows = await backend.db
      .selectFrom("notifications")
      .select(["id", "title", "link", "grouped_in", "inbox"])
      .where("user_id", "=", owner.userId)
      .execute();
    const held = (summary: string) => {
      const group = rows.find((r) => r.grouped_in === null && r.title.endsWith(summary))!;
      return { group, items: rows.filter((r) => r.grouped_in === group.id) };
    };
    for (const summary of ["payments have credit to apply", "invoices are overdue"]) {
      const { group, items } = held(summary);
      expect(group.title).toBe(`${items.length} ${summary}`);
      expect(items.every((r) => r.inbox === 0)).toBe(true);
    }
    // The seed's first open invoice was due on Oct 7, about six weeks before the sandbox's Saturday.
    expect(held("invoices are overdue").items).toContainEqual(
      expect.objectContaining({
        title: "Invoice INV-101312 is overdue since Oct 7: $1,905.06 open",
        link: "/invoices/301312",
      }),
    );
    // A payment of the seed's with $130.00 left to apply.
    expect(held("payments have credit to apply").items.map((r) => r.title)).toContain(
      "Payment PAY-200304 has $130.00 of credit to apply",
    );
    expect(held("invoices are overdue").group.link).toBe("/statements");
    expect(held("payments have credit to apply").group.link).toBe("/payments");
    // Every member is a candidate: the notifier, not the watch, applies each person's settings.
    expect(await titles(store, accounts.userId)).toEqual(told);
    expect(await titles(store, viewer.userId)).toEqual(told);
    const [item] = (await store.list(owner.userId, { limit: 500 })).items.filter((n) => n.kind === "invoice-overdue");
    expect(item).toMatchObject({ link: "/statements", workspaceId: owner.workspaceId, read: false });

    // The next hour's watch (past the cache's freshness) reads again and tells nothing it told.
    const count = (await store.list(owner.userId, { limit: 500 })).items.length;
    const first = upstream().length;
    later(3_600_000);
    await watch.run({ ...job, slot: job.slot + 1 });
    expect(upstream().length).toBe(first + 4);
    expect((await store.list(owner.userId, { limit: 500 })).items).toHaveLength(count);
  });

  it("tells of a retailer's account put on hold once, and again when it is put on hold after a release", async () => {
    const { store, watch, owner, job, later } = await setUp("Customer");
    const hold = (on: boolean) =>
      sandbox.db
        .updateTable("customers")
        .set({ on_hold: on ? 1 : 0 })
        .where("customer_id", "=", 20001)
        .execute();
    const holds = async () =>
      (await store.list(owner.userId, { limit: 500 })).items.filter((n) => n.kind === "customer-on-hold");
    const hour = async (slot: number) => {
      later(3_600_000);
      await watch.run({ ...job, slot });
    };
    try {
      await hold(true);
      await watch.run(job);
      expect((await holds()).map((n) => [n.title, n.link])).toEqual([
        ["Cloud Station - Sacramento is on hold", "/customers/20001"],
      ]);
      await hour(job.slot + 1);
      expect(await holds()).toHaveLength(1);
      await hold(false);
      await hour(job.slot + 2);
      expect(await holds()).toHaveLength(1);
      // Put on hold again: a new hold, first seen at a new time, told again.
      await hold(true);
      await hour(job.slot + 3);
      expect(await holds()).toHaveLength(2);
    } finally {
      await hold(false);
    }
  });

  it("tells a brand's members how many products are below target days of cover, once a day", async () => {
    const { backend, store, watch, owner, job, upstream, later } = await setUp("Supplier");
    const purchasing = await joinAs(backend, owner.workspaceId, "purchasing");
    const before = upstream().length;
    await watch.run(job);
    // The key's scope does not name its supplier here, so it is asked for; then the plan page's six reads.
    expect(upstream().slice(before).sort()).toEqual([
      "/v1/inventory",
      "/v1/locations",
      "/v1/products",
      "/v1/states",
      "/v1/suppliers",
      "/v1/vendors",
      "/v2/purchases",
    ]);
    const [told, ...more] = (await store.list(owner.userId)).items;
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      kind: "below-cover",
      title: expect.stringMatching(/^\d+ products? below target days of cover$/),
      link: "/purchases/plan",
    });
    expect((await store.list(purchasing.userId)).items.map((n) => n.title)).toEqual([told!.title]);

    later(3_600_000);
    await watch.run({ ...job, slot: job.slot + 1 });
    expect((await store.list(owner.userId)).items).toHaveLength(1);
  });

  it("counts v1's posted purchases and their lines on order when the service has no v2 purchases", async () => {
    const { backend, store, watch, owner, job, upstream } = await setUp("Supplier");
    backend.answerWith((request) =>
      new URL(request.url).pathname.includes("/api/v2/")
        ? Promise.resolve(new Response(null, { status: 404 }))
        : sandbox.runtime.app.fetch(request),
    );
    const before = upstream().length;
    await watch.run(job);
    expect(
      upstream()
        .slice(before)
        .filter((path) => path.includes("purchase")),
    ).toEqual(["/v2/purchases", "/v1/purchases", "/v1/purchaseTrans"]);
    expect((await store.list(owner.userId)).items.map((n) => n.kind)).toEqual(["below-cover"]);
  });

  it("tells a rep's linked members of their customers on hold and tomorrow's cut-off, and the others nothing", async () => {
    const { backend, store, watch, owner, job, upstream, later } = await setUp("Employee", MONDAY);
    const rep = await joinAs(backend, owner.workspaceId, "viewer");
    // Linked to Marcus Brown (rep 1006), whose customers include Meadow Cannabis Co. - Santa Cruz, on hold in the seed.
    await backend.db
      .withTables<{ auth_member: { id: string; salesRepUserId: number | null } }>()
      .updateTable("auth_member")
      .set({ salesRepUserId: 1006 })
      .where("id", "=", rep.memberId)
      .execute();
    const before = upstream().length;
    await watch.run(job);
    expect(upstream().slice(before).sort()).toEqual(["/v1/customers", "/v1/salesReps", "/v1/states"]);
    const told = await titles(store, rep.userId);
    expect(told).toContain("customer-on-hold: Meadow Cannabis Co. - Santa Cruz is on hold");
    expect(told.find((t) => t.startsWith("delivery-cutoff: "))).toMatch(
      /^delivery-cutoff: .+ a delivery tomorrow: order by Mon, Nov 23, 2:30 PM PT$/,
    );
    expect(await titles(store, owner.userId)).toEqual([]);

    // Seen again the next hour: the same hold, told once.
    later(3_600_000);
    await watch.run({ ...job, slot: job.slot + 1 });
    expect(await titles(store, rep.userId)).toEqual(told);
  });

  it("reads nothing for an Employee key without a member linked to a rep", async () => {
    const { watch, job, upstream } = await setUp("Employee", MONDAY);
    const before = upstream().length;
    await watch.run(job);
    expect(upstream().length).toBe(before);
  });

  it("yields to people: under a fifth of the key's hour left, it reads nothing and watches again after the reset", async () => {
    const { backend, sent, store, watch, owner, job, upstream } = await setUp("Customer");
    await backend.rateLimits.note(
      owner.fingerprint,
      new Headers({ "RateLimit-Limit": "1000", "RateLimit-Remaining": "150", "RateLimit-Reset": "600" }),
    );
    const before = upstream().length;
    await watch.run(job);
    expect(upstream().length).toBe(before);
    expect((await store.list(owner.userId)).items).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: WATCH, data: job, options: { key: `${job.keyId}:${job.slot}` } });
    expect(sent[0]!.options!.delaySeconds).toBeGreaterThanOrEqual(595);
    expect(sent[0]!.options!.delaySeconds).toBeLessThanOrEqual(602);
  });

  it("sweeps: one watch job per workspace key and hour", async () => {
    const { backend, sent, watch, owner } = await setUp("Customer");
    const supplier = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    const slotStart = new Date("2026-11-21T19:00:00.000Z");
    expect(await watch.sweep(slotStart)).toBe(2);
    const slot = slotStart.getTime() / 3_600_000;
    expect(sent.map((s) => [s.kind, s.data, s.options?.key]).sort()).toEqual(
      [
        [WATCH, { workspaceId: owner.workspaceId, keyId: owner.keyId, slot }, `${owner.keyId}:${slot}`],
        [WATCH, { workspaceId: supplier.workspaceId, keyId: supplier.keyId, slot }, `${supplier.keyId}:${slot}`],
      ].sort(),
    );
  });

  it("forgets a key removed from its workspace", async () => {
    const { backend, watch, owner, job, upstream } = await setUp("Customer");
    await backend.keys.remove(owner.workspaceId, owner.keyId);
    const before = upstream().length;
    await watch.run(job);
    expect(upstream().length).toBe(before);
  });
});
