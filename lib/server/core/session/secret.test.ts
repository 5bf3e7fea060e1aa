import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

// When set, runs just before the secret is linked into place: a stand-in for another process winning the race.
const race = vi.hoisted(() => ({ before: undefined as ((file: string) => void) | undefined }));
vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  return {
    ...fs,
    linkSync: (existing: string, file: string) => {
      race.before?.(file);
      fs.linkSync(existing, file);
    },
  };
});

const { loadOrCreateSecret } = await import("./secret");

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

  it("reads a secret someone else put there, without changing the file", () => {
    const dir = mkdtempSync(join(root, "given-"));
    const theirs = "theirs-0123456789abcdefghijklmnopqrstuvwxyz-0123";
    writeFileSync(join(dir, "session-secret"), `${theirs}\n`);
    expect(loadOrCreateSecret(dir)).toBe(theirs);
    expect(readFileSync(join(dir, "session-secret"), "utf8")).toBe(`${theirs}\n`);
  });

  it("keeps the secret of a process that created it meanwhile, and leaves no temporary file", () => {
    const dir = mkdtempSync(join(root, "race-"));
    const theirs = "winner-0123456789abcdefghijklmnopqrstuvwxyz-0123";
    race.before = (file) => writeFileSync(file, theirs, { mode: 0o600 });
    try {
      expect(loadOrCreateSecret(dir)).toBe(theirs);
    } finally {
      race.before = undefined;
    }
    expect(readdirSync(dir)).toEqual(["session-secret"]);
    expect(loadOrCreateSecret(dir)).toBe(theirs);
  });

  it("refuses a damaged secret file instead of replacing it", () => {
    const dir = mkdtempSync(join(root, "damaged-"));
    writeFileSync(join(dir, "session-secret"), "\n");
    expect(() => loadOrCreateSecret(dir)).toThrow(/no usable session secret/);
    expect(readFileSync(join(dir, "session-secret"), "utf8")).toBe("\n");
  });
});
