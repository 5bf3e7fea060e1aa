import { test as base, expect, type Page } from "@playwright/test";
import { type Cluster, type Instance, startCluster } from "../../scripts/cluster";
import { browserCookies, sessionCookie } from "../../scripts/processes";

// Backroom as a deployment: nginx in front of two production instances on one PostgreSQL and one Redis, the Data
// API the standalone sandbox (e2e/scale/cluster.ts). The tests run in order, on one cluster: some stop its parts.

const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    async ({}, provide) => {
      const cluster = await startCluster();
      await provide(cluster);
      await cluster.stop();
    },
    { scope: "worker", timeout: 300_000 },
  ],
  baseURL: async ({ cluster }, provide) => provide(cluster.url),
});
test.describe.configure({ mode: "serial" });

// A failure comes with what each instance said last: CI keeps nothing else of them.
test.afterEach(async ({ cluster }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const instance of cluster.instances)
    await testInfo.attach(`${instance.name}.log`, {
      body: instance.proc.lines.slice(-200).join("\n"),
      contentType: "text/plain",
    });
  await testInfo.attach("nginx-access.log", {
    body: cluster.upstreamsServed().slice(-200).join("\n"),
    contentType: "text/plain",
  });
});

/** An operator request's headers: the operator key scripts/cluster.ts gave the sandbox, and a JSON body. */
const operator = (cluster: Cluster) => ({
  "x-api-key": cluster.sandbox.operatorKey,
  "Content-Type": "application/json",
});

