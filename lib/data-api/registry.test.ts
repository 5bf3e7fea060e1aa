import { describe, expect, it } from "vitest";
import { buildPath, matchOperation, operationList, operations } from "./registry";

/**
 * Every operation in the Data API documentation (spec/data-api.md, "Endpoints"), written out here so the test needs
 * nothing outside the repository: the v1 read table, POST /payments/applications, and the v2 purchase operations.
 */
const DOCUMENTED = [
  "GET v1 /allocations",
  "GET v1 /arAging",
  "GET v1 /customerPricing",
  "GET v1 /customers",
  "GET v1 /customers/creditTerms",
  "GET v1 /customers/{customerID}",
  "GET v1 /deliveryDays",
  "GET v1 /inventory",
  "GET v1 /inventory/batches",
  "GET v1 /availableInventory",
  "GET v1 /retailerInventory",
  "GET v1 /invoices",
  "GET v1 /invoices/{invoiceID}",
  "GET v1 /invoiceTransactions",
  "GET v1 /invoiceTransactions/{invoiceID}",
  "GET v1 /invoices/creditTerms",
  "GET v1 /invoiceCOAs",
  "GET v1 /invoiceCOAs/{invoiceID}",
  "GET v1 /locations",
  "GET v1 /locations/{locationID}",
  "GET v1 /menuPromotions",
  "GET v1 /promotionsProducts",
  "GET v1 /productCategories",
  "GET v1 /products",
  "GET v1 /products/{productID}",
  "GET v1 /states",
  "GET v1 /suppliers",
  "GET v1 /suppliers/creditTerms",
  "GET v1 /suppliers/{supplierID}",
  "GET v1 /users",
  "GET v1 /users/{userID}",
  "GET v1 /payments/types",
  "GET v1 /payments",
  "GET v1 /payments/openInvoices",
  "GET v1 /payments/applications",
  "GET v1 /vendors",
  "GET v1 /purchases",
  "GET v1 /purchases/{purchaseID}",
  "GET v1 /purchaseTrans",
  "GET v1 /salesReps",
  "POST v1 /payments/applications",
  "GET v2 /purchases",
  "POST v2 /purchases",
  "POST v2 /purchases/validate",
  "GET v2 /purchases/{purchaseID}",
  "PATCH v2 /purchases/{purchaseGlobalID}",
  "DELETE v2 /purchases/{purchaseGlobalID}",
  "POST v2 /purchases/{purchaseGlobalID}/submit",
  "GET v2 /purchaseTrans",
];

const key = (o: { method: string; version: string; path: string }) => `${o.method} ${o.version} ${o.path}`;

