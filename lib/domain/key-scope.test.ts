import { describe, expect, it } from "vitest";
import { namesInScope } from "./key-scope";

describe("namesInScope", () => {
  const customers = [
    { id: 20001, name: "Valley Downtown" },
    { id: 20002, name: "Valley Uptown" },
  ];

  it("names every id from the scope", () => {
    expect(namesInScope(customers, [20002, 20001])).toEqual(
      new Map([
        [20002, "Valley Uptown"],
        [20001, "Valley Downtown"],
      ]),
    );
    expect(namesInScope(customers, [])).toEqual(new Map());
  });

  it("is undefined when one id is not in the scope, or there is no scope (the API is asked then)", () => {
    expect(namesInScope(customers, [20001, 30000])).toBeUndefined();
    expect(namesInScope(undefined, [20001])).toBeUndefined();
  });
});
