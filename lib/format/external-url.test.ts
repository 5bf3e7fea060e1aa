import { describe, expect, it } from "vitest";
import { externalHref } from "./external-url";

describe("externalHref", () => {
  it.each([
    ["https://erp.example/doc/1.pdf?token=abc", "https://erp.example/doc/1.pdf?token=abc"],
    [
      "http://127.0.0.1:3000/sandbox/test/documents/invoices/1.pdf",
      "http://127.0.0.1:3000/sandbox/test/documents/invoices/1.pdf",
    ],
    ["  https://erp.example/a b.pdf ", "https://erp.example/a%20b.pdf"],
    ["/sandbox/test/documents/coa/7.pdf", "/sandbox/test/documents/coa/7.pdf"],
  ])("links %j as %j", (value, href) => {
    expect(externalHref(value)).toBe(href);
  });

  it.each([
    "javascript:alert(document.cookie)",
    " JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/x",
    "/\\evil.example",
    "file:///etc/passwd",
    "not a url",
    "",
    null,
    undefined,
  ])("does not link %j", (value) => {
    expect(externalHref(value)).toBeUndefined();
  });
});
