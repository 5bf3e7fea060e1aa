import { describe, expect, it } from "vitest";
import { SandboxConfig } from "./config";

describe("SandboxConfig", () => {
  it("takes SANDBOX_OPERATOR_KEY of 16 characters or more; empty is unset (the file's key)", () => {
    expect(SandboxConfig.parse({}).SANDBOX_OPERATOR_KEY).toBeUndefined();
    expect(SandboxConfig.parse({ SANDBOX_OPERATOR_KEY: "" }).SANDBOX_OPERATOR_KEY).toBeUndefined();
    expect(SandboxConfig.parse({ SANDBOX_OPERATOR_KEY: "0123456789abcdef" }).SANDBOX_OPERATOR_KEY).toBe(
      "0123456789abcdef",
    );
    expect(() => SandboxConfig.parse({ SANDBOX_OPERATOR_KEY: "too-short" })).toThrow(/SANDBOX_OPERATOR_KEY/);
  });
});
