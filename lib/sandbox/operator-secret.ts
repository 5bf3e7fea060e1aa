import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { join } from "node:path";
import { loadOrCreateSecretFile } from "@/lib/node/secret-file";

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

/**
 * The operator key kept in `<dataDir>/operator-key`: read, or created there once (32 random bytes, base64url; file
 * mode 0600; first wins when two processes start at once: `loadOrCreateSecretFile`).
 */
export function loadOrCreateOperatorKey(dataDir: string): string {
  return loadOrCreateSecretFile({
    dir: dataDir,
    name: OPERATOR_KEY_FILE,
    bytes: 32,
    minLength: OPERATOR_KEY_MIN_LENGTH,
    what: "operator key",
  });
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
