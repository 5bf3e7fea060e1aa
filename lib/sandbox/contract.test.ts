import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEY_TYPES, type KeyType } from "@/lib/data-api/operation";
import { type AnyOperation, operationList } from "@/lib/data-api/registry";
import { createSandboxApp } from "./app";
import { fixedClock } from "./clock";
import { demoKeys } from "./keys";
import { type SandboxRuntime, startSandbox } from "./runtime";

/**
 * The sandbox's contract suite: every read operation, for every key type, on seeded data, in-process.
 * Each answer must be what the registry says (403 where the key type is refused) and match the documented schema.
 */
const NOW = "2026-11-21T18:00:00.000Z";
const keys = demoKeys("test");
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

type Json = Record<string, unknown> & { Data?: Json[] | Json; data?: Json[] | Json };

async function call(path: string, type: KeyType = "Employee", headers: Record<string, string> = {}) {
  const res = await sandbox.app.request(`/test/api${path}`, { headers: { "x-api-key": keys[type], ...headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
}

async function rows(path: string, type: KeyType = "Employee"): Promise<Json[]> {
  const { status, body } = await call(path, type);
  expect(status, path).toBe(200);
  return (body.Data ?? body.data) as Json[];
}

/** Real ids the seeded data holds, visible to each key type, to fill required parameters and path ids. */
async function sampleIds(type: KeyType) {
  const first = async (path: string, field: string) =>
    ((await call(path, type)).body.Data as Json[] | undefined)?.[0]?.[field];
  const invoiceId = await first("/v1/invoices?Statuses=1,2,3,4,5,7&PageSize=1", "InvoiceID");
  const purchase =
    type === "Customer" ? undefined : ((await call("/v1/purchases?PageSize=1", type)).body.Data as Json[])[0];
  return {
    customerID: await first("/v1/customers?PageSize=1", "CustomerID"),
    invoiceID: invoiceId,
    locationID: await first("/v1/locations?PageSize=1", "LocationID"),
    productID: await first("/v1/products?PageSize=1", "ProductID"),
    supplierID: await first("/v1/suppliers?PageSize=1", "SupplierID"),
    userID: await first("/v1/users?PageSize=1", "UserID"),
    purchaseID: purchase?.PurchaseID,
    purchaseGlobalID: purchase?.PurchaseGlobalID,
  };
}

/**
 * Where the sandbox departs from the documented schema on purpose, as the live service does (docs/sandbox.md, "Shapes"):
 * a customer without a delivery schedule has DeliveryDays, and NextDeliveryDates, null where a string is documented.
 */
const LIVE_NULLS = new Set(["DeliveryDays", "NextDeliveryDates"]);

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  return value;
}

/** A schema issue the live service's own answers would raise too: a null in one of LIVE_NULLS. */
const isLiveNull = (body: unknown, path: readonly PropertyKey[]) =>
  LIVE_NULLS.has(String(path.at(-1))) && valueAt(body, path) === null;

function requestFor(op: AnyOperation, ids: Record<string, unknown>): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(name === "purchaseID" && op.version === "v2" ? ids.purchaseGlobalID : (ids[name] ?? 1)),
  );
  const query = new URLSearchParams();
  if ("InvoiceIDs" in op.query && op.query.InvoiceIDs.required) query.set("InvoiceIDs", String(ids.invoiceID ?? 1));
  if ("PurchaseIDs" in op.query && op.query.PurchaseIDs.required) query.set("PurchaseIDs", String(ids.purchaseID ?? 1));
  if ("purchase_ids" in op.query && op.query.purchase_ids.required)
    query.set("purchase_ids", String(ids.purchaseID ?? 1));
  const search = query.toString();
  return `/${op.version}${path}${search ? `?${search}` : ""}`;
}

