import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import SQLite from "better-sqlite3";
import { type Started, startApp, stop } from "../scripts/processes";
import { seriousViolations } from "./axe";

// A new server's sandbox: opened at the server's start, in the background, from the seed's templates, and
// said to be preparing while it is. Two apps of this file's own, started together from the existing build on fresh data
// directories, sharing a template folder of the test's own that has no template yet; the test holds the folder's lock
// meanwhile (as a third server making the templates would), so both sandboxes are preparing for as long as it wants.
// Once it lets go, one app makes each template (a small seed: scale 0.05) and both copy them: nothing is seeded twice,
// and no data directory is seeded for itself.

const SLOW = { timeout: 60_000 };

test("a new server says the sandbox is being prepared, opens the demo once it is, and copies the templates seeded once for every server", async ({
  page,
}) => {
  // Two servers starting beside the suite's two browsers on two cores: once (27 November) past five minutes.
  test.setTimeout(420_000);
  const dir = mkdtempSync(join(tmpdir(), "backroom-e2e-sandbox-start-"));
  const templates = join(dir, "templates");
  mkdirSync(templates);
  const lock = new SQLite(join(templates, "templates.lock"));
  lock.exec("begin exclusive");
  const apps: Started[] = [];
  const settings = {
    build: false,
    env: {
      SANDBOX_TEMPLATE_DIR: templates,
      SANDBOX_SCALE: "0.05",
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      WATCH_PERIOD_SECONDS: "0",
      HISTORY_SWEEP_SECONDS: "0",
      COLLECTIONS_SWEEP_SECONDS: "0",
    },
  };
  try {
    const started = await Promise.allSettled([
      startApp(join(dir, "one"), settings),
      startApp(join(dir, "two"), settings),
    ]);
    for (const app of started) if (app.status === "fulfilled") apps.push(app.value.process);
    const [one, two] = started.map((app) => {
      if (app.status === "rejected") throw app.reason;
      return app.value;
    });
    if (!one || !two) throw new Error("two apps were started");

    // The instance serves (ready, degraded: only its sandbox is missing), and says why.
    const ready = await page.request.get(`${one.base}/api/ready`);
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "degraded", checks: { database: "ok", sandbox: "preparing" } });

    // The sign-in page says so from its first paint; the demo chosen now waits for the sandbox, and its button says why.
    await page.goto(`${one.base}/sign-in`);
    const note = page.getByRole("status").filter({ hasText: "Preparing the sandbox…" });
    await expect(note).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("radio", { name: /Test/ }).check();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/demo", SLOW);
    await page.getByRole("button", { name: "Try as a retailer" }).click();
    await expect(page.getByRole("button", { name: "Preparing the sandbox…" })).toBeVisible();

    // The templates' maker is done: the sandboxes copy them, and the demo opens.
    lock.exec("rollback");
    lock.close();
    expect((await answered).status()).toBe(200);
    await page.waitForURL((url) => url.pathname !== "/sign-in", SLOW);

    // The other server's first demo: its sandbox is a copy too.
    const demo = await page.request.post(`${two.base}/api/demo`, {
      data: { as: "Supplier", environment: "test" },
      headers: { Origin: two.base },
      ...SLOW,
    });
    expect(demo.status(), await demo.text()).toBe(200);
    for (const app of apps) {
      expect(app.lines, app.lines.join("\n")).toEqual(
        expect.arrayContaining([
          expect.stringContaining("sandbox: copied the test environment from its template"),
          expect.stringContaining("sandbox: copied the production environment from its template"),
        ]),
      );
      expect(app.lines.filter((line) => /sandbox: seeded the (test|production) environment in/.test(line))).toEqual([]);
    }
    const lines = apps.flatMap((app) => app.lines);
    expect(lines.filter((line) => line.includes("seeded the test environment's template"))).toHaveLength(1);
    expect(lines.filter((line) => line.includes("seeded the production environment's template"))).toHaveLength(1);

    // Prepared, the sign-in page says nothing of it.
    await page.goto(`${two.base}/sign-in`);
    await expect(page.getByRole("heading", { name: "No account? Try the demo" })).toBeVisible();
    await expect(page.getByText("Preparing the sandbox…")).toHaveCount(0);
  } finally {
    if (lock.open) lock.close();
    for (const app of apps) await stop(app.child);
    rmSync(dir, { recursive: true, force: true });
  }
});
