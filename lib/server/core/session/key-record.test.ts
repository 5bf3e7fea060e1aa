import { describe, expect, it } from "vitest";
import type { WorkspaceKeyTable } from "../db/schema";
import { keyHint, NewKeySchema, toKeyInfo } from "./key-record";

const row: WorkspaceKeyTable = {
  id: "k1",
  workspace_id: "w1",
  added_by: null,
  environment: "production",
  key_type: "Supplier",
  label: "Green Leaf (Supplier)",
  scope_json: JSON.stringify({ suppliers: [{ id: 7, name: "Green Leaf" }], summary: "1 supplier" }),
  hint: "abcd",
  fingerprint: "f",
  secret_id: "0011aabb",
  iv: "iv",
  ciphertext: "ct",
  tag: "tag",
  added_at: "2030-01-01T00:00:00.000Z",
  last_used_at: null,
};

describe("key records", () => {
  it("hint at a long key by its last 4 characters, and at a short one not at all", () => {
    expect(keyHint("prod-7f3a9c2e4b1d8f6a0c5e")).toBe("0c5e");
    expect(keyHint("short-key")).toBe("");
  });

  it("read back what the UI may see, with the scope parsed", () => {
    expect(toKeyInfo(row)).toEqual({
      id: "k1",
      fingerprint: "f",
      environment: "production",
      keyType: "Supplier",
      label: "Green Leaf (Supplier)",
      scope: { suppliers: [{ id: 7, name: "Green Leaf" }], summary: "1 supplier" },
      hint: "abcd",
      addedAt: "2030-01-01T00:00:00.000Z",
      lastUsedAt: null,
    });
  });

  it.each<[string, Partial<WorkspaceKeyTable>]>([
    ["an unknown environment", { environment: "staging" }],
    ["an unknown key type", { key_type: "Admin" }],
    ["a scope without summary", { scope_json: "{}" }],
  ])("refuse a row with %s", (_name, change) => {
    expect(() => toKeyInfo({ ...row, ...change })).toThrow();
  });

  it("store only the known scope fields of a new key", () => {
    const scope = { summary: "all", customers: [{ id: 1, name: "Valley" }], password: "x" };
    const parsed = NewKeySchema.parse({
      apiKey: "k",
      environment: "test",
      keyType: "Customer",
      label: "Valley",
      scope,
    });
    expect(parsed.scope).toEqual({ summary: "all", customers: [{ id: 1, name: "Valley" }] });
  });
});