describe("every read operation, for every key type", () => {
  for (const type of KEY_TYPES) {
    it(`answers ${type} keys as the registry says, in the documented shapes`, async () => {
      const ids = await sampleIds(type);
      const failures: string[] = [];
      const gets = operationList.filter((o) => o.method === "GET");
      expect(gets.length).toBeGreaterThan(40);
      let schemaChecked = 0;
      for (const op of gets) {
        const path = requestFor(op, ids);
        const { status, body } = await call(path, type);
        const forbidden = type !== "Employee" && op.access[type] === "forbidden";
        if (forbidden) {
          if (status !== 403) failures.push(`${path}: expected 403, got ${status}`);
          continue;
        }
        if (status !== 200) {
          failures.push(`${path}: ${status} ${JSON.stringify(body)}`);
          continue;
        }
        const checked = op.responseDoc!.safeParse(body);
        schemaChecked++;
        const issues = checked.success ? [] : checked.error.issues.filter((i) => !isLiveNull(body, i.path));
        if (issues.length)
          failures.push(
            `${path}: ${issues
              .slice(0, 3)
              .map((i) => `${i.path.join(".")} ${i.message}`)
              .join("; ")}`,
          );
      }
      expect(failures).toEqual([]);
      // Every key type may read some of them: a run that only met 403s would check no schema at all.
      expect(schemaChecked).toBeGreaterThan(10);
    }, 60_000);
  }

  it("finds data for the demo keys on the pages people use", async () => {
    expect(await rows("/v1/invoices?PageSize=5", "Customer")).not.toHaveLength(0);
    expect(await rows("/v1/payments/openInvoices", "Customer")).not.toHaveLength(0);
    expect((await rows("/v1/payments", "Customer")).some((p) => Number(p.AvailableBalance) > 0)).toBe(true);
    expect(await rows("/v1/vendors", "Supplier")).not.toHaveLength(0);
    expect(await rows("/v1/inventory", "Supplier")).not.toHaveLength(0);
  });
});

describe("defaults", () => {
  it("GET /invoices lists New invoices unless Statuses says otherwise", async () => {
    expect(new Set((await rows("/v1/invoices?PageSize=500")).map((i) => i.Status))).toEqual(new Set([1]));
    // 3 and 5 (not 7, whose invoices alone fill more than a page): both fit one page, so both must show.
    const mixed = new Set((await rows("/v1/invoices?Statuses=3,5&PageSize=500")).map((i) => i.Status));
    expect(mixed).toEqual(new Set([3, 5]));
  });

  it("GET /customers lists Active customers unless AccountStatuses says otherwise", async () => {
    expect(new Set((await rows("/v1/customers?PageSize=500")).map((c) => c.AccountStatus))).toEqual(
      new Set(["Active"]),
    );
    const all = new Set(
      (await rows("/v1/customers?AccountStatuses=Active,Inactive,OutOfBus&PageSize=500")).map((c) => c.AccountStatus),
    );
    expect(all).toEqual(new Set(["Active", "Inactive", "OutOfBus"]));
  });

  it("GET /products lists Active products unless asked, and ignores Statuses when ProductIDs is given", async () => {
    expect(new Set((await rows("/v1/products?PageSize=500")).map((p) => p.StatusID))).toEqual(new Set([1]));
    const [discontinued] = await rows("/v1/products?Statuses=0&PageSize=1");
    expect(discontinued).toBeDefined();
    const byId = await rows(`/v1/products?ProductIDs=${discontinued!.ProductID}`);
    expect(byId.map((p) => p.ProductID)).toEqual([discontinued!.ProductID]);
  });

  it("GET /vendors lists active vendors; only Employee keys may ask for inactive ones", async () => {
    expect(new Set((await rows("/v1/vendors?PageSize=500")).map((v) => v.Active))).toEqual(new Set([true]));
    expect(new Set((await rows("/v1/vendors?Active=false&PageSize=500")).map((v) => v.Active))).toEqual(
      new Set([false]),
    );
    expect(new Set((await rows("/v1/vendors?Active=false&PageSize=500", "Supplier")).map((v) => v.Active))).toEqual(
      new Set([true]),
    );
  });

  it("reduces PageSize above 500 to 500 and keeps HasNextPage true while rows remain", async () => {
    const { body } = await call("/v1/invoices?Statuses=1,2,3,4,5,7&PageSize=900");
    expect(body).toMatchObject({ Page: 1, PageSize: 500, HasNextPage: true });
    expect(body.Data).toHaveLength(500);
  });
});

