import "server-only";
import { randomBytes } from "node:crypto";
import type { SharedStore } from "./shared/shared-store";

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

/**
 * What a lookup found for one key and URL: the entry (fresh or stale; the caller revalidates a stale one with its ETag)
 * and what `store` and `refresh` need to write it back under the same validity.
 */
export interface CacheLookup {
  entry: CachedResponse | undefined;
  /**
   * The last answer stored for this key and URL, even when a write has made it invalid since (the entry of a resource
   * the key wrote to), but never one of a key forgotten (sign-out, key removed): what the proxy answers, marked stale,
   * when the API does not answer well (`stale-if-error`). The same as `entry` when that is valid.
   */
  lastKnown: CachedResponse | undefined;
  /** False when the store could not be read (Redis away): the request goes upstream and nothing is stored. */
  available: boolean;
  /** @internal the slot and the generation tokens the lookup saw */
  readonly slot: {
    entryName: string;
    generationNames: [string, string];
    tokens: [string | undefined, string | undefined];
  };
}

/** The proxy's cache of upstream GET answers, per API key, shared by every instance that shares the store. */
export interface ResponseCache {
  /** The entry for this key and URL. Never rejects: a store that fails reads as empty, `available: false`. */
  lookup(keyFingerprint: string, url: string, resource: string): Promise<CacheLookup>;
  /** Stores an answer for what `lookup` looked up. Skipped when a write invalidated the resource meanwhile. */
  store(lookup: CacheLookup, entry: CachedResponse): Promise<void>;
  /** After a 304: the entry stays, fresh again until `freshUntil`, with the 304's headers (and ETag) merged in. */
  refresh(lookup: CacheLookup, freshUntil: number, headers?: Record<string, string>): Promise<void>;
  /** Makes this key's entries of the given resources invalid (a write changed them), on every instance. */
  invalidate(keyFingerprint: string, resources: readonly string[]): Promise<void>;
  /** Makes every entry of a key invalid (sign-out, key removed). */
  forgetKey(keyFingerprint: string): Promise<void>;
}

/** Bounds and clock of a response cache. */
export interface ResponseCacheOptions {
  /** Larger bodies are not cached. Default 2 MiB. */
  maxEntryBytes?: number;
  /**
   * How long an entry is kept after its freshness ends: for revalidation by ETag, and as the last-known answer when
   * the API fails (`STALE_IF_ERROR_HOURS`). Default 1 hour.
   */
  keepStaleMs?: number;
  now?: () => number;
  /** Told when the store fails (the request is then answered uncached). */
  onStoreError?: (error: unknown) => void;
}

/** How long a generation token lives: longer than any entry, so an entry never outlives the token it was stored under. */
const GENERATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The longest an entry is fresh (AR aging: until the next midnight); it is kept `keepStaleMs` longer. */
const MAX_FRESH_MS = 26 * 60 * 60 * 1000;

/**
 * A new generation token, marked by who made it: `s:` a store that found none (the first answer cached for a key or a
 * resource), `w:` a write or a sign-out replacing one. A store that finds a token made meanwhile by another store
 * adopts it; one made by a write means its answer may predate the write, and it is not kept.
 */
const newToken = (by: "store" | "write") => `${by === "store" ? "s" : "w"}:${randomBytes(9).toString("base64url")}`;

function fingerprintOk(keyFingerprint: string): string {
  // A newline would make "fingerprint\nurl" ambiguous; fingerprints are HMAC digests and never hold one.
  if (keyFingerprint === "" || keyFingerprint.includes("\n")) throw new Error("invalid key fingerprint");
  return keyFingerprint;
}

