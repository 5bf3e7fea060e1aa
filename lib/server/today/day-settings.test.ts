import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { browserRequest, connectKey, DEMO_KEYS, type TestBackend } from "../core/testing";
import { createTestBackend } from "../testing";
import { getDaySettings, NO_DAY_SETTINGS, putDaySettings } from "./day-settings";

// PUT /api/today/plan/settings in-process: what /account and the plan page send, each refusal named on its field.

let sandbox: TestSandbox;
let backend: TestBackend;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());
beforeEach(async () => {
  backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
});
afterEach(() => backend.close());

const DAY = { start: "94607", endAtLastStop: false, dayMinutes: 480, visitMinutes: 25 };
const put = (cookie: string, json: unknown) =>
  putDaySettings(browserRequest("PUT", "/api/today/plan/settings", { cookie, json }), backend);
const read = async (cookie: string) =>
  (await getDaySettings(browserRequest("GET", "/api/today/plan/settings", { cookie }), backend)).json();

describe("PUT /api/today/plan/settings", () => {
  it.each([
    { name: "a start no postal code or city names", change: { start: "Nowhere at all" }, field: "start" },
    { name: "a day of 99,999 minutes", change: { dayMinutes: 99_999 }, field: "dayMinutes" },
    { name: "a day of 0 minutes", change: { dayMinutes: 0 }, field: "dayMinutes" },
    { name: "a visit of 0 minutes", change: { visitMinutes: 0 }, field: "visitMinutes" },
    { name: "a visit of 25.5 minutes", change: { visitMinutes: 25.5 }, field: "visitMinutes" },
  ])("refuses $name on its field, and keeps what was kept", async ({ change, field }) => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const kept = await (await put(cookie, DAY)).json();
    const response = await put(cookie, { ...DAY, ...change });
    expect(response.status).toBe(400);
    const error = (
      (await response.json()) as { Error: { code: string; fieldErrors: { field: string; detail: string }[] } }
    ).Error;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fieldErrors.map((f) => f.field)).toEqual([field]);
    expect(error.fieldErrors[0]!.detail).not.toBe("");
    expect(await read(cookie)).toEqual(kept);
  });

  it.each([
    { name: "an empty start", start: "" },
    { name: "a start of spaces", start: "   " },
    { name: "no start", start: null },
  ])("takes $name as no start of the member's own (the phone's or the warehouse's)", async ({ start }) => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    await put(cookie, DAY);
    const response = await put(cookie, { ...DAY, start, visitMinutes: 30 });
    expect(response.status).toBe(200);
    const saved = { ...NO_DAY_SETTINGS, visitMinutes: 30 };
    expect(await response.json()).toEqual(saved);
    expect(await read(cookie)).toEqual(saved);
  });
});
