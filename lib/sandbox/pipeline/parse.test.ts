import { describe, expect, it } from "vitest";
import type { AnyOperation } from "@/lib/data-api/registry";
import { operations } from "@/lib/data-api/registry";
import { parse } from "./parse";
import { stageApp } from "./testing";

const draft = { vendor_id: 3, to_location_id: 1, supplier_id: 12, delivery_date: "2026-12-01", po_num: "PO-1001" };

/** The parse stage for `operation`, answering the input it set. */
const parsed = (operation: AnyOperation, params: Record<string, string> = {}) =>
  stageApp([parse()], { operation, params }, (c) => Response.json(c.get("input")));
const post = (body: string, headers: Record<string, string> = { "Content-Type": "application/json" }) => ({
  method: "POST",
  headers,
  body,
});

describe("the parse stage", () => {
  it("sets the checked path and query, defaults filled in", async () => {
    const res = await parsed(operations.getCustomer, { customerID: "42" }).request("/test/api/v1/customers/42");
    expect(await res.json()).toEqual({
      path: { customerID: 42 },
      query: {},
      rawQuery: {},
      prefer: { minimal: false, representation: false, lenient: false },
    });
  });

  it.each([
    [
      "a path parameter",
      operations.getCustomer,
      { customerID: "abc" },
      "/test/api/v1/customers/abc",
      "customerID must be a number",
    ],
    [
      "a query parameter",
      operations.listLocations,
      {},
      "/test/api/v1/locations?LocationIDs=1,x",
      "LocationIDs must be comma-separated integers, like 1,2,3",
    ],
  ])("answers a bad %s 400 naming it", async (_, operation, params, path, message) => {
    const res = await parsed(operation, params).request(path);
    expect([res.status, await res.json()]).toEqual([400, { Error: message }]);
  });

  it("sets a write's body, its text and the preferences honoured", async () => {
    const text = JSON.stringify({ ...draft, rush: true });
    const res = await parsed(operations.createPurchase).request(
      "/test/api/v2/purchases",
      post(text, { "Content-Type": "application/json", Prefer: "handling=lenient, return=minimal" }),
    );
    expect(await res.json()).toEqual({
      path: {},
      query: { submit: false },
      rawQuery: {},
      raw: text,
      body: draft,
      prefer: { minimal: true, representation: false, lenient: true },
    });
  });

  it.each([
    [
      "415 for text/plain",
      post("{}", { "Content-Type": "text/plain" }),
      415,
      { code: "UNSUPPORTED_MEDIA_TYPE", detail: "Send the body as application/json, not text/plain." },
    ],
    [
      "400 BODY_REQUIRED for an empty body",
      post(""),
      400,
      { code: "BODY_REQUIRED", detail: "The request needs a JSON body." },
    ],
    [
      "400 VALIDATION_FAILED for an unknown property, strictly",
      post(JSON.stringify({ ...draft, rush: true })),
      400,
      expect.objectContaining({ code: "VALIDATION_FAILED" }),
    ],
  ])("refuses a write's body: %s", async (_, init, status, error) => {
    const res = await parsed(operations.createPurchase).request("/test/api/v2/purchases", init);
    expect([res.status, await res.json()]).toEqual([status, { Error: error }]);
  });

  it("checks the query before the body", async () => {
    const res = await parsed(operations.createPurchase).request(
      "/test/api/v2/purchases?submit=maybe",
      post("{", { "Content-Type": "text/plain" }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { Error: unknown }).Error).toMatch(/submit/);
  });
});
