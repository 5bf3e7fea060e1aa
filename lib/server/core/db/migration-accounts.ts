import "server-only";
import { type ColumnDataType, type Kysely, type Migration, PostgresAdapter, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/** A column of better-auth's tables as its schema types it; each dialect stores the type its own way. */
type Kind = "text" | "boolean" | "date" | "integer";
interface Column {
  name: string;
  kind: Kind;
  nullable?: boolean;
  unique?: boolean;
  /** A foreign key to `table.id`, deleted with its row (better-auth's `onDelete: cascade`). */
  references?: string;
  /** PostgreSQL's `default CURRENT_TIMESTAMP`, as better-auth's own migration writes it there. */
  defaultNow?: boolean;
}

const c = (name: string, kind: Kind, options: Omit<Column, "name" | "kind"> = {}): Column => ({
  name,
  kind,
  ...options,
});

/**
 * better-auth's tables (accounts, sessions, workspaces as its organizations, members, invitations, two-factor secrets,
 * passkeys), named `auth_*`, exactly as better-auth 1.7's own migration makes them for Backroom's options
 * (`lib/server/core/auth/auth.ts`): `lib/server/core/auth/auth-schema.test.ts` fails when `getMigrations` still finds something
 * to create or add. Written out here, not asked of better-auth at run time, so that a migration that ran once means the
 * same thing on every database forever. Two fields are Backroom's own: a workspace may require two factors of its
 * members, and a member may be linked to a sales rep (`/salesReps` UserID).
 */
export const AUTH_TABLES: Record<string, Column[]> = {
  auth_user: [
    c("name", "text"),
    c("email", "text", { unique: true }),
    c("emailVerified", "boolean"),
    c("image", "text", { nullable: true }),
    c("createdAt", "date", { defaultNow: true }),
    c("updatedAt", "date", { defaultNow: true }),
    c("twoFactorEnabled", "boolean", { nullable: true }),
  ],
  auth_session: [
    c("expiresAt", "date"),
    c("token", "text", { unique: true }),
    c("createdAt", "date", { defaultNow: true }),
    c("updatedAt", "date"),
    c("ipAddress", "text", { nullable: true }),
    c("userAgent", "text", { nullable: true }),
    c("userId", "text", { references: "auth_user" }),
    c("activeOrganizationId", "text", { nullable: true }),
  ],
  auth_account: [
    c("accountId", "text"),
    c("providerId", "text"),
    c("userId", "text", { references: "auth_user" }),
    c("accessToken", "text", { nullable: true }),
    c("refreshToken", "text", { nullable: true }),
    c("idToken", "text", { nullable: true }),
    c("accessTokenExpiresAt", "date", { nullable: true }),
    c("refreshTokenExpiresAt", "date", { nullable: true }),
    c("scope", "text", { nullable: true }),
    c("password", "text", { nullable: true }),
    c("createdAt", "date", { defaultNow: true }),
    c("updatedAt", "date"),
  ],
  auth_verification: [
    c("identifier", "text"),
    c("value", "text"),
    c("expiresAt", "date"),
    c("createdAt", "date", { defaultNow: true }),
    c("updatedAt", "date", { defaultNow: true }),
  ],
  auth_organization: [
    c("name", "text"),
    c("slug", "text", { unique: true }),
    c("logo", "text", { nullable: true }),
    c("createdAt", "date"),
    c("metadata", "text", { nullable: true }),
    c("requireTwoFactor", "boolean", { nullable: true }),
  ],
  auth_member: [
    c("organizationId", "text", { references: "auth_organization" }),
    c("userId", "text", { references: "auth_user" }),
    c("role", "text"),
    c("createdAt", "date"),
    c("salesRepUserId", "integer", { nullable: true }),
  ],
  auth_invitation: [
    c("organizationId", "text", { references: "auth_organization" }),
    c("email", "text"),
    c("role", "text", { nullable: true }),
    c("status", "text"),
    c("expiresAt", "date"),
    c("createdAt", "date", { defaultNow: true }),
    c("inviterId", "text", { references: "auth_user" }),
  ],
  auth_two_factor: [
    c("secret", "text"),
    c("backupCodes", "text"),
    c("userId", "text", { references: "auth_user" }),
    c("verified", "boolean", { nullable: true }),
    c("failedVerificationCount", "integer", { nullable: true }),
    c("lockedUntil", "date", { nullable: true }),
  ],
  auth_passkey: [
    c("name", "text", { nullable: true }),
    c("publicKey", "text"),
    c("userId", "text", { references: "auth_user" }),
    c("credentialID", "text"),
    c("counter", "integer"),
    c("deviceType", "text"),
    c("backedUp", "boolean"),
    c("transports", "text", { nullable: true }),
    c("createdAt", "date", { nullable: true }),
    c("aaguid", "text", { nullable: true }),
  ],
};

/** better-auth's indexes: `<table>_<column>_idx`. */
const AUTH_INDEXES: [table: string, column: string][] = [
  ["auth_session", "userId"],
  ["auth_account", "userId"],
  ["auth_verification", "identifier"],
  ["auth_member", "organizationId"],
  ["auth_member", "userId"],
  ["auth_invitation", "organizationId"],
  ["auth_invitation", "email"],
  ["auth_two_factor", "secret"],
  ["auth_two_factor", "userId"],
  ["auth_passkey", "userId"],
  ["auth_passkey", "credentialID"],
];

function typeOf(kind: Kind, postgres: boolean): ColumnDataType {
  if (kind === "boolean") return postgres ? "boolean" : "integer";
  if (kind === "date") return postgres ? "timestamptz" : "date";
  return kind;
}

export const accounts: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    for (const [table, columns] of Object.entries(AUTH_TABLES)) {
      let builder = db.schema.createTable(table).addColumn("id", "text", (col) => col.notNull().primaryKey());
      for (const column of columns) {
        builder = builder.addColumn(column.name, typeOf(column.kind, postgres), (col) => {
          let next = column.nullable ? col : col.notNull();
          if (column.unique) next = next.unique();
          if (column.defaultNow && postgres) next = next.defaultTo(sql`CURRENT_TIMESTAMP`);
          if (column.references) next = next.references(`${column.references}.id`).onDelete("cascade");
          return next;
        });
      }
      await builder.execute();
    }
    for (const [table, column] of AUTH_INDEXES)
      await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();

    // A workspace's Data API keys, added once by an owner or admin: encrypted exactly as a session's keys were
    // (`lib/server/core/session/key-crypto.ts`: AES-256-GCM under SESSION_SECRET, the row, workspace and environment as
    // associated data), known elsewhere by their fingerprint (an HMAC). One row per key and environment in a workspace.
    await db.schema
      .createTable("workspace_keys")
      .addColumn("id", "text", (col) => col.notNull().primaryKey())
      .addColumn("workspace_id", "text", (col) => col.notNull().references("auth_organization.id").onDelete("cascade"))
      .addColumn("environment", "text", (col) => col.notNull())
      .addColumn("key_type", "text", (col) => col.notNull())
      .addColumn("label", "text", (col) => col.notNull())
      .addColumn("scope_json", "text", (col) => col.notNull())
      .addColumn("hint", "text", (col) => col.notNull())
      .addColumn("fingerprint", "text", (col) => col.notNull())
      .addColumn("secret_id", "text", (col) => col.notNull())
      .addColumn("iv", "text", (col) => col.notNull())
      .addColumn("ciphertext", "text", (col) => col.notNull())
      .addColumn("tag", "text", (col) => col.notNull())
      .addColumn("added_at", "text", (col) => col.notNull())
      .addColumn("added_by", "text")
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema
      .createIndex("workspace_keys_workspace_environment_fingerprint_idx")
      .on("workspace_keys")
      .columns(["workspace_id", "environment", "fingerprint"])
      .unique()
      .execute();

    // The key each person works with in each workspace, kept across their sessions (the header's key switcher).
    await db.schema
      .createTable("workspace_active_keys")
      .addColumn("user_id", "text", (col) => col.notNull().references("auth_user.id").onDelete("cascade"))
      .addColumn("workspace_id", "text", (col) => col.notNull().references("auth_organization.id").onDelete("cascade"))
      .addColumn("key_id", "text", (col) => col.notNull().references("workspace_keys.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("workspace_active_keys_pk", ["user_id", "workspace_id"])
      .execute();
  },
};
