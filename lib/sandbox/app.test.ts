import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { malformedPathAnswer, type MalformedAnswer } from "@/scripts/malformed-path.mjs";
import { createSandboxApp } from "./app";
import { fixedClock } from "./clock";
import { migrateToLatest } from "./db/migrations";
import { openSandboxDatabase } from "./db/open";
import type { Database } from "./db/schema";
import { hashKey, storeKey } from "./keys";

const NOW = "2026-11-21T18:00:00.000Z";
const T = "2026-11-01T08:00:00.000Z";
const OPERATOR_KEY = "app-test-operator-key-0123456789";

/** Two environments holding a little reference data and one key of each type. */
async function environment(env: "test" | "production") {
  const db = openSandboxDatabase(":memory:");
  await migrateToLatest(db);
  await db
    .insertInto("states")
    .values([
      {
        state: "CA",
        state_name: "California",
        order_cut_off_time: "2:30 PM",
        time_zone: "America/Los_Angeles",
        order_cut_off_days_in_advance: "1",
        active: 1,
        time_updated: T,
      },
      {
        state: "NV",
        state_name: "Nevada",
        order_cut_off_time: "12:00 PM",
        time_zone: "America/Los_Angeles",
        order_cut_off_days_in_advance: "1",
        active: 1,
        time_updated: T,
      },
    ])
    .execute();
  await db
    .insertInto("locations")
    .values(
      [1, 2, 3].map((id) => ({
        location_id: id,
        location: `Warehouse ${id}`,
        dba: "Backroom Distribution",
        address: `${id} Main St`,
        address2: null,
        address3: null,
        city: "Oakland",
        state: "CA",
        postal_code: "94607",
        time_updated: T,
      })),
    )
    .execute();
  await db
    .insertInto("customers")
    .values({
      customer_id: 10,
      location_id: 2,
      ar_account_id: 50010,
      customer_name: "Green Door",
      customer_name_alt: "Green Door SF",
      chain_name: "Green Door",
      license_num: "C10-1",
      address: "1 Market St",
      state: "CA",
      sales_rep_user_id: 1,
      delivery_minimum: 500,
      profile_picture_url: "assets/customers/10.svg",
      collection_agent_full_name: null,
      collection_agent_email: null,
      on_hold: 0,
      delivery_days: "25",
      account_status: "Active",
      time_updated: T,
    })
    .execute();
  await storeKey(db, env, { type: "Employee", company: "Staff", userId: 1, createdAt: T }, `${env}-employee-demo`);
  await storeKey(
    db,
    env,
    { type: "Customer", company: "Green Door", userId: 2, customerIds: [10], createdAt: T },
    `${env}-customer-demo`,
  );
  await storeKey(
    db,
    env,
    { type: "Supplier", company: "Brand", userId: 3, supplierIds: [7], createdAt: T },
    `${env}-supplier-demo`,
  );
  return db;
}

let test_: Kysely<Database>;
let app: ReturnType<typeof createSandboxApp>;

beforeEach(async () => {
  test_ = await environment("test");
  app = createSandboxApp({
    databases: { test: test_, production: await environment("production") },
    clock: fixedClock(NOW),
    rateLimit: { limit: 5, now: () => 0 },
    operatorKey: OPERATOR_KEY,
  });
});

const get = (path: string, key: string | null = "test-employee-demo", headers: Record<string, string> = {}) =>
  app.request(path, { headers: { ...(key ? { "x-api-key": key } : {}), ...headers } });

