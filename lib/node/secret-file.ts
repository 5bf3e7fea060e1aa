import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A secret kept in a file of a data folder: which file, how long a new one is, and what it is called in errors. */
export interface SecretFile {
  dir: string;
  name: string;
  /** Random bytes of a new secret (written as base64url). */
  bytes: number;
  /** The shortest content taken as a secret: anything shorter was not written here. */
  minLength: number;
  /** What the secret is, for an error about its file ("session secret"). */
  what: string;
}

function readSecret(file: string, { minLength, what }: SecretFile): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const secret = text.trim();
  // Replacing a damaged secret would silently lock out whatever was made under it; stop and say so instead.
  if (secret.length < minLength) throw new Error(`${file} holds no usable ${what}; fix or delete it`);
  return secret;
}

/**
 * A secret read from `<dir>/<name>`, or created there: random bytes (base64url), file mode 0600, the folder made if
 * missing (0700). Creation is atomic and first-wins: the secret is written whole to a temporary file, then hard-linked
 * to its name. Unlike a rename, a link never replaces an existing file, so when two processes start at once the second
 * finds the first one's secret, reads it, and both use the same one.
 *
 * @example
 * const secret = loadOrCreateSecretFile({ dir: ".data", name: "session-secret", bytes: 48, minLength: 32, what: "session secret" });
 */
export function loadOrCreateSecretFile(spec: SecretFile): string {
  const file = join(spec.dir, spec.name);
  const existing = readSecret(file, spec);
  if (existing !== undefined) return existing;
  mkdirSync(spec.dir, { recursive: true, mode: 0o700 });
  const temp = join(spec.dir, `.${spec.name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  writeFileSync(temp, `${randomBytes(spec.bytes).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temp);
  }
  const created = readSecret(file, spec);
  if (created === undefined) throw new Error(`${file} vanished while it was being created`);
  return created;
}
