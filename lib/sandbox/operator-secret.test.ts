import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isOperatorKey, loadOrCreateOperatorKey, operatorKeyOf } from "./operator-secret";

const root = mkdtempSync(join(tmpdir(), "backroom-operator-key-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("loadOrCreateOperatorKey", () => {
  it("creates the folder and a 0600 file of 32 random bytes, then reuses it", () => {
    const dir = join(root, "fresh", "data");
    const key = loadOrCreateOperatorKey(dir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key, "base64url")).toHaveLength(32);
    const file = join(dir, "operator-key");
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateOperatorKey(dir)).toBe(key);
    expect(readdirSync(dir)).toEqual(["operator-key"]);
  });

  it("refuses a damaged key file instead of replacing it", () => {
    const dir = mkdtempSync(join(root, "damaged-"));
    writeFileSync(join(dir, "operator-key"), "short\n");
    expect(() => loadOrCreateOperatorKey(dir)).toThrow(/no usable operator key/);
    expect(readFileSync(join(dir, "operator-key"), "utf8")).toBe("short\n");
  });
});

describe("operatorKeyOf", () => {
  it("takes SANDBOX_OPERATOR_KEY over the file, and then makes no file", () => {
    const dir = mkdtempSync(join(root, "setting-"));
    expect(operatorKeyOf(dir, "from-the-setting-0123")).toEqual({ key: "from-the-setting-0123" });
    expect(readdirSync(dir)).toEqual([]);
    const file = loadOrCreateOperatorKey(dir);
    expect(operatorKeyOf(dir, "from-the-setting-0123").key).toBe("from-the-setting-0123");
    expect(operatorKeyOf(dir)).toEqual({ key: file, file: join(dir, "operator-key") });
  });

  it("makes a key in memory for a sandbox in memory, a new one each time", () => {
    const a = operatorKeyOf(":memory:");
    expect(a.file).toBeUndefined();
    expect(a.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(operatorKeyOf(":memory:").key).not.toBe(a.key);
  });
});

describe("isOperatorKey", () => {
  it("accepts the key alone", () => {
    const key = "the-operator-key-0123456789";
    expect(isOperatorKey(key, key)).toBe(true);
    for (const sent of [undefined, "", "the-operator-key-012345678", `${key} `, "test-employee-demo"])
      expect(isOperatorKey(key, sent), String(sent)).toBe(false);
  });
});