describe("sandbox protocol", () => {
  it("answers unknown paths with 404 in the API's error shape, never a page", async () => {
    for (const path of [
      "/test/api/v1/nope",
      "/test/api/v3/states",
      "/staging/api/v1/states",
      "/",
      "/test/api/v1/states/extra",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type"), path).toContain("application/json");
      expect(await res.json(), path).toEqual({ Error: "Not found" });
    }
  });

  it("answers a path with a malformed percent-escape 400, as Backroom's server answers it before Next (it was a 500)", async () => {
    for (const path of [
      "/test/api/v1/customers/%",
      "/test/api/v2/purchases/%zz",
      "/test/api/v1/customers/%C3%28",
      "/test/api/v1/%/x",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-cache");
      const served = malformedPathAnswer(`/sandbox${path}`) as MalformedAnswer;
      expect(await res.json(), path).toEqual(JSON.parse(served.body));
    }
    // A literal % written as %25 is a value like any other, checked by the parameter's own rule.
    const literal = await get("/test/api/v2/purchases/%25");
    expect(literal.status).toBe(400);
    expect(((await literal.json()) as { Error: unknown }).Error).toMatch(/purchaseID/i);
  });

  it("answers a page far past the data with an empty page (it was a 500: SQLite refused the offset)", async () => {
    for (const page of ["99999999999999999999", "184467440737095516", "9007199254740993"]) {
      const res = await get(`/test/api/v1/states?Page=${page}&PageSize=500`);
      expect(res.status, page).toBe(200);
      expect(await res.json(), page).toMatchObject({ Data: [], HasNextPage: false });
    }
  });

  it("answers a wrong method with 405 and the methods the path takes", async () => {
    const res = await app.request("/test/api/v1/states", {
      method: "DELETE",
      headers: { "x-api-key": "test-employee-demo" },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
  });

  it.each([
    ["no key", null, "Missing API key: send it in the x-api-key header"],
    ["an unknown key", "nope", "Invalid API key"],
    ["a production key in the test environment", "production-employee-demo", "Invalid API key"],
  ])("GET /states answers 401 for %s", async (_, key, message) => {
    const res = await get("/test/api/v1/states", key);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ Error: message });
  });

  it("serves each environment with its own keys", async () => {
    expect((await get("/production/api/v1/states", "production-employee-demo")).status).toBe(200);
    expect((await get("/production/api/v1/states", "test-employee-demo")).status).toBe(401);
  });

  it("stores keys hashed, never in clear", async () => {
    const rows = await test_.selectFrom("api_keys").selectAll().execute();
    expect(rows.map((r) => r.key_hash)).toContain(hashKey("test-customer-demo"));
    expect(JSON.stringify(rows)).not.toContain("test-customer-demo");
  });

  it("sends the rate-limit figures on every answer and 429 with Retry-After past the limit", async () => {
    const remaining = [];
    for (let i = 0; i < 5; i++) {
      const res = await get("/test/api/v1/states");
      expect(res.headers.get("RateLimit-Limit")).toBe("5");
      expect(res.headers.get("RateLimit-Reset")).toBe("3600");
      remaining.push(res.headers.get("RateLimit-Remaining"));
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const limited = await get("/test/api/v1/states");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("3600");
    expect(await limited.json()).toEqual({ Error: "Rate limit exceeded" });
    // Another key has its own window.
    expect((await get("/test/api/v1/states", "test-customer-demo")).status).toBe(200);
  });

  it("echoes a caller's short alphanumeric X-Request-Id, and makes a UUID otherwise", async () => {
    expect(
      (await get("/test/api/v1/states", "test-employee-demo", { "X-Request-Id": "abc123XYZ" })).headers.get(
        "X-Request-Id",
      ),
    ).toBe("abc123XYZ");
    for (const sent of [undefined, "not valid!", "x".repeat(65)]) {
      const res = await get("/test/api/v1/states", "test-employee-demo", sent ? { "X-Request-Id": sent } : {});
      expect(res.headers.get("X-Request-Id")).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });

  it("marks every answer private, no-cache, errors included", async () => {
    for (const [path, key] of [
      ["/test/api/v1/states", "test-employee-demo"],
      ["/test/api/v1/states", null],
      ["/test/api/v1/nope", null],
    ] as const) {
      expect((await get(path, key)).headers.get("Cache-Control")).toBe("private, no-cache");
    }
  });

  it("sends a weak ETag; If-None-Match with it answers 304 with an empty body until the data changes", async () => {
    const first = await get("/test/api/v1/states");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get("/test/api/v1/states", "test-employee-demo", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
    await test_.updateTable("states").set({ order_cut_off_time: "3:00 PM" }).where("state", "=", "CA").execute();
    const changed = await get("/test/api/v1/states", "test-employee-demo", { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });

  it("answers a bad query with 400 and a message naming the parameter", async () => {
    expect(await (await get("/test/api/v1/invoiceTransactions")).json()).toEqual({
      Error: "InvoiceIDs parameter is required",
    });
    const res = await get("/test/api/v1/locations?LocationIDs=1,x");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Error: "LocationIDs must be comma-separated integers, like 1,2,3" });
    expect((await get("/test/api/v1/locations/abc")).status).toBe(400);
  });

  it("pages lists, always with HasNextPage, and reduces PageSize above 500", async () => {
    const page1 = await (await get("/test/api/v1/locations?PageSize=2")).json();
    expect(page1).toMatchObject({ Page: 1, PageSize: 2, HasNextPage: true });
    expect(page1.Data.map((l: { LocationID: number }) => l.LocationID)).toEqual([1, 2]);
    const page2 = await (await get("/test/api/v1/locations?PageSize=2&Page=2")).json();
    expect(page2).toMatchObject({ Page: 2, PageSize: 2, HasNextPage: false, Data: [{ LocationID: 3 }] });
    expect(await (await get("/test/api/v1/locations?PageSize=1000")).json()).toMatchObject({
      PageSize: 500,
      HasNextPage: false,
    });
  });

  it("answers a single record in the full list envelope, and 404 when it does not exist", async () => {
    const body = await (await get("/test/api/v1/locations/2")).json();
    expect(body).toEqual({
      Data: [expect.objectContaining({ LocationID: 2, Address2: null })],
      Page: 1,
      PageSize: 50,
      HasNextPage: false,
    });
    const missing = await get("/test/api/v1/locations/99");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ Error: "Location 99 not found" });
  });

  it.each([
    ["/test/api/v1/inventory"],
    ["/test/api/v1/vendors"],
    ["/test/api/v1/suppliers/creditTerms"],
    ["/test/api/v1/purchases"],
    ["/test/api/v2/purchases"],
  ])("GET %s answers 403 to a Customer key", async (path) => {
    const res = await get(path, "test-customer-demo");
    expect(res.status).toBe(403);
    expect((await res.json()).Error).toMatch(/^Customer keys may not call GET/);
  });

  it("scopes a Customer key to its customers, silently", async () => {
    const own = await (await get("/test/api/v1/customers", "test-customer-demo")).json();
    expect(own.Data.map((c: { CustomerID: number }) => c.CustomerID)).toEqual([10]);
    const other = await (await get("/test/api/v1/customers?CustomerIDs=11", "test-customer-demo")).json();
    expect(other).toMatchObject({ Data: [], HasNextPage: false });
    expect((await get("/test/api/v1/customers/11", "test-customer-demo")).status).toBe(404);
  });

  it("leaves out of a Supplier key's customers the fields the live service leaves out", async () => {
    const [customer] = (await (await get("/test/api/v1/customers", "test-supplier-demo")).json()).Data;
    for (const hidden of [
      "OnHold",
      "SalesRepUserID",
      "SalesRepName",
      "SalesRepEmail",
      "SalesRepPhone",
      "ProfilePictureURL",
      "CollectionAgentFullName",
      "CollectionAgentEmail",
      "NextDeliveryDates",
      "DeliveryMinimum",
    ]) {
      expect(customer, hidden).not.toHaveProperty(hidden);
    }
    const [full] = (await (await get("/test/api/v1/customers", "test-employee-demo")).json()).Data;
    expect(full).toMatchObject({
      OnHold: false,
      DeliveryDays: "2,5",
      NextDeliveryDates: "2026-11-24;2026-11-27;2026-12-01;2026-12-04",
      ProfilePictureURL: "http://localhost/test/assets/customers/10.svg",
    });
  });
});

describe("operator keys", () => {
  const issue = (body: unknown, key = OPERATOR_KEY, contentType = "application/json") =>
    app.request("/test/operator/keys", {
      method: "POST",
      headers: { "x-api-key": key, "Content-Type": contentType },
      body: JSON.stringify(body),
    });

  it("issues a scoped key to the operator, which then works in its environment only", async () => {
    const res = await issue({ type: "Customer", company: "Green Door", customerIds: [10] });
    expect(res.status).toBe(201);
    const { key } = await res.json();
    expect(key).toMatch(/^test-customer-[A-Za-z0-9_-]{32}$/);
    const customers = await (await get("/test/api/v1/customers", key)).json();
    expect(customers.Data.map((c: { CustomerID: number }) => c.CustomerID)).toEqual([10]);
    expect((await get("/production/api/v1/states", key)).status).toBe(401);
  });

  it("issues a key with its own hourly limit, as the operator grants a caller who needs more volume", async () => {
    const issued = await issue({ type: "Customer", company: "Busy Store", customerIds: [10], rateLimit: 8 });
    expect(issued.status).toBe(201);
    const { key } = await issued.json();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await get("/test/api/v1/states", key);
      statuses.push(res.status);
      if (i === 0) expect(res.headers.get("RateLimit-Limit")).toBe("8");
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    // Keys issued without one keep the environment's (5 here).
    const { key: plain } = await (await issue({ type: "Customer", company: "Quiet Store", customerIds: [10] })).json();
    expect((await get("/test/api/v1/states", plain)).headers.get("RateLimit-Limit")).toBe("5");
  });

  it.each([
    ["a limit of 0", { type: "Employee", company: "x", rateLimit: 0 }, OPERATOR_KEY, 400],
    ["the demo Employee key", { type: "Employee", company: "x" }, "test-employee-demo", 401],
    ["a Customer key", { type: "Employee", company: "x" }, "test-customer-demo", 401],
    ["a Customer key without customers", { type: "Customer", company: "x" }, OPERATOR_KEY, 400],
    ["an unknown property", { type: "Employee", company: "x", admin: true }, OPERATOR_KEY, 400],
    ["unknown customer ids", { type: "Customer", company: "x", customerIds: [999] }, OPERATOR_KEY, 422],
  ])("POST /operator/keys refuses %s", async (_, body, key, status) => {
    expect((await issue(body, key)).status).toBe(status);
  });
});
