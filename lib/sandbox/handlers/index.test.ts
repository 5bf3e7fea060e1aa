import { describe, expect, it } from "vitest";
import { operationList } from "@/lib/data-api/registry";
import { readHandlers, writeHandlers } from "./index";

describe("sandbox handlers", () => {
  it("answer every operation of the registry: each GET with a read handler, each write with a write handler", () => {
    const missing = operationList
      .filter((op) => !(op.method === "GET" ? op.id in readHandlers : op.id in writeHandlers))
      .map((op) => `${op.method} ${op.version} ${op.path}`);
    expect(missing).toEqual([]);
  });

  it("hold no handler for an operation the registry does not have, or of the other kind", () => {
    const byId = new Map(operationList.map((op) => [op.id, op.method]));
    expect(Object.keys(readHandlers).filter((id) => byId.get(id as never) !== "GET")).toEqual([]);
    expect(
      Object.keys(writeHandlers).filter((id) => byId.get(id as never) === undefined || byId.get(id as never) === "GET"),
    ).toEqual([]);
  });
});
