import "server-only";
import type { AuditEvent, AuditReference, AuditResult } from "@/lib/audit/audit-types";
import { clientAddress } from "../connect-throttle";
import { createHash } from "node:crypto";
import type { StoredKeyInfo } from "../session";
import type { AuditActor, AuditTrail, PendingEntry } from "./audit-trail";
import {
  answerReference,
  auditedWrite,
  observe,
  type Outcome,
  OUTCOME_READS,
  requestReference,
} from "./audited-writes";

/**
 * The audit trail as the proxy and the session endpoints use it: who is acting (from the request and the key), and
 * each write recorded before it goes to the API, its answer written onto it, and its outcome learned from later reads.
 */

/** What the trail needs of who is asking (`auth/actor.ts`'s Actor has it; better-auth's hooks make it from a session). */
export interface ActingPerson {
  person: { id: string; email: string };
  session: { id: string };
  workspace?: { id: string } | null;
}

/** How the trail names a session: the SHA-256 of its id (base64url), never the id. */
export function sessionHashOf(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}

/**
 * Who did it, as the trail records it: the person (their id and email) and the workspace, the key's description (never
 * the key), the session's hash and the client's address. A refused sign-in names only the email tried (`email`).
 */
export function actorOf(
  request: Request,
  actor: ActingPerson | undefined,
  key: StoredKeyInfo | undefined,
  email?: string,
): AuditActor {
  return {
    fingerprint: key?.fingerprint ?? null,
    label: key?.label ?? null,
    keyType: key?.keyType ?? null,
    scope: key?.scope.summary ?? null,
    environment: key?.environment ?? null,
    sessionHash: actor ? sessionHashOf(actor.session.id) : null,
    clientAddress: clientAddress(request),
    userId: actor?.person.id ?? null,
    userEmail: actor?.person.email ?? email ?? null,
    workspaceId: actor?.workspace?.id ?? null,
  };
}

/** How an answer's status reads as a result: 2xx done, 4xx refused, anything else not known. */
export function resultOf(status: number | null): AuditResult {
  if (status !== null && status >= 200 && status < 300) return "done";
  if (status !== null && status >= 400 && status < 500) return "refused";
  return "unknown";
}

/** A JSON body read back, or undefined (empty, or not JSON). */
function json(bytes: Uint8Array | string | undefined): unknown {
  if (bytes === undefined || bytes.length === 0) return undefined;
  try {
    return JSON.parse(typeof bytes === "string" ? bytes : Buffer.from(bytes).toString("utf8"));
  } catch {
    return undefined;
  }
}

/** One write through the proxy, from its request to its answer. */
export interface WriteRecord {
  event: AuditEvent;
  operation: string;
  /** Writes the refusal Backroom gave before sending (the request was invalid). */
  refused(status: number, body: unknown): Promise<void>;
  /** Writes the entry before the request goes upstream (a database that cannot take it stops the write). */
  sending(): Promise<void>;
  /** Writes the API's answer (or its absence: `status` null) onto the entry. */
  answered(status: number | null, requestId: string | null, body?: Uint8Array): Promise<void>;
}

export interface WriteRequest {
  trail: AuditTrail;
  actor: AuditActor;
  operation: string;
  path: Readonly<Record<string, string>>;
  query: Readonly<Record<string, unknown>>;
  /** The body as sent, when there is one (text). */
  body: string | undefined;
  idempotencyKey: string | null;
  requestId: string;
}

/**
 * The record of a write through the proxy, or undefined when the operation is not one the trail keeps.
 *
 * @example
 * const write = auditWrite({ trail, actor, operation: "createPurchase", path: {}, query, body, idempotencyKey, requestId });
 * await write?.sending();
 * // ... the request goes upstream
 * await write?.answered(response.status, response.headers.get("X-Request-Id"), bytes);
 */
