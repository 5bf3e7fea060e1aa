import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDataApiClient } from "@/lib/data-api/client";
import { hashKey } from "@/lib/sandbox/keys";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { KeyRejected, probeKey } from "./key-probe";
import { DEMO_KEYS } from "./testing";

const BASE = "http://sandbox.test/test/api/v1";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

/** A client whose every request goes to `answer` and is recorded. */
function clientOver(apiKey: string, answer: (request: Request) => Response | Promise<Response>) {
  const requests: URL[] = [];
  const api = createDataApiClient({
    baseUrl: BASE,
    apiKey,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push(new URL(request.url));
      return answer(request);
    },
  });
  return { api, requests };
}
const overSandbox = (apiKey: string) => clientOver(apiKey, (request) => sandbox.runtime.app.fetch(request));

/** The names of the accounts a sandbox key is tied to, from the sandbox's own tables: what the probe should find. */
async function namesOf(apiKey: string) {
  const keyHash = hashKey(apiKey);
  const customers = await sandbox.db
    .selectFrom("api_key_customers as k")
    .innerJoin("customers as c", "c.customer_id", "k.customer_id")
    .select(["c.customer_id as id", "c.customer_name as name"])
    .where("k.key_hash", "=", keyHash)
    .orderBy("c.customer_id")
    .execute();
  const suppliers = await sandbox.db
    .selectFrom("api_key_suppliers as k")
    .innerJoin("suppliers as s", "s.supplier_id", "k.supplier_id")
    .select(["s.supplier_id as id", "s.supplier as name"])
    .where("k.key_hash", "=", keyHash)
    .orderBy("s.supplier_id")
    .execute();
  return { customers, suppliers };
}

const list = (records: unknown[]) => Response.json({ Data: records, Page: 1, PageSize: 50, HasNextPage: false });

describe("probeKey against the sandbox", () => {
  it("tells a Customer key by its 403 on /inventory, and names its stores", async () => {
    const { customers } = await namesOf(DEMO_KEYS.Customer);
    expect(customers.length).toBeGreaterThan(0);
    const probed = await probeKey(overSandbox(DEMO_KEYS.Customer).api);
    expect(probed.keyType).toBe("Customer");
    expect(probed.label).toMatch(/\(retailer\)$/);
    expect(probed.scope.customers).toEqual(customers);
    expect(probed.scope.suppliers).toBeUndefined();
    for (const { name } of customers.slice(0, 2)) expect(probed.scope.summary).toContain(name);
  });

  it("tells a Supplier key by the sparse customer record, and names its brands", async () => {
    const { suppliers } = await namesOf(DEMO_KEYS.Supplier);
    expect(suppliers.length).toBeGreaterThan(0);
    const probed = await probeKey(overSandbox(DEMO_KEYS.Supplier).api);
    expect(probed.keyType).toBe("Supplier");
    expect(probed.scope.suppliers).toEqual(suppliers);
    expect(probed.scope.customers).toBeUndefined();
    expect(probed.label).toBe(`${suppliers.map((s) => s.name).join(", ")} (brand)`);
  });

  it("tells an Employee key by the full customer record", async () => {
    const probed = await probeKey(overSandbox(DEMO_KEYS.Employee).api);
    expect(probed).toEqual({
      keyType: "Employee",
      label: "Distributor staff (employee)",
      scope: { summary: "Every customer, supplier and warehouse" },
    });
  });

  it.each(["Customer", "Supplier", "Employee"] as const)("spends at most 3 requests on a %s key", async (type) => {
    const { api, requests } = overSandbox(DEMO_KEYS[type]);
    await probeKey(api);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThanOrEqual(3);
    // Each read is small: a page size of 1 for the type, a bounded page for the scope.
    for (const url of requests) expect(Number(url.searchParams.get("PageSize"))).toBeLessThanOrEqual(500);
  });

  it.each([
    { name: "an unknown key", key: "test-not-a-key-at-all" },
    { name: "a key of the other environment", key: "production-customer-demo" },
  ])("refuses $name with KeyRejected 401, after one request", async ({ key }) => {
    const { api, requests } = overSandbox(key);
    const error = await probeKey(api).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyRejected);
    expect((error as KeyRejected).status).toBe(401);
    expect((error as KeyRejected).message).toMatch(/not accepted/);
    expect(requests).toHaveLength(1);
  });
});

describe("probeKey with a scripted API", () => {
  /** Answers /inventory and /customers with empty lists, /vendors and /suppliers as given. */
  const noCustomers = (vendors: unknown[]) => (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname.endsWith("/vendors")) return list(vendors);
    if (pathname.endsWith("/suppliers")) return list([{ SupplierID: 7, Supplier: "Desert Bloom" }]);
    return list([]);
  };

  it("with no customer to look at, calls a key that gets active vendors for Active=false a Supplier key", async () => {
    const { api, requests } = clientOver("scripted-key", noCustomers([{ VendorID: 1, Active: true }]));
    const probed = await probeKey(api);
    expect(probed.keyType).toBe("Supplier");
    expect(probed.scope.suppliers).toEqual([{ id: 7, name: "Desert Bloom" }]);
    const vendors = requests.find((url) => url.pathname.endsWith("/vendors"));
    expect(vendors?.searchParams.get("Active")).toBe("false");
  });

  it("with no customer to look at, calls a key that gets inactive vendors for Active=false an Employee key", async () => {
    const { api } = clientOver("scripted-key", noCustomers([{ VendorID: 1, Active: false }]));
    expect((await probeKey(api)).keyType).toBe("Employee");
  });

  it.each([
    { name: "a 500 on the first read", fail: "/inventory", status: 500 },
    { name: "a 429 while telling the type", fail: "/customers", status: 429 },
    { name: "a 503 while reading a Supplier key's brands", fail: "/suppliers", status: 503 },
  ])("turns $name into KeyRejected with the API's status", async ({ fail, status }) => {
    const { api } = clientOver("scripted-key", (request) => {
      const { pathname } = new URL(request.url);
      if (pathname.endsWith(fail)) return Response.json({ Error: "Try later" }, { status });
      if (pathname.endsWith("/customers")) return list([{ CustomerID: 1, CustomerName: "A store" }]);
      return list([]);
    });
    const error = await probeKey(api).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyRejected);
    expect((error as KeyRejected).status).toBe(status);
  });

  it("turns an unreachable API into KeyRejected (status 0), not an unexpected error", async () => {
    const { api } = clientOver("scripted-key", () => {
      throw new TypeError("fetch failed");
    });
    const error = await probeKey(api).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyRejected);
    expect((error as KeyRejected).status).toBe(0);
    expect((error as KeyRejected).message).toMatch(/could not check the key/);
  });
});
