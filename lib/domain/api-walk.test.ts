import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDataApiClient } from "@/lib/data-api/client";
import { demoKeys } from "@/lib/sandbox/keys";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { apiWalkOptions } from "./api-query";
import { CUSTOMER_PAGES, customersRequest, deliveryParams } from "./delivery/requests";
import { SCHEDULE_CUSTOMER_FIELDS } from "./delivery/schedule";

// A walk that keeps some fields: the same records, each with those fields only (as the API sent them: a field a sparse
// record left out stays out), under a key of its own.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const api = () =>
  createDataApiClient({
    baseUrl: "http://sandbox.test/test/api/v1",
    apiKey: demoKeys("test").Employee,
    fetch: async (input, init) => sandbox.runtime.app.fetch(new Request(input, init)),
  });
const signal = new AbortController().signal;

describe("apiWalkOptions with fields", () => {
  it("keeps the named fields of every record, and names them in its key", async () => {
    const request = customersRequest(deliveryParams({ States: "CA" }));
    const whole = apiWalkOptions(api(), request, 0, CUSTOMER_PAGES);
    const kept = apiWalkOptions(api(), request, 0, CUSTOMER_PAGES, SCHEDULE_CUSTOMER_FIELDS);
    const [all, some] = await Promise.all([whole.queryFn({ signal }), kept.queryFn({ signal })]);
    expect(some.records.length).toBe(all.records.length);
    expect(some.records.length).toBeGreaterThan(10);
    expect({ complete: some.complete, requests: some.requests }).toEqual({
      complete: all.complete,
      requests: all.requests,
    });
    some.records.forEach((record, i) => {
      const source = all.records[i] as Record<string, unknown>;
      expect(record).toEqual(
        Object.fromEntries(SCHEDULE_CUSTOMER_FIELDS.filter((f) => f in source).map((f) => [f, source[f]])),
      );
    });
    expect(Object.keys(all.records[0]!).length).toBeGreaterThan(Object.keys(some.records[0]!).length);
    expect(kept.queryKey).toEqual([...whole.queryKey, `fields=${SCHEDULE_CUSTOMER_FIELDS.join(",")}`]);
  });
});
