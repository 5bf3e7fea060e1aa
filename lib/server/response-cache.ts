import "server-only";
import { createHash } from "node:crypto";

/** A stored upstream answer (a 200 with a body) and how long it stays fresh. */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  /** Backed by an ArrayBuffer, so it can be answered as is (`new Response(entry.body)`). */
  body: Uint8Array<ArrayBuffer>;
  etag: string | null;
  /** When the answer was stored or last revalidated (ms since the epoch, by the cache's clock). */
  storedAt: number;
  freshUntil: number;
  /** The operation's registry resource ("Invoices"): what a write invalidates. */
  resource: string;
}

/** The proxy's cache of upstream GET answers, per API key. */
export interface ResponseCache {
  /** The entry for this key and URL, fresh or stale (the caller revalidates stale ones with If-None-Match), or undefined. */
  get(keyFingerprint: string, url: string): CachedResponse | undefined;
  set(keyFingerprint: string, url: string, entry: CachedResponse): void;
  /** After a 304: the entry stays, fresh again until `freshUntil`, with the 304's headers (and ETag) merged in. */
  refresh(keyFingerprint: string, url: string, freshUntil: number, headers?: Record<string, string>): void;
  /** Drops this key's entries of the given resources (a write changed them). */
  invalidate(keyFingerprint: string, resources: readonly string[]): number;
  /** Drops every entry of a key (sign-out, key removed). */
  forgetKey(keyFingerprint: string): void;
  stats(): { entries: number; bytes: number; hits: number; misses: number; revalidations: number };
}

/** Bounds and clock of a response cache. */
export interface ResponseCacheOptions {
  /** Total bytes held; the least recently used entries go first. Default 32 MiB. */
  maxBytes?: number;
  /** Larger bodies are not cached. Default 2 MiB. */
  maxEntryBytes?: number;
  now?: () => number;
}

/** Bytes counted per entry beyond its body and headers: the record, the map slots and the two hashes. */
export const ENTRY_OVERHEAD_BYTES = 512;

