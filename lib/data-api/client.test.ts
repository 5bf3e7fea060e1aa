import { describe, expect, it, vi } from "vitest";
import { createDataApiClient, versionBase } from "./client";
import { DataApiError } from "./data-api-error";

type Handler = (request: Request) => Response | Promise<Response>;

/** A fetch that records each request and answers with the handler. */
function fakeFetch(handler: Handler) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    return handler(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

const BASE = "http://sandbox.local/test/api/v1";

describe("versionBase", () => {
  it("derives the v2 base from the documented v1 base, or from the root", () => {
    expect(versionBase(BASE, "v2")).toBe("http://sandbox.local/test/api/v2");
    expect(versionBase(`${BASE}/`, "v1")).toBe(BASE);
    expect(versionBase("http://sandbox.local/test", "v1")).toBe(BASE);
  });
});

describe("createDataApiClient", () => {
  it("sends the key, the query in wire form and the conditional and tracing headers", async () => {
    const { fetch, requests } = fakeFetch(() => json({ Data: [], Page: 2, PageSize: 100, HasNextPage: false }));
    const api = createDataApiClient({ baseUrl: BASE, apiKey: "test-customer-demo", fetch });
    await api.listInvoices({
      query: { Statuses: [1, 7], CustomerIDs: [3], Page: 2, PageSize: 100 },
      ifNoneMatch: 'W/"abc"',
      requestId: "req42",
    });
    const [request] = requests;
    expect(request!.method).toBe("GET");
    expect(request!.url).toBe(`${BASE}/invoices?Statuses=1%2C7&CustomerIDs=3&Page=2&PageSize=100`);
    expect(request!.headers.get("x-api-key")).toBe("test-customer-demo");
    expect(request!.headers.get("If-None-Match")).toBe('W/"abc"');
    expect(request!.headers.get("X-Request-Id")).toBe("req42");
  });

  it("sends no key when none is configured (a proxy adds it)", async () => {
    const { fetch, requests } = fakeFetch(() => json({ Data: [], Page: 1, PageSize: 50, HasNextPage: false }));
    await createDataApiClient({
      baseUrl: "/api/v1",
      fetch: ((u: string, i?: RequestInit) => fetch(`http://app.local${u}`, i)) as typeof globalThis.fetch,
    }).listStates();
    expect(requests[0]!.headers.has("x-api-key")).toBe(false);
    expect(requests[0]!.url).toBe("http://app.local/api/v1/states");
  });

  it("parses every documented response header", async () => {
    const { fetch } = fakeFetch(() =>
      json({ Data: [{ CustomerID: 7 }], Page: 1, PageSize: 50, HasNextPage: false }, 200, {
        "RateLimit-Limit": "1028",
        "RateLimit-Remaining": "1001",
        "RateLimit-Reset": "3590",
        ETag: 'W/"v1"',
        "X-Request-Id": "3b241101-e2bb-4255-8caf-4136c566a962",
      }),
    );
    const result = await createDataApiClient({ baseUrl: BASE, fetch }).getCustomer({ path: { customerID: 7 } });
    expect(result.meta).toMatchObject({
      status: 200,
      rateLimit: { limit: 1028, remaining: 1001, reset: 3590 },
      etag: 'W/"v1"',
      requestId: "3b241101-e2bb-4255-8caf-4136c566a962",
      idempotencyReplayed: false,
    });
    expect(result.records).toEqual([{ CustomerID: 7 }]);
  });

  it("answers 304 as not modified, with no records", async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 304, headers: { ETag: 'W/"v1"' } }));
    const result = await createDataApiClient({ baseUrl: BASE, fetch }).listStates({ ifNoneMatch: 'W/"v1"' });
    expect(result).toMatchObject({ notModified: true, records: [], body: undefined, meta: { etag: 'W/"v1"' } });
  });

  it("posts a v2 body with Idempotency-Key and Prefer, and reads the replay headers and Location", async () => {
    const { fetch, requests } = fakeFetch(
      () =>
        new Response(null, {
          status: 201,
          headers: {
            Location: "/test/api/v2/purchases/pg_1",
            "Idempotency-Replayed": "true",
            "Preference-Applied": "return=minimal",
          },
        }),
    );
    const body = { vendor_id: 3, to_location_id: 1, supplier_id: 12, delivery_date: "2026-12-01", po_num: "PO-1" };
    const result = await createDataApiClient({ baseUrl: BASE, apiKey: "k", fetch }).createPurchase({
      body,
      query: { submit: false },
      idempotencyKey: "idem-1",
      prefer: ["return=minimal"],
    });
    const request = requests[0]!;
    expect(request.url).toBe("http://sandbox.local/test/api/v2/purchases?submit=false");
    expect(request.method).toBe("POST");
    expect(request.headers.get("Idempotency-Key")).toBe("idem-1");
    expect(request.headers.get("Prefer")).toBe("return=minimal");
    expect(request.headers.get("Content-Type")).toBe("application/json");
    expect(await request.json()).toEqual(body);
    expect(result.meta).toMatchObject({
      status: 201,
      idempotencyReplayed: true,
      preferenceApplied: ["return=minimal"],
      location: "/test/api/v2/purchases/pg_1",
    });
    expect(result.body).toBeUndefined();
  });

  it("turns the simple error form into a DataApiError", async () => {
    const { fetch } = fakeFetch(() => json({ Error: "Invalid API key" }, 401, { "X-Request-Id": "r1" }));
    const error = await createDataApiClient({ baseUrl: BASE, fetch })
      .listStates()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataApiError);
    expect(error).toMatchObject({
      status: 401,
      code: undefined,
      detail: "Invalid API key",
      requestId: "r1",
      fieldErrors: [],
    });
  });

  it("turns the detailed error form into a DataApiError with its field errors", async () => {
    const body = {
      Error: {
        code: "DUPLICATE_PO_NUMBER",
        detail: "po_num PO-1 is used by pg_9",
        fieldErrors: [{ field: "po_num", code: "DUPLICATE", detail: "taken" }],
      },
    };
    const { fetch } = fakeFetch(() => json(body, 409));
    const error = await createDataApiClient({ baseUrl: BASE, fetch })
      .validatePurchase({
        body: { vendor_id: 3, to_location_id: 1, supplier_id: 12, delivery_date: "2026-12-01", po_num: "PO-1" },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 409,
      code: "DUPLICATE_PO_NUMBER",
      detail: "po_num PO-1 is used by pg_9",
      fieldErrors: [{ field: "po_num" }],
    });
  });

  it("reads Retry-After on 429", async () => {
    const { fetch } = fakeFetch(() =>
      json({ Error: "Rate limit exceeded" }, 429, { "Retry-After": "120", "RateLimit-Remaining": "0" }),
    );
    const error = await createDataApiClient({ baseUrl: BASE, fetch })
      .listStates()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfter: 120, detail: "Rate limit exceeded" });
  });

  it("names a status when the error body is not the API's", async () => {
    const { fetch } = fakeFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await createDataApiClient({ baseUrl: BASE, fetch })
      .listStates()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, detail: "The Data API answered 502." });
  });

  it("reports a network failure as status 0", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof globalThis.fetch;
    const error = await createDataApiClient({ baseUrl: BASE, fetch })
      .listStates()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
  });

  it("reports a 200 that is not the operation's envelope", async () => {
    const { fetch } = fakeFetch(() => json({ rows: [] }));
    const error = await createDataApiClient({ baseUrl: BASE, fetch })
      .listStates()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 200, code: "INVALID_RESPONSE" });
  });

  it.each([
    [
      "a missing required parameter",
      (api: ReturnType<typeof createDataApiClient>) => api.listInvoiceTransactions({ query: {} }),
      "InvoiceIDs parameter is required",
    ],
    [
      "a non-numeric path id",
      (api: ReturnType<typeof createDataApiClient>) => api.getCustomer({ path: { customerID: "../../admin" } }),
      "customerID must be a number",
    ],
    [
      "a body the contract rejects",
      (api: ReturnType<typeof createDataApiClient>) =>
        api.createPurchase({
          body: { vendor_id: 3, to_location_id: 1, supplier_id: 12, delivery_date: "tomorrow", po_num: "PO-1" },
        }),
      "The request body is not valid.",
    ],
  ])("does not spend a request on %s", async (_, call, detail) => {
    const { fetch } = fakeFetch(() => json({}));
    const error = await call(createDataApiClient({ baseUrl: BASE, fetch })).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: "INVALID_REQUEST", detail });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("accepts unknown body properties under Prefer: handling=lenient", async () => {
    const { fetch, requests } = fakeFetch(() => json({ data: { valid: true, total_cases: 0 } }));
    const body = {
      vendor_id: 3,
      to_location_id: 1,
      supplier_id: 12,
      delivery_date: "2026-12-01",
      po_num: "PO-1",
      note: "x",
    };
    // `note` is not in the contract; lenient handling lets it through to the API.
    const result = await createDataApiClient({ baseUrl: BASE, fetch }).validatePurchase({
      body,
      prefer: ["handling=lenient"],
    });
    expect(result.records).toEqual([{ valid: true, total_cases: 0 }]);
    expect(requests[0]!.headers.get("Prefer")).toBe("handling=lenient");
  });
});

