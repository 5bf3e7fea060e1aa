import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decryptApiKey,
  deriveSecret,
  deriveSecretRing,
  encryptApiKey,
  fingerprintApiKey,
  type SealedKey,
} from "./key-crypto";

const OLD = "old-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const NEW = "new-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const API_KEY = "prod-7f3a9c2e4b1d8f6a0c5e";
const AAD = "backroom api key v1|key-1|production|hash-1";

// Flips the first bit of a base64url value, as an attacker editing a row would.
function flip(value: string): string {
  const bytes = Buffer.from(value, "base64url");
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return bytes.toString("base64url");
}

describe("key crypto", () => {
  const ring = deriveSecretRing({ current: NEW });

  it("decrypts what it encrypted, under the current secret", () => {
    const sealed = encryptApiKey(API_KEY, ring.current, AAD);
    expect(decryptApiKey(sealed, ring, AAD)).toEqual({ apiKey: API_KEY, secret: ring.current });
    expect(sealed.secretId).toBe(ring.current.id);
    expect(Buffer.from(sealed.iv, "base64url")).toHaveLength(12);
    expect(Buffer.from(sealed.tag, "base64url")).toHaveLength(16);
  });

  it("uses a fresh IV each time, so the same key never gives the same ciphertext", () => {
    const a = encryptApiKey(API_KEY, ring.current, AAD);
    const b = encryptApiKey(API_KEY, ring.current, AAD);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it.each<[string, (s: SealedKey) => SealedKey, string?]>([
    ["a changed ciphertext", (s) => ({ ...s, ciphertext: flip(s.ciphertext) })],
    ["a changed tag", (s) => ({ ...s, tag: flip(s.tag) })],
    ["a truncated tag", (s) => ({ ...s, tag: Buffer.from(s.tag, "base64url").subarray(0, 12).toString("base64url") })],
    ["a changed iv", (s) => ({ ...s, iv: flip(s.iv) })],
    ["an unknown secret id", (s) => ({ ...s, secretId: "00000000" })],
    ["another row's additional data", (s) => s, "backroom api key v1|key-2|production|hash-1"],
    ["another environment's additional data", (s) => s, "backroom api key v1|key-1|test|hash-1"],
  ])("refuses %s (answers undefined, does not throw)", (_name, tamper, aad = AAD) => {
    const sealed = encryptApiKey(API_KEY, ring.current, AAD);
    expect(decryptApiKey(tamper(sealed), ring, aad)).toBeUndefined();
  });

  it("decrypts a record of a previous secret and says so; without that secret it cannot", () => {
    const old = deriveSecretRing({ current: OLD });
    const sealed = encryptApiKey(API_KEY, old.current, AAD);
    const rotated = deriveSecretRing({ current: NEW, previous: [OLD] });
    const opened = decryptApiKey(sealed, rotated, AAD);
    expect(opened?.apiKey).toBe(API_KEY);
    expect(opened?.secret.id).toBe(old.current.id);
    expect(opened?.secret).not.toBe(rotated.current);
    expect(decryptApiKey(sealed, ring, AAD)).toBeUndefined();
  });

  it("names a secret by 8 hex characters, the same for the same secret and different for another", () => {
    expect(deriveSecret(NEW).id).toMatch(/^[0-9a-f]{8}$/);
    expect(deriveSecret(NEW).id).toBe(deriveSecret(NEW).id);
    expect(deriveSecret(NEW).id).not.toBe(deriveSecret(OLD).id);
  });

  it("fingerprints a key with a keyed hash: stable per secret, different across secrets, not a plain SHA-256", () => {
    const fingerprint = fingerprintApiKey(API_KEY, ring.current);
    expect(fingerprint).toBe(fingerprintApiKey(API_KEY, deriveSecret(NEW)));
    expect(fingerprint).not.toBe(fingerprintApiKey(API_KEY, deriveSecret(OLD)));
    expect(fingerprint).not.toBe(fingerprintApiKey(`${API_KEY}x`, ring.current));
    expect(fingerprint).not.toBe(createHash("sha256").update(API_KEY).digest("hex"));
  });

  it("refuses a secret too short to be a key", () => {
    expect(() => deriveSecret("hunter2")).toThrow(RangeError);
    expect(() => deriveSecretRing({ current: NEW, previous: ["short"] })).toThrow(RangeError);
  });
});
