import "server-only";
import type { Kysely } from "kysely";
import type { AuditEventTable, BackroomDatabase } from "../db/schema";
import type { AuditEvent, AuditReference } from "@/lib/audit/audit-types";
import { parseReference } from "./audit-reference-json";
import type { AuditSettlement, NewAuditEntry, PendingEntry } from "./audit-trail-types";

/** How far back a key's entries still wait for their outcome (days). */
const PENDING_DAYS = 90;

/** What the audit trail's writes share: the database and the clock. */
export interface AuditContext {
  db: Kysely<BackroomDatabase>;
  now: () => Date;
}

/**
 * Writes an entry; answers its id. With an Idempotency-Key already recorded for this key and operation, writes
 * nothing and answers that entry's id.
 *
 * @example
 * const id = await recordEntry(ctx, { event: "purchase-create", actor, result: "sent" });
 */
export async function recordEntry(ctx: AuditContext, entry: NewAuditEntry): Promise<string> {
  const { db, now } = ctx;
  const row = {
    at: now().toISOString(),
    event: entry.event,
    operation: entry.operation ?? null,
    environment: entry.actor.environment,
    key_fingerprint: entry.actor.fingerprint,
    key_label: entry.actor.label,
    key_type: entry.actor.keyType,
    key_scope: entry.actor.scope,
    session_hash: entry.actor.sessionHash,
    client_address: entry.actor.clientAddress,
    user_id: entry.actor.userId,
    user_email: entry.actor.userEmail,
    workspace_id: entry.actor.workspaceId,
    reference_json: JSON.stringify(entry.reference ?? {}),
    idempotency_key: entry.idempotencyKey ?? null,
    request_id: entry.requestId ?? null,
    upstream_status: entry.upstreamStatus ?? null,
    result: entry.result,
    answer_json: JSON.stringify(entry.answer ?? {}),
    outcome: entry.outcome ?? null,
    outcome_final: entry.outcomeFinal ? 1 : 0,
    outcome_at: entry.outcome ? now().toISOString() : null,
  } satisfies Omit<AuditEventTable, "id" | "outcome_final"> & { outcome_final: number };
  const inserted = await db
    .insertInto("audit_events")
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(["key_fingerprint", "operation", "idempotency_key"])
        .where("idempotency_key", "is not", null)
        .doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  if (inserted) return String(inserted.id);
  // The Idempotency-Key was recorded before: the same write again, the same entry.
  const earlier = await db
    .selectFrom("audit_events")
    .select("id")
    .where("key_fingerprint", "=", row.key_fingerprint)
    .where("operation", "=", row.operation)
    .where("idempotency_key", "=", row.idempotency_key)
    .executeTakeFirstOrThrow();
  return String(earlier.id);
}

/**
 * Writes the API's answer onto an entry, unless the entry already holds a done write (a replay tells nothing new).
 *
 * @example
 * await settleEntry(ctx, id, { result: "done", upstreamStatus: 200, requestId, answer: { poNum: "PO-1" } });
 */
export async function settleEntry(ctx: AuditContext, id: string, settlement: AuditSettlement): Promise<void> {
  await ctx.db
    .updateTable("audit_events")
    .set({
      result: settlement.result,
      upstream_status: settlement.upstreamStatus,
      request_id: settlement.requestId,
      answer_json: JSON.stringify(settlement.answer),
      ...(settlement.outcome
        ? {
            outcome: settlement.outcome,
            outcome_final: settlement.outcomeFinal ? 1 : 0,
            outcome_at: ctx.now().toISOString(),
          }
        : {}),
    })
    .where("id", "=", Number(id))
    .where("result", "!=", "done")
    .execute();
}

/**
 * A key's entries not yet at a final outcome, of the given events, from the last 90 days.
 *
 * @example
 * const waiting = await pendingEntries(ctx, fingerprint, ["purchase-create"]);
 */
export async function pendingEntries(
  ctx: AuditContext,
  fingerprint: string,
  events: readonly AuditEvent[],
): Promise<PendingEntry[]> {
  const since = new Date(ctx.now().getTime() - PENDING_DAYS * 86_400_000).toISOString();
  const rows = await ctx.db
    .selectFrom("audit_events")
    .select(["id", "event", "reference_json", "answer_json", "outcome", "user_id", "workspace_id"])
    .where("key_fingerprint", "=", fingerprint)
    .where("at", ">=", since)
    .where("outcome_final", "=", 0)
    .where("result", "=", "done")
    .where("event", "in", events)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    event: r.event as AuditEvent,
    reference: { ...parseReference(r.reference_json), ...parseReference(r.answer_json) },
    outcome: r.outcome,
    userId: r.user_id,
    workspaceId: r.workspace_id,
  }));
}

/**
 * Writes an outcome learned later, unless the entry already has its final one; answers whether it wrote. Of several
 * readers learning the same final outcome at once, exactly one is told true.
 *
 * @example
 * await learnOutcome(ctx, id, "Received", true); // true, then false
 */
export async function learnOutcome(
  ctx: AuditContext,
  id: string,
  outcome: string,
  final: boolean,
  answer?: AuditReference,
): Promise<boolean> {
  const result = await ctx.db
    .updateTable("audit_events")
    .set({
      outcome,
      outcome_final: final ? 1 : 0,
      outcome_at: ctx.now().toISOString(),
      ...(answer ? { answer_json: JSON.stringify(answer) } : {}),
    })
    .where("id", "=", Number(id))
    .where("outcome_final", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