describe("scoping", () => {
  it("keeps a Customer key to its customers and AR accounts", async () => {
    const customers = (await rows("/v1/customers?PageSize=500", "Customer")).map((c) => c.CustomerID);
    expect(customers).toHaveLength(2);
    const invoices = await rows("/v1/invoices?Statuses=1,2,3,4,5,7&PageSize=500", "Customer");
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices.every((i) => customers.includes(i.CustomerID))).toBe(true);
    const accounts = new Set((await rows("/v1/payments?PageSize=500", "Customer")).map((p) => p.ARAccountID));
    expect(accounts.size).toBeGreaterThan(0);
    const applications = await rows("/v1/payments/applications?PageSize=500", "Customer");
    expect(applications.length).toBeGreaterThan(0);
    expect(applications.every((a) => accounts.has(a.ARAccountID))).toBe(true);
  });

  it("keeps a Supplier key to its suppliers' lines, products and portion of open invoices", async () => {
    const [supplier] = await rows("/v1/suppliers", "Supplier");
    const invoice = (await rows("/v1/invoices?Statuses=7&PageSize=1", "Supplier"))[0]!;
    const lines = await rows(`/v1/invoiceTransactions/${invoice.InvoiceID}`, "Supplier");
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.SupplierID === supplier!.SupplierID)).toBe(true);
    const products = await rows("/v1/products?PageSize=500", "Supplier");
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.SupplierID === supplier!.SupplierID)).toBe(true);

    const mine = await rows("/v1/payments/openInvoices?PageSize=500", "Supplier");
    expect(mine.length).toBeGreaterThan(0);
    const whole = new Map(
      (
        await rows(
          "/v1/payments/openInvoices?PageSize=500&ARAccountIDs=" +
            [...new Set(mine.map((i) => i.ARAccountID))].slice(0, 20).join(","),
        )
      ).map((i) => [i.InvoiceID, i]),
    );
    let compared = 0;
    for (const portion of mine) {
      expect(portion).not.toHaveProperty("OpenDebit");
      const full = whole.get(portion.InvoiceID);
      if (!full) continue;
      expect(Math.abs(Number(portion.OpenBalance))).toBeLessThanOrEqual(Math.abs(Number(full.OpenBalance)));
      compared++;
    }
    // Only the portions whose whole invoice the Employee page holds are compared: some must be.
    expect(compared).toBeGreaterThan(0);
  });

  it("answers 404 for a single record outside the key's scope", async () => {
    const [other] = await rows(
      "/v1/customers?PageSize=500&CustomerIDs=" +
        (await rows("/v1/customers?PageSize=50")).map((c) => c.CustomerID).join(","),
    );
    const own = (await rows("/v1/customers", "Customer")).map((c) => c.CustomerID);
    const outside = (await rows("/v1/customers?PageSize=50")).find((c) => !own.includes(c.CustomerID)) ?? other;
    expect((await call(`/v1/customers/${outside!.CustomerID}`, "Customer")).status).toBe(404);
  });
});

describe("documented rules on the data", () => {
  it("never shows a negative available balance, and a reversed payment has none", async () => {
    const payments = await rows("/v1/payments?PageSize=500");
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((p) => !String(p.AvailableBalance).startsWith("-"))).toBe(true);
    const reversed = payments.filter((p) => String(p.Amount).startsWith("-"));
    expect(reversed.length).toBeGreaterThan(0);
    expect(reversed.every((p) => p.AvailableBalance === "0.000000")).toBe(true);
  });

  it("computes AvailableUnits from the documented formula", async () => {
    const inventory = await rows("/v1/inventory?PageSize=200");
    expect(inventory.length).toBeGreaterThan(0);
    for (const r of inventory) {
      expect(r.AvailableUnits).toBe(Number(r.OnFloorInventory) - (Number(r.PreSales) + Number(r.Allocated)));
    }
  });

  it("adds the AR aging buckets up to the outstanding total", async () => {
    const aging = await rows("/v1/arAging?PageSize=200");
    expect(aging.length).toBeGreaterThan(0);
    for (const a of aging) {
      const micros = (v: unknown) => Math.round(Number(v) * 1e6);
      const sum =
        ["CurrentDue", "Due_1_30", "Due_31_60", "Due_61_90", "Due_91"].reduce((n, k) => n + micros(a[k]), 0) -
        micros(a.OpenCredit);
      expect(sum).toBe(micros(a.TotalBalanceOutstanding));
    }
  });

  it("shows the same purchase in v1 and v2, by numeric and by global id", async () => {
    const [v1] = await rows("/v1/purchases?PageSize=1", "Supplier");
    const byNumber = await call(`/v2/purchases/${v1!.PurchaseID}`, "Supplier");
    const byGlobal = await call(`/v2/purchases/${v1!.PurchaseGlobalID}`, "Supplier");
    expect(byNumber.body).toEqual(byGlobal.body);
    expect(byGlobal.body.data).toMatchObject({
      purchase_id: v1!.PurchaseID,
      po_num: v1!.PONum,
      status: v1!.Status,
      total: v1!.Total,
    });
    const lines = (byGlobal.body.data as Json).purchase_transactions as Json[];
    expect(lines.length).toBeGreaterThan(0);
    const v1Lines = await rows(`/v1/purchaseTrans?PurchaseIDs=${v1!.PurchaseID}`, "Supplier");
    expect(lines.map((l) => l.purchase_trans_id)).toEqual(v1Lines.map((l) => l.PurchaseTransID));
    const bare = await call(`/v2/purchases/${v1!.PurchaseGlobalID}?include_transactions=false`, "Supplier");
    expect(bare.body.data).not.toHaveProperty("purchase_transactions");
  });

  it("filters v2 purchases by status", async () => {
    const received = await rows("/v2/purchases?statuses=Received&include_transactions=false&page_size=500", "Supplier");
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((p) => p.status === "Received")).toBe(true);
    const drafts = await rows("/v2/purchases?statuses=InProgress", "Supplier");
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((p) => p.status === "InProgress" && p.purchase_id === null)).toBe(true);
    const mixed = await rows(
      "/v2/purchases?statuses=InProgress,Received&include_transactions=false&page_size=500",
      "Supplier",
    );
    expect(new Set(mixed.map((p) => p.status))).toEqual(new Set(["InProgress", "Received"]));
  });
});

