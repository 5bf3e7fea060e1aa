import "server-only";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

const FILE_NAME = "session-secret";
// What this module writes is 64 characters; anything much shorter was not written by it.
const MIN_LENGTH = 32;

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const secret = text.trim();
  // Replacing a damaged secret would make every stored key unreadable without a word; stop and say so instead.
  if (secret.length < MIN_LENGTH) throw new Error(`${file} holds no usable session secret; fix or delete it`);
  return secret;
}

/**
 * The session secret for local use, when SESSION_SECRET is not configured: read from `<dataDir>/session-secret`, or
 * created there (48 random bytes, base64url; file mode 0600; the folder made if missing).
 *
 * Creation is atomic and first-wins: the secret is written whole to a temporary file, then hard-linked to its name.
 * Unlike a rename, a link never replaces an existing file, so when two processes start at once the second finds the
 * first one's secret, reads it, and both encrypt under the same secret.
 *
 * @example
 * const secret = serverEnv.SESSION_SECRET ?? loadOrCreateSecret(serverEnv.DATA_DIR);
 */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, FILE_NAME);
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temp = join(dataDir, `.${FILE_NAME}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  writeFileSync(temp, `${randomBytes(48).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temp);
  }
  const created = readSecret(file);
  if (created === undefined) throw new Error(`${file} vanished while it was being created`);
  return created;
}
