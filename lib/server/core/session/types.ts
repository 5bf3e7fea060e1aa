import "server-only";
import type { KeyType } from "@/lib/data-api/operation";
import type { HistoryScope } from "@/lib/session/session-view";

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

// One key of a workspace: metadata and the last characters, never the key. The browser sees what
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
  /** An Employee key's: what its insights history covers (`workspace_keys.history_scope`). */
  historyScope?: HistoryScope;
}

// What the server knows a stored key by besides its id: a keyed hash of the key (HMAC under the session secret),
// the same for every workspace holding the same key. Shared caches and rate-limit figures go by it; never sent to a browser.
export type KeyHandle = Pick<StoredKeyInfo, "id" | "fingerprint">;

// The key a person works with, in clear, for the request upstream only; never serialise it into a response.
export interface ActiveKey extends StoredKeyInfo {
  apiKey: string;
}
