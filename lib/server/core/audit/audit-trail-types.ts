import "server-only";
import type { AuditEntry, AuditEvent, AuditReference, AuditResult } from "@/lib/audit/audit-types";

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
  /** One session's entries only (its hash): a visitor of the shared demo reads their own session's alone. */
  sessionHash?: string;
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
