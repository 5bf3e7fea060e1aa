import { describe, expect, it } from "vitest";
import { isHttps, mailOrigin, publicHost, publicOrigin } from "./public-origin";

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("publicOrigin", () => {
  it.each([
    [
      "the Host the browser used",
      request("http://localhost:3000/x", { Host: "127.0.0.1:3000" }),
      "http://127.0.0.1:3000",
    ],
    [
      "a proxy's forwarded host and scheme",
      request("http://localhost:3000/x", {
        Host: "10.0.0.7:3000",
        "X-Forwarded-Host": "backroom.example",
        "X-Forwarded-Proto": "https",
      }),
      "https://backroom.example",
    ],
    [
      "the first of forwarded lists",
      request("http://localhost:3000/x", {
        "X-Forwarded-Host": "a.example, b.example",
        "X-Forwarded-Proto": "https, http",
      }),
      "https://a.example",
    ],
    ["the request's own origin without a Host", request("http://localhost:3000/x"), "http://localhost:3000"],
  ])("is %s", (_, req, origin) => {
    expect(publicOrigin(req)).toBe(origin);
  });

  it("tells the host and the scheme apart", () => {
    const req = request("http://localhost/x", { "X-Forwarded-Host": "backroom.example", "X-Forwarded-Proto": "https" });
    expect([publicHost(req), isHttps(req)]).toEqual(["backroom.example", true]);
  });
});

describe("mailOrigin", () => {
  it.each([
    ["PUBLIC_URL, whatever the port", "https://backroom.example", 3100, "https://backroom.example"],
    ["without it, localhost on the port the server listens on", undefined, 3100, "http://localhost:3100"],
    ["on port 80, localhost with no port", undefined, 80, "http://localhost"],
  ])("is %s", (_, publicUrl, port, origin) => {
    expect(mailOrigin(publicUrl, port)).toBe(origin);
  });
});