describe("document links", () => {
  const fetchLink = (url: unknown) => sandbox.app.request(new URL(String(url)).pathname + new URL(String(url)).search);

  it("open the documents and pictures the records point at", async () => {
    const [invoice] = await rows("/v1/invoices?Statuses=7&PageSize=1", "Customer");
    const lines = await rows(`/v1/invoiceTransactions/${invoice!.InvoiceID}`, "Customer");
    const [product] = await rows("/v1/products?PageSize=1");
    const [customer] = await rows("/v1/customers?PageSize=1");
    const [purchase] = await rows("/v1/purchases?PageSize=1", "Supplier");
    const cases: [unknown, string, string][] = [
      [invoice!.PDFURL, "application/pdf", String(invoice!.InvoiceNum)],
      [lines.find((l) => l.COA_URL)!.COA_URL, "application/pdf", "Certificate of analysis"],
      [product!.ThumbnailImageURL, "image/svg+xml", "<svg"],
      [product!.FullSizeImageURL, "image/svg+xml", "<svg"],
      [customer!.ProfilePictureURL, "image/svg+xml", "<svg"],
      [purchase!.PublicPDFLink, "application/pdf", String(purchase!.PONum)],
    ];
    for (const [url, type, text] of cases) {
      const res = await fetchLink(url);
      expect(res.status, String(url)).toBe(200);
      expect(res.headers.get("Content-Type"), String(url)).toContain(type);
      expect(await res.text(), String(url)).toContain(text);
    }
  });

  it("do not open a purchase PDF without the ERP token of its link", async () => {
    const [purchase] = await rows("/v1/purchases?PageSize=1", "Supplier");
    const url = new URL(String(purchase!.PublicPDFLink));
    expect((await sandbox.app.request(url.pathname)).status).toBe(404);
    expect((await sandbox.app.request(`${url.pathname}?token=0000`)).status).toBe(404);
  });
});

describe("mounted and standalone", () => {
  it("serve the same answers", async () => {
    const mounted = createSandboxApp({
      databases: sandbox.databases,
      clock: fixedClock(NOW),
      basePath: "/sandbox",
      rateLimit: { limit: 1_000_000 },
      operatorKey: sandbox.operatorKey,
    });
    for (const path of [
      "/test/api/v1/invoices?PageSize=20",
      "/test/api/v1/customers/" + (await rows("/v1/customers", "Customer"))[0]!.CustomerID,
      "/test/api/v2/purchases?page_size=5",
    ]) {
      const key = path.includes("purchases") ? keys.Supplier : keys.Customer;
      const a = await sandbox.app.request(path, { headers: { "x-api-key": key } });
      const b = await mounted.request(`/sandbox${path}`, { headers: { "x-api-key": key } });
      expect(b.status).toBe(a.status);
      // Only the sandbox's own document URLs differ, by the mount path.
      expect((await b.text()).replaceAll("/sandbox/test/", "/test/")).toBe(await a.text());
    }
  });
});
