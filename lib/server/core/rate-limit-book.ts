import "server-only";
import type { SharedStore } from "./shared/shared-store";

/** The last rate-limit figures the Data API gave for a key: what the dashboard shows as the budget left this hour. */
export interface RateLimitFigures {
  limit: number;
  remaining: number;
  /** When the window resets (ISO), from RateLimit-Reset seconds at the time seen. */
  resetsAt: string;
  seenAt: string;
}

/** The last figures per API key, shared by the instances (the Data API counts per key, whichever instance asked). */
export interface RateLimitBook {
  /** Notes the figures of an answer, when it carries them. */
  note(keyFingerprint: string, headers: Headers): Promise<void>;
  /** The figures of each key, in order; undefined where none were seen (or they are past their reset). */
  get(keyFingerprints: readonly string[]): Promise<(RateLimitFigures | undefined)[]>;
  forget(keyFingerprint: string): Promise<void>;
}

/** Figures are kept until their window resets, and at most this long. */
const MAX_KEEP_MS = 2 * 60 * 60 * 1000;

const nameOf = (keyFingerprint: string) => `rate-limit\n${keyFingerprint}`;

/**
 * The last figures per key (by its fingerprint, an HMAC of the API key), in a shared store: a hint for the UI,
 * refreshed by every answer, each kept until its window resets. Several sessions of one key see the same budget.
 *
 * @example
 * const book = createRateLimitBook(createMemoryStore());
 * await book.note(key.fingerprint, response.headers);
 * const [figures] = await book.get([key.fingerprint]);
 */
export function createRateLimitBook(store: SharedStore, now: () => Date = () => new Date()): RateLimitBook {
  return {
    async note(keyFingerprint, headers) {
      const limit = Number(headers.get("RateLimit-Limit"));
      const remaining = Number(headers.get("RateLimit-Remaining"));
      const reset = Number(headers.get("RateLimit-Reset"));
      // All three, or none: a missing header would read as 0 (an answer without RateLimit-Limit is no budget of 0).
      if (
        !["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"].every((name) => headers.has(name)) ||
        !Number.isFinite(limit) ||
        !Number.isFinite(remaining) ||
        !Number.isFinite(reset)
      )
        return;
      const at = now();
      const figures: RateLimitFigures = {
        limit,
        remaining,
        resetsAt: new Date(at.getTime() + reset * 1000).toISOString(),
        seenAt: at.toISOString(),
      };
      await store.set(
        nameOf(keyFingerprint),
        Buffer.from(JSON.stringify(figures)),
        Math.min(Math.max(reset * 1000, 1000), MAX_KEEP_MS),
      );
    },
    async get(keyFingerprints) {
      const values = await store.get(keyFingerprints.map(nameOf));
      return values.map((value) => (value ? (JSON.parse(value.toString()) as RateLimitFigures) : undefined));
    },
    forget: (keyFingerprint) => store.delete([nameOf(keyFingerprint)]),
  };
}
