import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The operator key's file in the sandbox's data folder, when SANDBOX_OPERATOR_KEY is not set. */
export const OPERATOR_KEY_FILE = "operator-key";
/** The shortest operator key taken, from the setting or the file (what this module writes is 43 characters). */
export const OPERATOR_KEY_MIN_LENGTH = 16;

/** The operator's key and where it is kept. */
export interface OperatorKey {
  /** What the operator's endpoints take in `x-api-key`. */
  key: string;
  /** The file it was read from or written to; undefined when SANDBOX_OPERATOR_KEY gave it, or it lives in memory. */
  file?: string;
}

const newKey = () => randomBytes(32).toString("base64url");

function readKey(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = text.trim();
  // Replaced, a damaged file would lock out whoever reads it for the key; stop and say so instead.
  if (key.length < OPERATOR_KEY_MIN_LENGTH) throw new Error(`${file} holds no usable operator key; fix or delete it`);
  return key;
}

/**
 * The operator key kept in `<dataDir>/operator-key`: read, or created there (32 random bytes, base64url; file mode
 * 0600; the folder made if missing). Written whole to a temporary file, then hard-linked to its name: a link never
 * replaces an existing file, so of two processes starting at once the second reads the first one's key.
 */
export function loadOrCreateOperatorKey(dataDir: string): string {
  const file = join(dataDir, OPERATOR_KEY_FILE);
  const existing = readKey(file);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temp = join(dataDir, `.${OPERATOR_KEY_FILE}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  writeFileSync(temp, `${newKey()}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temp);
  }
  const created = readKey(file);
  if (created === undefined) throw new Error(`${file} vanished while it was being created`);
  return created;
}

/**
 * The sandbox's operator key: SANDBOX_OPERATOR_KEY when given; else, for a sandbox in memory (the tests), a new one
 * that only the runtime object holds; else the data folder's file, made at the first start.
 *
 * @example
 * const { key, file } = operatorKeyOf(config.SANDBOX_DATA_DIR, config.SANDBOX_OPERATOR_KEY);
 */
export function operatorKeyOf(dataDir: string, given?: string): OperatorKey {
  if (given) return { key: given };
  if (dataDir === ":memory:") return { key: newKey() };
  return { key: loadOrCreateOperatorKey(dataDir), file: join(dataDir, OPERATOR_KEY_FILE) };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether `sent` is the operator key, compared in constant time (on hashes, so the lengths match too). An empty key
 * opens nothing.
 */
export function isOperatorKey(key: string, sent: string | undefined): boolean {
  return key.length > 0 && timingSafeEqual(digest(key), digest(sent ?? ""));
}
