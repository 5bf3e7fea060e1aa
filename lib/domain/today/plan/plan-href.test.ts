import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { planHref, planRead } from "./plan-href";

/** The page's search parameters as Next hands them to a page (`searchParams`: a record of strings). */
const searchOf = (href: string) => Object.fromEntries(new URL(href, "http://backroom.test").searchParams);
const pathOf = (href: string) => new URL(href, "http://backroom.test").pathname;

describe("planHref: the plan's pages with a day, read back by the page itself", () => {
  it.each([
    [planHref.day({ rep: 1008, date: "2026-12-04" }), "/today/plan", { rep: 1008, date: "2026-12-04" }],
    [planHref.day({ date: "2026-12-04" }), "/today/plan", { date: "2026-12-04" }],
    [planHref.day(), "/today/plan", {}],
  ])("a date's plan: %s", (href, path, link) => {
    expect(pathOf(href)).toBe(path);
    expect(planRead.day(searchOf(href))).toEqual(link);
    expect(existsSync(join(process.cwd(), "app/(dashboard)", path, "page.tsx"))).toBe(true);
  });

  it.each([
    [planHref.week({ rep: 1008, weekOf: "2026-12-02" }), "/today/plan/week", { rep: 1008, weekOf: "2026-12-02" }],
    [planHref.week(), "/today/plan/week", {}],
  ])("a week's plan: %s", (href, path, link) => {
    expect(pathOf(href)).toBe(path);
    expect(planRead.week(searchOf(href))).toEqual(link);
    expect(existsSync(join(process.cwd(), "app/(dashboard)", path, "page.tsx"))).toBe(true);
  });

  it.each([
    // Not a date, or no such day: the person's today, as if absent.
    ["date=friday", {}],
    ["date=2026-02-30x", {}],
    ["date=2026-13-01", {}],
    ["date=", {}],
    ["rep=abc&date=2026-12-04", { date: "2026-12-04" }],
  ])("reads ?%s as the page would", (query, link) => {
    expect(planRead.day(new URLSearchParams(query))).toEqual(link);
  });
});
