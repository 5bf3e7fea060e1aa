import "server-only";
import { type Kysely, sql } from "kysely";
import type { AuditEventTable, AuthTables, BackroomDatabase } from "../db/schema";
import { AUDIT_MIN_RETENTION_DAYS } from "../db/migrations";
import type { AuditEntry, AuditEvent, AuditReference, AuditResult } from "@/lib/audit/audit-types";

/** The entries of a person that belong to no workspace. */
const PERSONAL_EVENTS: AuditEvent[] = ["sign-in", "sign-in-failed", "sign-out"];
/** Who did something, as the audit trail keeps it: never the key, its fingerprint (an HMAC) and description. */
export interface AuditActor {
  fingerprint: string | null;
  label: string | null;
  keyType: string | null;
  /** The scope's summary ("2 stores: Valley Market, Hill Grocers"). */
  scope: string | null;
  environment: string | null;
  /** SHA-256 of the session id, or null without a session. */
  sessionHash: string | null;
  clientAddress: string;
  /** The person (better-auth's user id and email) and the workspace; null where nobody was signed in. */
  userId: string | null;
  userEmail: string | null;
  workspaceId: string | null;
}

/** An entry as it is first written. */
export interface NewAuditEntry {
  event: AuditEvent;
  /** The registry operation, for writes through the proxy. */
  operation?: string;
  actor: AuditActor;
  reference?: AuditReference;
  idempotencyKey?: string | null;
  requestId?: string | null;
  /** Set for an entry written once and for all (a connect, a refusal); a write about to go upstream is "sent". */
  result: AuditResult;
  upstreamStatus?: number | null;
  /** What the answer told: the business fields it adds to the reference, or the error's code and detail. */
  answer?: AuditReference;
  outcome?: string | null;
  outcomeFinal?: boolean;
}

/** What the API's answer to a sent write told. */
export interface AuditSettlement {
  result: AuditResult;
  upstreamStatus: number | null;
  requestId: string | null;
  answer: AuditReference;
  outcome?: string | null;
  outcomeFinal?: boolean;
}

