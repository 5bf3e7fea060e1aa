import { test as base, expect } from "@playwright/test";
import { type Cluster, type Instance, startCluster } from "../../scripts/cluster";
import { sessionCookie } from "../../scripts/processes";
import { linkIn, type Mailbox, startMailbox } from "../accounts/mailbox";

// Background jobs on the service profile, with mail: two instances take from one pg-boss queue; an instance killed
// in the middle of a follow-up leaves its job to the other once its lease has passed (JOB_LEASE_SECONDS, 10 s here,
// and pg-boss's maintenance every 2 s), and the person gets one email for the outcome. This file's cluster has an SMTP
// server of its own (so its people prove their address first), apart from scale.spec.ts's.

const test = base.extend<object, { cluster: Cluster; mailbox: Mailbox }>({
  mailbox: [
    async ({}, provide) => {
      const mailbox = await startMailbox();
      await provide(mailbox);
      await mailbox.close();
    },
    { scope: "worker" },
  ],
  cluster: [
    async ({ mailbox }, provide) => {
      const cluster = await startCluster({
        instanceEnv: {
          SMTP_URL: mailbox.url,
          MAIL_FROM: "Backroom scale <backroom@example.test>",
          JOB_LEASE_SECONDS: "10",
          JOB_MAINTENANCE_SECONDS: "2",
          FOLLOW_UP_INTERVAL_SECONDS: "2",
          WATCH_PERIOD_SECONDS: String(WATCH_SECONDS),
        },
      });
      await provide(cluster);
      await cluster.stop();
    },
    { scope: "worker", timeout: 300_000 },
  ],
});

test.afterEach(async ({ cluster, mailbox }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const instance of cluster.instances)
    await testInfo.attach(`${instance.name}.log`, {
      body: instance.proc.lines.slice(-300).join("\n"),
      contentType: "text/plain",
    });
  await testInfo.attach("mail.json", { body: JSON.stringify(mailbox.mails, null, 2), contentType: "application/json" });
});

/** The watches' period here: every few seconds, so that several slots pass within a test. */
const WATCH_SECONDS = 6;

/** An operator request's headers: the operator key scripts/cluster.ts gave the sandbox, and a JSON body. */
const operator = (cluster: Cluster) => ({
  "x-api-key": cluster.sandbox.operatorKey,
  "Content-Type": "application/json",
});

