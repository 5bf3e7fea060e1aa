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

const { loadOrCreateSecretFile } = await import("./secret-file");

const root = mkdtempSync(join(tmpdir(), "backroom-secret-file-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const spec = (dir: string) => ({ dir, name: "kept-secret", bytes: 24, minLength: 16, what: "kept secret" });

describe("loadOrCreateSecretFile", () => {
  it("creates the folder and a 0600 file of the random bytes asked for, then reuses it", () => {
    const dir = join(root, "fresh", "data");
    const secret = loadOrCreateSecretFile(spec(dir));
    expect(Buffer.from(secret, "base64url")).toHaveLength(24);
    if (process.platform !== "win32") expect(statSync(join(dir, "kept-secret")).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecretFile(spec(dir))).toBe(secret);
    expect(readdirSync(dir)).toEqual(["kept-secret"]);
  });

  it("reads a secret someone else put there, without changing the file", () => {
    const dir = mkdtempSync(join(root, "given-"));
    writeFileSync(join(dir, "kept-secret"), "theirs-0123456789abcdef\n");
    expect(loadOrCreateSecretFile(spec(dir))).toBe("theirs-0123456789abcdef");
    expect(readFileSync(join(dir, "kept-secret"), "utf8")).toBe("theirs-0123456789abcdef\n");
  });

  it("keeps the secret of a process that created it meanwhile, and leaves no temporary file", () => {
    const dir = mkdtempSync(join(root, "race-"));
    const theirs = "winner-0123456789abcdefghijklmnopqrstuvwxyz";
    race.before = (file) => writeFileSync(file, theirs, { mode: 0o600 });
    try {
      expect(loadOrCreateSecretFile(spec(dir))).toBe(theirs);
    } finally {
      race.before = undefined;
    }
    expect(readdirSync(dir)).toEqual(["kept-secret"]);
    expect(loadOrCreateSecretFile(spec(dir))).toBe(theirs);
  });

  it("refuses a damaged file instead of replacing it, naming what it should hold", () => {
    const dir = mkdtempSync(join(root, "damaged-"));
    writeFileSync(join(dir, "kept-secret"), "short\n");
    expect(() => loadOrCreateSecretFile(spec(dir))).toThrow(/no usable kept secret/);
    expect(readFileSync(join(dir, "kept-secret"), "utf8")).toBe("short\n");
  });
});