export interface AuditFilter {
  events?: readonly AuditEvent[];
  /** One person's entries only (their own, or the page's filter by person). */
  userId?: string;
  /** Inclusive bounds, ISO timestamps. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** An entry still waiting for an outcome, as `learnOutcomes` matches it against what a read answered. */
export interface PendingEntry {
  id: string;
  event: AuditEvent;
  reference: AuditReference;
  outcome: string | null;
  /** Who made the write and where: the person an outcome is told to. */
  userId: string | null;
  workspaceId: string | null;
}

/**
 * The audit trail in Backroom's database (table `audit_events`, made by migration 002): append-only. An entry is
 * written once; what Backroom learns later (the API's answer to the write, then its outcome) is written onto it, and
 * nothing else of it ever changes (the database refuses it too). Entries go only when older than the retention.
 */
export interface AuditTrail {
  /** Writes an entry; answers its id. With an Idempotency-Key already recorded for this key and operation, writes nothing and answers that entry's id. */
  record(entry: NewAuditEntry): Promise<string>;
  /** Writes the API's answer onto an entry, unless the entry already holds a done write (a replay tells nothing new). */
  settle(id: string, settlement: AuditSettlement): Promise<void>;
  /** A key's entries not yet at a final outcome, of the given events, from the last 90 days. */
  pending(fingerprint: string, events: readonly AuditEvent[]): Promise<PendingEntry[]>;
  /**
   * Writes an outcome learned later, unless the entry already has its final one; answers whether it wrote. Of several
   * readers learning the same final outcome at once (two instances, a page and a follow-up), exactly one is told true.
   */
  learn(id: string, outcome: string, final: boolean, answer?: AuditReference): Promise<boolean>;
  /**
   * A workspace's entries, newest first, and how many match in all: those written in the workspace, and those of its
   * keys from before accounts (by their fingerprints).
   */
  list(
    scope: { workspaceId: string; fingerprints: readonly string[] },
    filter: AuditFilter,
  ): Promise<{ entries: AuditEntry[]; total: number }>;
  /** The people of a workspace's entries, for the page's filter. */
  people(workspaceId: string): Promise<{ userId: string; email: string }[]>;
  /**
   * Who made each of these payment allocation requests of an AR account through Backroom, in a workspace and an
   * environment: the entries the API accepted (done) whose answer gave one of these RequestIDs, by RequestID (the newest
   * entry of a RequestID, should the ERP have given it twice).
   */
  paymentRequesters(
    scope: { workspaceId: string; environment: string },
    arAccountId: number,
    requestIds: readonly number[],
  ): Promise<Map<number, { userId: string | null; email: string | null }>>;
  /**
   * How a person's last membership ended, since `since`: the newest entry of them removed (named by their address) or
   * leaving, or undefined. `byUserId`/`byEmail`: who removed them (themselves, when they left).
   */
  lastDeparture(person: { id: string; email: string }, since: string): Promise<Departure | undefined>;
  /** Deletes entries older than `retentionDays` (at least 30); answers how many went. */
  purge(retentionDays: number): Promise<number>;
}

/** A membership that ended, as `lastDeparture` finds it. */
export interface Departure {
  event: "member-removed" | "member-left";
  at: string;
  workspaceId: string | null;
  byUserId: string | null;
  byEmail: string | null;
}

const PENDING_DAYS = 90;

/** A LIKE pattern matching `text` anywhere, its wildcards escaped with `!` (`... like ? escape '!'`, SQLite and PostgreSQL alike). */
const containing = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

export function createAuditTrail(db: Kysely<BackroomDatabase>, now: () => Date = () => new Date()): AuditTrail {
  /** The addresses of a workspace's members now: whose personal entries its trail shows. */
  const membersEmails = (workspaceId: string) =>
    db
      .withTables<AuthTables>()
      .selectFrom("auth_member")
      .innerJoin("auth_user", "auth_user.id", "auth_member.userId")
      .select("auth_user.email")
      .where("auth_member.organizationId", "=", workspaceId);
  return {
    async record(entry) {
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
    },

    async settle(id, settlement) {
      await db
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
                outcome_at: now().toISOString(),
              }
            : {}),
        })
        .where("id", "=", Number(id))
        .where("result", "!=", "done")
        .execute();
    },

    async pending(fingerprint, events) {
      const since = new Date(now().getTime() - PENDING_DAYS * 86_400_000).toISOString();
      const rows = await db
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
        reference: { ...parse(r.reference_json), ...parse(r.answer_json) },
        outcome: r.outcome,
        userId: r.user_id,
        workspaceId: r.workspace_id,
      }));
    },

    async learn(id, outcome, final, answer) {
      const result = await db
        .updateTable("audit_events")
        .set({
          outcome,
          outcome_final: final ? 1 : 0,
          outcome_at: now().toISOString(),
          ...(answer ? { answer_json: JSON.stringify(answer) } : {}),
        })
        .where("id", "=", Number(id))
        .where("outcome_final", "=", 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async list(scope, filter) {
      let query = db.selectFrom("audit_events").where((eb) =>
        eb.or([
          eb("workspace_id", "=", scope.workspaceId),
          // A person's own entries belong to no workspace (signing in and out, failed sign-ins to their address):
          // each workspace they are a member of sees them.
          eb.and([
            eb("workspace_id", "is", null),
            eb("event", "in", PERSONAL_EVENTS),
            eb("user_email", "in", membersEmails(scope.workspaceId)),
          ]),
          ...(scope.fingerprints.length
            ? [eb.and([eb("workspace_id", "is", null), eb("key_fingerprint", "in", scope.fingerprints)])]
            : []),
        ]),
      );
      if (filter.userId) query = query.where("user_id", "=", filter.userId);
      if (filter.events?.length) query = query.where("event", "in", filter.events);
      if (filter.from) query = query.where("at", ">=", filter.from);
      if (filter.to) query = query.where("at", "<=", filter.to);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy("at", "desc")
          .orderBy("id", "desc")
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
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
          reference: { ...parse(r.reference_json), ...parse(r.answer_json) },
          outcome: r.outcome,
          outcomeFinal: Number(r.outcome_final) === 1,
          outcomeAt: r.outcome_at,
        })),
      };
    },

    async people(workspaceId) {
      const rows = await db
        .selectFrom("audit_events")
        .select((eb) => ["user_id", "user_email", eb.fn.max("at").as("last")])
        .where((eb) =>
          eb.or([
            eb("workspace_id", "=", workspaceId),
            eb.and([
              eb("workspace_id", "is", null),
              eb("event", "in", PERSONAL_EVENTS),
              eb("user_email", "in", membersEmails(workspaceId)),
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
    },

    async paymentRequesters(scope, arAccountId, requestIds) {
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
        const reference = { ...parse(row.reference_json), ...parse(row.answer_json) };
        if (
          reference.arAccountId === arAccountId &&
          reference.paymentRequestId !== undefined &&
          wanted.has(reference.paymentRequestId)
        )
          found.set(reference.paymentRequestId, { userId: row.user_id, email: row.user_email });
      }
      return found;
    },

    async lastDeparture(person, since) {
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
    },

    async purge(retentionDays) {
      const days = Math.max(retentionDays, AUDIT_MIN_RETENTION_DAYS);
      const cutoff = new Date(now().getTime() - days * 86_400_000).toISOString();
      const result = await db.deleteFrom("audit_events").where("at", "<", cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** A JSON column read back; a damaged one reads as empty rather than failing the whole list. */
function parse(text: string): AuditReference {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as AuditReference) : {};
  } catch {
    return {};
  }
}
