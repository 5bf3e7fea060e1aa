import { APIError } from "better-auth/api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { defineRoute } from "./define-route";
import { invalidField, refusal, refuse } from "./route-errors";
import { BACKROOM, browserRequest, connectKey, createTestBackend, signUp, type TestBackend } from "./testing";

/** Where a route under test says it is: what every route's spec must say of itself. */
const AT = { method: "POST", path: "/api/test", summary: "A route under test." } as const;

let backend: TestBackend;
beforeEach(async () => {
  backend = await createTestBackend(() => Response.json({}));
});
afterEach(() => backend.close());

type Answer = { status: number; body: unknown; cache: string | null };
const answer = async (response: Response): Promise<Answer> => ({
  status: response.status,
  body: await response.json(),
  cache: response.headers.get("cache-control"),
});
const ERROR = (code: string) => ({ Error: { code, detail: expect.any(String) } });

describe("defineRoute", () => {
  it("runs the handler with the actor, the query and the body parsed by their schemas, and answers its data as JSON", async () => {
    const { cookie, workspaceId } = await connectKey(backend, "test-key-1234567890", "Supplier");
    const route = defineRoute(
      {
        ...AT,
        need: "key",
        keyTypes: ["Supplier"],
        query: z.strictObject({ n: z.coerce.number().int() }),
        body: z.strictObject({ text: z.string() }),
      },
      async ({ actor, query, body, params }) => ({
        workspace: actor.workspace.id,
        keyType: actor.key.keyType,
        n: query.n + 1,
        text: body.text,
        params,
      }),
    );
    const got = await answer(
      await route(browserRequest("POST", "/api/x?n=41", { cookie, json: { text: "hi" } }), backend, { id: "7" }),
    );
    expect(got).toEqual({
      status: 200,
      body: { workspace: workspaceId, keyType: "Supplier", n: 42, text: "hi", params: { id: "7" } },
      cache: "private, no-store",
    });
  });

  it.each([
    { name: "nobody signed in", as: "nobody", need: "signed-in", expected: [401, "NOT_SIGNED_IN"] },
    { name: "a person in no workspace", as: "person", need: "workspace", expected: [403, "NO_WORKSPACE"] },
    { name: "a member of another key type", as: "customer", need: "key", expected: [403, "NOT_FOR_THIS_KEY"] },
    { name: "a role that may not", as: "customer", need: "workspace", expected: [403, "FORBIDDEN_BY_ROLE"] },
  ] as const)("refuses $name with $expected.0 $expected.1, and runs nothing", async ({ as, need, expected }) => {
    const cookie =
      as === "nobody"
        ? undefined
        : as === "person"
          ? (await signUp(backend)).cookie
          : (await connectKey(backend, "test-key-1234567890", "Customer")).cookie;
    let ran = 0;
    const route = defineRoute(
      {
        ...AT,
        need,
        keyTypes: ["Supplier"],
        what: "Insights",
        // The owner of a workspace may manage keys: the refusal comes from a permission no role has.
        permission: expected[1] === "FORBIDDEN_BY_ROLE" ? { ac: ["delete"] } : undefined,
      },
      async () => {
        ran++;
        return {};
      },
    );
    const got = await answer(await route(browserRequest("GET", "/api/x", { cookie, site: null }), backend));
    expect([got.status, got.body]).toEqual([expected[0], ERROR(expected[1])]);
    expect(got.cache).toBe("private, no-store");
    expect(ran).toBe(0);
  });

  it("lets a role through any of several grants, and tells one without them the route's own words", async () => {
    const { cookie } = await connectKey(backend, "test-key-1234567890", "Customer");
    const route = (permission: Parameters<typeof defineRoute>[0]["permission"]) =>
      defineRoute({ ...AT, need: "key", permission, refusedByRole: "Only the auditors read this." }, async () => ({
        ok: true,
      }));
    const ask = async (permission: Parameters<typeof route>[0]) =>
      answer(await route(permission)(browserRequest("GET", "/api/x", { cookie, site: null }), backend));
    // The owner has audit: read; no role has ac: delete.
    expect((await ask([{ ac: ["delete"] }, { audit: ["read"] }])).body).toEqual({ ok: true });
    expect(await ask([{ ac: ["delete"] }, { ac: ["delete"] }])).toMatchObject({
      status: 403,
      body: { Error: { code: "FORBIDDEN_BY_ROLE", detail: "Only the auditors read this." } },
    });
  });

  it("says which key a route is for in one sentence", async () => {
    const { cookie } = await connectKey(backend, "test-key-1234567890", "Customer");
    const route = defineRoute({ ...AT, need: "key", keyTypes: ["Employee"], what: "Today" }, async () => ({}));
    const got = await answer(await route(browserRequest("GET", "/api/x", { cookie, site: null }), backend));
    expect(got.body).toEqual({
      Error: {
        code: "NOT_FOR_THIS_KEY",
        detail: "Today: for Employee keys only; this workspace's key is a Customer key.",
      },
    });
  });

  it("refuses a write from another site before resolving anyone", async () => {
    const { cookie } = await connectKey(backend, "test-key-1234567890");
    let resolved = 0;
    const route = defineRoute({ ...AT, need: "signed-in" }, async () => ({}));
    const counting = {
      ...backend,
      actors: { resolve: (headers: Headers) => (resolved++, backend.actors.resolve(headers)) },
    };
    const got = await answer(await route(browserRequest("POST", "/api/x", { cookie, site: "cross-site" }), counting));
    expect([got.status, got.body, resolved]).toEqual([403, { Error: "Cross-site request refused" }, 0]);
  });

  it.each([
    { name: "a bad query", url: "/api/x?n=x", json: { text: "a" } },
    { name: "a bad body", url: "/api/x?n=1", json: { text: 5 } },
    { name: "an unknown field", url: "/api/x?n=1", json: { text: "a", extra: true } },
    { name: "a body that is not JSON", url: "/api/x?n=1", json: "text=a" },
  ])("answers 400 VALIDATION_FAILED with field errors to $name", async ({ url, json }) => {
    const { cookie } = await connectKey(backend, "test-key-1234567890");
    const route = defineRoute(
      {
        ...AT,
        need: "workspace",
        query: z.strictObject({ n: z.coerce.number().int() }),
        body: z.strictObject({ text: z.string() }),
      },
      async () => ({}),
    );
    const got = await answer(await route(browserRequest("POST", url, { cookie, json }), backend));
    expect(got.status).toBe(400);
    expect(got.body).toEqual({
      Error: {
        code: "VALIDATION_FAILED",
        detail: expect.any(String),
        fieldErrors: [expect.objectContaining({ field: expect.any(String), code: expect.any(String) })],
      },
    });
  });

  it("answers 413 to a body past its limit", async () => {
    const { cookie } = await connectKey(backend, "test-key-1234567890");
    const route = defineRoute(
      { ...AT, need: "workspace", body: z.strictObject({ text: z.string() }), maxBodyBytes: 64 },
      async () => ({}),
    );
    const got = await answer(
      await route(browserRequest("POST", "/api/x", { cookie, json: { text: "x".repeat(100) } }), backend),
    );
    expect([got.status, got.body]).toEqual([413, ERROR("PAYLOAD_TOO_LARGE")]);
  });

  it.each([
    { name: "a core refusal", thrown: () => refuse("not-found"), expected: [404, { Error: "Not found" }] },
    {
      name: "a route's own refusal",
      thrown: () => refusal("OVER_OPEN_BALANCE", "INV-1 owes $456.00.", 409),
      expected: [409, { Error: { code: "OVER_OPEN_BALANCE", detail: "INV-1 owes $456.00." } }],
    },
    {
      name: "one bad field",
      thrown: () => invalidField("role", "Only owners make owners."),
      expected: [
        400,
        {
          Error: {
            code: "VALIDATION_FAILED",
            detail: "Only owners make owners.",
            fieldErrors: [{ field: "role", code: "INVALID_VALUE", detail: "Only owners make owners." }],
          },
        },
      ],
    },
    {
      name: "a zod error of its own",
      thrown: () => z.strictObject({ a: z.string() }).parse({}),
      expected: [400, expect.objectContaining({ Error: expect.objectContaining({ code: "VALIDATION_FAILED" }) })],
    },
    {
      name: "the Data API's error",
      thrown: () => new DataApiError({ status: 429, code: "RATE_LIMITED", detail: "Slow down", retryAfter: 30 }),
      expected: [429, { Error: { code: "RATE_LIMITED", detail: "The statement could not be read: Slow down" } }],
    },
    {
      name: "the accounts library's refusal",
      thrown: () =>
        new APIError("FORBIDDEN", {
          code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
          message: "You cannot leave",
        }),
      expected: [
        403,
        {
          Error: {
            code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
            detail: "You are the last owner: make another member owner before you leave.",
          },
        },
      ],
    },
    {
      name: "anything else, which leaks nothing",
      thrown: () => new Error("SELECT secret FROM keys failed at /srv/app.ts:12"),
      expected: [
        500,
        { Error: expect.stringMatching(/^Something went wrong on Backroom's side \(request [0-9a-f]{32}\)\.$/) },
      ],
    },
  ])("answers what a handler throws, $name, in the one error shape", async ({ thrown, expected }) => {
    const { cookie } = await connectKey(backend, "test-key-1234567890");
    const route = defineRoute({ ...AT, need: "workspace", what: "The statement" }, async () => {
      throw thrown();
    });
    const response = await route(browserRequest("GET", "/api/x", { cookie, site: null }), backend);
    const got = await answer(response);
    expect([got.status, got.body]).toEqual(expected);
    expect(got.cache).toBe("private, no-store");
    expect(JSON.stringify(got.body)).not.toContain("secret");
  });

  it("answers 503 with Retry-After when the database is away", async () => {
    const route = defineRoute({ ...AT, need: "anyone" }, async () => {
      throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    });
    const response = await route(
      browserRequest("GET", "/api/x", { site: null, headers: { Origin: BACKROOM } }),
      backend,
    );
    expect([response.status, response.headers.get("retry-after")]).toEqual([503, "5"]);
  });
});
