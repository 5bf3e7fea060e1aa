import { describe, expect, it } from "vitest";
import { isSameOrigin, isWrite } from "./same-origin";

const request = (headers: Record<string, string>) =>
  new Request("http://backroom.test/api/session", { method: "POST", headers });

describe("isSameOrigin", () => {
  it.each([
    { name: "accepts Sec-Fetch-Site: same-origin", headers: { "Sec-Fetch-Site": "same-origin" }, ok: true },
    {
      name: "accepts same-origin even when Origin names another host (the browser's own word wins)",
      headers: { "Sec-Fetch-Site": "same-origin", Origin: "https://evil.example", Host: "backroom.test" },
      ok: true,
    },
    {
      name: "refuses Sec-Fetch-Site: cross-site",
      headers: { "Sec-Fetch-Site": "cross-site", Host: "backroom.test" },
      ok: false,
    },
    {
      name: "refuses Sec-Fetch-Site: same-site (a sibling subdomain is another origin)",
      headers: { "Sec-Fetch-Site": "same-site", Host: "backroom.test" },
      ok: false,
    },
    {
      name: "refuses Sec-Fetch-Site: none (typed in the address bar, or a bookmark)",
      headers: { "Sec-Fetch-Site": "none", Host: "backroom.test" },
      ok: false,
    },
    {
      name: "refuses cross-site even with an Origin matching the Host",
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "http://backroom.test", Host: "backroom.test" },
      ok: false,
    },
    {
      name: "without Sec-Fetch-Site, accepts an Origin matching the Host",
      headers: { Origin: "http://backroom.test", Host: "backroom.test" },
      ok: true,
    },
    {
      name: "without Sec-Fetch-Site, accepts an Origin matching the Host with its port",
      headers: { Origin: "http://127.0.0.1:3000", Host: "127.0.0.1:3000" },
      ok: true,
    },
    {
      // Without PUBLIC_URL the one origin trusted is the one the server listens on, better-auth's as Backroom's own.
      name: "without Sec-Fetch-Site, refuses a loopback Origin on another port (another app on this machine)",
      headers: { Origin: "http://127.0.0.1:5173", Host: "127.0.0.1:3000" },
      ok: false,
    },
    {
      name: "without Sec-Fetch-Site, refuses another loopback host on another port",
      headers: { Origin: "http://localhost:3001", Host: "127.0.0.1:3000" },
      ok: false,
    },
    {
      name: "refuses Sec-Fetch-Site: same-site from a loopback Origin on another port",
      headers: { "Sec-Fetch-Site": "same-site", Origin: "http://127.0.0.1:5173", Host: "127.0.0.1:3000" },
      ok: false,
    },
    {
      name: "without Sec-Fetch-Site, refuses an Origin naming another host",
      headers: { Origin: "http://evil.example", Host: "backroom.test" },
      ok: false,
    },
    {
      name: "without Sec-Fetch-Site, refuses an Origin on another port of the host",
      headers: { Origin: "http://backroom.test:8080", Host: "backroom.test" },
      ok: false,
    },
    {
      name: "without Sec-Fetch-Site, refuses an Origin whose host only starts like ours",
      headers: { Origin: "http://backroom.test.evil.example", Host: "backroom.test" },
      ok: false,
    },
    {
      name: "without Sec-Fetch-Site, refuses Origin: null (a sandboxed frame or a redirect)",
      headers: { Origin: "null", Host: "backroom.test" },
      ok: false,
    },
    { name: "refuses a request with neither header", headers: { Host: "backroom.test" }, ok: false },
    { name: "refuses an Origin when no Host is known", headers: { Origin: "http://backroom.test" }, ok: false },
    {
      name: "behind a proxy, accepts an Origin matching X-Forwarded-Host",
      headers: { Origin: "https://backroom.example", Host: "10.0.0.7:3000", "X-Forwarded-Host": "backroom.example" },
      ok: true,
    },
    {
      name: "behind a proxy, refuses an Origin matching only the internal Host",
      headers: { Origin: "http://10.0.0.7:3000", Host: "10.0.0.7:3000", "X-Forwarded-Host": "backroom.example" },
      ok: false,
    },
  ] as { name: string; headers: Record<string, string>; ok: boolean }[])("$name", ({ headers, ok }) => {
    expect(isSameOrigin(request(headers))).toBe(ok);
  });
});

describe("isWrite", () => {
  it.each([
    ["GET", false],
    ["HEAD", false],
    ["OPTIONS", false],
    ["get", false],
    ["POST", true],
    ["PATCH", true],
    ["PUT", true],
    ["DELETE", true],
    ["delete", true],
  ] as const)("%s is a write: %s", (method, write) => {
    expect(isWrite(method)).toBe(write);
  });
});
