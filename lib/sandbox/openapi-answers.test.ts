import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEY_TYPES, type KeyType } from "@/lib/data-api/operation";
import { fixedClock } from "./clock";
import { demoKeys } from "./keys";
import { type OperationRef, openApiChecker, type Received } from "./openapi-check";
import { type SandboxRuntime, startSandbox } from "./runtime";

/**
 * The sandbox's answers against `public/openapi.json`, as Stoplight Prism's validating proxy would check them
 * (`openapi-check.ts`): one valid request to every operation of the document, on seeded data with ids picked by list
 * calls, and the error answers (401, 404, 405, 400, 413, 415, 429, a fault's 500): each one's status documented for
 * its operation, every header the document requires present and typed (`RateLimit-*` on all of them), its body of the
 * documented schema.
 */
const NOW = "2026-11-21T18:00:00.000Z";
const keys = demoKeys("test");
const document = JSON.parse(readFileSync(new URL("../../public/openapi.json", import.meta.url), "utf8"));
const check = openApiChecker(document);
let sandbox: SandboxRuntime;

beforeAll(async () => {
  sandbox = await startSandbox({
    dataDir: ":memory:",
    clock: fixedClock(NOW),
    rateLimit: 1_000_000,
    scale: 0.05,
    basePath: "",
  });
}, 60_000);
afterAll(() => sandbox.close());

type Json = Record<string, unknown>;

