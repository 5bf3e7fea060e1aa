import { describe, expect, it, vi } from "vitest";
import { answerFailures, failureAnswer, isUnavailable, ROUTE_FAILURES, type RouteFailure } from "./route-errors";

vi.mock("./log", () => ({ log: () => ({ error: () => undefined }) }));

const request = new Request("http://backroom.test/api/session?secret=value", { method: "POST" });
const failing = (error: unknown) => answerFailures(async () => Promise.reject(error));

describe("answerFailures", () => {
  it("passes a handler's answer through", async () => {
    const handler = answerFailures(async (r: Request) => Response.json({ method: r.method }, { status: 201 }));
    const response = await handler(request);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ method: "POST" });
  });

  it.each([
    [
      "PostgreSQL refusing connections",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ],
    [
      "PostgreSQL shutting down",
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    ],
    ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect")],
    ["SQLite busy", Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" })],
    ["tables not migrated yet", new Error('relation "sessions" does not exist')],
    ["a wrapped cause", new Error("query failed", { cause: Object.assign(new Error("x"), { code: "ECONNRESET" }) })],
  ])("answers 503 with Retry-After in the API's error shape for %s", async (_name, error) => {
    expect(isUnavailable(error)).toBe(true);
    const response = await failing(error)(request);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    const body = (await response.json()) as { Error: string };
    expect(body.Error).toContain(response.headers.get("X-Request-Id"));
  });

  it("answers a generic 500 for anything else, naming a request id and nothing of the error", async () => {
    const response = await failing(new TypeError("cannot read properties of undefined (reading 'apiKey')"))(request);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { Error: string };
    expect(body.Error).toMatch(/^Something went wrong on Backroom's side \(request [0-9a-f]{32}\)\.$/);
    expect(body.Error).not.toMatch(/apiKey|undefined/);
  });
});

describe("failureAnswer", () => {
  it.each(Object.keys(ROUTE_FAILURES) as RouteFailure[])(
    "answers %s in the API's error shape, private, no-store, with its status and a request id",
    async (failure) => {
      const response = failureAnswer(failure, "abc123");
      const known = ROUTE_FAILURES[failure];
      expect(response.status).toBe(known.status);
      // A refusal a page acts on carries its code beside the words; the others are the words alone.
      const words = known.text("abc123");
      expect(await response.json()).toEqual(
        "code" in known ? { Error: { code: known.code, detail: words } } : { Error: words },
      );
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("X-Request-Id")).toBe("abc123");
    },
  );

  it("adds the headers a failure has: Retry-After on 503, WWW-Authenticate on the metrics' 401", () => {
    expect(failureAnswer("unavailable").headers.get("Retry-After")).toBe("5");
    expect(failureAnswer("token-required").headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
    expect(failureAnswer("not-signed-in").headers.get("Retry-After")).toBeNull();
    expect(failureAnswer("failed").headers.get("X-Request-Id")).toMatch(/^[0-9a-f]{32}$/);
  });

  it.each([
    ["not-signed-in", 401, "NOT_SIGNED_IN"],
    ["no-workspace", 403, "NO_WORKSPACE"],
    ["two-factor-required", 403, "TWO_FACTOR_REQUIRED"],
    ["no-key", 409, "NO_KEY"],
    ["forbidden-by-role", 403, "FORBIDDEN_BY_ROLE"],
  ] as const)("answers %s with %i and the code %s a page acts on", async (failure, status, code) => {
    const response = failureAnswer(failure);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { Error: { code: string } }).Error.code).toBe(code);
  });

  it("says more than the usual words when given a detail, under the same code", async () => {
    const response = failureAnswer(
      "forbidden-by-role",
      "abc123",
      "Your role in Valley (viewer) does not allow POST /purchases.",
    );
    expect(await response.json()).toEqual({
      Error: { code: "FORBIDDEN_BY_ROLE", detail: "Your role in Valley (viewer) does not allow POST /purchases." },
    });
  });
});
