import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AnyOperation, type OperationId, operations } from "@/lib/data-api/registry";
import { upstreamUrl } from "./upstream-url";

const PRODUCTION = "https://api.example.com/api/v1";
const SANDBOX = "http://127.0.0.1:3000/sandbox/test/api/v1";

describe("upstreamUrl", () => {
  it.each([
    {
      name: "GET v1 /invoices keeps the checked query, lists joined, in the registry's order",
      base: PRODUCTION,
      op: operations.listInvoices,
      path: {},
      query: { PageSize: 100, Statuses: [1, 7], CustomerIDs: [3, 4], Page: 2, StartDate: undefined },
      href: "https://api.example.com/api/v1/invoices?CustomerIDs=3%2C4&Statuses=1%2C7&Page=2&PageSize=100",
    },
    {
      name: "GET v1 /customers/{customerID} with a numeric id",
      base: PRODUCTION,
      op: operations.getCustomer,
      path: { customerID: 42 },
      query: {},
      href: "https://api.example.com/api/v1/customers/42",
    },
    {
      name: "GET v2 /purchases/{purchaseID} with a global id, under the sandbox's prefix",
      base: SANDBOX,
      op: operations.getPurchaseV2,
      path: { purchaseID: "pg_7f3a-01" },
      query: { include_transactions: false },
      href: "http://127.0.0.1:3000/sandbox/test/api/v2/purchases/pg_7f3a-01?include_transactions=false",
    },
    {
      name: "POST v2 /purchases/{purchaseGlobalID}/submit, base with a trailing slash",
      base: `${PRODUCTION}/`,
      op: operations.submitPurchase,
      path: { purchaseGlobalID: "pg_1" },
      query: {},
      href: "https://api.example.com/api/v2/purchases/pg_1/submit",
    },
    {
      name: "POST v1 /payments/applications sends its four inputs as the query",
      base: PRODUCTION,
      op: operations.createPaymentApplication,
      path: {},
      query: { PaymentInvoiceNum: "P 1&x=2", TargetInvoiceNum: "INV-9", ARAccountID: 5, Amount: "12.50" },
      href: "https://api.example.com/api/v1/payments/applications?PaymentInvoiceNum=P+1%26x%3D2&TargetInvoiceNum=INV-9&ARAccountID=5&Amount=12.50",
    },
  ] as {
    name: string;
    base: string;
    op: AnyOperation;
    path: Record<string, string | number>;
    query: Record<string, unknown>;
    href: string;
  }[])("$name", ({ base, op, path, query, href }) => {
    expect(upstreamUrl(base, op, path, query).href).toBe(href);
  });

  it("sends only the operation's own parameters", () => {
    const url = upstreamUrl(PRODUCTION, operations.listStates, {}, { States: ["CA"], Injected: "1", PageSize: 10 });
    expect([...url.searchParams.keys()]).toEqual(["States", "PageSize"]);
  });

  it("refuses a base that does not end in /api/v1, or carries a query or credentials", () => {
    for (const base of [
      "https://api.example.com/api/v2",
      "https://api.example.com/api",
      "https://api.example.com/api/v1?x=1",
      "https://u:p@api.example.com/api/v1",
      "ftp://api.example.com/api/v1",
    ]) {
      expect(() => upstreamUrl(base, operations.listStates, {}, {}), base).toThrow();
    }
  });

  it("refuses a query value that no query schema produces", () => {
    expect(() => upstreamUrl(PRODUCTION, operations.listStates, {}, { States: { toString: () => "CA" } })).toThrow(
      TypeError,
    );
  });

  it("refuses dot segments and missing path values", () => {
    expect(() => upstreamUrl(PRODUCTION, operations.getPurchaseV2, { purchaseID: ".." }, {})).toThrow();
    expect(() => upstreamUrl(PRODUCTION, operations.getPurchaseV2, {}, {})).toThrow();
  });
});

/** Strings an attacker would try in a path segment, mixed with arbitrary unicode (lone surrogates included). */
const HOSTILE = [
  "/",
  "\\",
  "..",
  ".",
  "%2F",
  "%2e%2e",
  "//evil.com",
  "@evil.com",
  "?",
  "#",
  "evil.com:80",
  "\u0000",
  "\n",
  " ",
  "%",
];
const wellFormedText = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: "grapheme" })), { maxLength: 6 })
  .map((parts) => parts.join(""));
