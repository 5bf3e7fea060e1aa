import "server-only";

// What the server keeps of keys: their encryption, their records, the secret they are sealed under, and their types.
// The keys themselves are a workspace's (`../auth/workspace-keys.ts`).
export { loadOrCreateSecret } from "./secret";
export type { ActiveKey, Environment, KeyHandle, KeyScope, KeyType, StoredKeyInfo } from "./types";
