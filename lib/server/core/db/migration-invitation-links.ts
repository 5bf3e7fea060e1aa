import "server-only";
import type { Kysely, Migration } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * The secret of each invitation's link (`lib/server/core/auth/invitation-links.ts`): an invitation is accepted by the
 * secret its link carries, never by its id, which members may see. Only the secret's SHA-256 is kept. An invitation
 * made before this table has no secret, so its old link (by id) no longer works: the inviter invites again.
 */
export const invitationLinks: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable("invitation_links")
      .addColumn("invitation_id", "text", (c) => c.primaryKey())
      // SHA-256 (hex) of the secret in the link.
      .addColumn("secret_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
};
