import "server-only";
import type { Kysely } from "kysely";
import type { AuthTables, BackroomDatabase } from "../db/schema";

/** Whom a feature's scheduled mail to the Accounts role goes to: a member with that role. */
export interface AccountsMember {
  userId: string;
  email: string;
  name: string;
}

/**
 * The workspace's members with the Accounts role (among their roles, comma-separated as better-auth stores them), but
 * those who left the mail (`left`: a feature's own opt-outs), in a stable order: whom a key's schedule
 * (`key-schedules.ts`) mails.
 *
 * @example
 * await accountsMembers(db, workspaceId, new Set(optedOutUserIds));
 */
export async function accountsMembers(
  db: Kysely<BackroomDatabase>,
  workspaceId: string,
  left: ReadonlySet<string> = new Set(),
): Promise<AccountsMember[]> {
  const members = await db
    .withTables<AuthTables>()
    .selectFrom("auth_member")
    .innerJoin("auth_user", "auth_user.id", "auth_member.userId")
    .select(["auth_user.id as userId", "auth_user.email", "auth_user.name", "auth_member.role"])
    .where("auth_member.organizationId", "=", workspaceId)
    .orderBy("auth_user.id")
    .execute();
  return members
    .filter((m) => m.role === "accounts" && !left.has(m.userId))
    .map(({ userId, email, name }) => ({ userId, email, name }));
}