export function auditWrite(input: WriteRequest): WriteRecord | undefined {
  const event = auditedWrite(input.operation);
  if (!event) return undefined;
  const { trail, actor, operation } = input;
  const reference = requestReference(operation, input.path, input.query, json(input.body));
  const base = {
    event,
    operation,
    actor,
    reference,
    idempotencyKey: input.idempotencyKey?.slice(0, 200) ?? null,
    requestId: input.requestId,
  };
  let id: string | undefined;
  return {
    event,
    operation,
    async refused(status, body) {
      await trail.record({
        ...base,
        result: "refused",
        upstreamStatus: null,
        answer: answerReference(operation, status, body).reference,
      });
    },
    async sending() {
      id = await trail.record({ ...base, result: "sent" });
    },
    async answered(status, requestId, bytes) {
      if (id === undefined) return;
      const told =
        status === null
          ? { reference: { errorDetail: "The Data API did not answer: whether the write was done is not known." } }
          : answerReference(operation, status, json(bytes));
      // A submit's answer names the purchase but not its cases (draft lines are told in units): they are the last
      // create's or edit's of the same purchase.
      if (
        event === "purchase-submit" &&
        told.reference.totalCases === undefined &&
        reference.purchaseGlobalId &&
        actor.fingerprint
      ) {
        const last = (await trail.pending(actor.fingerprint, ["purchase-create", "purchase-update"]))
          .filter(
            (e) => e.reference.purchaseGlobalId === reference.purchaseGlobalId && e.reference.totalCases !== undefined,
          )
          .sort((a, b) => Number(b.id) - Number(a.id))[0];
        if (last) told.reference.totalCases = last.reference.totalCases;
      }
      // The API's own request id when it gave one; else the one the entry was written with stays (the browser was told it).
      await trail.settle(id, {
        result: resultOf(status),
        upstreamStatus: status,
        requestId: requestId ?? input.requestId,
        answer: told.reference,
        outcome: told.outcome?.outcome,
        outcomeFinal: told.outcome?.final,
      });
      // A deleted draft's earlier entries have their outcome: it will never be imported.
      if (
        event === "purchase-delete" &&
        status !== null &&
        status < 300 &&
        reference.purchaseGlobalId &&
        actor.fingerprint
      ) {
        const earlier = await trail.pending(actor.fingerprint, ["purchase-create", "purchase-submit"]);
        await settleMatching(trail, earlier, (entry) =>
          entry.purchaseGlobalId === reference.purchaseGlobalId ? { outcome: "Deleted", final: true } : undefined,
        );
      }
    },
  };
}

/** A write's final outcome, as it was learned: whose write it was, for the notification they are owed. */
export interface LearnedOutcome {
  entry: PendingEntry;
  outcome: string;
}

/**
 * Writes an outcome onto each pending entry that `match` recognises, when it changed; answers the entries this call
 * brought to their final outcome (each entry is answered to one caller only, however many learn it at once).
 */
async function settleMatching(
  trail: AuditTrail,
  pending: readonly PendingEntry[],
  match: (reference: AuditReference) => Outcome | undefined,
): Promise<LearnedOutcome[]> {
  const finished: LearnedOutcome[] = [];
  for (const entry of pending) {
    const outcome = match(entry.reference);
    if (!outcome || (outcome.outcome === entry.outcome && !outcome.final)) continue;
    const answer = outcome.erpId === undefined ? undefined : { ...entry.reference, erpId: outcome.erpId };
    const wrote = await trail.learn(entry.id, outcome.outcome, outcome.final, answer);
    if (wrote && outcome.final)
      finished.push({ entry: answer ? { ...entry, reference: answer } : entry, outcome: outcome.outcome });
  }
  return finished;
}

/**
 * Learns outcomes from a read's answer (`OUTCOME_READS`): a payment application's Status, a purchase imported with its
 * ERP id. Nothing is parsed when the key has no entry waiting for one.
 */
export async function learnOutcomes(
  trail: AuditTrail,
  fingerprint: string,
  operation: string,
  bytes: Uint8Array,
): Promise<LearnedOutcome[]> {
  const events = OUTCOME_READS[operation];
  if (!events) return [];
  const pending = await trail.pending(fingerprint, events);
  if (pending.length === 0) return [];
  const seen = observe(operation, json(bytes));
  return settleMatching(
    trail,
    pending,
    (reference) =>
      seen.find((o) =>
        o.kind === "payment"
          ? reference.paymentRequestId === o.paymentRequestId
          : reference.purchaseGlobalId === o.purchaseGlobalId,
      )?.outcome,
  );
}