describe("endpoint registry", () => {
  it("holds exactly the documented operations", () => {
    const registered = operationList.map(key);
    expect(registered.filter((k) => !DOCUMENTED.includes(k))).toEqual([]);
    expect(DOCUMENTED.filter((k) => !registered.includes(k))).toEqual([]);
    expect(new Set(registered).size).toBe(registered.length);
  });

  it("names each operation by its key in the registry", () => {
    for (const [id, op] of Object.entries(operations)) expect(op.id).toBe(id);
  });

  it("gives Customer keys 403 exactly where the documentation says", () => {
    const forbidden = operationList
      .filter((o) => o.access.Customer === "forbidden")
      .map(key)
      .sort();
    const purchaseOps = DOCUMENTED.filter((k) => /purchase/i.test(k) && !k.includes("payments"));
    expect(forbidden).toEqual(
      [
        "GET v1 /inventory",
        "GET v1 /inventory/batches",
        "GET v1 /suppliers/creditTerms",
        "GET v1 /vendors",
        ...purchaseOps,
      ].sort(),
    );
  });

  it("gives Supplier keys 403 only on POST /payments/applications", () => {
    expect(operationList.filter((o) => o.access.Supplier === "forbidden").map(key)).toEqual([
      "POST v1 /payments/applications",
    ]);
  });

  it("paginates every list with the documented parameters", () => {
    for (const op of operationList) {
      if (op.envelope === "v1-list")
        expect(Object.keys(op.query), op.id).toEqual(expect.arrayContaining(["Page", "PageSize"]));
      if (op.envelope === "v2-list")
        expect(Object.keys(op.query), op.id).toEqual(expect.arrayContaining(["page", "page_size"]));
    }
  });

  it.each([
    ["listInvoiceTransactions", "InvoiceIDs"],
    ["listInvoiceCOAs", "InvoiceIDs"],
    ["listPurchaseTransactions", "PurchaseIDs"],
    ["listPurchaseLinesV2", "purchase_ids"],
  ] as const)("%s requires %s and says so by name", (id, param) => {
    const result = operations[id].querySchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`${param} parameter is required`);
  });

  it("lists 404 for single-record GETs and every status code of a GET otherwise", () => {
    const gets = operationList.filter((o) => o.method === "GET");
    expect(gets.length).toBeGreaterThan(40);
    expect(gets.filter((o) => Object.keys(o.pathParams).length > 0).length).toBeGreaterThan(0);
    for (const op of gets) {
      expect(op.statuses, op.id).toEqual(expect.arrayContaining([200, 400, 401, 403, 429, 500]));
      if (Object.keys(op.pathParams).length > 0) expect(op.statuses, op.id).toContain(404);
    }
  });

  it("takes Idempotency-Key on every POST and PATCH", () => {
    // validatePurchase creates nothing; the documentation lists only Prefer for it.
    const writes = operationList.filter(
      (o) => (o.method === "POST" || o.method === "PATCH") && o.id !== "validatePurchase",
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const op of writes) {
      expect(op.headers, op.id).toContain("Idempotency-Key");
    }
  });
});

describe("matchOperation", () => {
  it("prefers a literal segment to a parameter", () => {
    const match = matchOperation("GET", "v1", "/invoices/creditTerms");
    expect(match.kind === "found" && match.operation.id).toBe("listInvoiceCreditTerms");
    const byId = matchOperation("GET", "v1", "/invoices/123");
    expect(byId).toMatchObject({ kind: "found", operation: { id: "getInvoice" }, params: { invoiceID: "123" } });
  });

  it("tells v1 from v2 for the same path", () => {
    expect(matchOperation("GET", "v1", "/purchases")).toMatchObject({ operation: { id: "listPurchases" } });
    expect(matchOperation("GET", "v2", "/purchases")).toMatchObject({ operation: { id: "listPurchasesV2" } });
  });

  it("answers method-not-allowed with the methods the path takes", () => {
    expect(matchOperation("PUT", "v2", "/purchases/abc")).toEqual({
      kind: "method-not-allowed",
      allow: ["GET", "PATCH", "DELETE"],
    });
    expect(matchOperation("DELETE", "v1", "/invoices")).toEqual({ kind: "method-not-allowed", allow: ["GET"] });
  });

  it("does not find paths outside the registry", () => {
    expect(matchOperation("GET", "v1", "/invoices/1/extra").kind).toBe("not-found");
    expect(matchOperation("GET", "v2", "/customers").kind).toBe("not-found");
    expect(matchOperation("GET", "v1", "/").kind).toBe("not-found");
  });
});

describe("buildPath", () => {
  it("encodes each value as one segment", () => {
    expect(buildPath(operations.getPurchaseV2, { purchaseID: "a/b?c" })).toBe("/purchases/a%2Fb%3Fc");
    expect(buildPath(operations.getCustomer, { customerID: 42 })).toBe("/customers/42");
  });

  it("refuses dot segments and missing values", () => {
    expect(() => buildPath(operations.getPurchaseV2, { purchaseID: ".." })).toThrow();
    expect(() => buildPath(operations.getCustomer, {})).toThrow();
  });
});
