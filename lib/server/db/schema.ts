import "server-only";

/**
 * Backroom's own tables, as Kysely sees them. Conventions, so the same queries run on SQLite and PostgreSQL:
 * timestamps are ISO 8601 UTC text with milliseconds (they sort as text), and binary values (iv, ciphertext, tag) are
 * base64url text, since `blob` and `bytea` differ between the two. The tables themselves are made by `migrations.ts`.
 */

/** A session, known only by the SHA-256 of the cookie's id: a leaked table holds no working session. */
export interface SessionTable {
  id_hash: string;
  created_at: string;
  last_seen_at: string;
  active_key_id: string | null;
}

/** One key of a session's ring: metadata in clear, the key itself AES-256-GCM encrypted under the secret `secret_id`. */
export interface SessionKeyTable {
  id: string;
  session_id_hash: string;
  environment: string;
  key_type: string;
  label: string;
  scope_json: string;
  hint: string;
  fingerprint: string;
  secret_id: string;
  iv: string;
  ciphertext: string;
  tag: string;
  added_at: string;
  last_used_at: string | null;
}

/** Every table Backroom keeps. */
export interface BackroomDatabase {
  sessions: SessionTable;
  session_keys: SessionKeyTable;
}
