import { describe, expect, it } from "vitest";
import { isSafeRedirect, safeNext } from "./safe-next";

describe("safeNext", () => {
  it.each([
    ["/invoices?Statuses=1#top", "/invoices?Statuses=1#top"],
    ["/connect", "/connect"],
    ["/", "/"],
    ["/invitations/abc_DEF-123", "/invitations/abc_DEF-123"],
    ["/sign-in?next=%2Finvoices", "/sign-in?next=%2Finvoices"],
    // Dots inside the site are folded, and stay inside it.
    ["/a/../invoices", "/invoices"],
  ])("keeps a path of this site: %s", (value, expected) => {
    expect(safeNext(value)).toBe(expected);
  });

  // Every form here would take whoever follows it to another site, at once or after one more resolution.
  it.each([
    ["//evil.com"],
    ["///evil.com"],
    ["/\\evil.com"],
    ["/\\/evil.com"],
    ["\\\\evil.com"],
    ["/\t/evil.com"],
    ["/\n/evil.com"],
    ["/\r/evil.com"],
    ["/.//evil.example/pwned"],
    ["/%2e//evil.example"],
    ["/%2E//evil.example"],
    ["/..//evil.example"],
    ["/../..//evil.example"],
    ["/./..//evil.example"],
    ["/a/..//evil.example"],
    ["/.\\/evil.example"],
    ["/./\\evil.example"],
    ["/.%2f/evil.example"],
    ["https://evil.com/"],
    ["http:evil.com"],
    ["javascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["evil.com"],
    [" /invoices"],
    [""],
    [["/a", "/b"]],
    [undefined],
  ])("refuses anything that could leave the site: %j", (value) => {
    expect(safeNext(value as string | string[] | undefined)).toBeUndefined();
    expect(isSafeRedirect(value)).toBe(false);
  });

  it("refuses the forms that once came back as `//x`", () => {
    for (const value of ["/.//x", "/%2e//x", "/..//x"]) {
      expect(safeNext(value), value).toBeUndefined();
      expect(isSafeRedirect(value), value).toBe(false);
    }
  });
});