/** A key the sandbox issues for the demo retailer's accounts: each test's own cache and request log. */
async function retailerKey(cluster: Cluster): Promise<string> {
  const customers = (await (
    await fetch(`${cluster.sandbox.url}/test/api/v1/customers?PageSize=500`, {
      headers: { "x-api-key": "test-customer-demo" },
    })
  ).json()) as { Data: { CustomerID: number }[] };
  const res = await fetch(`${cluster.sandbox.url}/test/operator/keys`, {
    method: "POST",
    headers: operator(cluster),
    body: JSON.stringify({
      type: "Customer",
      company: "Scale test",
      customerIds: customers.Data.map((c) => c.CustomerID),
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

/**
 * A new person, straight on one instance as Backroom's own pages would through nginx: signed up, owner of a new
 * workspace holding the key. Their session cookie.
 */
const connectTo = (instance: Instance, apiKey: string) =>
  sessionCookie(instance.url, { apiKey, environment: "test" }, { headers: instance.forwarded });

const get = (instance: Instance, path: string, cookie: string) =>
  fetch(`${instance.url}${path}`, { headers: { Cookie: cookie } });

/** The session's request log (shared by the instances): source of each logged request, newest first. */
/** The key's shared request log, newest first; only the requests whose path starts with `path`, when given. */
async function logged(instance: Instance, cookie: string, path = ""): Promise<{ path: string; source: string }[]> {
  return (
    (await (await get(instance, "/api/session/requests", cookie)).json()) as {
      requests: { path: string; source: string }[];
    }
  ).requests.filter((r) => r.path.startsWith(path));
}

async function ready(instance: Instance) {
  const res = await fetch(`${instance.url}/api/ready`);
  return {
    status: res.status,
    body: (await res.json()) as {
      status: string;
      checks: { database: string; cache: string; jobs: string; sandbox: string };
    },
  };
}

test("two instances started at once on one empty database migrate it once and are ready", async ({ cluster }) => {
  const migrations = await cluster.database.query<{ name: string }>(
    "select name from session_store_migration order by name",
  );
  expect(migrations.map((m) => m.name)).toEqual([
    "001-initial",
    "002-audit",
    "003-accounts",
    "004-audit-people",
    "005-ring-gone",
    "006-jobs",
    "007-notifications",
    "008-notification-settings",
    "009-watch",
    "010-reports",
    "011-history",
    "012-history-scope",
    "013-statements",
    "014-collections",
    "015-notification-summaries",
    "016-collections-aging",
    "017-visit-notes",
    "018-accounting",
    "019-history-promotions",
    "020-order-lists",
    "021-menus",
    "022-invitation-links",
    "023-order-list-withdrawals",
    "024-collections-people",
    "025-store-places",
    "026-accounting-export-keys",
    "027-demo-visits",
    "028-accounting-ledger-programs",
    "029-rep-day-settings",
    "030-history-product-states",
    "031-order-list-sharing",
    "032-disputes",
    "033-collections-collected",
    "034-credit",
    "035-collections-reliability",
    "036-collections-collected-photos",
  ]);
  for (const instance of cluster.instances) {
    // The instances talk to the standalone sandbox as the real Data API: no embedded one.
    expect(await ready(instance)).toEqual({
      status: 200,
      body: { status: "ok", checks: { database: "ok", cache: "ok", jobs: "ok", sandbox: "off" } },
    });
    expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);
  }
});

test("a session made on one instance works on the other, and a GET answered by one is served by the other from the shared cache", async ({
  cluster,
}) => {
  const [one, two] = cluster.instances;
  const cookie = await connectTo(one, await retailerKey(cluster));
  expect((await get(two, "/api/session", cookie)).status).toBe(200);

  expect((await get(one, "/api/v1/states", cookie)).status).toBe(200);
  expect((await get(two, "/api/v1/states", cookie)).status).toBe(200);
  // The shared request log, newest first (each line is written as its answer leaves, so it can lag by moments): the
  // second instance answered from the cache the first one filled. Only these reads: a key added starts its history's
  // walk, whose background reads land in the same log at moments of their own.
  await expect
    .poll(async () => (await logged(one, cookie, "/api/v1/states")).slice(0, 2).map((r) => r.source))
    .toEqual(["cache", "upstream"]);

  // The rate-limit figures the first instance saw are the second one's too.
  const session = (await (await get(two, "/api/session", cookie)).json()) as {
    activeKeyId: string;
    keys: { id: string; rateLimit: { remaining: number } | null }[];
  };
  expect(session.keys.find((k) => k.id === session.activeKeyId)?.rateLimit?.remaining).toBeGreaterThan(0);
});

test("a write through one instance makes the other's cached reads of that resource stale at once", async ({
  cluster,
}) => {
  const [one, two] = cluster.instances;
  const issued = await fetch(`${cluster.sandbox.url}/test/operator/keys`, {
    method: "POST",
    headers: operator(cluster),
    body: JSON.stringify({ type: "Supplier", company: "Scale brand", supplierIds: [101] }),
  });
  const cookie = await connectTo(one, ((await issued.json()) as { key: string }).key);
  const drafts = async (instance: Instance) =>
    (
      (await (await get(instance, "/api/v2/purchases?statuses=InProgress", cookie)).json()) as {
        data: { po_num: string }[];
      }
    ).data.map((p) => p.po_num);
  const before = await drafts(one);
  expect(await drafts(two)).toEqual(before);
  // The two reads of the list (the key's history walk, started as it was added, logs reads of its own between them).
  await expect
    .poll(async () => (await logged(one, cookie, "/api/v2/purchases?")).slice(0, 2).map((r) => r.source))
    .toEqual(["cache", "upstream"]);

  const vendor = (
    (await (await get(two, "/api/v1/vendors?PageSize=1", cookie)).json()) as {
      Data: { VendorID: number; LocationID: number; SupplierID: number }[];
    }
  ).Data[0]!;
  const poNum = `SCALE-${Date.now()}`;
  const delivery = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await fetch(`${two.url}/api/v2/purchases`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: two.url,
      "Content-Type": "application/json",
      "Idempotency-Key": `scale-${poNum}`,
    },
    body: JSON.stringify({
      vendor_id: vendor.VendorID,
      to_location_id: vendor.LocationID,
      supplier_id: vendor.SupplierID,
      delivery_date: delivery,
      po_num: poNum,
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  // Within the list's 15 s of freshness, the first instance asks the API again and sees the new draft.
  expect(await drafts(one)).toContain(poNum);
  await expect
    .poll(async () => (await logged(one, cookie)).find((r) => r.path.startsWith("/api/v2/purchases?"))?.source)
    .toBe("upstream");
});

test("two instances, one queue: a payment request's follow-up runs once, on either, and its person is told once", async ({
  cluster,
}) => {
  const [one, two] = cluster.instances;
  const cookie = await connectTo(one, await retailerKey(cluster));
  const data = async (path: string) =>
    ((await (await get(one, path, cookie)).json()) as { Data: Record<string, unknown>[] }).Data;
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
  // That read of the applications is the test's own, not a follow-up's look: the looks counted below leave it out.
  const applicationReads = () =>
    cluster.instances.flatMap((instance) =>
      instance.proxyLines().filter((line) => line.operation === "listPaymentApplications"),
    );
  const ours = new Set(applicationReads().map((line) => line.requestId));
  const created = await fetch(
    `${one.url}/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=0.01`,
    {
      method: "POST",
      headers: { Cookie: cookie, Origin: one.url, "Idempotency-Key": `scale-follow-${Date.now()}` },
    },
  );
  expect(created.status, await created.clone().text()).toBe(201);
  // The ERP's two syncs, before the first look (2 s after the write): that look learns the outcome.
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

  const inbox = async (instance: Instance) =>
    (await (await get(instance, "/api/notifications", cookie)).json()) as {
      items: { title: string }[];
      unread: number;
    };
  await expect.poll(async () => (await inbox(two)).unread, { timeout: 30_000 }).toBe(1);
  expect((await inbox(one)).items[0]!.title).toMatch(/^Payment request \d+ (confirmed|rejected): \$0\.01 from /);
  // One look, by one of the instances: the key's log (shared) holds one follow-up read, and the instances' logs one
  // upstream read of the applications between them.
  const looks = () => applicationReads().filter((line) => !ours.has(line.requestId));
  expect(looks()).toHaveLength(1);
  // Settled: no look follows (the next would come 2 minutes on), and nobody is told again.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(looks()).toHaveLength(1);
  expect((await inbox(one)).items).toHaveLength(1);
});

test("sign-out, or removing the key, on one instance is refused on the other within a second", async ({ cluster }) => {
  const [one, two] = cluster.instances;
  for (const how of ["sign-out", "key removal"] as const) {
    const cookie = await connectTo(one, await retailerKey(cluster));
    // The second instance holds the decrypted key in memory now.
    expect((await get(two, "/api/v1/states", cookie)).status).toBe(200);
    expect((await get(two, "/api/v1/states", cookie)).status).toBe(200);
    const keyId = ((await (await get(one, "/api/session", cookie)).json()) as { activeKeyId: string }).activeKeyId;
    // As nginx forwards the page's request: better-auth takes its sign-out from PUBLIC_URL's origin only.
    const headers = { Cookie: cookie, ...one.forwarded, "Content-Type": "application/json" };
    const started = Date.now();
    const ended =
      how === "sign-out"
        ? await fetch(`${one.url}/api/auth/sign-out`, { method: "POST", headers, body: "{}" })
        : await fetch(`${one.url}/api/keys/${keyId}`, { method: "DELETE", headers });
    expect(ended.status).toBe(how === "sign-out" ? 200 : 204);
    // Signed out: nobody (401); the workspace's only key removed: no key to work with (409 NO_KEY).
    const refused = how === "sign-out" ? 401 : 409;
    expect((await get(one, "/api/v1/states", cookie)).status, `${how}: the instance that did it refuses at once`).toBe(
      refused,
    );
    let status = 200;
    while (status !== refused && Date.now() - started < 2_000)
      status = (await get(two, "/api/v1/states", cookie)).status;
    const took = Date.now() - started;
    expect(status, `${how}: refused by the other instance`).toBe(refused);
    expect(took, `${how}: refused by the other instance within a second (took ${took} ms)`).toBeLessThan(1_000);
  }
});

test("a role changed, then a member removed, on one instance take effect on the other within a second", async ({
  cluster,
}) => {
  const [one, two] = cluster.instances;
  const owner = await connectTo(one, await retailerKey(cluster));
  const call = (instance: Instance, path: string, body: unknown, cookie: string, method = "POST") =>
    fetch(`${instance.url}${path}`, {
      method,
      headers: { Cookie: cookie, ...instance.forwarded, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // The member: invited as accounts (no mail here: the link comes back to the inviter), signed up (nothing to prove)
  // and accepted with the link's secret, on the other instance.
  const email = `scale-member-${Date.now()}@example.test`;
  const invited = await call(one, "/api/members/invitations", { email, role: "accounts" }, owner);
  expect(invited.status).toBe(201);
  const { link } = (await invited.json()) as { link: string };
  const signedUp = await call(
    two,
    "/api/auth/sign-up/email",
    { email, password: "a long passphrase for scale", name: "Scale member" },
    "",
  );
  expect(signedUp.status).toBe(200);
  const member = signedUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const secret = new URL(link).pathname.split("/").at(-1);
  // Accepting makes the invitation's workspace the one the member works in.
  expect((await call(two, "/api/invitations/accept", { secret }, member)).status).toBe(200);
  const memberId = (
    (await (await get(one, "/api/members", owner)).json()) as { members: { memberId: string; email: string }[] }
  ).members.find((m) => m.email === email)!.memberId;
  // A well-formed allocation: the role decides before anything goes upstream.
  const allocate = () =>
    fetch(
      `${two.url}/api/v1/payments/applications?PaymentInvoiceNum=PAY-SCALE&TargetInvoiceNum=INV-SCALE&ARAccountID=1&Amount=1.00`,
      { method: "POST", headers: { Cookie: member, Origin: two.url } },
    );
  const roleOnTwo = async () =>
    ((await (await get(two, "/api/session", member)).json()) as { role: string | null }).role;
  expect(await roleOnTwo()).toBe("accounts");

  let started = Date.now();
  expect((await call(one, `/api/members/${memberId}`, { role: "viewer" }, owner, "PATCH")).status).toBe(204);
  let role = await roleOnTwo();
  while (role !== "viewer" && Date.now() - started < 2_000) role = await roleOnTwo();
  let took = Date.now() - started;
  expect(role, "the new role on the other instance").toBe("viewer");
  expect(took, `the new role on the other instance within a second (took ${took} ms)`).toBeLessThan(1_000);
  const refused = await allocate();
  expect([refused.status, ((await refused.json()) as { Error: { code: string } }).Error.code]).toEqual([
    403,
    "FORBIDDEN_BY_ROLE",
  ]);

  started = Date.now();
  expect((await call(one, `/api/members/${memberId}`, undefined, owner, "DELETE")).status).toBe(204);
  let status = (await get(two, "/api/v1/states", member)).status;
  while (status !== 403 && Date.now() - started < 2_000) status = (await get(two, "/api/v1/states", member)).status;
  took = Date.now() - started;
  expect(status, "the removed member refused on the other instance (NO_WORKSPACE)").toBe(403);
  expect(took, `refused on the other instance within a second (took ${took} ms)`).toBeLessThan(1_000);
});

test("refused keys are counted across the instances: five on either make the next key from that address wait on both, and no one else; the audit trail is shared", async ({
  cluster,
}) => {
  const [one, two] = cluster.instances;
  const owner = await connectTo(one, await retailerKey(cluster));
  // Straight to the instances, as from behind the load balancer: X-Forwarded-For names the client (TRUST_PROXY=1).
  // An address of its own, so the other tests' keys (from 127.0.0.1) are not held up.
  const attempt = (instance: Instance, apiKey: string, address = "203.0.113.66") =>
    fetch(`${instance.url}/api/keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: owner, Origin: instance.url, "X-Forwarded-For": address },
      body: JSON.stringify({ apiKey, environment: "test" }),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 ? two : one, `scale-wrong-key-${i}`)).status);
  expect(statuses).toEqual([401, 401, 401, 401, 401]);
  for (const instance of [two, one]) {
    const held = await attempt(instance, "test-customer-demo");
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("Retry-After"))).toBeGreaterThan(50);
    expect(((await held.json()) as { Error: { code: string } }).Error.code).toBe("TOO_MANY_ATTEMPTS");
  }
  expect((await attempt(two, "test-customer-demo", "203.0.113.67")).status).toBe(201);

  const rows = await cluster.database.query<{ event: string; result: string; n: string }>(
    "select event, result, count(*) as n from audit_events where client_address in ('203.0.113.66', '203.0.113.67') group by event, result order by event, result",
  );
  expect(rows.map((r) => [r.event, r.result, Number(r.n)])).toEqual([
    ["key-added", "done", 1],
    ["key-added", "refused", 5],
  ]);
});

/** A new person whose workspace holds `key`, signed in in the page's browser through nginx, on the Overview. */
async function connectInBrowser(page: Page, cluster: Cluster, key: string) {
  await page
    .context()
    .addCookies(browserCookies(await sessionCookie(cluster.url, { apiKey: key, environment: "test" }), cluster.url));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

test("a retailer's journey through nginx alternates between the instances, and goes on when one is killed halfway", async ({
  cluster,
  page,
}) => {
  const [one, two] = cluster.instances;
  const servedBefore = cluster.upstreamsServed().length;
  await connectInBrowser(page, cluster, await retailerKey(cluster));
  const nav = page.getByRole("navigation", { name: "Dashboard" });

  await nav.getByRole("link", { name: "Invoices", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  const firstInvoice = page.locator("table.data-table tbody tr").first().getByRole("link").first();
  const invoiceNum = (await firstInvoice.textContent())!.trim();
  await firstInvoice.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(invoiceNum);
  await nav.getByRole("link", { name: "AR aging", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "AR aging" })).toBeVisible();

  // So far every request went through nginx, which spread them over both instances.
  const upstreams = cluster
    .upstreamsServed()
    .slice(servedBefore)
    .map((line) => line.split(" ")[0]!);
  const share = (port: number) => upstreams.filter((u) => u.endsWith(`:${port}`)).length / upstreams.length;
  expect(upstreams.length).toBeGreaterThan(8);
  for (const instance of [one, two])
    expect(share(instance.port), `${instance.name}'s share of ${upstreams.length} requests`).toBeGreaterThanOrEqual(
      0.3,
    );

  // One instance dies (no goodbye: SIGKILL); the other carries the journey on.
  await one.kill("SIGKILL");
  await nav.getByRole("link", { name: "Payments", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  const account = page.getByLabel("AR account", { exact: true });
  await expect(account.locator("option").nth(1)).toBeAttached();
  await account.selectOption({ index: 1 });
  await expect(page).toHaveURL(/account=\d+/);
  const allocate = page.getByRole("button", { name: /^Allocate payment / }).last();
  const paymentNum = (await allocate.textContent())!.replace("Allocate payment ", "").trim();
  await allocate.click();
  const form = page.getByRole("region", { name: `Allocate payment ${paymentNum}` });
  const rows = page.getByRole("region", { name: "Amounts to allocate" }).locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  let invoice: string | undefined;
  for (const row of await rows.all()) {
    const balance = (await row.locator("td").nth(2).textContent())!;
    if (!balance.startsWith("−") && balance !== "$0.00") {
      invoice = (await row.locator("th").textContent())!.trim();
      break;
    }
  }
  expect(invoice).toBeDefined();
  await form.getByLabel(`Amount for invoice ${invoice}`).fill("1.00");
  await form.getByRole("button", { name: "Review allocation" }).click();
  await form.getByRole("button", { name: "Confirm and send" }).click();
  await expect(
    form.getByText(new RegExp(`Sent: \\$1\\.00 to invoice ${invoice}, request \\d+ \\(Pending\\)`)),
  ).toBeVisible();

  // The instance comes back (as systemd would restart it), and both serve the rest.
  await one.start();
  for (const run of [1, 2])
    expect(
      (
        await fetch(`${cluster.sandbox.url}/test/operator/jobs/export`, {
          method: "POST",
          headers: operator(cluster),
          body: "{}",
        })
      ).status,
      `export run ${run}`,
    ).toBe(200);
  await page.getByRole("button", { name: "Check status now" }).click();
  await expect(page.getByText("Every request sent from this page is settled.")).toBeVisible();
  await nav.getByRole("link", { name: "Invoices", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  expect(
    cluster
      .upstreamsServed()
      .slice(servedBefore)
      .filter((line) => / 5\d\d /.test(line)),
    "no request answered 5xx through nginx",
  ).toEqual([]);
});

test("with Redis stopped, pages still load and /api/ready says the cache is unavailable; Redis back, it says ok", async ({
  cluster,
  page,
}) => {
  await connectInBrowser(page, cluster, await retailerKey(cluster));
  await cluster.redis.stop();
  for (const instance of cluster.instances) {
    await expect
      .poll(async () => (await ready(instance)).body, { timeout: 10_000 })
      .toEqual({ status: "degraded", checks: { database: "ok", cache: "unavailable", jobs: "ok", sandbox: "off" } });
    expect((await ready(instance)).status).toBe(200);
  }
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  for (const [link, heading] of [
    ["Invoices", "Invoices"],
    ["AR aging", "AR aging"],
    ["Payments", "Payments"],
    ["Overview", "Overview"],
  ] as const) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    if (link === "Invoices") await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();
    // An API error shows its message with Try again; there is none.
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  }
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  await cluster.redis.start();
  for (const instance of cluster.instances) {
    await expect
      .poll(async () => (await ready(instance)).body, { timeout: 15_000 })
      .toEqual({ status: "ok", checks: { database: "ok", cache: "ok", jobs: "ok", sandbox: "off" } });
  }
});

test("every proxied request is one JSON log line without a key, a cookie or a query value; metrics are behind the token", async ({
  cluster,
}) => {
  const [, two] = cluster.instances;
  const lines = cluster.instances.flatMap((instance) => instance.proxyLines());
  expect(lines.length).toBeGreaterThan(20);
  for (const line of lines) {
    expect(Object.keys(line).sort()).toEqual([
      "cache",
      "durationMs",
      "instance",
      "level",
      "method",
      "msg",
      "operation",
      "requestId",
      "source",
      "status",
      "time",
    ]);
  }
  expect(new Set(lines.map((l) => l.instance))).toEqual(new Set(["web-1", "web-2"]));
  const everything = cluster.allLines().join("\n");
  for (const secret of [
    "test-customer-demo",
    "test-employee-demo",
    "x-api-key",
    "session_token=",
    "CustomerIDs=",
    "PublicPDFLink",
  ])
    expect(everything).not.toContain(secret);

  // The second instance has run since the start (the first was restarted in the journey). Which instance served the
  // journey's invoice list is nginx's choice: a key of its own asks the second one, so its counters hold one for sure.
  const cookie = await connectTo(two, await retailerKey(cluster));
  expect((await get(two, "/api/v1/invoices?PageSize=1", cookie)).status).toBe(200);
  expect((await fetch(`${two.url}/api/metrics`)).status).toBe(401);
  const metrics = await (
    await fetch(`${two.url}/api/metrics`, { headers: { Authorization: `Bearer ${cluster.metricsToken}` } })
  ).text();
  expect(metrics).toMatch(/^backroom_upstream_requests_total\{operation="listInvoices",status="200"\} \d+/m);
  for (const outcome of ["hit", "miss", "bypass"])
    expect(metrics).toMatch(new RegExp(`^backroom_proxy_cache_total\\{outcome="${outcome}"\\} [1-9]`, "m"));
  expect(metrics).toMatch(/^backroom_sessions_active \d+/m);
  expect(metrics).toMatch(/^backroom_upstream_duration_seconds_count\{operation="listInvoices"\} \d+/m);
});

test("SIGTERM with a request in flight: the request completes, new connections go elsewhere, the instance exits 0", async ({
  cluster,
}) => {
  const [one, two] = cluster.instances;
  const cookie = await connectTo(one, await retailerKey(cluster));
  const faults = await fetch(`${cluster.sandbox.url}/test/operator/faults`, {
    method: "PUT",
    headers: operator(cluster),
    body: JSON.stringify({ rules: [{ method: "GET", path: "/api/v1/invoices*", kind: "latency", latencyMs: 3_000 }] }),
  });
  expect(faults.status).toBe(200);
  try {
    const started = Date.now();
    const inFlight = get(one, "/api/v1/invoices?PageSize=5", cookie);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exited = one.kill("SIGTERM");
    // Draining: no new connections; nginx sends them to the other instance.
    await expect
      .poll(
        () =>
          fetch(`${one.url}/api/health`).then(
            () => "answered",
            () => "refused",
          ),
        { timeout: 5_000 },
      )
      .toBe("refused");
    expect((await fetch(`${cluster.url}/api/health`)).status).toBe(200);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { Data: unknown[] }).Data.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect(await exited).toBe(0);
    const said = one.proc.lines.filter((l) => /"msg":"(stopping|stopped)/.test(l));
    expect(said).toHaveLength(2);
    expect((await get(two, "/api/session", cookie)).status).toBe(200);
  } finally {
    await fetch(`${cluster.sandbox.url}/test/operator/faults`, { method: "DELETE", headers: operator(cluster) });
    await two.proc.ready(`${two.url}/api/ready`, 200);
  }
});
