import "server-only";

// The server's session store: sessions, their encrypted key rings, and the database they live in.
export { createSessionStore } from "./session-store";
export { loadOrCreateSecret } from "./secret";
export type {
  ActiveKey,
  Environment,
  KeyHandle,
  KeyScope,
  KeyType,
  SessionStore,
  SessionStoreOptions,
  SessionView,
  StoredKeyInfo,
} from "./types";
