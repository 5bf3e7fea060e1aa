import { type BrowserContext, expect, test } from "@playwright/test";
import { DEMO_KEYS, origin, tryDemo } from "./sign-in";
import { OPERATOR } from "./operator";

// Signing in, the session cookie, and what the browser may never see: a workspace's key. The accounts' own journeys
// (mail, invitations, roles, passkeys, two factors, single sign-on) are in e2e/accounts/.

const SESSION_COOKIE = "backroom.session_token";

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie`);
  return cookie;
}

let people = 0;
const uniqueEmail = (tag: string) => `${tag}-${process.pid}-${Date.now().toString(36)}-${++people}@example.test`;
const PASSWORD = "a long passphrase for tests";

test.describe("/sign-in", () => {
  for (const [button, person, keyType, label, scope] of [
    ["Try as a retailer", "Demo retailer", "Customer", /\(retailer\)$/, /^2 stores: /],
    ["Try as a brand", "Demo brand", "Supplier", /\(brand\)$/, /^1 brand: /],
    [
      "Try as an employee",
      "Demo distributor staff",
      "Employee",
      /^Distributor staff \(employee\)$/,
      /^Every customer, supplier and warehouse$/,
    ],
  ] as const) {
    test(`the demo ${keyType} person signs in, and the header names them and the workspace's key: its type and what it reaches`, async ({
      page,
    }) => {
      await tryDemo(page, button);
      await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
      const header = page.getByRole("banner");
      await expect(header).toContainText(person);
      await expect(header.getByTestId("role")).toHaveText("Owner");
      await expect(header.getByText("Sandbox")).toBeVisible();
      await expect(page.getByRole("region", { name: "Environment" })).toContainText("Test environment");
      // The key in use: its label (what it reaches) and type, in the header's key switcher.
      const key = header.getByLabel("Key", { exact: true });
      const shown = (await key.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? "")).trim();
      expect(shown).toMatch(new RegExp(`^(.+) \\(${keyType}, Test\\)$`));
      expect(shown.replace(` (${keyType}, Test)`, "")).toMatch(label);
      // What the key reaches, in full, on the workspace's keys page.
      const session = (await (await page.request.get("/api/session")).json()) as {
        keys: { keyType: string; scope: { summary: string } }[];
      };
      expect(session.keys.map((k) => k.keyType)).toEqual([keyType]);
      expect(session.keys[0]!.scope.summary).toMatch(scope);
      await page.goto("/settings/keys");
      await expect(page.getByRole("row").filter({ hasText: session.keys[0]!.scope.summary })).toBeVisible();
      // The cookie: better-auth's, under Backroom's prefix, out of the page's scripts' reach.
      const cookie = await sessionCookie(page.context());
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    });
  }

  test("a wrong password gets a clear message, and no session cookie", async ({ page, playwright, baseURL }) => {
    // A person of the test's own, made from elsewhere (this browser stays signed out).
    const email = uniqueEmail("wrong-password");
    const elsewhere = await playwright.request.newContext({ baseURL });
    const made = await elsewhere.post("/api/auth/sign-up/email", {
      data: { email, password: PASSWORD, name: "Wren Wrong" },
      headers: { Origin: origin() },
    });
    expect(made.status(), await made.text()).toBe(200);
    await elsewhere.dispose();

    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not the passphrase at all");
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/sign-in/email");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    expect((await answered).status()).toBe(401);
    await expect(page.getByRole("status")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/sign-in$/);
    expect((await page.context().cookies()).filter((c) => c.name.includes("session"))).toEqual([]);
    expect((await page.request.get("/api/session")).status()).toBe(401);
    // The right one still signs in (and clears the address's failure, which other tests' sign-ins share).
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/workspaces$/);
    expect((await page.request.get("/api/session")).status()).toBe(200);
  });
});

