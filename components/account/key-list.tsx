"use client";

import type { SessionKey } from "@/lib/session/session-view";
import { formatDateTime } from "@/lib/format/display";
import { TableFrame } from "@/components/table/table-frame";
import { ConfirmButton } from "./confirm-button";

interface KeyListProps {
  keys: SessionKey[];
  /** The key the person works with. */
  activeKeyId: string | null;
  /** Owners and admins: each key has Remove. */
  canManage: boolean;
  timeZone: string;
  /** The key being removed, while it is. */
  removing: string | undefined;
  onRemove: (key: SessionKey) => Promise<void>;
}

const ENVIRONMENTS = { production: "Production", test: "Test" } as const;

/** The words of a key's environment: "Test (sandbox)". */
export function environmentWords(key: Pick<SessionKey, "environment" | "sandbox">): string {
  return `${ENVIRONMENTS[key.environment]}${key.sandbox ? " (sandbox)" : ""}`;
}

/**
 * The workspace's Data API keys, never a key itself: its label, type, environment, what it reaches, its last four
 * characters, when it was added and last used; Remove (asked twice, naming the key) for owners and admins. Dates and
 * reach wrap, so the row fits a desk's page with Remove in view (at 1366 px it was past the frame's edge); on a phone
 * each key is a card (`stack`).
 */
export function KeyList({ keys, activeKeyId, canManage, timeZone, removing, onRemove }: KeyListProps) {
  return (
    <TableFrame label="Keys of this workspace">
      <table className="data-table stack">
        <caption className="sr-only">Data API keys of this workspace</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Type</th>
            <th scope="col">Environment</th>
            <th scope="col">Reaches</th>
            <th scope="col">Key</th>
            <th scope="col">Added</th>
            <th scope="col">Last used</th>
            {canManage && <th scope="col">Remove</th>}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <td data-label="Label" className="min-w-32 whitespace-normal">
                <span className="font-semibold">{key.label}</span>
                {key.id === activeKeyId && (
                  <span className="block text-xs text-slate-700 dark:text-slate-300">You work with this one</span>
                )}
              </td>
              <td data-label="Type">{key.keyType}</td>
              <td data-label="Environment">{environmentWords(key)}</td>
              <td data-label="Reaches" className="min-w-36 whitespace-normal">
                {key.scope.summary}
              </td>
              <td data-label="Key" className="whitespace-nowrap" aria-label={`ending in ${key.hint}`}>
                <span className="font-mono">…{key.hint}</span>
              </td>
              <td data-label="Added" className="min-w-28 whitespace-normal">
                {formatDateTime(key.addedAt, timeZone)}
              </td>
              <td data-label="Last used" className="min-w-28 whitespace-normal">
                {key.lastUsedAt ? formatDateTime(key.lastUsedAt, timeZone) : "Never"}
              </td>
              {canManage && (
                // The question that replaces the button wraps in the cell rather than widening the table.
                <td className="max-w-xs whitespace-normal">
                  <ConfirmButton
                    label="Remove"
                    name={`Remove the key “${key.label}”`}
                    question={`Remove the key “${key.label}” (…${key.hint})? Everyone in the workspace stops using it at once.`}
                    confirmLabel="Remove the key"
                    busyLabel="Removing…"
                    busy={removing === key.id}
                    onConfirm={() => onRemove(key)}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
