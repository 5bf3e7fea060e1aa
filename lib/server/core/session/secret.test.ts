import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadOrCreateSecret } from "./secret";

const root = mkdtempSync(join(tmpdir(), "backroom-secret-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("loadOrCreateSecret", () => {
  it("creates the folder and a 0600 file of 48 random bytes, then reuses it", () => {
    const dir = join(root, "fresh", "data");
    const secret = loadOrCreateSecret(dir);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(Buffer.from(secret, "base64url")).toHaveLength(48);
    const file = join(dir, "session-secret");
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(dir)).toBe(secret);
    expect(readdirSync(dir)).toEqual(["session-secret"]);
  });

  it("gives different folders different secrets", () => {
    expect(loadOrCreateSecret(join(root, "a"))).not.toBe(loadOrCreateSecret(join(root, "b")));
  });

  it("refuses a damaged secret file instead of replacing it", () => {
    const dir = mkdtempSync(join(root, "damaged-"));
    writeFileSync(join(dir, "session-secret"), "\n");
    expect(() => loadOrCreateSecret(dir)).toThrow(/no usable session secret/);
    expect(readFileSync(join(dir, "session-secret"), "utf8")).toBe("\n");
  });
});
