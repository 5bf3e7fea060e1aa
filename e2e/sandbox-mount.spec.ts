import { expect, test } from "@playwright/test";

// The sandbox mounted in Backroom's production build answers as the Data API does.
test.describe("/sandbox", () => {
  test("serves the Data API for the demo keys", async ({ request }) => {
    const states = await request.get("/sandbox/test/api/v1/states", { headers: { "x-api-key": "test-employee-demo" } });
    expect(states.status()).toBe(200);
    expect(states.headers()["etag"]).toMatch(/^W\//);
    expect(states.headers()["ratelimit-limit"]).toBe("1028");
    const body = await states.json();
    expect(body).toMatchObject({ Page: 1, PageSize: 50, HasNextPage: false });
    expect(body.Data.map((s: { StateAbbreviation: string }) => s.StateAbbreviation)).toEqual(expect.arrayContaining(["CA", "NV"]));

    const invoices = await request.get("/sandbox/test/api/v1/invoices?PageSize=5", { headers: { "x-api-key": "test-customer-demo" } });
    expect(invoices.status()).toBe(200);
    expect((await invoices.json()).Data.length).toBeGreaterThan(0);
  });

  test("answers errors in the API's shape", async ({ request }) => {
    const missing = await request.get("/sandbox/test/api/v1/states");
    expect(missing.status()).toBe(401);
    expect(await missing.json()).toEqual({ Error: "Missing API key: send it in the x-api-key header" });
    const forbidden = await request.get("/sandbox/test/api/v1/inventory", { headers: { "x-api-key": "test-customer-demo" } });
    expect(forbidden.status()).toBe(403);
    const unknown = await request.get("/sandbox/test/api/v1/nothing-here", { headers: { "x-api-key": "test-customer-demo" } });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ Error: "Not found" });
  });
});
