import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type ISpectralDiagnostic, type RulesetDefinition, Spectral } from "@stoplight/spectral-core";
import { oas } from "@stoplight/spectral-rulesets";
import { beforeAll, describe, expect, it } from "vitest";
import { methodsOf } from "./core/openapi";
import { endpointsMarkdown } from "./core/endpoints-doc";
import { FEATURES } from "./features";
import { openApiDocument, ROUTE_GROUPS, ROUTE_SPECS } from "./routes";

const root = new URL("../..", import.meta.url).pathname;

/** Every `app/api/**\/route.ts`, as "METHOD /api/path/{param}" for each method it exports. */
function servedRoutes(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "route.ts") files.push(path);
    }
  };
  walk(join(root, "app/api"));
  return files.flatMap((file) => {
    const address = `/${relative(join(root, "app"), file)}`
      .replace(/\/route\.ts$/, "")
      .replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
    const source = readFileSync(file, "utf8");
    const single = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = /g)].map((m) => m[1]!);
    const destructured = [...source.matchAll(/export const \{([^}]+)\} = /g)].flatMap((m) =>
      m[1]!.split(",").map((name) => name.trim()),
    );
    return [...single, ...destructured].map((method) => `${method} ${address}`);
  });
}

const SEVERITY = ["error", "warning", "information", "hint"] as const;
const line = (d: ISpectralDiagnostic) => `${SEVERITY[d.severity]} ${d.code} ${d.path.join(".")}: ${d.message}`;

describe("Backroom's own routes, described once", () => {
  it("every route has its method, address and summary", () => {
    const undescribed = ROUTE_SPECS.filter((spec) => !spec.path || !spec.summary || methodsOf(spec).length === 0);
    expect(
      undescribed.map((spec) => `${spec.method ?? "?"} ${spec.path ?? "?"} (${spec.summary ?? spec.what ?? ""})`),
    ).toEqual([]);
  });

  it("lists exactly the handlers the route files under app/api/ export", () => {
    const described = ROUTE_SPECS.flatMap((spec) => methodsOf(spec).map((method) => `${method} ${spec.path}`));
    expect([...described].sort()).toEqual(servedRoutes().sort());
  });

  it("has the docs' endpoints list as the specs write it (run `npm run endpoints` after changing a route's spec)", () => {
    const written = readFileSync(join(root, "docs/endpoints.md"), "utf8");
    expect(written).toBe(endpointsMarkdown(ROUTE_SPECS, openApiDocument()));
  });
});

/** `orderGuide` → `order-guide`: a key of `FEATURES` as a folder's and an address's word. */
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const isFolder = (name: string) => existsSync(join(root, "lib/server", name, "README.md"));

describe("one name per feature", () => {
  it.each(Object.keys(FEATURES))("the features-list key %s is its folder's name and its routes' first word", (key) => {
    const name = kebab(key);
    expect(isFolder(name), `lib/server/${name}/`).toBe(true);
    const routes = (ROUTE_GROUPS as Record<string, readonly { spec: { path: string } }[]>)[name] ?? [];
    for (const { spec } of routes) expect(spec.path.split("/")[2], spec.path).toBe(name);
  });

  it.each(Object.entries(ROUTE_GROUPS).filter(([name]) => name !== "core"))(
    "the routes of lib/server/%s/ all begin /api/%s",
    (name, routes) => {
      expect(isFolder(name)).toBe(true);
      expect(routes.map((route) => route.spec.path.split("/")[2])).toEqual(routes.map(() => name));
    },
  );

  it("leaves the core only the core's own addresses, and no old address but a deprecated 308", () => {
    const features = new Set(Object.keys(ROUTE_GROUPS).filter((name) => name !== "core"));
    for (const { spec } of ROUTE_GROUPS.core) expect(features.has(spec.path.split("/")[2]!), spec.path).toBe(false);
    for (const spec of ROUTE_SPECS.filter((s) => s.deprecated)) expect(spec.status, spec.path).toBe(308);
  });
});

describe("GET /api/openapi.json", () => {
  let findings: ISpectralDiagnostic[] = [];
  beforeAll(async () => {
    const spectral = new Spectral();
    // `oas` is a ruleset without `extends`, which RulesetDefinition's types do not admit (stoplightio/spectral#2009).
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, "recommended"]] });
    findings = await spectral.run(JSON.stringify(openApiDocument()));
  });

  it("passes Spectral's oas ruleset with no error", () => {
    expect(findings.filter((d) => d.severity === 0).map(line)).toEqual([]);
  });

  it("passes it with no warning either", () => {
    expect(findings.filter((d) => d.severity === 1).map(line)).toEqual([]);
  });
});
