import { type BrowserContext, expect, type Page, test } from "@playwright/test";

// Connecting with a key, the key ring, and what the browser may never see: the key itself.

const DEMO_KEYS = ["test-customer-demo", "test-supplier-demo", "test-employee-demo"];

async function connectAsDemo(page: Page, button: string) {
  await page.goto("/connect");
  await page.getByRole("radio", { name: /Test/ }).check();
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected as" })).toBeVisible();
}

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("backroom_session"));
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

test.describe("/connect", () => {
  for (const [button, keyType, scope] of [
    ["Try as a retailer", "Customer", /2 stores/],
    ["Try as a brand", "Supplier", /1 brand/],
    ["Try as an employee", "Employee", /Every customer, supplier and warehouse/],
  ] as const) {
    test(`connects as the demo ${keyType} user and shows the key's type and scope`, async ({ page }) => {
      await connectAsDemo(page, button);
      const status = page.getByRole("status").filter({ hasText: "Connected as" });
      await expect(status).toContainText(`a ${keyType} key (test)`);
      await expect(status).toContainText(scope);
      const ring = page.getByRole("region", { name: "Your keys" }).or(page.locator("section", { has: page.getByRole("heading", { name: "Your keys" }) }));
      await expect(ring.getByText("In use")).toBeVisible();
      await expect(page.getByRole("banner").getByText("Sandbox")).toBeVisible();
      await expect(page.getByRole("region", { name: "Environment" })).toContainText("Test environment");
    });
  }

  test("a wrong key gets a clear message and nothing is stored", async ({ page }) => {
    await page.goto("/connect");
    await page.getByLabel("API key").fill("test-not-a-real-key");
    await page.getByRole("radio", { name: /Test/ }).check();
    await page.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByText("This key was not accepted")).toBeVisible();
    await expect(page.getByLabel("API key")).toHaveAttribute("aria-invalid", "true");
    expect((await page.request.get("/api/session")).status()).toBe(401);
    expect(await page.context().cookies()).toEqual([]);
  });

  test("switching keys and removing one keeps the ring in order", async ({ page }) => {
    await connectAsDemo(page, "Try as a retailer");
    await connectAsDemo(page, "Try as a brand");
    await expect(page.getByRole("button", { name: /^Use this key/ })).toHaveCount(1);
    await page.getByRole("button", { name: /^Use this key/ }).click();
    await expect(page.getByRole("banner")).toContainText("(retailer)");
    await page.getByRole("button", { name: /^Remove .*\(brand\)/ }).click();
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(1);
    const session = await (await page.request.get("/api/session")).json();
    expect(session.keyType).toBe("Customer");
    expect(session.keys).toHaveLength(1);
  });
});

test("after connecting, no response, URL, cookie or storage entry the browser holds contains the key", async ({ page }) => {
  const bodies: { url: string; text: string }[] = [];
  page.on("response", async (response) => {
    const text = await response.text().catch(() => "");
    bodies.push({ url: response.url(), text });
  });
  // Typed, as a person would: the one request that carries it is the connect POST itself.
  await page.goto("/connect");
  await page.getByLabel("API key").fill("test-supplier-demo");
  await page.getByRole("radio", { name: /Test/ }).check();
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected as" })).toBeVisible();
  await expect(page.getByLabel("API key")).toHaveValue("");

  await page.goto("/connect");
  await page.goto("/docs/api");
  const reads = ["/api/session", "/api/v1/invoices?PageSize=5", "/api/v2/purchases?page_size=5"];
  await page.evaluate(async (urls) => {
    for (const url of urls) await (await fetch(url)).text();
  }, reads);
  // Every body is read by the listener above before it is checked (not "networkidle": a page may keep a connection
  // open, and that wait timed out on a loaded machine).
  await expect.poll(() => reads.filter((read) => bodies.some((b) => b.url.endsWith(read))).length).toBe(reads.length);

  expect(bodies.length).toBeGreaterThan(5);
  for (const key of DEMO_KEYS) {
    expect(bodies.filter((b) => b.text.includes(key) || b.url.includes(key)).map((b) => b.url), `responses holding ${key}`).toEqual([]);
    for (const cookie of await page.context().cookies()) expect(cookie.value).not.toContain(key);
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(storage).not.toContain(key);
    expect(await page.content()).not.toContain(key);
  }
});

test("a cross-site write is refused before it reaches the session or the API", async ({ page, playwright, baseURL }) => {
  await connectAsDemo(page, "Try as a retailer");
  const cookie = await sessionCookie(page.context());
  const outsider = await playwright.request.newContext({ baseURL });
  const headers = { Cookie: `${cookie.name}=${cookie.value}`, Origin: "https://evil.example", "Content-Type": "application/json" };
  const connect = await outsider.post("/api/session", { headers, data: { demo: "Employee", environment: "test" } });
  expect(connect.status()).toBe(403);
  const write = await outsider.post("/api/v1/payments/applications?PaymentInvoiceNum=PAY-1&TargetInvoiceNum=INV-1&ARAccountID=50001&Amount=1", { headers });
  expect(write.status()).toBe(403);
  const signOut = await outsider.delete("/api/session", { headers: { ...headers, "Sec-Fetch-Site": "cross-site" } });
  expect(signOut.status()).toBe(403);
  // The session survived all three.
  expect((await page.request.get("/api/session")).status()).toBe(200);
  await outsider.dispose();
});

test("sign-out makes the old session cookie useless", async ({ page, playwright, baseURL }) => {
  await connectAsDemo(page, "Try as a brand");
  const cookie = await sessionCookie(page.context());
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Your keys" })).toHaveCount(0);
  const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `${cookie.name}=${cookie.value}` } });
  expect((await replay.get("/api/session")).status()).toBe(401);
  expect((await replay.get("/api/v1/states")).status()).toBe(401);
  await replay.dispose();
});

test("pages carry a nonce-based Content-Security-Policy and the other security headers", async ({ page }) => {
  const response = await page.goto("/connect");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(headers["content-security-policy"]).toContain(directive);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  // JSON answers get the fixed headers too (from next.config.mjs; the nonce proxy runs for pages only).
  const json = await page.request.get("/api/v1/states");
  expect(json.headers()["x-content-type-options"]).toBe("nosniff");
  // The page works under the policy: the form hydrates and validates on the client.
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText("Enter the whole API key")).toBeVisible();
});
