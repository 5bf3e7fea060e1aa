import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../db/schema";
import { AUDIT_MIN_RETENTION_DAYS } from "../db/migrations";
import { auditPeople, listEntries } from "./audit-list";
import { lastDeparture, paymentRequesters } from "./audit-lookups";
import { type AuditContext, learnOutcome, pendingEntries, recordEntry, settleEntry } from "./audit-record";
import type { AuditTrail } from "./audit-trail-types";

export type { AuditActor, AuditTrail, NewAuditEntry, PendingEntry } from "./audit-trail-types";

/**
 * The audit trail over Backroom's database: its writes (`audit-record.ts`), the Activity page's list
 * (`audit-list.ts`) and the lookups other pages make of it (`audit-lookups.ts`).
 *
 * @example
 * const audit = createAuditTrail(db);
 * const id = await audit.record({ event: "purchase-create", actor, result: "sent" });
 */
export function createAuditTrail(db: Kysely<BackroomDatabase>, now: () => Date = () => new Date()): AuditTrail {
  const ctx: AuditContext = { db, now };
  return {
    record: (entry) => recordEntry(ctx, entry),
    settle: (id, settlement) => settleEntry(ctx, id, settlement),
    pending: (fingerprint, events) => pendingEntries(ctx, fingerprint, events),
    learn: (id, outcome, final, answer) => learnOutcome(ctx, id, outcome, final, answer),
    list: (scope, filter) => listEntries(db, scope, filter),
    people: (workspaceId) => auditPeople(db, workspaceId),
    paymentRequesters: (scope, arAccountId, requestIds) => paymentRequesters(db, scope, arAccountId, requestIds),
    lastDeparture: (person, since) => lastDeparture(db, person, since),
    async purge(retentionDays) {
      const days = Math.max(retentionDays, AUDIT_MIN_RETENTION_DAYS);
      const cutoff = new Date(now().getTime() - days * 86_400_000).toISOString();
      const result = await db.deleteFrom("audit_events").where("at", "<", cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
