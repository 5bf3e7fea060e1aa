import "server-only";
import { type Kysely, sql } from "kysely";
import type { AuthTables, BackroomDatabase } from "../db/schema";
import type { AuditEntry, AuditEvent, AuditResult } from "@/lib/audit/audit-types";
import { parseReference } from "./audit-reference-json";
import type { AuditFilter } from "./audit-trail-types";

/** The entries of a person that belong to no workspace. */
const PERSONAL_EVENTS: AuditEvent[] = ["sign-in", "sign-in-failed", "sign-out"];

/** The addresses of a workspace's members now: whose personal entries its trail shows. */
const membersEmails = (db: Kysely<BackroomDatabase>, workspaceId: string) =>
  db
    .withTables<AuthTables>()
    .selectFrom("auth_member")
    .innerJoin("auth_user", "auth_user.id", "auth_member.userId")
    .select("auth_user.email")
    .where("auth_member.organizationId", "=", workspaceId);

/**
 * A workspace's entries, newest first, and how many match in all: those written in the workspace, its members'
 * personal ones, and those of its keys from before accounts (by their fingerprints).
 *
 * @example
 * const { entries, total } = await listEntries(db, { workspaceId, fingerprints: [] }, { limit: 50, offset: 0 });
 */
export async function listEntries(
  db: Kysely<BackroomDatabase>,
  scope: { workspaceId: string; fingerprints: readonly string[] },
  filter: AuditFilter,
): Promise<{ entries: AuditEntry[]; total: number }> {
  let query = db.selectFrom("audit_events").where((eb) =>
    eb.or([
      eb("workspace_id", "=", scope.workspaceId),
      // A person's own entries belong to no workspace (signing in and out, failed sign-ins to their address):
      // each workspace they are a member of sees them.
      eb.and([
        eb("workspace_id", "is", null),
        eb("event", "in", PERSONAL_EVENTS),
        eb("user_email", "in", membersEmails(db, scope.workspaceId)),
      ]),
      ...(scope.fingerprints.length
        ? [eb.and([eb("workspace_id", "is", null), eb("key_fingerprint", "in", scope.fingerprints)])]
        : []),
    ]),
  );
  if (filter.userId) query = query.where("user_id", "=", filter.userId);
  if (filter.sessionHash) query = query.where("session_hash", "=", filter.sessionHash);
  if (filter.events?.length) query = query.where("event", "in", filter.events);
  if (filter.from) query = query.where("at", ">=", filter.from);
  if (filter.to) query = query.where("at", "<=", filter.to);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(filter.limit).offset(filter.offset).execute(),
    query.select(sql<number | string>`count(*)`.as("total")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    entries: rows.map((r) => ({
      id: String(r.id),
      at: r.at,
      event: r.event as AuditEvent,
      operation: r.operation,
      environment: r.environment,
      keyLabel: r.key_label,
      keyType: r.key_type,
      keyScope: r.key_scope,
      userId: r.user_id,
      userEmail: r.user_email,
      workspaceId: r.workspace_id,
      session: r.session_hash?.slice(0, 12) ?? null,
      clientAddress: r.client_address,
      idempotencyKey: r.idempotency_key,
      requestId: r.request_id,
      upstreamStatus: r.upstream_status,
      result: r.result as AuditResult,
      reference: { ...parseReference(r.reference_json), ...parseReference(r.answer_json) },
      outcome: r.outcome,
      outcomeFinal: Number(r.outcome_final) === 1,
      outcomeAt: r.outcome_at,
    })),
  };
}

/**
 * The people of a workspace's entries, for the page's filter: one line each, with the latest email seen.
 *
 * @example
 * await auditPeople(db, workspaceId); // [{ userId: "u1", email: "ana@example.com" }]
 */
export async function auditPeople(
  db: Kysely<BackroomDatabase>,
  workspaceId: string,
): Promise<{ userId: string; email: string }[]> {
  const rows = await db
    .selectFrom("audit_events")
    .select((eb) => ["user_id", "user_email", eb.fn.max("at").as("last")])
    .where((eb) =>
      eb.or([
        eb("workspace_id", "=", workspaceId),
        eb.and([
          eb("workspace_id", "is", null),
          eb("event", "in", PERSONAL_EVENTS),
          eb("user_email", "in", membersEmails(db, workspaceId)),
        ]),
      ]),
    )
    .where("user_id", "is not", null)
    .groupBy(["user_id", "user_email"])
    .orderBy("last")
    .execute();
  // One line per person, with the latest email seen (an address can change): the latest row sets it last.
  const people = new Map<string, string>();
  for (const row of rows) people.set(row.user_id!, row.user_email ?? "");
  return [...people].map(([userId, email]) => ({ userId, email })).sort((a, b) => a.email.localeCompare(b.email));
}
