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
 * characters, when it was added and last used; Remove (asked twice, naming the key) for owners and admins.
 */
export function KeyList({ keys, activeKeyId, canManage, timeZone, removing, onRemove }: KeyListProps) {
  return (
    <TableFrame label="Keys of this workspace">
      <table className="data-table">
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
              <td>
                <span className="font-semibold">{key.label}</span>
                {key.id === activeKeyId && <span className="block text-xs text-slate-700 dark:text-slate-300">You work with this one</span>}
              </td>
              <td>{key.keyType}</td>
              <td>{environmentWords(key)}</td>
              <td className="min-w-48 max-w-sm whitespace-normal">{key.scope.summary}</td>
              <td className="font-mono whitespace-nowrap" aria-label={`ending in ${key.hint}`}>
                …{key.hint}
              </td>
              <td className="whitespace-nowrap">{formatDateTime(key.addedAt, timeZone)}</td>
              <td className="whitespace-nowrap">{key.lastUsedAt ? formatDateTime(key.lastUsedAt, timeZone) : "Never"}</td>
              {canManage && (
                <td>
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
