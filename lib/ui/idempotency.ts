/**
 * Idempotency-Keys for the dashboard's writes. A key is made when the person asks for a write and kept (in
 * sessionStorage, so a reload keeps it too) until an answer to that exact request has come back: a double-click, a
 * reload during the request or a retry after a lost answer sends the same key again, and the API replays its first
 * answer instead of acting twice. Browser-safe and pure apart from the storage it is given.
 */

/** Where Idempotency-Keys wait for their answer: sessionStorage in the browser, a Map in tests. */
export interface KeyStore {
  get(signature: string): string | undefined;
  set(signature: string, key: string): void;
  delete(signature: string): void;
}

const PREFIX = "backroom.idempotency.";

/** A KeyStore over sessionStorage (per tab, survives a reload); in memory where there is none or it refuses writes. */
export function sessionKeyStore(storage: Storage | undefined = tabSessionStorage()): KeyStore {
  const memory = new Map<string, string>();
  const safe = <T>(run: () => T, fallback: T): T => {
    try {
      return storage ? run() : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get: (signature) =>
      memory.get(signature) ?? safe(() => storage!.getItem(PREFIX + signature) ?? undefined, undefined),
    set: (signature, key) => {
      memory.set(signature, key);
      safe(() => storage!.setItem(PREFIX + signature, key), undefined);
    },
    delete: (signature) => {
      memory.delete(signature);
      safe(() => storage!.removeItem(PREFIX + signature), undefined);
    },
  };
}

/** The tab's sessionStorage, or undefined where there is none or reading it is refused (storage blocked: SecurityError). */
function tabSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The key of a request by its signature: the one waiting in the store for it, or a new one (kept until its answer). */
export function keyForSignature(
  store: KeyStore,
  signature: string,
  newKey: () => string = () => crypto.randomUUID(),
): string {
  const existing = store.get(signature);
  if (existing) return existing;
  const key = newKey();
  store.set(signature, key);
  return key;
}

/**
 * An answer that settles the request as sent: the API refused it on its merits, and sending it again would be refused
 * again. Not final: no answer (network), 429, 5xx, and 409 IDEMPOTENCY_KEY_IN_PROGRESS (the first try is still running).
 */
export function isFinalRefusal(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("status" in error)) return false;
  const { status, code } = error as { status: number; code?: string };
  if (status === 409 && code === "IDEMPOTENCY_KEY_IN_PROGRESS") return false;
  return [400, 403, 404, 409, 422].includes(status);
}

/**
 * Makes one write with the key waiting for its signature (or a new one), and ends the key once the write is settled:
 * answered, or refused on its merits. A failure with no settled answer (network, 429, 5xx) keeps the key, so trying
 * again is the same request to the API.
 *
 * @example
 * await sendOnce(sessionKeyStore(), `PATCH /purchases/${id} ${hashOf(body)}`, (key) => browserApi.updatePurchase({ path, body, idempotencyKey: key }));
 */
export async function sendOnce<T>(
  store: KeyStore,
  signature: string,
  send: (idempotencyKey: string) => Promise<T>,
  newKey?: () => string,
): Promise<T> {
  const key = keyForSignature(store, signature, newKey);
  try {
    const result = await send(key);
    store.delete(signature);
    return result;
  } catch (error) {
    if (isFinalRefusal(error)) store.delete(signature);
    throw error;
  }
}

/**
 * A short fingerprint of a text (FNV-1a, 52 bits, base 36) for signatures of large bodies: two different bodies
 * sharing one is vanishingly unlikely among the few writes waiting in one tab.
 *
 * @example
 * hashOf('{"po_num":"PO-1"}'); // "udnqqabkuu" (11 characters at most)
 */
export function hashOf(text: string): string {
  // Two 32-bit FNV-1a lanes with different offsets, joined: JavaScript's bit operations are 32-bit.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 7);
  }
  return ((a >>> 0) * 2 ** 20 + ((b >>> 0) & 0xfffff)).toString(36);
}
