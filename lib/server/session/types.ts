import "server-only";
import type { Kysely } from "kysely";
import type { KeyType } from "@/lib/data-api/operation";
import type { BackroomDatabase } from "../db/schema";

// The contract's key types; re-exported so callers of the store need one import.
export type { KeyType };

// Which Data API a key belongs to: each environment has its own keys and its own base URL.
export type Environment = "production" | "test";

// What a key may see, as found when it was connected; the UI shows it to tell keys apart. Stored as JSON text.
export interface KeyScope {
  customers?: { id: number; name: string }[];
  suppliers?: { id: number; name: string }[];
  summary: string;
}

// One key of a session's ring: metadata and the last characters, never the key. The browser sees what
// `session-api.ts` picks of it (never the fingerprint).
export interface StoredKeyInfo {
  id: string;
  /** See KeyHandle. */
  fingerprint: string;
  environment: Environment;
  keyType: KeyType;
  label: string;
  scope: KeyScope;
  hint: string;
  addedAt: string;
  lastUsedAt: string | null;
}

// A live session's key ring, oldest key first; timestamps are ISO 8601 UTC.
export interface SessionView {
  keys: StoredKeyInfo[];
  activeKeyId: string | null;
  createdAt: string;
  lastSeenAt: string;
}

// What the server knows a stored key by besides its ring id: a keyed hash of the key (HMAC under the session secret),
// the same for every session holding the same key. Shared caches and rate-limit figures go by it; never sent to a browser.
export type KeyHandle = Pick<StoredKeyInfo, "id" | "fingerprint">;

// The active key in clear, for the request upstream only; never serialise it into a response.
export interface ActiveKey extends StoredKeyInfo {
  apiKey: string;
}

// How a store is built. `previous` secrets only decrypt; everything written is under `current`.
export interface SessionStoreOptions {
  db: Kysely<BackroomDatabase>;
  secrets: { current: string; previous?: string[] };
  now?: () => Date;
  idleMs?: number;
  maxAgeMs?: number;
}

// Sessions and their key rings, addressed by the opaque id the cookie holds.
export interface SessionStore {
  /** Adds a key (making it active) to the session `sessionId` if it is valid, else to a new session; always answers a NEW session id (the old one stops working). */
  connect(
    sessionId: string | undefined,
    key: { apiKey: string; environment: Environment; keyType: KeyType; label: string; scope: KeyScope },
  ): Promise<{ sessionId: string; keyId: string }>;
  /** The session's keys (no secrets), or undefined when unknown or expired; touches last_seen_at (idle timeout). */
  view(sessionId: string): Promise<SessionView | undefined>;
  /** The active key, decrypted, for a request upstream; undefined when no session or no active key. Touches last_seen_at and the key's last_used_at. */
  activeKey(sessionId: string): Promise<ActiveKey | undefined>;
  /** Makes `keyId` the active key; false when the session is not live or holds no such key. */
  switchKey(sessionId: string, keyId: string): Promise<boolean>;
  /** Removes one key, answering it; when it was active, the most recently added remaining key becomes active (or none). Undefined when absent. */
  removeKey(sessionId: string, keyId: string): Promise<KeyHandle | undefined>;
  /** Deletes the session and every key it holds, answering those keys. */
  signOut(sessionId: string): Promise<KeyHandle[]>;
  /** Deletes expired sessions and their keys; answers how many sessions went. */
  purgeExpired(): Promise<number>;
  /** How many sessions are live (not expired), for the `backroom_sessions_active` gauge. */
  countLive(): Promise<number>;
}
