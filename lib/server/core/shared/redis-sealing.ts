import "server-only";
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { hkdf } from "../session/key-crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Characters of a hashed name (base64url of an HMAC-SHA256): 192 bits, far beyond any chance of two names meeting. */
const NAME_CHARS = 32;

/** How the Redis store hides what it keeps: names hashed, values sealed to their slot. */
export interface RedisSealing {
  /** A key's name in Redis: an HMAC of the caller's name, after the prefix. */
  name(key: string): string;
  /** A value encrypted (AES-256-GCM) with its slot (the hashed name) as associated data. */
  seal(slot: string, plain: Buffer | string): Buffer;
  /** The plain value, or undefined when it was not sealed for this slot with this secret (or was changed). */
  open(slot: string, sealed: Buffer | null | undefined): Buffer | undefined;
}

/**
 * The Redis store's names and seals, under keys derived from the session secret (HKDF): Redis holds nothing readable,
 * and a value copied to another key does not decrypt (it reads as absent).
 *
 * @example
 * const { name, seal, open } = redisSealing(serverEnv.SESSION_SECRET, "backroom:");
 * const slot = name("greeting");
 * open(slot, seal(slot, "hello"))?.toString(); // "hello"
 */
export function redisSealing(secret: string, prefix: string): RedisSealing {
  const nameKey = hkdf(secret, "backroom shared store names v1");
  const valueKey = hkdf(secret, "backroom shared store values v1");
  return {
    name: (key) => `${prefix}${createHmac("sha256", nameKey).update(key).digest("base64url").slice(0, NAME_CHARS)}`,
    seal(slot, plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", valueKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(slot));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    open(slot, sealed) {
      if (!sealed || sealed.byteLength < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", valueKey, sealed.subarray(0, IV_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(slot));
        decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      } catch {
        return undefined;
      }
    },
  };
}