describe("pages", () => {
  it("walks every page until HasNextPage is false", async () => {
    const { fetch, requests } = fakeFetch((request) => {
      const page = Number(new URL(request.url).searchParams.get("Page"));
      return json({ Data: [{ InvoiceID: page }], Page: page, PageSize: 1, HasNextPage: page < 3 });
    });
    const seen: number[] = [];
    for await (const page of createDataApiClient({ baseUrl: BASE, fetch }).pages("listInvoices", {
      query: { PageSize: 1 },
    })) {
      seen.push(...page.records.map((r) => r.InvoiceID ?? 0));
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(requests.map((r) => new URL(r.url).search)).toEqual([
      "?PageSize=1&Page=1",
      "?PageSize=1&Page=2",
      "?PageSize=1&Page=3",
    ]);
  });

  it("falls back to the row count when HasNextPage is missing", async () => {
    const { fetch } = fakeFetch((request) => {
      const page = Number(new URL(request.url).searchParams.get("Page"));
      return json({ Data: page < 2 ? [{}, {}] : [{}] });
    });
    const pages = [];
    for await (const page of createDataApiClient({ baseUrl: BASE, fetch }).pages("listStates", {
      query: { PageSize: 2 },
    }))
      pages.push(page.paging);
    expect(pages).toEqual([
      { page: 1, pageSize: 2, hasNextPage: true },
      { page: 2, pageSize: 2, hasNextPage: false },
    ]);
  });

  it("uses v2 paging names for v2 lists, and stops at maxPages", async () => {
    const { fetch, requests } = fakeFetch(() => json({ data: [{}], page: 1, page_size: 1, has_next_page: true }));
    const results = [];
    for await (const page of createDataApiClient({ baseUrl: BASE, fetch }).pages(
      "listPurchasesV2",
      { query: { page_size: 1, include_transactions: false } },
      2,
    ))
      results.push(page);
    expect(results).toHaveLength(2);
    expect(new URL(requests[1]!.url).searchParams.get("page")).toBe("2");
    expect(requests[1]!.url).toContain("/api/v2/purchases");
  });
});
