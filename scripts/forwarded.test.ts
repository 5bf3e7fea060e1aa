import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { settleForwarded, trustedHops } from "./forwarded.mjs";

describe("trustedHops (TRUST_PROXY)", () => {
  it.each([
    [undefined, 0],
    ["", 0],
    ["0", 0],
    ["false", 0],
    ["1", 1],
    ["true", 1],
    ["TRUE", 1],
    ["2", 2],
  ])("reads %j as %i trusted proxies", (value, hops) => {
    expect(trustedHops(value)).toBe(hops);
  });

  it.each(["yes", "-1", "1.5", "11"])("refuses %j", (value) => {
    expect(() => trustedHops(value)).toThrow(/TRUST_PROXY/);
  });
});

describe("settleForwarded", () => {
  const settle = (headers: IncomingHttpHeaders, hops: number, remoteAddress = "10.0.0.5", encrypted = false) => {
    const copy = { ...headers };
    settleForwarded(copy, { remoteAddress, encrypted, hops });
    return copy;
  };

  it("without a trusted proxy, ignores what the client claims: the socket's address and scheme, the Host header", () => {
    const headers = settle(
      {
        host: "backroom.example",
        "x-forwarded-for": "1.2.3.4",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "evil.example",
        "x-forwarded-port": "443",
      },
      0,
      "203.0.113.9",
    );
    expect(headers).toEqual({
      host: "backroom.example",
      "x-forwarded-for": "203.0.113.9",
      "x-forwarded-proto": "http",
    });
  });

  it("behind one load balancer, takes the address it saw, the scheme and host it set", () => {
    // nginx: proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for (appends the client it was reached from).
    const headers = settle(
      {
        host: "127.0.0.1:3001",
        "x-forwarded-for": "198.51.100.7",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "backroom.example",
      },
      1,
    );
    expect(headers).toMatchObject({
      "x-forwarded-for": "198.51.100.7",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "backroom.example",
    });
  });

  it("behind one load balancer, drops what the client wrote before it (a forged X-Forwarded-For)", () => {
    const headers = settle({ "x-forwarded-for": "6.6.6.6, 198.51.100.7" }, 1);
    expect(headers["x-forwarded-for"]).toBe("198.51.100.7");
  });

  it("behind two proxies, takes the address the outer one saw", () => {
    const headers = settle({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.2" }, 2);
    expect(headers["x-forwarded-for"]).toBe("198.51.100.7");
  });

  it("with a trusted proxy that set nothing, falls back to the socket", () => {
    expect(settle({}, 1, "10.0.0.5", true)).toEqual({ "x-forwarded-for": "10.0.0.5", "x-forwarded-proto": "https" });
    expect(settle({ "x-forwarded-proto": "gopher" }, 1)["x-forwarded-proto"]).toBe("http");
  });
});
