import { describe, expect, it, vi } from "vitest";
import { log, logServerError } from "./log";

describe("logServerError", () => {
  it("writes one line per error digest, with the path's query left out", () => {
    const error = vi.spyOn(log(), "error").mockImplementation(() => undefined);
    const failure = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { digest: "2986463415" });
    const request = { method: "GET", path: "/invoices?CustomerIDs=20001" };
    // Next reports a failed render once per segment it failed in: the layout, the page, ...
    for (let i = 0; i < 3; i++) logServerError(failure, request, { routePath: "/invoices", routeType: "render" });
    logServerError(Object.assign(new Error("another"), { digest: "1" }), request, {
      routePath: "/invoices",
      routeType: "render",
    });
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[0]).toEqual([
      {
        method: "GET",
        path: "/invoices",
        route: "/invoices",
        kind: "render",
        digest: "2986463415",
        error: "connect ECONNREFUSED 127.0.0.1:5432",
      },
      "server error",
    ]);
    expect(JSON.stringify(error.mock.calls)).not.toContain("CustomerIDs");
  });
});
