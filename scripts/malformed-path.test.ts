import { readdirSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { getRewrittenUrl, unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NextConfig } from "next";
import { config as proxyConfig, proxy } from "@/proxy";
import { answerMalformedPath, hasMalformedEscape, malformedPathAnswer, NOT_FOUND_PATH } from "./malformed-path.mjs";

/** What Next does with each segment of a dynamic route (route-matcher.js): decodeURIComponent, a DecodeError if it throws. */
const nextRefuses = (path: string) =>
  path.split("/").some((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });

describe("hasMalformedEscape", () => {
  it.each([
    "/%",
    "/api/v1/customers/%",
    "/x/%zz",
    "/x/%2",
    "/x/%%",
    "/x/%C3%28",
    "/x/%FF",
    "/x/%ED%A0%80",
    "/x/%E0%A4%A",
    "/x/%F0%9F%98",
    "/x/%/y",
    "/x/%u0041",
  ])("finds one in %s", (path) => {
    expect(hasMalformedEscape(path)).toBe(true);
  });

  it.each([
    "",
    "/",
    "/customers/12",
    "/x/%25",
    "/x/%20",
    "/x/%2F",
    "/x/%2e%2e",
    "/x/%E2%82%AC",
    "/x/%F0%9F%98%80",
    "/x/é",
    "/x/%00",
  ])("finds none in %s", (path) => {
    expect(hasMalformedEscape(path)).toBe(false);
  });

  it("agrees with Next's decoding of a dynamic route's segments, for any path made of escapes, %, / and text", () => {
    const piece = fc.oneof(
      fc.constantFrom(
        "%",
        "/",
        "a",
        "é",
        "%25",
        "%2F",
        "%zz",
        "%C3",
        "%A9",
        "%E2",
        "%82",
        "%AC",
        "%F0",
        "%9F",
        "%ED",
        "%A0",
        "%80",
        "%FF",
        "%0",
        "%g1",
      ),
      fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, "0")}`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const path = `/${pieces.join("")}`;
        expect(hasMalformedEscape(path)).toBe(nextRefuses(path));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("malformedPathAnswer", () => {
  it.each([
    "/api/v1/customers/%",
    "/api/v2/purchases/%zz?x=1",
    "/api/keys/%",
    "/api/health/%C3%28",
    "http://backroom.example/api/v1/products/%",
  ])("answers %s 400 in the API's error shape, private and not stored", (target) => {
    const answer = malformedPathAnswer(target);
    expect(answer).toMatchObject({
      status: 400,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" },
    });
    if (!answer || !("status" in answer)) throw new Error("no answer");
    expect(JSON.parse(answer.body)).toEqual({
      Error: { code: "MALFORMED_PATH", detail: expect.stringContaining("%25") as string },
    });
    expect(answer.headers["X-Request-Id"]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("answers /sandbox/... 400 as the emulated API does, revalidated rather than not stored", () => {
    const answer = malformedPathAnswer("/sandbox/test/api/v1/customers/%");
    expect(answer).toMatchObject({ status: 400, headers: { "Cache-Control": "private, no-cache" } });
    if (!answer || !("status" in answer)) throw new Error("no answer");
    expect(answer.headers["X-Request-Id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(["/customers/%", "/%", "/invoices/%FF/x?y=1", "/api%2F/%", "/API/v1/%", "/sandbox%", "//api/v1/%"])(
    "sends page %s to the not-found address",
    (target) => {
      expect(malformedPathAnswer(target)).toEqual({ rewrite: NOT_FOUND_PATH });
    },
  );

  it.each([
    "/api/v1/customers",
    "/api/v1/customers/%25",
    "/api/v1/customers?x=%",
    "/customers?next=%zz",
    "/customers/1#%",
    "*",
    "http://[bad",
  ])("leaves %s to Next", (target) => {
    expect(malformedPathAnswer(target)).toBeNull();
  });

  it("carries the security headers next.config.mjs gives every other answer", async () => {
    // Imported by address: next.config.mjs has no type declarations (Next reads it untyped too).
    const { default: nextConfig } = (await import(new URL("../next.config.mjs", import.meta.url).href)) as {
      default: NextConfig;
    };
    const rules = await nextConfig.headers!();
    const expected = Object.fromEntries(rules[0]!.headers.map((h) => [h.key, h.value]));
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(malformedPathAnswer("/api/v1/%")).toMatchObject({ headers: expected });
  });

  it("rewrites pages to a path no page can have: no dynamic segment at the top of app/ (route groups included)", () => {
    expect(NOT_FOUND_PATH).toMatch(/^\/_[a-z-]+$/);
    const app = new URL("../app/", import.meta.url);
    const top = readdirSync(app, { withFileTypes: true }).filter((e) => e.isDirectory());
    const groups = top
      .filter((e) => /^\(.+\)$/.test(e.name))
      .flatMap((g) => readdirSync(new URL(`${g.name}/`, app), { withFileTypes: true }).filter((e) => e.isDirectory()));
    const names = [...top, ...groups].map((e) => e.name);
    expect(names.filter((name) => name.startsWith("["))).toEqual([]);
    expect(names).not.toContain(NOT_FOUND_PATH.slice(1));
  });
});

describe("serve.mjs's step before Next (answerMalformedPath on a real HTTP server)", () => {
  let server: Server;
  let port: number;
  /** What reached the stand-in for Next's handler: request.url as it was handed over. */
  const reachedNext: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (answerMalformedPath(request, response)) return;
      reachedNext.push(request.url ?? "");
      response.writeHead(404, { "Content-Type": "text/html" }).end("<h1>Page not found</h1>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A raw request: `fetch` would normalize the path, and Node's client refuses some bytes; this sends it as written. */
  const send = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, method, path, headers: body ? { "Content-Type": "application/json" } : {} },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  it.each([
    ["GET", "/api/v1/customers/%"],
    ["GET", "/api/v2/purchases/%zz"],
    ["POST", "/api/v2/purchases/%"],
    ["DELETE", "/api/keys/%"],
    ["GET", "/sandbox/test/api/v1/customers/%"],
  ])("answers %s %s 400 in JSON without handing it to Next", async (method, path) => {
    reachedNext.length = 0;
    const answer = await send(method, path, method === "POST" ? '{"supplier_id": 1}' : undefined);
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect((JSON.parse(answer.body) as { Error: { code: string } }).Error.code).toBe("MALFORMED_PATH");
    expect(reachedNext).toEqual([]);
  });

  it("answers HEAD with the status and no body", async () => {
    const answer = await send("HEAD", "/api/v1/customers/%");
    expect(answer.status).toBe(400);
    expect(answer.body).toBe("");
  });

  it.each(["/customers/%", "/%", "/invoices/%C3%28?x=1"])(
    "hands page %s to Next at the not-found address",
    async (path) => {
      reachedNext.length = 0;
      expect((await send("GET", path)).status).toBe(404);
      expect(reachedNext).toEqual([NOT_FOUND_PATH]);
    },
  );

  it.each(["/api/v1/customers", "/api/v1/customers/%25", "/customers/1?q=%", "/"])(
    "hands %s to Next as it came",
    async (path) => {
      reachedNext.length = 0;
      await send("GET", path);
      expect(reachedNext).toEqual([path]);
    },
  );
});

describe("proxy.ts (next dev, next start): the same answers", () => {
  const nextRequest = (path: string) => new NextRequest(new URL(path, "http://backroom.test"));

  it.each(["/api/v1/customers/%", "/sandbox/test/api/v1/customers/%", "/api/keys/%zz"])(
    "runs for %s and answers it 400",
    async (path) => {
      expect(unstable_doesMiddlewareMatch({ config: proxyConfig, url: path })).toBe(true);
      const response = proxy(nextRequest(path));
      expect(response.status).toBe(400);
      expect((await response.json()) as unknown).toEqual(
        JSON.parse((malformedPathAnswer(path) as { body: string }).body),
      );
    },
  );

  it("rewrites a page with a malformed escape to the not-found address", () => {
    expect(unstable_doesMiddlewareMatch({ config: proxyConfig, url: "/customers/%" })).toBe(true);
    expect(getRewrittenUrl(proxy(nextRequest("/customers/%")))).toBe(`http://backroom.test${NOT_FOUND_PATH}`);
  });

  it("does not run for /api or /sandbox paths without a %, and passes those with a good escape on untouched", () => {
    for (const path of [
      "/api/v1/customers",
      "/api/v2/purchases/PO-1",
      "/sandbox/test/api/v1/states",
      "/_next/static/x.js",
    ]) {
      expect(unstable_doesMiddlewareMatch({ config: proxyConfig, url: path }), path).toBe(false);
    }
    const passed = proxy(nextRequest("/api/v1/customers/A%20B"));
    expect(passed.headers.get("x-middleware-next")).toBe("1");
    expect(passed.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("still gives pages their Content-Security-Policy", () => {
    expect(unstable_doesMiddlewareMatch({ config: proxyConfig, url: "/customers/12" })).toBe(true);
    expect(proxy(nextRequest("/customers/12")).headers.get("Content-Security-Policy")).toContain("nonce-");
  });
});
