import "server-only";
import { type Kysely, sql } from "kysely";
import type { BackroomDatabase } from "../db/schema";
import { containing, parseReference } from "./audit-reference-json";
import type { Departure } from "./audit-trail-types";

/**
 * Who made each of these payment allocation requests of an AR account through Backroom, in a workspace and an
 * environment: the entries the API accepted (done) whose answer gave one of these RequestIDs, by RequestID (the newest
 * entry of a RequestID, should the ERP have given it twice).
 *
 * @example
 * await paymentRequesters(db, { workspaceId, environment: "sandbox" }, 12, [501]); // Map { 501 => { userId, email } }
 */
export async function paymentRequesters(
  db: Kysely<BackroomDatabase>,
  scope: { workspaceId: string; environment: string },
  arAccountId: number,
  requestIds: readonly number[],
): Promise<Map<number, { userId: string | null; email: string | null }>> {
  const found = new Map<number, { userId: string | null; email: string | null }>();
  if (requestIds.length === 0) return found;
  const wanted = new Set(requestIds);
  const rows = await db
    .selectFrom("audit_events")
    .select(["user_id", "user_email", "reference_json", "answer_json"])
    .where("workspace_id", "=", scope.workspaceId)
    .where("event", "=", "payment-allocation")
    .where("environment", "=", scope.environment)
    .where("result", "=", "done")
    // The account's entries alone are parsed (its id is followed by the payment's number in the reference).
    .where(sql<boolean>`reference_json like ${containing(`"arAccountId":${arAccountId},`)} escape '!'`)
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const reference = { ...parseReference(row.reference_json), ...parseReference(row.answer_json) };
    if (
      reference.arAccountId === arAccountId &&
      reference.paymentRequestId !== undefined &&
      wanted.has(reference.paymentRequestId)
    )
      found.set(reference.paymentRequestId, { userId: row.user_id, email: row.user_email });
  }
  return found;
}

/**
 * How a person's last membership ended, since `since`: the newest entry of them removed (named by their address) or
 * leaving, or undefined.
 *
 * @example
 * await lastDeparture(db, { id: userId, email }, since); // { event: "member-removed", at, workspaceId, byUserId, byEmail }
 */
export async function lastDeparture(
  db: Kysely<BackroomDatabase>,
  person: { id: string; email: string },
  since: string,
): Promise<Departure | undefined> {
  // A removal names whom it concerns in its reference (`subjectEmail`, as JSON writes it); a leaving is the person's own.
  const subject = containing(`"subjectEmail":${JSON.stringify(person.email)}`);
  const row = await db
    .selectFrom("audit_events")
    .select(["event", "at", "workspace_id", "user_id", "user_email"])
    .where("at", ">=", since)
    .where((eb) =>
      eb.or([
        eb.and([eb("event", "=", "member-removed"), sql<boolean>`reference_json like ${subject} escape '!'`]),
        eb.and([eb("event", "=", "member-left"), eb("user_id", "=", person.id)]),
      ]),
    )
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return (
    row && {
      event: row.event as Departure["event"],
      at: row.at,
      workspaceId: row.workspace_id,
      byUserId: row.user_id,
      byEmail: row.user_email,
    }
  );
}
