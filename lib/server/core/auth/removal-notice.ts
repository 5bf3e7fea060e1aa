import "server-only";
import type { Kysely } from "kysely";
import type { AuditTrail } from "../audit/audit-trail";
import type { AuthTables, BackroomDatabase } from "../db/schema";

/** What a person in no workspace is told of how their last one ended, when they were removed from it. */
export interface RemovalNotice {
  /** The workspace's name, or null when it is gone since. */
  workspace: string | null;
  /** Who removed them: their name now, else the address they had then; null when the trail does not say. */
  by: string | null;
  /** When (ISO 8601). */
  at: string;
}

/**
 * Why a person belongs to no workspace, when the audit trail says they were removed from their last one (and did not
 * leave one since): for /workspaces, which would otherwise greet them as a newcomer. Undefined for a person who never
 * had a workspace, who left their last one themselves, or whose removal is older than the trail keeps. The trail is
 * read from the day the account was made.
 *
 * @example
 * await removalNotice({ db, audit }, view.person); // { workspace: "Valley buyers", by: "Olive Owner", at: "2026-11-21T18:00:00.000Z" }
 */
export async function removalNotice(
  deps: { db: Kysely<BackroomDatabase>; audit: AuditTrail },
  person: { id: string; email: string },
): Promise<RemovalNotice | undefined> {
  const db = deps.db.withTables<AuthTables>();
  const account = await db.selectFrom("auth_user").select("createdAt").where("id", "=", person.id).executeTakeFirst();
  const since = account ? new Date(account.createdAt).toISOString() : new Date(0).toISOString();
  const departure = await deps.audit.lastDeparture(person, since);
  if (departure?.event !== "member-removed") return undefined;
  const [workspace, remover] = await Promise.all([
    departure.workspaceId
      ? db.selectFrom("auth_organization").select("name").where("id", "=", departure.workspaceId).executeTakeFirst()
      : undefined,
    departure.byUserId
      ? db.selectFrom("auth_user").select("name").where("id", "=", departure.byUserId).executeTakeFirst()
      : undefined,
  ]);
  return { workspace: workspace?.name ?? null, by: remover?.name || departure.byEmail || null, at: departure.at };
}
