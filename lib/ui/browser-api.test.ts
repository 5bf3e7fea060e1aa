import { describe, expect, it } from "vitest";
import { loadOnce } from "./browser-api";

describe("loadOnce", () => {
  it("loads once and shares the result between callers", async () => {
    let calls = 0;
    const load = loadOnce(async () => ++calls);
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
    expect(calls).toBe(1);
  });

  it("does not keep a failure: the next call loads again", async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw new Error("chunk failed");
      return "client";
    });
    await expect(load()).rejects.toThrow("chunk failed");
    expect(await load()).toBe("client");
    expect(await load()).toBe("client");
    expect(calls).toBe(2);
  });
});
