import { describe, expect, it } from "vitest";
import { insightsHref } from "./insights-href";

describe("insightsHref", () => {
  it.each([
    ["Supplier", null, "/insights"],
    ["Supplier", 31, "/insights"],
    ["Employee", null, "/insights"],
    ["Employee", 31, "/insights?rep=31"],
    ["Customer", 31, undefined],
  ] as const)("a %s key's person linked to rep %s goes to %s", (keyType, rep, href) => {
    expect(insightsHref(keyType, rep)).toBe(href);
  });
});
