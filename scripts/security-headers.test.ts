import { describe, expect, it } from "vitest";
import config from "../next.config.mjs";

type Rule = { source: string; headers: { key: string; value: string }[] };

/** The headers Next gives a path from the config's rules: every matching rule in order, the later winning a key. */
async function headersOf(path: string): Promise<Record<string, string>> {
  const rules = ((await config.headers?.()) ?? []) as Rule[];
  const out: Record<string, string> = {};
  for (const rule of rules) {
    // The two forms the config uses: "/:path*" (everything) and "/menu/:path*" (a prefix).
    const prefix = rule.source.replace(/:path\*$/, "");
    if (path.startsWith(prefix)) for (const { key, value } of rule.headers) out[key] = value;
  }
  return out;
}

describe("next.config.mjs: the security headers", () => {
  it("send no referrer from a public menu (its address holds the token), and same-origin elsewhere", async () => {
    expect((await headersOf("/menu/abc123"))["Referrer-Policy"]).toBe("no-referrer");
    expect((await headersOf("/invoices"))["Referrer-Policy"]).toBe("same-origin");
    expect((await headersOf("/menu/abc123"))["X-Content-Type-Options"]).toBe("nosniff");
  });
});
