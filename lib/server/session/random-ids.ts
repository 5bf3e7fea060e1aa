import "server-only";
import { createHash, randomBytes } from "node:crypto";

// 32 random bytes in base64url are 43 characters from this alphabet.
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * A new session id (32 random bytes, base64url) and its hash. The id goes in the cookie and nowhere else; the
 * database keeps the hash.
 *
 * @example
 * const { sessionId, idHash } = newSessionId(); // sessionId: 43 characters
 */
export function newSessionId(): { sessionId: string; idHash: string } {
  const sessionId = randomBytes(32).toString("base64url");
  return { sessionId, idHash: sha256(sessionId) };
}

/**
 * The SHA-256 (hex) under which the database knows a session id. A plain hash is enough here: the id has 256 random
 * bits, so nobody can find it by guessing, unlike a password. Undefined for anything that is not shaped like one of
 * our ids, so a forged cookie costs a regex and no query.
 *
 * @example
 * const idHash = hashSessionId(cookieValue);
 * if (!idHash) return unauthenticated();
 */
export function hashSessionId(sessionId: string): string | undefined {
  if (!SESSION_ID.test(sessionId)) return undefined;
  return sha256(sessionId);
}

/**
 * A new key record id: 16 random bytes, base64url. Not a secret: the browser uses it to name a key of its ring.
 *
 * @example
 * const keyId = newKeyId();
 */
export function newKeyId(): string {
  return randomBytes(16).toString("base64url");
}