interface Sent {
  as?: KeyType | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request to the test environment (`/api/v1/...`), answered in-process; `as: null` sends no key. */
async function send(method: string, path: string, { as = "Employee", body, headers = {} }: Sent = {}) {
  const res = await sandbox.app.request(`/test${path}`, {
    method,
    headers: {
      ...(as ? { "x-api-key": keys[as] } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const received: Received = { status: res.status, headers: res.headers, body: await res.text() };
  const json = (
    received.body && received.headers.get("Content-Type")?.includes("json") ? JSON.parse(received.body) : {}
  ) as Json;
  return { received, json };
}

/** The first record of a list answer (`Data` or `data`). */
async function first(path: string, as: KeyType = "Employee"): Promise<Json> {
  const { received, json } = await send("GET", path, { as });
  expect(received.status, path).toBe(200);
  const rows = (json.Data ?? json.data) as Json[];
  expect(rows.length, `${path} lists nothing`).toBeGreaterThan(0);
  return rows[0]!;
}

/** Fills a document path template (`/api/v1/customers/{customerID}`) from `ids`. */
const fill = (template: string, ids: Json) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (ids[name] === undefined) throw new Error(`no sample for {${name}}`);
    return encodeURIComponent(String(ids[name]));
  });

/**
 * The documentation's `RateLimit-*` headers, asked of every answer whatever the document under test says (today's
 * required them nowhere, and answers refused before the key was counted had none).
 */
const figureProblems = (received: Received) =>
  ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]
    .filter((name) => !/^\d+$/.test(received.headers.get(name) ?? ""))
    .map((name) => `${name} missing (${received.status})`);

/** Problems of one answer, labelled by the request that got it. */
function problemsOf(op: OperationRef, label: string, received: Received, expected?: number): string[] {
  const problems = [...check.answer(op, received), ...figureProblems(received)];
  if (expected !== undefined && received.status !== expected)
    problems.unshift(`status ${received.status}, expected ${expected}: ${received.body.slice(0, 300)}`);
  return problems.map((p) => `${label}: ${p}`);
}

const byId = (id: string) => {
  const op = check.operations().find((o) => o.operationId === id);
  if (!op) throw new Error(`${id} is not in the document`);
  return op;
};

describe("every operation of public/openapi.json, answered by the sandbox", () => {
  /** The first record of a list the key may read; undefined where its key type is refused (403). */
  async function sample(path: string, as: KeyType): Promise<Json | undefined> {
    const { received, json } = await send("GET", path, { as });
    return received.status === 403 ? undefined : ((json.Data ?? json.data) as Json[] | undefined)?.[0];
  }

  it.each(KEY_TYPES)(
    "answers every read of a %s key as the document describes it, 304 and 403 included",
    async (as) => {
      const invoice = await sample("/api/v1/invoices?Statuses=1,2,3,4,5,7&PageSize=1", as);
      const purchase = await sample("/api/v1/purchases?PageSize=1", as);
      // Ids the key may see, from its own lists; a key type refused a list is refused its records too (403 before any
      // lookup), so any id does there.
      const ids: Json = {
        customerID: (await sample("/api/v1/customers?PageSize=1", as))?.CustomerID ?? 1,
        invoiceID: invoice?.InvoiceID ?? 1,
        locationID: (await sample("/api/v1/locations?PageSize=1", as))?.LocationID ?? 1,
        productID: (await sample("/api/v1/products?PageSize=1", as))?.ProductID ?? 1,
        supplierID: (await sample("/api/v1/suppliers?PageSize=1", as))?.SupplierID ?? 1,
        userID: (await sample("/api/v1/users?PageSize=1", as))?.UserID ?? 1,
      };
      const required: Json = {
        InvoiceIDs: ids.invoiceID,
        PurchaseIDs: purchase?.PurchaseID ?? 1,
        purchase_ids: purchase?.PurchaseID ?? 1,
      };
      const reads = check.operations().filter((o) => o.method === "GET");
      expect(reads.length).toBeGreaterThan(40);
      const problems: string[] = [];
      let answered = 0;
      for (const op of reads) {
        const item = (document.paths as Record<string, { get: Json }>)[op.path]!.get;
        const forbidden = as !== "Employee" && (item["x-key-access"] as Record<string, string>)[as] === "forbidden";
        // v2 reads a purchase by its global id, v1 by the ERP's number.
        const path = fill(op.path, {
          ...ids,
          purchaseID: (op.path.startsWith("/api/v2") ? purchase?.PurchaseGlobalID : purchase?.PurchaseID) ?? 1,
        });
        const params = (item.parameters as { name?: string; required?: boolean }[]).filter((p) => p.required && p.name);
        const query = new URLSearchParams(params.map((p) => [p.name!, String(required[p.name!])])).toString();
        const url = query ? `${path}?${query}` : path;
        const { received } = await send("GET", url, { as });
        problems.push(...problemsOf(op, `${as} GET ${url}`, received, forbidden ? 403 : 200));
        if (forbidden) continue;
        answered++;
        // The same read with its ETag: 304, empty, with the headers every answer carries.
        const etag = received.headers.get("ETag");
        if (!etag) problems.push(`${as} GET ${url}: no ETag`);
        else {
          const again = await send("GET", url, { as, headers: { "If-None-Match": etag } });
          problems.push(...problemsOf(op, `${as} GET ${url} (If-None-Match)`, again.received, 304));
        }
      }
      expect(problems).toEqual([]);
      // Every key type may read some: a run that met only 403s would have checked no record's schema.
      expect(answered).toBeGreaterThan(20);
    },
    30_000,
  );

  it("answers every write as the document describes it", async () => {
    // What a Supplier key may order: its supplier, one of that supplier's active vendors, an active product of it sold
    // in the vendor's warehouse's state.
    const supplierId = (await first("/api/v1/suppliers", "Supplier")).SupplierID;
    const vendor = await first(`/api/v1/vendors?SupplierIDs=${supplierId}&PageSize=1`, "Supplier");
    const location = await first(`/api/v1/locations/${vendor.LocationID}`, "Supplier");
    const product = await first(`/api/v1/products?States=${location.State}&PageSize=1`, "Supplier");
    const draft = (poNum: string) => ({
      vendor_id: vendor.VendorID,
      to_location_id: vendor.LocationID,
      supplier_id: supplierId,
      delivery_date: "2026-12-01",
      po_num: poNum,
      purchase_transactions: [{ product_id: product.ProductID, cases: 2, batch_code: "B-1" }],
    });
    const problems: string[] = [];
    const covered = new Set<string>();
    const write = async (id: string, path: string, sent: Sent, expected: number) => {
      const op = byId(id);
      covered.add(id);
      const { received, json } = await send(op.method, path, { as: "Supplier", ...sent });
      problems.push(...problemsOf(op, `${op.method} ${path}`, received, expected));
      return json;
    };

    const created = await write("createPurchase", "/api/v2/purchases", { body: draft("OAS-1") }, 201);
    const globalId = (created.data as Json | undefined)?.purchase_global_id as string;
    // Not ready (no line): valid false, with the sandbox's `errors`.
    const checked = await write(
      "validatePurchase",
      "/api/v2/purchases/validate",
      { body: { ...draft("OAS-2"), purchase_transactions: [] } },
      200,
    );
    expect((checked.data as Json | undefined)?.valid).toBe(false);
    await write("updatePurchase", `/api/v2/purchases/${globalId}`, { body: { po_num: "OAS-1B" } }, 200);
    await write("submitPurchase", `/api/v2/purchases/${globalId}/submit`, {}, 200);
    const other = await write("createPurchase", "/api/v2/purchases", { body: draft("OAS-3") }, 201);
    await write("deletePurchase", `/api/v2/purchases/${(other.data as Json).purchase_global_id}`, {}, 204);

    // A payment request: a Customer key's payment with credit left and no supplier, toward an open invoice of its account.
    const payments = await send("GET", "/api/v1/payments?PageSize=500", { as: "Customer" });
    const payment = (payments.json.Data as Json[]).find(
      (p) => p.SupplierID == null && Number(p.AvailableBalance) >= 1,
    )!;
    expect(payment, "a Customer payment with credit").toBeDefined();
    const target = await first(
      `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}&PageSize=1`,
      "Customer",
    );
    const query = new URLSearchParams({
      PaymentInvoiceNum: String(payment.PaymentInvoiceNum),
      TargetInvoiceNum: String(target.InvoiceNum),
      ARAccountID: String(payment.ARAccountID),
      Amount: "0.01",
    });
    const op = byId("createPaymentApplication");
    covered.add(op.operationId);
    const { received } = await send("POST", `${op.path}?${query}`, { as: "Customer" });
    problems.push(...problemsOf(op, `POST ${op.path}`, received, 201));

    expect(problems).toEqual([]);
    // Reads are walked from the document itself; every write of it must have had its request here.
    const writes = check.operations().filter((o) => o.method !== "GET");
    expect(writes.map((o) => o.operationId).filter((id) => !covered.has(id))).toEqual([]);
  }, 30_000);
});

describe("error answers, each with the RateLimit-* headers", () => {
  const states = () => byId("listStates");

  it("401 without a key, or with an unknown one", async () => {
    for (const headers of [{}, { "x-api-key": "test-nobody" }] as Record<string, string>[]) {
      const { received } = await send("GET", "/api/v1/states", { as: null, headers });
      expect(problemsOf(states(), "401", received, 401)).toEqual([]);
      expect(received.headers.get("RateLimit-Limit")).toBe("1000000");
    }
  });

  it("404 for an unknown path, and 405 for a method its path does not take, before the key is looked at", async () => {
    for (const [method, path, status] of [
      ["GET", "/api/v1/nothing", 404],
      ["GET", "/api/v3/states", 404],
      ["GET", "/api", 404],
      ["DELETE", "/api/v1/states", 405],
    ] as const) {
      for (const as of ["Employee", null] as const) {
        const { received } = await send(method, path, { as });
        expect(received.status, `${method} ${path}`).toBe(status);
        const problems = [...check.unowned(received), ...figureProblems(received)];
        expect(problems.map((p) => `${method} ${path}: ${p}`)).toEqual([]);
      }
    }
  });

  it("a known key's figures as they stand on an answer given before it was counted", async () => {
    const before = (await send("GET", "/api/v1/states")).received.headers.get("RateLimit-Remaining");
    const notFound = (await send("GET", "/api/v1/nothing")).received;
    // Not counted: what remains is what the last counted answer said.
    expect(notFound.headers.get("RateLimit-Remaining")).toBe(before);
  });

  it("400 on a bad query and on a body that fails validation; 413 and 415 on bodies refused", async () => {
    const lines = byId("listInvoiceTransactions");
    expect(problemsOf(lines, "400 query", (await send("GET", "/api/v1/invoiceTransactions")).received, 400)).toEqual(
      [],
    );
    const create = byId("createPurchase");
    const cases = [
      [{ as: "Supplier", body: { po_num: 7 } }, 400],
      [{ as: "Supplier", body: "{", headers: { "Content-Type": "application/json" } }, 400],
      [{ as: "Supplier", body: "x".repeat(300 * 1024) }, 413],
      [{ as: "Supplier", body: "po_num=1", headers: { "Content-Type": "text/plain" } }, 415],
    ] as const;
    for (const [sent, status] of cases) {
      const { received } = await send("POST", "/api/v2/purchases", sent as Sent);
      expect(problemsOf(create, `POST ${status}`, received, status)).toEqual([]);
    }
  });

  it("429 past a key's limit, and a fault's 429 and 500", async () => {
    const issued = await sandbox.app.request("/test/operator/keys", {
      method: "POST",
      headers: { "x-api-key": sandbox.operatorKey, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "Employee", company: "Rate test", rateLimit: 1 }),
    });
    const key = ((await issued.json()) as { key: string }).key;
    await send("GET", "/api/v1/states", { as: null, headers: { "x-api-key": key } });
    const spent = (await send("GET", "/api/v1/states", { as: null, headers: { "x-api-key": key } })).received;
    expect(problemsOf(states(), "429", spent, 429)).toEqual([]);

    const faults = (rules: unknown[]) =>
      sandbox.app.request("/test/operator/faults", {
        method: "PUT",
        headers: { "x-api-key": sandbox.operatorKey, "Content-Type": "application/json" },
        body: JSON.stringify({ rules }),
      });
    try {
      expect(
        (
          await faults([
            { path: "/api/v1/states", kind: "error", key: keys.Customer },
            { path: "/api/v1/locations", kind: "rate-limit", key: keys.Customer },
          ])
        ).status,
      ).toBe(200);
      expect(
        problemsOf(states(), "fault 500", (await send("GET", "/api/v1/states", { as: "Customer" })).received, 500),
      ).toEqual([]);
      expect(
        problemsOf(
          byId("listLocations"),
          "fault 429",
          (await send("GET", "/api/v1/locations", { as: "Customer" })).received,
          429,
        ),
      ).toEqual([]);
    } finally {
      await faults([]);
    }
  });
});
