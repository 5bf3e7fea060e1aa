import { describe, expect, it } from "vitest";
import type { DisputeSummary } from "@/lib/domain/disputes/view";
import { ageDays, applyFilter, filterOf, listHref } from "./dispute-figures";

const NOW = new Date("2026-12-10T12:00:00Z");
const dispute = (over: Partial<DisputeSummary>): DisputeSummary =>
  ({
    id: "d",
    status: "open",
    openedAt: "2026-12-09T12:00:00Z",
    resolvedAt: null,
    lines: [{ reason: "short", productId: 1, supplierId: 7 }],
    ...over,
  }) as DisputeSummary;

describe("the list's filter in the address", () => {
  it("reads what it knows and drops the rest", () => {
    expect(filterOf(new URLSearchParams("status=open&reason=damaged&productId=12&age=8-14&x=1"))).toEqual({
      status: "open",
      reason: "damaged",
      productId: 12,
      age: "8-14",
    });
    expect(filterOf(new URLSearchParams("status=closed&reason=late&supplierId=-1&age=9"))).toEqual({});
  });

  it("a figure's link is the list filtered, and reads back as the same filter", () => {
    const href = listHref({ status: "open", supplierId: 7 });
    expect(href).toBe("/disputes?status=open&supplierId=7");
    expect(filterOf(new URL(href, "http://x").searchParams)).toEqual({ status: "open", supplierId: 7 });
  });
});

describe("applyFilter", () => {
  const a = dispute({ id: "a", openedAt: "2026-12-09T12:00:00Z" });
  const b = dispute({
    id: "b",
    openedAt: "2026-11-20T12:00:00Z",
    lines: [{ reason: "damaged", productId: 2, supplierId: 8 }] as DisputeSummary["lines"],
  });
  const c = dispute({
    id: "c",
    status: "resolved",
    openedAt: "2026-11-01T00:00:00Z",
    resolvedAt: "2026-11-03T00:00:00Z",
  });

  it("keeps the disputes of a reason, a product, a brand, an age", () => {
    const ids = (f: Parameters<typeof applyFilter>[1]) => applyFilter([a, b, c], f, NOW).map((d) => d.id);
    expect(ids({})).toEqual(["a", "b", "c"]);
    expect(ids({ reason: "damaged" })).toEqual(["b"]);
    expect(ids({ productId: 1 })).toEqual(["a", "c"]);
    expect(ids({ supplierId: 8 })).toEqual(["b"]);
    expect(ids({ age: "0-2" })).toEqual(["a"]);
    expect(ids({ age: "15+" })).toEqual(["b"]);
    expect(ids({ age: "8-14" })).toEqual([]);
    expect(ids({ status: "resolved" })).toEqual(["c"]);
  });

  it("a resolved dispute's age stops when it was resolved", () => {
    expect(ageDays(c, NOW)).toBe(2);
    expect(ageDays(b, NOW)).toBe(20);
  });
});