const hostileText = fc.oneof(fc.string({ unit: "binary" }), wellFormedText);
const queryValue = fc.oneof(
  fc.string({ unit: "binary" }),
  hostileText,
  fc.integer(),
  fc.boolean(),
  fc.array(hostileText, { maxLength: 3 }),
);

/**
 * Whatever the path value, the URL is built on the configured origin, under the version's prefix, with the value as
 * exactly one segment that decodes back to it; or the call throws. It never yields another origin or prefix.
 */
function checkConfined(
  base: string,
  op: AnyOperation,
  param: string,
  value: string,
  query: Record<string, unknown>,
): boolean {
  const prefix = new URL(base).pathname.replace(/\/api\/v1\/?$/, `/api/${op.version}/`);
  let url: URL;
  try {
    url = upstreamUrl(base, op, { [param]: value }, query);
  } catch {
    return false;
  }
  expect(url.origin).toBe(new URL(base).origin);
  expect(url.pathname.startsWith(prefix)).toBe(true);
  const expectedSegments = op.path.split("/").length;
  expect(url.pathname.slice(prefix.length - 1).split("/")).toHaveLength(expectedSegments);
  const index = op.path.split("/").indexOf(`{${param}}`);
  expect(decodeURIComponent(url.pathname.slice(prefix.length - 1).split("/")[index]!)).toBe(value);
  for (const name of Object.keys(query))
    if (!Object.hasOwn(op.query, name)) expect(url.searchParams.has(name)).toBe(false);
  return true;
}

describe("upstreamUrl, for any input", () => {
  it("keeps a v2 purchase id inside the configured origin and /api/v2/ prefix", () => {
    const ops = [
      { id: "getPurchaseV2", param: "purchaseID" },
      { id: "updatePurchase", param: "purchaseGlobalID" },
      { id: "submitPurchase", param: "purchaseGlobalID" },
    ] as const;
    let built = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...ops),
        fc.constantFrom(PRODUCTION, SANDBOX),
        hostileText,
        fc.dictionary(fc.constantFrom("include_transactions", "purchase_ids", "x", "__proto__"), queryValue),
        ({ id, param }, base, value, query) => {
          if (checkConfined(base, operations[id], param, value, query)) built++;
        },
      ),
      { numRuns: 2000 },
    );
    // Most inputs are built (only lone surrogates, "." and ".." and empty values throw): the property is not vacuous.
    expect(built).toBeGreaterThan(1000);
  });

  it("keeps a v1 record id inside the configured origin and /api/v1/ prefix", () => {
    const ops = (Object.values(operations) as AnyOperation[])
      .filter((op) => op.version === "v1" && op.method === "GET")
      .flatMap((op) => Object.keys(op.pathParams).map((param) => ({ id: op.id as OperationId, param })));
    expect(ops.length).toBeGreaterThanOrEqual(9);
    let built = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...ops),
        fc.constantFrom(PRODUCTION, SANDBOX),
        hostileText,
        fc.dictionary(fc.oneof(fc.constantFrom("Page", "PageSize", "Evil"), fc.string()), queryValue),
        ({ id, param }, base, value, query) => {
          if (checkConfined(base, operations[id], param, value, query)) built++;
        },
      ),
      { numRuns: 2000 },
    );
    expect(built).toBeGreaterThan(1000);
  });

  it("round-trips every query value of the operation exactly", () => {
    fc.assert(
      fc.property(wellFormedText, fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (text, ids) => {
        const url = upstreamUrl(
          PRODUCTION,
          operations.listPaymentApplications,
          {},
          { PaymentInvoiceNums: [text], ARAccountIDs: ids },
        );
        expect(url.origin).toBe("https://api.example.com");
        expect(url.pathname).toBe("/api/v1/payments/applications");
        expect(url.searchParams.get("ARAccountIDs")).toBe(ids.join(","));
        expect(url.searchParams.get("PaymentInvoiceNums")).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});