interface Slot {
  keyId: string;
  entry: CachedResponse;
  bytes: number;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

/** The bytes an entry is charged: body, header text, and the fixed overhead. */
function sizeOf(entry: CachedResponse): number {
  let headerBytes = 0;
  for (const [name, value] of Object.entries(entry.headers)) headerBytes += name.length + value.length;
  return entry.body.byteLength + headerBytes + ENTRY_OVERHEAD_BYTES;
}

/** The ETag among response headers, whatever their case. */
function etagOf(headers: Record<string, string>): string | undefined {
  const name = Object.keys(headers).find((h) => h.toLowerCase() === "etag");
  return name === undefined ? undefined : headers[name];
}

/**
 * Creates an in-memory cache of upstream answers, bounded in bytes and evicting the least recently used. Entries are
 * held under a SHA-256 of the key fingerprint and the URL, so the cache keeps no caller text, and an answer stored for
 * one key is never returned for another (the Data API's answers are private to a key).
 *
 * @example
 * const cache = createResponseCache({ maxBytes: 8 * 1024 * 1024 });
 * cache.set(fingerprint, url, { status: 200, headers: {}, body, etag: 'W/"1"', storedAt: now, freshUntil: now + 15_000, resource: "Invoices" });
 * cache.get(fingerprint, url)?.body; // the stored body, fresh for 15 s, then stale until revalidated
 */
export function createResponseCache(options: ResponseCacheOptions = {}): ResponseCache {
  const { maxBytes = 32 * 1024 * 1024, maxEntryBytes = 2 * 1024 * 1024, now = Date.now } = options;
  if (!(maxBytes > 0) || !(maxEntryBytes > 0)) throw new RangeError("cache sizes must be positive");

  // Map order is the LRU order: the first slot is the least recently used.
  const slots = new Map<string, Slot>();
  const byKey = new Map<string, Set<string>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let revalidations = 0;

  const keyIdOf = (keyFingerprint: string) => {
    // A newline would make "fingerprint\nurl" ambiguous; fingerprints are HMAC digests and never hold one.
    if (keyFingerprint === "" || keyFingerprint.includes("\n")) throw new Error("invalid key fingerprint");
    return sha256(`key\n${keyFingerprint}`);
  };
  const slotIdOf = (keyFingerprint: string, url: string) => sha256(`${keyFingerprint}\n${url}`);

  function remove(id: string): void {
    const slot = slots.get(id);
    if (!slot) return;
    slots.delete(id);
    bytes -= slot.bytes;
    const ids = byKey.get(slot.keyId);
    ids?.delete(id);
    if (ids?.size === 0) byKey.delete(slot.keyId);
  }

  function touch(id: string, slot: Slot): void {
    slots.delete(id);
    slots.set(id, slot);
  }

  function evict(): void {
    for (const id of slots.keys()) {
      if (bytes <= maxBytes) return;
      remove(id);
    }
  }

  /** The slot of this key and URL, checked to belong to the key (defence against a mix-up, not only a hash). */
  function find(keyFingerprint: string, url: string): { id: string; slot: Slot } | undefined {
    const keyId = keyIdOf(keyFingerprint);
    const id = slotIdOf(keyFingerprint, url);
    const slot = slots.get(id);
    return slot && slot.keyId === keyId ? { id, slot } : undefined;
  }

  return {
    get(keyFingerprint, url) {
      const found = find(keyFingerprint, url);
      if (!found) {
        misses++;
        return undefined;
      }
      touch(found.id, found.slot);
      if (now() < found.slot.entry.freshUntil) hits++;
      else misses++;
      return found.slot.entry;
    },

    set(keyFingerprint, url, entry) {
      if (entry.status !== 200 || entry.body.byteLength === 0) throw new Error("only 200 answers with a body are cached");
      const keyId = keyIdOf(keyFingerprint);
      const id = slotIdOf(keyFingerprint, url);
      // The new answer replaces the old one even when it is too large to keep: the old one is out of date.
      remove(id);
      const stored: CachedResponse = { ...entry, headers: { ...entry.headers } };
      const size = sizeOf(stored);
      if (entry.body.byteLength > maxEntryBytes || size > maxBytes) return;
      slots.set(id, { keyId, entry: stored, bytes: size });
      bytes += size;
      let ids = byKey.get(keyId);
      if (!ids) byKey.set(keyId, (ids = new Set()));
      ids.add(id);
      evict();
    },

    refresh(keyFingerprint, url, freshUntil, headers) {
      const found = find(keyFingerprint, url);
      if (!found) return;
      const { id, slot } = found;
      const merged = headers ? { ...slot.entry.headers, ...headers } : slot.entry.headers;
      const etag = headers ? etagOf(headers) : undefined;
      slot.entry = { ...slot.entry, headers: merged, etag: etag ?? slot.entry.etag, storedAt: now(), freshUntil };
      const size = sizeOf(slot.entry);
      bytes += size - slot.bytes;
      slot.bytes = size;
      revalidations++;
      touch(id, slot);
      evict();
    },

    invalidate(keyFingerprint, resources) {
      const ids = byKey.get(keyIdOf(keyFingerprint));
      if (!ids) return 0;
      const wanted = new Set(resources);
      let dropped = 0;
      for (const id of [...ids]) {
        const slot = slots.get(id);
        if (slot && wanted.has(slot.entry.resource)) {
          remove(id);
          dropped++;
        }
      }
      return dropped;
    },

    forgetKey(keyFingerprint) {
      const ids = byKey.get(keyIdOf(keyFingerprint));
      for (const id of [...(ids ?? [])]) remove(id);
    },

    stats: () => ({ entries: slots.size, bytes, hits, misses, revalidations }),
  };
}

/** A cache that keeps nothing (PROXY_CACHE=off): every request goes upstream, as when measuring what caching saves. */
export function createNoCache(): ResponseCache {
  let misses = 0;
  return {
    get: () => {
      misses++;
      return undefined;
    },
    set: () => undefined,
    refresh: () => undefined,
    invalidate: () => 0,
    forgetKey: () => undefined,
    stats: () => ({ entries: 0, bytes: 0, hits: 0, misses, revalidations: 0 }),
  };
}