/** An entry as stored: a 4-byte length, the JSON of everything but the body, then the body's bytes. */
function encode(entry: CachedResponse, tokens: string): Buffer {
  const { body, ...meta } = entry;
  const json = Buffer.from(JSON.stringify({ ...meta, tokens }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.byteLength);
  return Buffer.concat([length, json, body]);
}

function decode(value: Buffer): { entry: CachedResponse; tokens: string } | undefined {
  try {
    const length = value.readUInt32BE(0);
    const { tokens, ...meta } = JSON.parse(value.subarray(4, 4 + length).toString()) as Omit<CachedResponse, "body"> & {
      tokens: string;
    };
    // A copy of its own: the stored buffer may be shared (memory store), and the caller answers with the body.
    const body = new Uint8Array(value.byteLength - 4 - length);
    body.set(value.subarray(4 + length));
    return { entry: { ...meta, body }, tokens };
  } catch {
    return undefined;
  }
}

/**
 * Creates the cache of upstream answers over a shared store (memory for one instance, Redis for several). Entries are
 * held under the key's fingerprint (an HMAC of the API key) and the URL, so an answer stored for one key is never
 * returned for another (the Data API's answers are private to a key), and every instance finds what any one stored.
 *
 * Invalidation works across instances without listing entries: each key has a generation token, and each of its
 * resources another. An entry records the two tokens it was stored under and is valid only while both are current;
 * a write replaces the resource's token, sign-out the key's. A token that is missing (never made, or evicted) matches
 * nothing, so losing one can only cost a miss, never serve an invalidated answer.
 *
 * @example
 * const cache = createResponseCache(createMemoryStore());
 * const found = await cache.lookup(key.fingerprint, url, "Invoices");
 * if (!found.entry) await cache.store(found, { status: 200, headers, body, etag, storedAt: now, freshUntil: now + 15_000, resource: "Invoices" });
 */
export function createResponseCache(store: SharedStore, options: ResponseCacheOptions = {}): ResponseCache {
  const {
    maxEntryBytes = 2 * 1024 * 1024,
    keepStaleMs = 60 * 60 * 1000,
    now = Date.now,
    onStoreError = () => {},
  } = options;
  if (!(maxEntryBytes > 0)) throw new RangeError("maxEntryBytes must be positive");

  const keyGeneration = (fp: string) => `cache:generation\n${fp}`;
  const resourceGeneration = (fp: string, resource: string) => `cache:generation\n${fp}\n${resource}`;

  async function write(lookup: CacheLookup, entry: CachedResponse): Promise<void> {
    if (!lookup.available) return;
    const { slot } = lookup;
    // Make the tokens this entry is stored under where there are none yet. One made meanwhile by another store (the
    // requests of a cold key's first page answer together) is taken as ours; one made by a write means this answer
    // may predate it, so the entry is not stored (the next request stores it).
    const tokens: string[] = [];
    for (const [i, seen] of slot.tokens.entries()) {
      if (seen !== undefined) {
        tokens.push(seen);
        continue;
      }
      const name = slot.generationNames[i]!;
      const token = newToken("store");
      if (await store.set(name, Buffer.from(token), GENERATION_TTL_MS, { onlyIfAbsent: true })) {
        tokens.push(token);
        continue;
      }
      const made = (await store.get([name]))[0]?.toString();
      if (!made?.startsWith("s:")) return;
      tokens.push(made);
    }
    const ttl = Math.min(Math.max(entry.freshUntil - now(), 0), MAX_FRESH_MS) + keepStaleMs;
    await store.set(slot.entryName, encode(entry, tokens.join(".")), ttl);
  }

  const quietly = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      onStoreError(error);
    }
  };

  return {
    async lookup(keyFingerprint, url, resource) {
      const fp = fingerprintOk(keyFingerprint);
      const slot = {
        entryName: `cache:entry\n${fp}\n${url}`,
        generationNames: [keyGeneration(fp), resourceGeneration(fp, resource)] as [string, string],
        tokens: [undefined, undefined] as [string | undefined, string | undefined],
      };
      let values: (Buffer | undefined)[];
      try {
        values = await store.get([slot.entryName, ...slot.generationNames]);
      } catch (error) {
        onStoreError(error);
        return { entry: undefined, lastKnown: undefined, available: false, slot };
      }
      const [keyToken, resourceToken] = values.slice(1).map((v) => v?.toString());
      slot.tokens = [keyToken, resourceToken];
      const found = values[0] ? decode(values[0]) : undefined;
      // Tokens hold no "." (a mark, ":" and base64url): the key's comes first.
      const ofKey = found && keyToken !== undefined && found.tokens.startsWith(`${keyToken}.`);
      const valid = ofKey && resourceToken !== undefined && found.tokens === `${keyToken}.${resourceToken}`;
      return {
        entry: valid ? found.entry : undefined,
        lastKnown: ofKey ? found.entry : undefined,
        available: true,
        slot,
      };
    },

    async store(lookup, entry) {
      if (entry.status !== 200 || entry.body.byteLength === 0)
        throw new Error("only 200 answers with a body are cached");
      // Too large to keep: the answer it would replace is out of date all the same, so that one goes.
      if (entry.body.byteLength > maxEntryBytes)
        return quietly(() => (lookup.available ? store.delete([lookup.slot.entryName]) : Promise.resolve()));
      await quietly(() => write(lookup, { ...entry, headers: { ...entry.headers } }));
    },

    async refresh(lookup, freshUntil, headers) {
      const current = lookup.entry;
      if (!current) return;
      const merged = headers ? { ...current.headers, ...headers } : current.headers;
      const etag = headers ? Object.entries(headers).find(([name]) => name.toLowerCase() === "etag")?.[1] : undefined;
      await quietly(() =>
        write(lookup, { ...current, headers: merged, etag: etag ?? current.etag, storedAt: now(), freshUntil }),
      );
    },

    async invalidate(keyFingerprint, resources) {
      const fp = fingerprintOk(keyFingerprint);
      await quietly(async () => {
        await Promise.all(
          resources.map((resource) =>
            store.set(resourceGeneration(fp, resource), Buffer.from(newToken("write")), GENERATION_TTL_MS),
          ),
        );
      });
    },

    async forgetKey(keyFingerprint) {
      const fp = fingerprintOk(keyFingerprint);
      await quietly(
        async () => void (await store.set(keyGeneration(fp), Buffer.from(newToken("write")), GENERATION_TTL_MS)),
      );
    },
  };
}
