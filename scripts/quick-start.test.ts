import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");

describe("README quick start", () => {
  const readme = read("README.md");
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.split("\n").filter((l) => l && !l.startsWith("#")));

  it("gives two one-line commands: one to start the app, one to run every test", () => {
    expect(blocks.slice(0, 2).map((b) => b.length)).toEqual([1, 1]);
    expect(blocks[0]![0]).toMatch(/npm start$/);
    expect(blocks[1]![0]).toMatch(/npm test$/);
  });

  it("is the command CI runs", () => {
    const ci = read(".ci/run").split("\n").filter((l) => l && !l.startsWith("#"));
    expect(ci.at(-1)).toBe(blocks[1]![0]);
  });

  it("npm test runs typecheck, lint, unit and browser tests, the bundle budgets (on the build the browser tests made), then the multi-instance test when PostgreSQL and Redis are configured", () => {
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    expect(scripts.test).toBe("npm run typecheck && npm run lint && npm run test:unit && npm run test:e2e && npm run test:budgets && node scripts/test-scale.mjs --if-configured");
    expect(scripts["test:budgets"]).toBe("tsx scripts/check-bundle-budgets.ts");
    expect(scripts["test:scale"]).toBe("node scripts/test-scale.mjs");
  });

  it("CI starts PostgreSQL and Redis and exports their URLs before the test command, so every profile runs", () => {
    const ci = read(".ci/run");
    const start = /^scripts\/test-services\.sh start "\$services" >"\$services\.env"\nsource "\$services\.env"$/m.exec(ci);
    expect(start).not.toBeNull();
    expect(start!.index).toBeLessThan(ci.lastIndexOf("npm install && npm test"));
    const started = read("scripts/test-services.sh");
    expect(started).toContain("export DATABASE_URL=postgres://");
    expect(started).toContain("export REDIS_URL=redis://");
  });
});
