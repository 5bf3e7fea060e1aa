import "server-only";
import type { Generated } from "kysely";

/**
 * Backroom's own tables, as Kysely sees them. Conventions, so the same queries run on SQLite and PostgreSQL:
 * timestamps are ISO 8601 UTC text with milliseconds (they sort as text), and binary values (iv, ciphertext, tag) are
 * base64url text, since `blob` and `bytea` differ between the two. The tables themselves are made by `migrations.ts`.
 */

/**
 * One entry of the audit trail (`lib/server/core/audit/`): a write made through Backroom, a sign-in or sign-out, a key
 * added or removed, a member invited, changed or removed. Append-only: the columns up to `idempotency_key` never change once written (a trigger refuses it); what
 * Backroom learns later (the API's answer, then the outcome) fills the rest in. Never the key: its fingerprint (the
 * HMAC the session store keeps), label, type and scope. JSON columns are text.
 */
export interface AuditEventTable {
  /** Generated: an identity (PostgreSQL, read back as a string) or SQLite's rowid. */
  id: Generated<number | string>;
  at: string;
  event: string;
  operation: string | null;
  environment: string | null;
  key_fingerprint: string | null;
  key_label: string | null;
  key_type: string | null;
  key_scope: string | null;
  /** SHA-256 of the session's id (better-auth's since 003; the ring's before): entries of one session, told together. */
  session_hash: string | null;
  client_address: string;
  reference_json: string;
  idempotency_key: string | null;
  request_id: string | null;
  upstream_status: number | null;
  result: string;
  answer_json: string;
  outcome: string | null;
  outcome_final: Generated<number>;
  outcome_at: string | null;
  /** Who (migration 004): the person's better-auth user id and email at the time, and the workspace. */
  user_id: string | null;
  user_email: string | null;
  workspace_id: string | null;
}

/**
 * A workspace's Data API key (a workspace is better-auth's organization, `auth_organization`): metadata in clear, the
 * key AES-256-GCM encrypted under the secret `secret_id` (`session/key-crypto.ts`).
 */
export interface WorkspaceKeyTable {
  id: string;
  workspace_id: string;
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
  /** The user who added it (better-auth's user id). */
  added_by: string | null;
  last_used_at: string | null;
}

/** The key a person works with in a workspace. */
export interface WorkspaceActiveKeyTable {
  user_id: string;
  workspace_id: string;
  key_id: string;
}

/**
 * A background job of the embedded profile (`lib/server/core/jobs/table-store.ts`, migration 006); on PostgreSQL pg-boss
 * keeps the jobs in its own schema and this table stays empty. `state`: queued (never started), retry (waiting after a
 * throw), active (leased to `locked_by` until `locked_until`), done, failed. `data` is JSON.
 */
export interface JobTable {
  id: string;
  kind: string;
  /** At most one queued job per kind and key (a unique index). */
  key: string | null;
  data: string;
  state: string;
  /** Runs begun: 1 during the first. */
  attempt: number;
  retry_limit: number;
  retry_delay_seconds: number;
  /** Not before then (a delay, a retry's backoff). */
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
  finished_at: string | null;
  /** The last run's error message. */
  error: string | null;
}

/** The secret of an invitation's link (migration 022, `auth/invitation-links.ts`): its SHA-256, never the secret. */
export interface InvitationLinkTable {
  invitation_id: string;
  secret_hash: string;
  created_at: string;
}

/** A session of the shared demo's person, and the visitor (a browser) it belongs to (migration 027, `auth/demo-visitor.ts`). */
export interface DemoVisitTable {
  session_id: string;
  visitor: string;
  started_at: string;
}

/** An effect claimed once (`lib/server/core/jobs/effect-ledger.ts`, migration 006): `running`, then `done`. */
export interface JobEffectTable {
  key: string;
  state: string;
  at: string;
}

/**
 * The core's tables. A feature declares its own beside it (`tables.ts` in its folder) and reads them with
 * `db.withTables<...>()`, as the core reads better-auth's (`AuthTables`).
 */
export interface BackroomDatabase {
  audit_events: AuditEventTable;
  workspace_keys: WorkspaceKeyTable;
  workspace_active_keys: WorkspaceActiveKeyTable;
  jobs: JobTable;
  job_effects: JobEffectTable;
  notifications: NotificationTable;
  notification_settings: NotificationSettingTable;
  notification_people: NotificationPersonTable;
  invitation_links: InvitationLinkTable;
  demo_visits: DemoVisitTable;
}

/** A person's inbox (migration 007, `lib/server/core/notify/`): each thing told once (`effect_key` is unique). */
export interface NotificationTable {
  id: string;
  user_id: string;
  workspace_id: string | null;
  kind: string;
  effect_key: string;
  title: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
  /** 1: shown in the inbox; 0: sent by email only (migration 008). */
  inbox: Generated<number>;
  /** The summary it was told in (migration 015): recorded, not shown, mailed nor listed in the digest itself. */
  grouped_in: string | null;
}

/** A channel a person chose for a kind (migration 008); a kind without a row follows the role's default. */
export interface NotificationSettingTable {
  user_id: string;
  kind: string;
  channel: string;
  updated_at: string;
}

/** A person's daily digest (migration 008): on (1) or off (0), at `digest_time` ("07:00") in `time_zone`. */
export interface NotificationPersonTable {
  user_id: string;
  digest: number;
  digest_time: string;
  time_zone: string;
  /** The local date ("2026-11-23") of the last digest made (sent, or found empty). */
  last_digest_on: string | null;
  /** When the last digest was made (migration 015): the next lists what the person was told since. */
  last_digest_at: string | null;
  updated_at: string;
}

/**
 * better-auth's tables (`auth_*`, made by migration 003), written through better-auth; typed here for the few reads
 * Backroom makes itself (`db.withTables<AuthTables>()`): who is a member of a workspace, with which role.
 */
export type AuthTables = {
  auth_member: {
    id: string;
    organizationId: string;
    userId: string;
    role: string;
    createdAt: Date | string;
    salesRepUserId: number | null;
  };
  auth_organization: {
    id: string;
    name: string;
    slug: string;
    logo: string | null;
    createdAt: Date | string;
    metadata: string | null;
    requireTwoFactor: boolean | number | null;
  };
  auth_session: {
    id: string;
    token: string;
    userId: string;
    expiresAt: Date | string;
    createdAt: Date | string;
    updatedAt: Date | string;
    activeOrganizationId: string | null;
  };
  auth_user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean | number;
    image: string | null;
    createdAt: Date | string;
    updatedAt: Date | string;
    twoFactorEnabled: boolean | number | null;
  };
  auth_invitation: {
    id: string;
    organizationId: string;
    email: string;
    role: string | null;
    status: string;
    expiresAt: Date | string;
    inviterId: string;
  };
};
