import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { fixedClock } from "./clock";
import { type SandboxRuntime, startSandbox, type SandboxRuntimeOptions } from "./runtime";
import { templateName } from "./template";
import { OLDEST_KEPT_SEED_VERSION, SEED_VERSION } from "./seed";

const dir = mkdtempSync(join(tmpdir(), "backroom-runtime-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const options = (extra: Partial<SandboxRuntimeOptions> = {}): SandboxRuntimeOptions => ({
  dataDir: dir,
  clock: fixedClock("2026-11-21T18:00:00.000Z"),
  rateLimit: 1000,
  scale: 0.05,
  basePath: "",
  ...extra,
});

const get = (runtime: Awaited<ReturnType<typeof startSandbox>>, path: string, key = "test-employee-demo") =>
  runtime.app.request(path, { headers: { "x-api-key": key } });

describe("sandbox runtime", () => {
  it("without v2 (SANDBOX_V2=off) answers the v2 purchase paths 404 with a valid key; v1's purchases still answer", async () => {
    const runtime = await startSandbox(options({ dataDir: ":memory:", v2: false }));
    try {
      const v2 = await get(runtime, "/test/api/v2/purchases?page_size=5");
      expect([v2.status, await v2.json()]).toEqual([404, { Error: "Not found" }]);
      expect((await get(runtime, "/test/api/v1/purchases?PageSize=5")).status).toBe(200);
    } finally {
      await runtime.close();
    }
  });

  it("keeps data and issued keys across a restart, without seeding again; --reset seeds afresh", async () => {
    const lines: string[] = [];
    const first = await startSandbox(options({ log: (l) => lines.push(l) }));
    expect(lines.filter((l) => l.includes("seeded"))).toHaveLength(2);
    const issued = await first.app.request("/test/operator/keys", {
      method: "POST",
      headers: { "x-api-key": first.operatorKey, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "Employee", company: "Auditor" }),
    });
    const { key } = (await issued.json()) as { key: string };
    const before = (await get(first, "/test/api/v1/invoices?PageSize=50")).headers.get("ETag");
    await first.close();

    const second = await startSandbox(options({ log: (l) => lines.push(l) }));
    expect(lines.filter((l) => l.includes("seeded"))).toHaveLength(2);
    expect((await get(second, "/test/api/v1/states", key)).status).toBe(200);
    expect((await get(second, "/test/api/v1/invoices?PageSize=50")).headers.get("ETag")).toBe(before);
    await second.close();

    const reset = await startSandbox(options({ reset: true, log: (l) => lines.push(l) }));
    expect(lines.filter((l) => l.includes("seeded"))).toHaveLength(4);
    expect((await get(reset, "/test/api/v1/states", key)).status).toBe(401);
    expect((await get(reset, "/test/api/v1/invoices?PageSize=50")).headers.get("ETag")).toBe(before);
    await reset.close();
  }, 60_000);

  it("makes the operator key at the first start in <dataDir>/operator-key (0600), reads it at the next; SANDBOX_OPERATOR_KEY wins", async () => {
    const own = mkdtempSync(join(tmpdir(), "backroom-operator-"));
    const dataDir = join(own, "data");
    const clock = async (runtime: Awaited<ReturnType<typeof startSandbox>>, key: string) =>
      (await runtime.app.request("/test/operator/clock", { headers: { "x-api-key": key } })).status;
    const first = await startSandbox(options({ dataDir }));
    const file = join(dataDir, "operator-key");
    expect(first.operatorKeyFile).toBe(file);
    expect(readFileSync(file, "utf8").trim()).toBe(first.operatorKey);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await clock(first, first.operatorKey)).toBe(200);
    expect(await clock(first, "test-employee-demo")).toBe(401);
    // The demo keys still read the API.
    expect((await get(first, "/test/api/v1/states")).status).toBe(200);
    await first.close();

    const second = await startSandbox(options({ dataDir }));
    expect(second.operatorKey).toBe(first.operatorKey);
    expect(await clock(second, first.operatorKey)).toBe(200);
    await second.close();

    const given = "given-by-SANDBOX_OPERATOR_KEY-0123456789";
    const third = await startSandbox(options({ dataDir, operatorKey: given }));
    expect([third.operatorKey, third.operatorKeyFile]).toEqual([given, undefined]);
    expect(await clock(third, given)).toBe(200);
    expect(await clock(third, first.operatorKey)).toBe(401);
    await third.close();
    // The file is left as it was, for a start without the setting.
    expect(readFileSync(file, "utf8").trim()).toBe(first.operatorKey);
    expect(readdirSync(dataDir).filter((name) => name.includes("operator"))).toEqual(["operator-key"]);
    rmSync(own, { recursive: true, force: true });
  }, 60_000);

  it("makes no file for a sandbox in memory: its key is the runtime's", async () => {
    const runtime = await startSandbox(options({ dataDir: ":memory:" }));
    expect(runtime.operatorKeyFile).toBeUndefined();
    expect(runtime.operatorKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      (await runtime.app.request("/test/operator/clock", { headers: { "x-api-key": runtime.operatorKey } })).status,
    ).toBe(200);
    await runtime.close();
  }, 60_000);

  it("starts an environment afresh when a seed version older than the kept ones made it", async () => {
    const own = mkdtempSync(join(tmpdir(), "backroom-version-"));
    const lines: string[] = [];
    const first = await startSandbox(options({ dataDir: own }));
    await first.databases.test
      .updateTable("sandbox_meta")
      .set({ value: "0" })
      .where("key", "=", "seed_version")
      .execute();
    await first.close();
    const second = await startSandbox(options({ dataDir: own, log: (l) => lines.push(l) }));
    expect(lines.filter((l) => l.includes("seeded by seed version 0"))).toHaveLength(1);
    expect(lines.filter((l) => l.includes("seeded the"))).toEqual([expect.stringContaining("test environment")]);
    const version = await second.databases.test
      .selectFrom("sandbox_meta")
      .select("value")
      .where("key", "=", "seed_version")
      .executeTakeFirstOrThrow();
    expect(version.value).toBe(SEED_VERSION);
    await second.close();
    rmSync(own, { recursive: true, force: true });
  }, 60_000);

  it("keeps an environment an older kept version of the seed made, saying how to reseed it; --reset seeds afresh", async () => {
    const own = mkdtempSync(join(tmpdir(), "backroom-kept-"));
    const first = await startSandbox(options({ dataDir: own }));
    await first.databases.test
      .updateTable("sandbox_meta")
      .set({ value: OLDEST_KEPT_SEED_VERSION })
      .where("key", "=", "seed_version")
      .execute();
    await first.databases.test
      .updateTable("customers")
      .set({ customer_name: "Kept Store" })
      .where("customer_id", "=", 20001)
      .execute();
    await first.close();
    const version = (runtime: SandboxRuntime) =>
      runtime.databases.test
        .selectFrom("sandbox_meta")
        .select("value")
        .where("key", "=", "seed_version")
        .executeTakeFirstOrThrow();
    const name = (runtime: SandboxRuntime) =>
      runtime.databases.test
        .selectFrom("customers")
        .select("customer_name")
        .where("customer_id", "=", 20001)
        .executeTakeFirstOrThrow();

    const lines: string[] = [];
    const kept = await startSandbox(options({ dataDir: own, log: (l) => lines.push(l) }));
    expect(lines.filter((l) => l.includes("seeded the"))).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringContaining(`keeps its data of seed version ${OLDEST_KEPT_SEED_VERSION}; start with --reset`),
    );
    expect((await version(kept)).value).toBe(OLDEST_KEPT_SEED_VERSION);
    expect((await name(kept)).customer_name).toBe("Kept Store");
    await kept.close();

    const reset = await startSandbox(options({ dataDir: own, reset: true }));
    expect((await version(reset)).value).toBe(SEED_VERSION);
    expect((await name(reset)).customer_name).not.toBe("Kept Store");
    await reset.close();
    rmSync(own, { recursive: true, force: true });
  }, 60_000);

  it("copies a new data directory's environments from the templates: seeded once for two directories, the same data", async () => {
    const own = mkdtempSync(join(tmpdir(), "backroom-templates-"));
    const templateDir = join(own, "templates");
    const lines: string[] = [];
    const first = await startSandbox(options({ dataDir: join(own, "one"), templateDir, log: (l) => lines.push(l) }));
    expect(lines.filter((l) => l.includes("template"))).toEqual([
      expect.stringContaining("seeded the production environment's template"),
      expect.stringContaining("copied the production environment from its template"),
      expect.stringContaining("seeded the test environment's template"),
      expect.stringContaining("copied the test environment from its template"),
    ]);
    const second = await startSandbox(options({ dataDir: join(own, "two"), templateDir, log: (l) => lines.push(l) }));
    expect(lines.slice(4)).toEqual([
      expect.stringContaining("copied the production environment from its template"),
      expect.stringContaining("copied the test environment from its template"),
    ]);
    // The copies are each their own: a key issued in one is unknown to the other.
    const issued = await first.app.request("/test/operator/keys", {
      method: "POST",
      headers: { "x-api-key": first.operatorKey, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "Employee", company: "Auditor" }),
    });
    const { key } = (await issued.json()) as { key: string };
    expect((await get(first, "/test/api/v1/states", key)).status).toBe(200);
    expect((await get(second, "/test/api/v1/states", key)).status).toBe(401);
    const seeded = await startSandbox(options({ dataDir: ":memory:" }));
    for (const path of [
      "/test/api/v1/invoices?Statuses=1,7&PageSize=200",
      "/production/api/v1/payments?PageSize=200",
    ]) {
      const demo = path.startsWith("/production") ? "production-employee-demo" : "test-employee-demo";
      expect((await get(second, path, demo)).headers.get("ETag"), path).toBe(
        (await get(seeded, path, demo)).headers.get("ETag"),
      );
    }
    await Promise.all([first.close(), second.close(), seeded.close()]);

    // --reset copies afresh, seeding nothing.
    const reset = await startSandbox(
      options({ dataDir: join(own, "one"), templateDir, reset: true, log: (l) => lines.push(l) }),
    );
    expect(lines.slice(6)).toEqual([
      expect.stringContaining("copied the production environment"),
      expect.stringContaining("copied the test environment"),
    ]);
    expect((await get(reset, "/test/api/v1/states", key)).status).toBe(401);
    await reset.close();
    rmSync(own, { recursive: true, force: true });
  }, 60_000);

  it("restores the seed from the template on the operator's reset, when one is right for the moment", async () => {
    const own = mkdtempSync(join(tmpdir(), "backroom-templates-"));
    const templateDir = join(own, "templates");
    const runtime = await startSandbox(options({ dataDir: join(own, "data"), templateDir }));
    const states = async () =>
      ((await (await get(runtime, "/test/api/v1/states")).json()) as { Data: { StateName: string }[] }).Data.map(
        (s) => s.StateName,
      );
    const seededStates = await states();
    // Marked in the template itself: what the reset restores shows where it came from.
    const template = new SQLite(
      join(templateDir, templateName("test", new Date("2026-11-21T18:00:00.000Z"), 0.05, true)),
    );
    template.prepare("update states set state_name = 'From the template' where state = 'CA'").run();
    template.close();
    const reset = await runtime.app.request("/test/operator/reset", {
      method: "POST",
      headers: { "x-api-key": runtime.operatorKey, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ env: "test", seededAt: "2026-11-21T18:00:00.000Z", scale: 0.05 });
    expect(await states()).toEqual(seededStates.map((name) => (name === "California" ? "From the template" : name)));
    await runtime.close();
    rmSync(own, { recursive: true, force: true });
  }, 60_000);

  it("seeds the same data from scratch every time: equal answers, equal ETags", async () => {
    const a = await startSandbox(options({ dataDir: ":memory:" }));
    const b = await startSandbox(options({ dataDir: ":memory:" }));
    for (const path of [
      "/test/api/v1/invoices?Statuses=1,7&PageSize=200",
      "/test/api/v1/products?PageSize=200",
      "/production/api/v1/payments?PageSize=200",
    ]) {
      const key = path.startsWith("/production") ? "production-employee-demo" : "test-employee-demo";
      expect((await get(b, path, key)).headers.get("ETag"), path).toBe((await get(a, path, key)).headers.get("ETag"));
    }
    await Promise.all([a.close(), b.close()]);
  }, 60_000);
});
