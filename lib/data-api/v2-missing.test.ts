import { describe, expect, it } from "vitest";
import { needsV2ListCheck, saysV2Missing } from "./v2-missing";

describe("saysV2Missing: which answers say the service has no v2 purchase endpoints", () => {
  it.each([
    { operation: "listPurchasesV2", status: 404, missing: true },
    { operation: "listPurchasesV2", status: 405, missing: true },
    { operation: "listPurchasesV2", status: 501, missing: true },
    { operation: "listPurchaseLinesV2", status: 404, missing: true },
    // A single purchase's 404 may be that purchase only; its 405 and 501 are the path's.
    { operation: "getPurchaseV2", status: 404, missing: false },
    { operation: "getPurchaseV2", status: 405, missing: true },
    { operation: "getPurchaseV2", status: 501, missing: true },
    { operation: "listPurchasesV2", status: 200, missing: false },
    { operation: "listPurchasesV2", status: 304, missing: false },
    { operation: "listPurchasesV2", status: 400, missing: false },
    { operation: "listPurchasesV2", status: 403, missing: false },
    { operation: "listPurchasesV2", status: 429, missing: false },
    { operation: "listPurchasesV2", status: 500, missing: false },
    { operation: "listPurchasesV2", status: 503, missing: false },
    // v1's own reads, and v2's writes, say nothing of it.
    { operation: "listPurchases", status: 404, missing: false },
    { operation: "getPurchase", status: 404, missing: false },
    { operation: "createPurchase", status: 404, missing: false },
    { operation: "listInvoices", status: 501, missing: false },
  ])("$operation answered $status: $missing", ({ operation, status, missing }) => {
    expect(saysV2Missing(operation, status)).toBe(missing);
  });
});

describe("needsV2ListCheck: a single purchase's 404 leaves it open", () => {
  it.each([
    { operation: "getPurchaseV2", status: 404, check: true },
    { operation: "getPurchaseV2", status: 405, check: false },
    { operation: "getPurchaseV2", status: 200, check: false },
    { operation: "listPurchasesV2", status: 404, check: false },
    { operation: "getPurchase", status: 404, check: false },
  ])("$operation answered $status: $check", ({ operation, status, check }) => {
    expect(needsV2ListCheck(operation, status)).toBe(check);
  });
});
