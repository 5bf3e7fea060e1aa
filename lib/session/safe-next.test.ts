import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("safeNext", () => {
  it.each([
    ["/invoices?Statuses=1#top", "/invoices?Statuses=1#top"],
    ["/connect", "/connect"],
  ])("keeps a path of this site: %s", (value, expected) => {
    expect(safeNext(value)).toBe(expected);
  });

  it.each([
    ["//evil.com"],
    ["/\\evil.com"],
    ["/\t/evil.com"],
    ["/\n/evil.com"],
    ["https://evil.com/"],
    ["evil.com"],
    [""],
    [["/a", "/b"]],
    [undefined],
  ])("refuses anything that could leave the site: %j", (value) => {
    expect(safeNext(value)).toBeUndefined();
  });
});