test("after adding a key by typing it, no response, URL, cookie, storage entry or page holds it", async ({
  page,
  request,
}) => {
  // A brand's key issued for this test, from outside the browser (the operator's answer holds it).
  const issued = await request.post("/sandbox/test/operator/keys", {
    headers: OPERATOR,
    data: { type: "Supplier", company: "Session brand", supplierIds: [101] },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const apiKey = ((await issued.json()) as { key: string }).key;
  const secrets = [apiKey, ...Object.values(DEMO_KEYS)];

  const seen: { url: string; text: string }[] = [];
  page.on("response", async (response) =>
    seen.push({ url: response.url(), text: await response.text().catch(() => "") }),
  );
  // As a new person does it, typed: an account, a workspace, then its key. The one request that carries the key is
  // the POST of the keys page's form.
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill("Kim Keyholder");
  await page.getByLabel("Email").fill(uniqueEmail("key"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create the account" }).click();
  await expect(page).toHaveURL(/\/workspaces$/);
  await page.getByLabel("Workspace name").fill("Keyholders");
  await page.getByRole("button", { name: "Create the workspace" }).click();
  await expect(page).toHaveURL(/\/settings\/keys$/);
  await page.getByLabel("API key").fill(apiKey);
  await page.getByRole("radio", { name: /Test/ }).check();
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/keys" && r.method() === "POST");
  await page.getByRole("button", { name: "Add the key" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ apiKey, environment: "test" });
  await expect(page.getByRole("status").filter({ hasText: "Added “" })).toContainText("a Supplier key of Test");
  await expect(page.getByLabel("API key")).toHaveValue("");

  await page.getByRole("link", { name: "Open the dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await page.goto("/settings/keys");
  await page.goto("/docs/api");
  const reads = ["/api/session", "/api/keys", "/api/v1/invoices?PageSize=5", "/api/v2/purchases?page_size=5"];
  await page.evaluate(async (urls) => {
    for (const url of urls) await (await fetch(url)).text();
  }, reads);
  // Every body is read by the listener above before it is checked (not "networkidle": a page may keep a connection
  // open, and that wait timed out on a loaded machine).
  await expect.poll(() => reads.filter((read) => seen.some((b) => b.url.endsWith(read))).length).toBe(reads.length);

  expect(seen.length).toBeGreaterThan(5);
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  const content = await page.content();
  const cookies = await page.context().cookies();
  for (const secret of secrets) {
    expect(
      seen.filter((b) => b.text.includes(secret) || b.url.includes(secret)).map((b) => b.url),
      "responses holding a key",
    ).toEqual([]);
    for (const cookie of cookies) expect(cookie.value).not.toContain(secret);
    expect(storage).not.toContain(secret);
    expect(content).not.toContain(secret);
  }
});

test("a cross-site write is refused before it reaches the session, the keys or the API", async ({
  page,
  playwright,
  baseURL,
}) => {
  await tryDemo(page, "Try as a retailer");
  const cookie = await sessionCookie(page.context());
  const outsider = await playwright.request.newContext({ baseURL });
  const headers = {
    Cookie: `${cookie.name}=${cookie.value}`,
    Origin: "https://evil.example",
    "Content-Type": "application/json",
  };
  const addKey = await outsider.post("/api/keys", {
    headers,
    data: { apiKey: "test-employee-demo", environment: "test" },
  });
  expect(addKey.status(), await addKey.text()).toBe(403);
  const write = await outsider.post(
    "/api/v1/payments/applications?PaymentInvoiceNum=PAY-1&TargetInvoiceNum=INV-1&ARAccountID=50001&Amount=1",
    { headers },
  );
  expect(write.status(), await write.text()).toBe(403);
  const signOut = await outsider.post("/api/auth/sign-out", {
    headers: { ...headers, "Sec-Fetch-Site": "cross-site" },
    data: {},
  });
  expect(signOut.status(), await signOut.text()).toBe(403);
  await outsider.dispose();
  // The session survived all three, and its workspace still has its one key.
  const session = await page.request.get("/api/session");
  expect(session.status()).toBe(200);
  expect(((await session.json()) as { keys: { keyType: string }[] }).keys.map((k) => k.keyType)).toEqual(["Customer"]);
});

test("without PUBLIC_URL, only the origin the server listens on may write: a sign-in or a Backroom write from another port of this machine is refused", async ({
  playwright,
  baseURL,
}) => {
  // Another app on this machine (a development server, anything local) is another origin: the same host, another port.
  const listening = origin();
  const port = Number(new URL(listening).port);
  const others = [`http://127.0.0.1:${port + 1}`, `http://localhost:${port + 1}`];
  const email = uniqueEmail("other-port");
  const person = await playwright.request.newContext({ baseURL });
  const made = await person.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "Otto Other" },
    headers: { Origin: listening },
  });
  expect(made.status(), await made.text()).toBe(200);
  await person.dispose();

  const browser = await playwright.request.newContext({ baseURL });
  const signIn = (from: string) =>
    browser.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: from } });
  for (const other of others) {
    const refused = await signIn(other);
    expect(refused.status(), `${other}: ${await refused.text()}`).toBe(403);
    expect(refused.headers()["set-cookie"], other).toBeUndefined();
  }
  expect((await browser.get("/api/session")).status()).toBe(401);
  expect((await signIn(listening)).status()).toBe(200);
  // Signed in now: Backroom's own writes take the same rule (no Sec-Fetch-Site: the Origin decides).
  for (const other of others) {
    const write = await browser.post("/api/workspaces", {
      data: { name: "From elsewhere" },
      headers: { Origin: other },
    });
    expect(write.status(), `${other}: ${await write.text()}`).toBe(403);
  }
  const own = await browser.post("/api/workspaces", { data: { name: "From here" }, headers: { Origin: listening } });
  expect(own.status(), await own.text()).toBe(201);
  await browser.dispose();
});

test("sign-out makes the old session cookie useless", async ({ page, playwright, baseURL }) => {
  await tryDemo(page, "Try as a brand");
  const cookie = await sessionCookie(page.context());
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to Backroom" })).toBeVisible();
  expect((await page.context().cookies()).filter((c) => c.name === SESSION_COOKIE)).toEqual([]);
  const replay = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `${cookie.name}=${cookie.value}` },
  });
  expect((await replay.get("/api/session")).status()).toBe(401);
  expect((await replay.get("/api/v1/states")).status()).toBe(401);
  await replay.dispose();
});

test("pages carry a nonce-based Content-Security-Policy and the other security headers, and work under it", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/sign-in");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"])
    expect(headers["content-security-policy"]).toContain(directive);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  // JSON answers get the fixed headers too (from next.config.mjs; the nonce proxy runs for pages only).
  const json = await page.request.get("/api/v1/states");
  expect(json.headers()["x-content-type-options"]).toBe("nosniff");
  // The pages work under the policy: the sign-in page's demo button (its script) signs in and the dashboard renders.
  await tryDemo(page, "Try as an employee");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  expect(violations).toEqual([]);
});