/** The JSON lines an instance logged with this message. */
function logged(instance: Instance, msg: string): Record<string, unknown>[] {
  return instance.proc.lines.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return parsed.msg === msg ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

test("an instance killed during a follow-up: the other finishes the job once its lease has passed, and one email is sent", async ({
  cluster,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const customers = (await (
    await fetch(`${cluster.sandbox.url}/test/api/v1/customers?PageSize=500`, {
      headers: { "x-api-key": "test-customer-demo" },
    })
  ).json()) as { Data: { CustomerID: number }[] };
  const issued = await fetch(`${cluster.sandbox.url}/test/operator/keys`, {
    method: "POST",
    headers: operator(cluster),
    body: JSON.stringify({
      type: "Customer",
      company: "Scale jobs",
      customerIds: customers.Data.map((c) => c.CustomerID),
    }),
  });
  expect(issued.status).toBe(201);
  const apiKey = ((await issued.json()) as { key: string }).key;
  const email = `scale-jobs-${Date.now().toString(36)}@example.test`;
  const [one, two] = cluster.instances;
  const cookie = await sessionCookie(
    one.url,
    { apiKey, environment: "test" },
    {
      email,
      confirm: async (to) => linkIn(await mailbox.waitFor(to, /^Confirm your Backroom account$/), "http"),
      headers: one.forwarded,
    },
  );

  const data = async (path: string) =>
    (
      (await (await fetch(`${one.url}${path}`, { headers: { Cookie: cookie } })).json()) as {
        Data: Record<string, unknown>[];
      }
    ).Data;
  const payment = (await data("/api/v1/payments?PageSize=500")).find((p) => Number(p.AvailableBalance) >= 1)!;
  // An invoice with something left to request: one whose open balance pending requests already cover refuses 0.01
  // (409 OVER_OPEN_BALANCE), and which invoices those are moves with the seed's day and hour.
  const requested = new Set(
    (await data(`/api/v1/payments/applications?ARAccountIDs=${payment.ARAccountID}&Statuses=Pending,Exported`)).map(
      (a) => a.TargetInvoiceNum,
    ),
  );
  const invoice = (await data(`/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`)).find(
    (i) => Number(i.OpenBalance) > 0 && !requested.has(i.InvoiceNum),
  )!;
  const startedBefore = cluster.instances.map((instance) => logged(instance, "job started").length);
  const created = await fetch(
    `${one.url}/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=0.01`,
    {
      method: "POST",
      headers: { Cookie: cookie, Origin: one.url, "Idempotency-Key": `scale-kill-${Date.now()}` },
    },
  );
  expect(created.status, await created.clone().text()).toBe(201);
  const requestId = ((await created.json()) as { Data: { RequestID: number } }).Data.RequestID;
  // The follow-up's read of the applications will hang 8 s (once, for this key only): long enough to kill whoever runs it.
  // Added after the write, whose own room check reads the applications too (it would take the one hang).
  const fault = await fetch(`${cluster.sandbox.url}/test/operator/faults`, {
    method: "POST",
    headers: operator(cluster),
    body: JSON.stringify({
      method: "GET",
      path: "/api/v1/payments/applications",
      kind: "latency",
      latencyMs: 8_000,
      count: 1,
      key: apiKey,
    }),
  });
  expect(fault.status, await fault.clone().text()).toBe(201);
  // The ERP's two syncs: the outcome is there to be read before the first look (2 s after the write).
  for (let sync = 0; sync < 2; sync++)
    expect(
      (
        await fetch(`${cluster.sandbox.url}/test/operator/jobs/export`, {
          method: "POST",
          headers: operator(cluster),
          body: "{}",
        })
      ).status,
    ).toBe(200);

  // Whichever instance takes the follow-up is killed while its read hangs.
  const followUpStarts = (instance: Instance, i: number) =>
    logged(instance, "job started")
      .slice(startedBefore[i])
      .filter((line) => line.kind === "follow-up");
  let runner: Instance | undefined;
  await expect
    .poll(() => (runner = cluster.instances.find((instance, i) => followUpStarts(instance, i).length > 0)), {
      timeout: 30_000,
      intervals: [200],
    })
    .toBeDefined();
  const [first] = followUpStarts(runner!, cluster.instances.indexOf(runner!));
  await runner!.kill("SIGKILL");
  const survivor = runner === one ? two : one;

  // The survivor runs the same job again once the lease has passed, learns the outcome, and the person is told once.
  const subject = new RegExp(`^Payment request ${requestId} (confirmed|rejected): \\$0\\.01 from `);
  await mailbox.waitFor(email, subject, { timeout: 90_000 });
  const again = followUpStarts(survivor, cluster.instances.indexOf(survivor)).filter((line) => line.job === first!.job);
  expect(again.length, "the killed instance's job ran again on the other").toBeGreaterThan(0);
  expect(Number(again[0]!.attempt)).toBeGreaterThan(Number(first!.attempt));
  // However long the queue goes on, no second email.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  expect(mailbox.count(email, subject)).toBe(1);
  const inbox = (await (await fetch(`${survivor.url}/api/notifications`, { headers: { Cookie: cookie } })).json()) as {
    items: { title: string; kind: string }[];
  };
  // (The watches tell of invoices too, every few seconds here: only the payment's outcome is looked at.)
  expect(inbox.items.filter((i) => i.kind.startsWith("payment-")).map((i) => i.title)).toEqual([
    expect.stringMatching(subject),
  ]);

  // Back, as systemd would restart it.
  await runner!.start();
});

test("two instances, one sweep: each slot's watches are queued once and each key is watched once per slot", async ({
  cluster,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const [one, two] = cluster.instances;
  const customers = (await (
    await fetch(`${cluster.sandbox.url}/test/api/v1/customers?PageSize=500`, {
      headers: { "x-api-key": "test-customer-demo" },
    })
  ).json()) as { Data: { CustomerID: number }[] };
  const issued = await fetch(`${cluster.sandbox.url}/test/operator/keys`, {
    method: "POST",
    headers: operator(cluster),
    body: JSON.stringify({
      type: "Customer",
      company: "Scale watch",
      customerIds: customers.Data.map((c) => c.CustomerID),
    }),
  });
  const apiKey = ((await issued.json()) as { key: string }).key;
  const email = `scale-watch-${Date.now().toString(36)}@example.test`;
  const cookie = await sessionCookie(
    two.url,
    { apiKey, environment: "test" },
    {
      email,
      confirm: async (to) => linkIn(await mailbox.waitFor(to, /^Confirm your Backroom account$/), "http"),
      headers: two.forwarded,
    },
  );

  // The person's first watch tells them of the retailer's open invoices, in the inbox.
  const inbox = async () =>
    (
      (await (await fetch(`${one.url}/api/notifications`, { headers: { Cookie: cookie } })).json()) as {
        items: { title: string; kind: string }[];
      }
    ).items;
  await expect
    .poll(async () => (await inbox()).filter((i) => i.kind === "invoice-overdue" || i.kind === "invoice-due").length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);

  // Over several slots, the sweeps that ran on the two instances together: one per slot, not one per instance.
  const sweeps = () =>
    cluster.instances.flatMap((instance) =>
      logged(instance, "job started").filter((line) => line.kind === "watch-sweep"),
    );
  const before = sweeps().length;
  const watchedFrom = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 4 * WATCH_SECONDS * 1000));
  const slots = (Date.now() - watchedFrom) / (WATCH_SECONDS * 1000);
  const ran = sweeps().length - before;
  expect(ran, `${ran} sweeps in ${slots.toFixed(1)} slots`).toBeGreaterThanOrEqual(Math.floor(slots) - 1);
  expect(ran, `${ran} sweeps in ${slots.toFixed(1)} slots`).toBeLessThanOrEqual(Math.ceil(slots) + 1);
  // Every watch found the same facts again and told nothing twice.
  const titles = (await inbox()).map((i) => i.title);
  expect(new Set(titles).size).toBe(titles.length);
});
