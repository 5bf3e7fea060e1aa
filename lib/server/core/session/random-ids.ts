import "server-only";
import { randomBytes } from "node:crypto";

/**
 * A new key record id: 16 random bytes, base64url. Not a secret: pages name a workspace's key by it.
 *
 * @example
 * const keyId = newKeyId();
 */
export function newKeyId(): string {
  return randomBytes(16).toString("base64url");
}
