import "server-only";
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encryption of stored API keys: AES-256-GCM under a key derived (HKDF-SHA256) from a server secret.
 * Binary values travel as base64url text, as the database stores them.
 */

const ENCRYPTION_INFO = "backroom api keys v1";
// A second key from the same secret, so the fingerprint (HMAC) and the cipher never share a key.
const FINGERPRINT_INFO = "backroom api key fingerprints v1";
// A secret shorter than this is a password, not a key; refuse it rather than encrypt under it.
const MIN_SECRET_LENGTH = 32;
const IV_BYTES = 12;
// Node accepts a truncated GCM tag unless told its length; a short tag is far easier to forge.
const TAG_BYTES = 16;

// The keys one server secret yields, and the short id records use to name it.
export interface DerivedSecret {
  readonly id: string;
  readonly encryptionKey: Buffer;
  readonly fingerprintKey: Buffer;
}

// The secrets a store knows: `current` encrypts; every one (current first) may decrypt.
export interface SecretRing {
  readonly current: DerivedSecret;
  readonly all: readonly DerivedSecret[];
}

// An encrypted API key, as stored: which secret, the IV, the ciphertext and the GCM tag.
export interface SealedKey {
  secretId: string;
  iv: string;
  ciphertext: string;
  tag: string;
}

/**
 * A 32-byte key for one purpose (`info`) derived from a server secret with HKDF-SHA256: keys of different purposes
 * are independent, so one of them leaking reveals nothing of the others or of the secret.
 *
 * @example
 * const cacheKey = hkdf(serverSecret, "backroom shared store v1");
 */
export function hkdf(secret: string, info: string): Buffer {
  // No salt: the secret is already uniformly random (see MIN_SECRET_LENGTH), which is when RFC 5869 allows none.
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), info, 32));
}

/**
 * Derives the encryption and fingerprint keys of a server secret. The id (first 8 hex of the SHA-256 of the
 * encryption key) tells which secret encrypted a record without revealing anything about it.
 *
 * @example
 * const secret = deriveSecret(serverEnv.SESSION_SECRET);
 * secret.id; // "3fa85f64"
 */
export function deriveSecret(secret: string): DerivedSecret {
  if (secret.length < MIN_SECRET_LENGTH)
    throw new RangeError(`a session secret needs at least ${MIN_SECRET_LENGTH} characters`);
  const encryptionKey = hkdf(secret, ENCRYPTION_INFO);
  const id = createHash("sha256").update(encryptionKey).digest("hex").slice(0, 8);
  return { id, encryptionKey, fingerprintKey: hkdf(secret, FINGERPRINT_INFO) };
}

/**
 * Derives every configured secret once, current first.
 *
 * @example
 * const ring = deriveSecretRing({ current: newSecret, previous: [oldSecret] });
 */
export function deriveSecretRing(secrets: { current: string; previous?: string[] }): SecretRing {
  const current = deriveSecret(secrets.current);
  return { current, all: [current, ...(secrets.previous ?? []).map(deriveSecret)] };
}

/**
 * Encrypts an API key with a fresh random IV. `aad` is authenticated, not stored: decryption must present the same
 * text, which is how a ciphertext is tied to its row.
 *
 * @example
 * const sealed = encryptApiKey("prod-key", ring.current, `key ${id}`);
 */
export function encryptApiKey(apiKey: string, secret: DerivedSecret, aad: string): SealedKey {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", secret.encryptionKey, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(apiKey, "utf8"), cipher.final()]);
  return {
    secretId: secret.id,
    iv: iv.toString("base64url"),
    ciphertext: ciphertext.toString("base64url"),
    tag: cipher.getAuthTag().toString("base64url"),
  };
}

/**
 * Decrypts a sealed key with the secret it names, and says which secret that was (so the caller can re-encrypt
 * under the current one). Undefined when the secret is unknown, or the iv, ciphertext, tag or `aad` do not match:
 * a tampered or misplaced record reads as no key, never as a wrong key.
 *
 * @example
 * const opened = decryptApiKey(sealed, ring, `key ${id}`);
 * if (opened && opened.secret !== ring.current) reencrypt(opened.apiKey);
 */
export function decryptApiKey(
  sealed: SealedKey,
  ring: SecretRing,
  aad: string,
): { apiKey: string; secret: DerivedSecret } | undefined {
  const iv = Buffer.from(sealed.iv, "base64url");
  const tag = Buffer.from(sealed.tag, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return undefined;
  for (const secret of ring.all.filter((s) => s.id === sealed.secretId)) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", secret.encryptionKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(aad, "utf8"));
      decipher.setAuthTag(tag);
      const clear = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, "base64url")), decipher.final()]);
      return { apiKey: clear.toString("utf8"), secret };
    } catch {
      // Authentication failed; another secret with the same 8-hex id (vanishingly unlikely) may still open it.
    }
  }
  return undefined;
}

/**
 * A keyed fingerprint of an API key (HMAC-SHA256, hex), to recognise the same key added twice without storing it.
 * Keyed, not a plain hash, so a leaked table cannot be checked against a list of candidate keys.
 *
 * @example
 * fingerprintApiKey("prod-key", ring.current) === row.fingerprint;
 */
export function fingerprintApiKey(apiKey: string, secret: DerivedSecret): string {
  return createHmac("sha256", secret.fingerprintKey).update(apiKey, "utf8").digest("hex");
}
