import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "./testing";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const at = (seconds: number) => new Date(Date.parse(TEST_CLOCK) + seconds * 1000).toISOString();

describe("operator endpoints", () => {
  const paths = [
    ["GET", "/test/operator/clock"],
    ["POST", "/test/operator/jobs/export"],
    ["POST", "/test/operator/reset"],
    ["GET", "/test/operator/faults"],
    ["POST", "/production/operator/keys"],
  ] as const;

  it.each([
    ["no key", undefined],
    ["the environment's demo Employee key", "test-employee-demo"],
    ["another environment's demo Employee key", "production-employee-demo"],
    ["a Customer key", "test-customer-demo"],
    ["a Supplier key", "test-supplier-demo"],
    ["a wrong operator key", "not-the-operator-key-0123456789abcdef"],
  ])("refuse %s: 401, in the sandbox's error shape", async (_, key) => {
    for (const [method, path] of paths) {
      const res = await sandbox.runtime.app.request(path, { method, headers: key ? { "x-api-key": key } : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json(), `${method} ${path}`).toEqual({
        Error: "Invalid API key: the operator's endpoints take the sandbox's operator key",
      });
    }
  });

  it("refuse an Employee key the operator issued", async () => {
    const issued = await sandbox.operator("POST", "/keys", { type: "Employee", company: "Insider" });
    expect(issued.status).toBe(201);
    const res = await sandbox.runtime.app.request("/test/operator/clock", {
      headers: { "x-api-key": (issued.body as { key: string }).key },
    });
    expect(res.status).toBe(401);
  });

  it("accept the operator key, the same in both environments", async () => {
    for (const env of ["test", "production"]) {
      const res = await sandbox.runtime.app.request(`/${env}/operator/clock`, {
        headers: { "x-api-key": sandbox.runtime.operatorKey },
      });
      expect(res.status, env).toBe(200);
    }
  });

  it("answer 404 for an unknown environment or job", async () => {
    expect(
      (
        await sandbox.runtime.app.request("/staging/operator/clock", {
          headers: { "x-api-key": sandbox.runtime.operatorKey },
        })
      ).status,
    ).toBe(404);
    expect((await sandbox.operator("POST", "/jobs/payroll")).status).toBe(404);
  });
});

describe("POST /{env}/operator/clock", () => {
  it("moves the environment's clock, which stamps writes, and leaves the other environment's alone", async () => {
    expect((await sandbox.operator("GET", "/clock")).body).toEqual({ now: TEST_CLOCK, offsetMs: 0 });
    const moved = await sandbox.operator("POST", "/clock", { advanceSeconds: 3600 });
    expect(moved.body).toMatchObject({ now: at(3600), offsetMs: 3_600_000, jobs: [] });
    const production = await sandbox.runtime.app.request("/production/operator/clock", {
      headers: { "x-api-key": sandbox.runtime.operatorKey },
    });
    expect(((await production.json()) as { now: string }).now).toBe(TEST_CLOCK);
    const vendor = await sandbox.db
      .selectFrom("vendors")
      .select(["vendor_id", "location_id"])
      .where("supplier_id", "=", 101)
      .where("require_po_batch_codes", "=", 0)
      .executeTakeFirstOrThrow();
    const created = await sandbox.call("POST", "/v2/purchases", {
      as: "Supplier",
      body: {
        vendor_id: vendor.vendor_id,
        to_location_id: vendor.location_id,
        supplier_id: 101,
        delivery_date: "2026-12-15",
        po_num: "CLOCK-1",
      },
    });
    expect((created.body.data as { time_created: string }).time_created).toBe(at(3600));
    expect((await sandbox.operator("POST", "/clock", { set: TEST_CLOCK })).body).toMatchObject({
      now: TEST_CLOCK,
      offsetMs: 0,
    });
  });

  it("keeps the offset in the database, so a restarted sandbox keeps the moved time", async () => {
    await sandbox.operator("POST", "/clock", { advanceSeconds: 120 });
    const row = await sandbox.db
      .selectFrom("sandbox_meta")
      .select("value")
      .where("key", "=", "clock_offset_ms")
      .executeTakeFirstOrThrow();
    expect(row.value).toBe("120000");
    await sandbox.operator("POST", "/clock", { advanceSeconds: -120 });
  });

  it("runs the timer's jobs after moving when asked", async () => {
    const { body } = await sandbox.operator("POST", "/clock", { advanceSeconds: 86_400, runJobs: true });
    expect((body.jobs as { job: string }[]).map((j) => j.job)).toEqual(["import", "export", "end-of-day"]);
    await sandbox.operator("POST", "/clock", { set: TEST_CLOCK });
  });

  it.each([
    ["neither set nor advanceSeconds", {}],
    ["both", { set: TEST_CLOCK, advanceSeconds: 1 }],
    ["a set that is not a timestamp", { set: "tomorrow" }],
    ["an unknown property", { advanceSeconds: 1, speed: 2 }],
  ])("refuses %s with 400", async (_, body) => {
    expect((await sandbox.operator("POST", "/clock", body)).status).toBe(400);
  });
});

describe("POST /{env}/operator/jobs/{job}", () => {
  it("runs each job now and answers what it changed", async () => {
    for (const job of ["import", "export", "end-of-day"]) {
      const { status, body } = await sandbox.operator("POST", `/jobs/${job}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ job, now: TEST_CLOCK });
    }
  });
});

describe("/{env}/operator/faults", () => {
  it("injects 500s and 429 storms on matching requests only, lists and clears rules", async () => {
    const set = await sandbox.operator("PUT", "/faults", {
      rules: [
        { method: "GET", path: "/api/v1/invoices", kind: "error", count: 1 },
        { path: "/api/v1/payments*", kind: "rate-limit", retryAfter: 7 },
      ],
    });
    expect(set.status).toBe(200);
    const failed = await sandbox.call("GET", "/v1/invoices", { as: "Customer" });
    expect([failed.status, failed.headers.get("X-Sandbox-Fault"), failed.body]).toEqual([
      500,
      "error",
      { Error: "Unexpected server error" },
    ]);
    expect(failed.headers.get("X-Request-Id")).toBeTruthy();
    expect((await sandbox.call("GET", "/v1/invoices", { as: "Customer" })).status, "the rule was spent").toBe(200);
    const limited = await sandbox.call("GET", "/v1/payments/openInvoices", { as: "Customer" });
    expect([limited.status, limited.headers.get("Retry-After")]).toEqual([429, "7"]);
    expect((await sandbox.call("GET", "/v1/states", { as: "Customer" })).status).toBe(200);
    const listed = await sandbox.operator("GET", "/faults");
    expect((listed.body.rules as { applied: number }[]).map((r) => r.applied)).toEqual([1, 1]);
    expect((await sandbox.operator("DELETE", "/faults")).status).toBe(204);
    expect((await sandbox.call("GET", "/v1/payments", { as: "Customer" })).status).toBe(200);
  });

  it("drops the connection after a write ran, so the client's retry must lean on the Idempotency-Key", async () => {
    await sandbox.operator("PUT", "/faults", {
      rules: [{ method: "POST", path: "/api/v2/purchases", kind: "drop", count: 1 }],
    });
    const vendor = await sandbox.db
      .selectFrom("vendors")
      .select(["vendor_id", "location_id"])
      .where("supplier_id", "=", 101)
      .where("require_po_batch_codes", "=", 0)
      .executeTakeFirstOrThrow();
    const send = () =>
      sandbox.runtime.app.request("/test/api/v2/purchases", {
        method: "POST",
        headers: {
          "x-api-key": "test-supplier-demo",
          "Content-Type": "application/json",
          "Idempotency-Key": "dropped-1",
        },
        body: JSON.stringify({
          vendor_id: vendor.vendor_id,
          to_location_id: vendor.location_id,
          supplier_id: 101,
          delivery_date: "2026-12-15",
          po_num: "DROP-1",
        }),
      });
    const dropped = await send();
    await expect(dropped.text()).rejects.toThrow();
    const retry = await send();
    expect([retry.status, retry.headers.get("Idempotency-Replayed")]).toEqual([201, "true"]);
    expect(
      await sandbox.db.selectFrom("purchases").select("purchase_global_id").where("po_num", "=", "DROP-1").execute(),
    ).toHaveLength(1);
  });

  it("adds one rule beside the others and removes it by id: a rule for one key spends only that key's budget", async () => {
    await sandbox.operator("PUT", "/faults", { rules: [{ method: "POST", path: "/api/v2/purchases", kind: "error" }] });
    const issued = (
      await sandbox.operator("POST", "/keys", { type: "Customer", company: "Fault", customerIds: [20001] })
    ).body as { key: string };
    const added = await sandbox.operator("POST", "/faults", {
      path: "/api/*",
      kind: "rate-limit",
      retryAfter: 600,
      key: issued.key,
    });
    expect(added.status).toBe(201);
    const rule = (added.body as { rule: { id: number; keyHint: string } }).rule;
    expect(rule.keyHint).toBe(issued.key.slice(-4));
    expect(JSON.stringify((await sandbox.operator("GET", "/faults")).body)).not.toContain(issued.key);
    expect((await sandbox.operator("GET", "/faults")).body.rules).toHaveLength(2);
    expect((await sandbox.call("GET", "/v1/invoices", { as: issued.key })).status).toBe(429);
    expect((await sandbox.call("GET", "/v1/invoices", { as: "Customer" })).status).toBe(200);
    expect((await sandbox.operator("DELETE", `/faults/${rule.id}`)).status).toBe(204);
    expect((await sandbox.operator("DELETE", `/faults/${rule.id}`)).status).toBe(404);
    expect((await sandbox.call("GET", "/v1/invoices", { as: issued.key })).status).toBe(200);
    expect((await sandbox.operator("GET", "/faults")).body.rules).toEqual([
      expect.objectContaining({ path: "/api/v2/purchases" }),
    ]);
    expect((await sandbox.operator("POST", "/faults", { path: "/api/*", kind: "latency" })).status).toBe(400);
    await sandbox.operator("DELETE", "/faults");
  });

  it("refuses a bad rule with 400 and keeps the rules it had", async () => {
    await sandbox.operator("PUT", "/faults", { rules: [{ path: "/api/v1/states", kind: "error" }] });
    expect(
      (await sandbox.operator("PUT", "/faults", { rules: [{ path: "/api/v1/states", kind: "latency" }] })).status,
    ).toBe(400);
    expect((await sandbox.operator("GET", "/faults")).body.rules).toHaveLength(1);
    await sandbox.operator("DELETE", "/faults");
  });
});

describe("POST /{env}/operator/reset", () => {
  it("restores the seed: writes, issued keys, the clock's offset and fault rules are gone; demo keys work", async () => {
    const issued = await sandbox.operator("POST", "/keys", { type: "Supplier", company: "Temp", supplierIds: [101] });
    const key = (issued.body as { key: string }).key;
    const vendor = await sandbox.db
      .selectFrom("vendors")
      .select(["vendor_id", "location_id"])
      .where("supplier_id", "=", 101)
      .where("require_po_batch_codes", "=", 0)
      .executeTakeFirstOrThrow();
    const draft = await sandbox.call("POST", "/v2/purchases", {
      as: key,
      body: {
        vendor_id: vendor.vendor_id,
        to_location_id: vendor.location_id,
        supplier_id: 101,
        delivery_date: "2026-12-15",
        po_num: "RESET-1",
      },
    });
    const id = (draft.body.data as { purchase_global_id: string }).purchase_global_id;
    await sandbox.operator("POST", "/clock", { advanceSeconds: 600 });
    await sandbox.operator("PUT", "/faults", { rules: [{ path: "/api/v1/states", kind: "error" }] });

    const reset = await sandbox.operator("POST", "/reset");
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ env: "test", seededAt: TEST_CLOCK, scale: 0.05 });
    expect((await sandbox.call("GET", `/v2/purchases/${id}`, { as: "Supplier" })).status).toBe(404);
    expect((await sandbox.call("GET", "/v1/states", { as: key })).status).toBe(401);
    expect((await sandbox.call("GET", "/v1/states", { as: "Customer" })).status).toBe(200);
    expect((await sandbox.operator("GET", "/clock")).body).toEqual({ now: TEST_CLOCK, offsetMs: 0 });
    expect((await sandbox.operator("GET", "/faults")).body.rules).toEqual([]);
  });
});
