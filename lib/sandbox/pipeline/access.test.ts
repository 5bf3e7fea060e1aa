import { describe, expect, it } from "vitest";
import type { KeyType } from "@/lib/data-api/operation";
import { type AnyOperation, operations } from "@/lib/data-api/registry";
import { access } from "./access";
import { scopeOf, stageApp } from "./testing";

const call = (operation: AnyOperation, type: KeyType) =>
  stageApp([access()], { operation, scope: scopeOf(type) }).request("/test/api/v1/any");

describe("the access stage", () => {
  it.each([
    [operations.listVendors, "Customer"],
    [operations.createPaymentApplication, "Supplier"],
    [operations.createPurchase, "Customer"],
  ] as const)("refuses %s to a %s key with 403 naming the call", async (operation, type) => {
    expect(operation.access[type]).toBe("forbidden");
    const res = await call(operation, type);
    expect([res.status, await res.json()]).toEqual([
      403,
      { Error: `${type} keys may not call ${operation.method} ${operation.path}` },
    ]);
  });

  it.each([
    [operations.listCustomers, "Customer"],
    [operations.createPurchase, "Supplier"],
    [operations.listVendors, "Employee"],
    [operations.createPaymentApplication, "Employee"],
  ] as const)("lets %s through for a %s key", async (operation, type) => {
    expect((await call(operation, type)).status).toBe(200);
  });
});
