"use client";

import { CopyButton } from "@/components/table/copy-button";
import { AUDIT_EVENT_NAMES, type AuditEntry, type AuditResult } from "@/lib/audit/audit-types";
import { purchaseStatusWords } from "@/lib/domain/purchases/fields";
import { formatDateTime } from "@/lib/format/display";
import { describeReference } from "./describe-reference";
import { type PeopleNames, whoOf } from "./people-names";

const RESULTS: Record<AuditResult, string> = {
  done: "Done",
  refused: "Refused",
  unknown: "Not known",
  sent: "Sent, no answer recorded",
};

interface ActivityRowProps {
  entry: AuditEntry;
  timeZone: string;
  /** The workspace's people by name (by email until they come, and for those who have left). */
  names: PeopleNames;
}

/** One audit entry: when, who, what, its reference, result and outcome, where from and its request id. */
export function ActivityRow({ entry, timeZone, names }: ActivityRowProps) {
  const who = whoOf(entry, names);
  return (
    <tr>
      <td data-label="Time" className="min-w-24 whitespace-normal">
        {formatDateTime(entry.at, timeZone)}
      </td>
      <td data-label="Who" className="max-w-44 min-w-28 text-xs whitespace-normal [overflow-wrap:anywhere]">
        {who !== undefined ? (
          <>
            {who}
            {/* The address beside a name: whom to write to, and how the trail (and its CSV) records them. */}
            {entry.userEmail && who !== entry.userEmail && (
              <span className="block text-slate-700 dark:text-slate-300">{entry.userEmail}</span>
            )}
          </>
        ) : (
          <span title="Before accounts: the key's session">{entry.keyLabel ?? "—"}</span>
        )}
      </td>
      <td data-label="Event" className="min-w-24 whitespace-normal">
        {AUDIT_EVENT_NAMES[entry.event] ?? entry.event}
      </td>
      <td data-label="Reference" className="max-w-xs min-w-40 text-xs break-words whitespace-normal">
        {describeReference(entry, names)}
      </td>
      <td
        data-label="Result"
        className={`max-w-56 min-w-24 whitespace-normal ${entry.result === "done" ? "" : "font-semibold text-red-800 dark:text-red-300"}`}
      >
        {RESULTS[entry.result] ?? entry.result}
        {entry.upstreamStatus !== null && <span className="font-normal"> ({entry.upstreamStatus})</span>}
        {(entry.reference.errorCode || entry.reference.errorDetail) && (
          <span className="block text-xs font-normal [overflow-wrap:anywhere]">
            {[entry.reference.errorCode, entry.reference.errorDetail].filter(Boolean).join(": ")}
          </span>
        )}
      </td>
      <td data-label="Outcome" className="whitespace-normal">
        {(entry.event.startsWith("purchase-") ? purchaseStatusWords(entry.outcome) : entry.outcome) ?? "—"}
        {entry.outcomeAt && entry.outcome && (
          <span className="block text-xs text-slate-700 dark:text-slate-300">
            {formatDateTime(entry.outcomeAt, timeZone)}
          </span>
        )}
      </td>
      <td data-label="From" className="max-w-32 text-xs whitespace-normal [overflow-wrap:anywhere]">
        {entry.clientAddress}
        {entry.session && (
          <span className="block font-mono text-slate-700 dark:text-slate-300">session {entry.session}</span>
        )}
      </td>
      <td data-label="Request id" className="max-w-40 min-w-32 whitespace-normal">
        {entry.requestId ? (
          <>
            <span className="font-mono text-xs [overflow-wrap:anywhere]">{entry.requestId}</span>{" "}
            <CopyButton text={entry.requestId} label="Copy request id" />
          </>
        ) : (
          "—"
        )}
        {entry.idempotencyKey && (
          <span
            className="block font-mono text-xs text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300"
            title="Idempotency-Key"
          >
            key {entry.idempotencyKey}
          </span>
        )}
      </td>
    </tr>
  );
}
