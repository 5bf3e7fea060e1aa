import { describe, expect, it } from "vitest";
import { NO_PREFERENCES } from "./prefer";
import { isRefusal, type Refusal } from "./refusal";
import { operations } from "./registry";
import {
  checkBody,
  checkInput,
  checkParameters,
  checkRequest,
  MALFORMED_PATH,
  matchesEtag,
  pathSegments,
  REQUEST_ID,
  requestIdOf,
  routeOf,
} from "./request-check";

const BASE = "http://api.test/api/v2";
const draft = { vendor_id: 3, to_location_id: 1, supplier_id: 12, delivery_date: "2026-12-01", po_num: "PO-1001" };

/** A request as it reaches the check: a JSON body unless the headers say otherwise. */
const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  new Request(`${BASE}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

/** The refusal a step answered (failing the test when it answered something else). */
function refused<T extends object>(value: T | Refusal): Refusal {
  if (!isRefusal(value)) throw new Error(`expected a refusal, got ${JSON.stringify(value)}`);
  return value;
}

describe("requestIdOf", () => {
  const mint = () => "minted";

  it.each([["abc123XYZ"], ["0"], ["a".repeat(64)]])("keeps the caller's %s", (sent) => {
    expect(requestIdOf(sent, mint)).toBe(sent);
  });

  it.each([[null], [undefined], [""], ["abc-123"], ["a".repeat(65)], ["../../etc"], ["é"]])(
    "mints one in place of %j",
    (sent) => {
      expect(requestIdOf(sent, mint)).toBe("minted");
    },
  );

  it("is the pattern the OpenAPI document gives the header", () => {
    expect(REQUEST_ID.source).toBe("^[A-Za-z0-9]{1,64}$");
  });
});

describe("pathSegments", () => {
  it.each([
    ["/customers/42", ["customers", "42"]],
    ["//invoices/", ["invoices"]],
    ["/purchases/%25", ["purchases", "%"]],
    ["/purchases/a%2Fb", ["purchases", "a/b"]],
    ["", []],
  ])("decodes %s", (rest, expected) => {
    expect(pathSegments(rest)).toEqual(expected);
  });

  it.each([["/customers/%"], ["/purchases/%zz"], ["/customers/%C3%28"], ["/%/x"]])(
    "refuses %s with 400 MALFORMED_PATH",
    (rest) => {
      expect(pathSegments(rest)).toEqual({ refused: true, status: 400, body: MALFORMED_PATH, headers: {} });
    },
  );
});

describe("routeOf", () => {
  it("finds the operation and its raw path parameters", () => {
    expect(routeOf("GET", "v1", ["customers", "42"])).toEqual({
      operation: operations.getCustomer,
      params: { customerID: "42" },
    });
  });

  it.each([
    ["GET", "v1", ["nowhere"]],
    ["GET", "v1", ["invoices", "1", "extra"]],
    ["GET", "v2", ["invoices"]],
  ] as const)("answers %s %s/%j 404", (method, version, segments) => {
    expect(routeOf(method, version, segments)).toEqual({
      refused: true,
      status: 404,
      body: { Error: "Not found" },
      headers: {},
    });
  });

  it("answers a method the path does not take 405, with the methods it takes in Allow", () => {
    const answer = refused(routeOf("POST", "v2", ["purchases", "PO-1"]));
    expect([answer.status, answer.body]).toEqual([405, { Error: "Method POST is not allowed here" }]);
    expect(answer.headers.Allow?.split(", ").sort()).toEqual(["DELETE", "GET", "PATCH"]);
  });
});

describe("checkParameters", () => {
  it("types the values and fills in defaults, keeping the query as it was sent", () => {
    const checked = checkParameters(operations.listInvoices, {}, new URLSearchParams("InvoiceIDs=1,2&Unknown=x"));
    if (isRefusal(checked)) throw new Error("refused");
    expect(checked.query).toMatchObject({ InvoiceIDs: [1, 2], Page: 1, PageSize: 50 });
    expect(checked.query).not.toHaveProperty("Unknown");
    expect(checked.rawQuery).toEqual({ InvoiceIDs: "1,2", Unknown: "x" });
  });

  it.each([
    ["a path parameter", operations.getCustomer, { customerID: "abc" }, "", "customerID must be a number"],
    [
      "a query parameter",
      operations.listInvoices,
      {},
      "InvoiceIDs=abc",
      "InvoiceIDs must be comma-separated integers, like 1,2,3",
    ],
    ["a required parameter left out", operations.listInvoiceTransactions, {}, "", "InvoiceIDs parameter is required"],
  ])("refuses %s with 400 naming it, keeping the query read", (_, operation, params, query, message) => {
    const answer = checkParameters(operation, params, new URLSearchParams(query));
    expect(answer).toEqual({
      refused: true,
      status: 400,
      body: { Error: message },
      headers: {},
      rawQuery: Object.fromEntries(new URLSearchParams(query)),
    });
  });
});

describe("checkBody", () => {
  it("reads nothing for an operation without a body", async () => {
    const req = request("POST", "/purchases/PO-1/submit", { ignored: true });
    expect(await checkBody(operations.submitPurchase, req, NO_PREFERENCES)).toEqual({
      raw: undefined,
      body: undefined,
    });
    expect(req.bodyUsed).toBe(false);
  });

  it("answers the text as sent and the checked value", async () => {
    const text = JSON.stringify(draft);
    expect(await checkBody(operations.createPurchase, request("POST", "/purchases", text), NO_PREFERENCES)).toEqual({
      raw: text,
      body: draft,
    });
  });

  it("refuses an unknown property, strictly, with a field error and the text read", async () => {
    const answer = await checkBody(
      operations.createPurchase,
      request("POST", "/purchases", { ...draft, rush: true }),
      NO_PREFERENCES,
    );
    expect(answer).toMatchObject({
      status: 400,
      raw: JSON.stringify({ ...draft, rush: true }),
      body: { Error: { code: "VALIDATION_FAILED", fieldErrors: [{ field: "rush", code: "UNKNOWN_FIELD" }] } },
    });
  });

  it("ignores it under an honoured handling=lenient", async () => {
    const answer = await checkBody(operations.createPurchase, request("POST", "/purchases", { ...draft, rush: true }), {
      ...NO_PREFERENCES,
      lenient: true,
    });
    expect(answer).toMatchObject({ body: draft });
  });

  it.each([
    [
      "415 for text/plain",
      request("POST", "/purchases", "{}", { "Content-Type": "text/plain" }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    ["400 for no body at all", request("POST", "/purchases", "", {}), 400, "BODY_REQUIRED"],
    ["400 for text that is not JSON", request("POST", "/purchases", "{not json"), 400, "MALFORMED_JSON"],
  ])("refuses %s", async (_, req, status, code) => {
    const answer = refused(await checkBody(operations.createPurchase, req, NO_PREFERENCES));
    expect([answer.status, (answer.body.Error as { code: string }).code]).toEqual([status, code]);
  });
});

describe("checkInput and checkRequest", () => {
  it("accept a create: operation, parameters, body and the preferences honoured", async () => {
    const checked = await checkRequest(
      request("POST", "/purchases?submit=true", draft, { Prefer: "return=minimal" }),
      "v2",
      ["purchases"],
    );
    expect(checked).toEqual({
      operation: operations.createPurchase,
      params: {},
      path: {},
      query: { submit: true },
      rawQuery: { submit: "true" },
      raw: JSON.stringify(draft),
      body: draft,
      prefer: { minimal: true, representation: false, lenient: false },
    });
  });

  it("read a lenient body only where Prefer asks for it", async () => {
    const body = { ...draft, rush: true };
    expect(isRefusal(await checkRequest(request("POST", "/purchases", body), "v2", ["purchases"]))).toBe(true);
    expect(
      await checkRequest(request("POST", "/purchases", body, { Prefer: "handling=lenient" }), "v2", ["purchases"]),
    ).toMatchObject({ body: draft });
  });

  it("refuse the route first: a wrong method is 405 whatever its body", async () => {
    const answer = await checkRequest(
      request("PUT", "/purchases", "not json", { "Content-Type": "text/plain" }),
      "v2",
      ["purchases"],
    );
    expect(answer).toEqual({
      refused: true,
      status: 405,
      body: { Error: "Method PUT is not allowed here" },
      headers: { Allow: "GET, POST" },
    });
  });

  it("refuse the query before the body, keeping the operation and the query read", async () => {
    const answer = await checkRequest(
      request("POST", "/purchases?submit=maybe", "{", { "Content-Type": "text/plain" }),
      "v2",
      ["purchases"],
    );
    expect(answer).toMatchObject({
      status: 400,
      operation: operations.createPurchase,
      params: {},
      rawQuery: { submit: "maybe" },
    });
    expect(answer).not.toHaveProperty("raw");
  });

  it("refuse a body with the operation, the query and the text read, for the audit trail", async () => {
    const answer = await checkInput(
      { operation: operations.createPurchase, params: {} },
      request("POST", "/purchases?submit=false", "[1"),
    );
    expect(answer).toMatchObject({
      status: 400,
      rawQuery: { submit: "false" },
      raw: "[1",
      body: { Error: { code: "MALFORMED_JSON" } },
    });
  });
});

describe("matchesEtag", () => {
  it.each([
    ['W/"a"', 'W/"a"', true],
    ['"a"', 'W/"a"', true],
    ['W/"a"', '"a"', true],
    ['W/"x", W/"a"', 'W/"a"', true],
    [' W/"a" ', 'W/"a"', true],
    ["*", 'W/"a"', true],
    ['W/"b", *', 'W/"a"', true],
    ['W/"b"', 'W/"a"', false],
    ['W/"A"', 'W/"a"', false],
    ["W/", 'W/"a"', false],
    ["", 'W/"a"', false],
    [null, 'W/"a"', false],
  ])("If-None-Match %j against %s: %s", (header, etag, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
});
