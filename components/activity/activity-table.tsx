"use client";

import { TableFrame } from "@/components/table/table-frame";
import type { AuditPage } from "@/lib/audit/audit-types";
import { ActivityRow } from "./activity-row";
import type { PeopleNames } from "./people-names";

interface ActivityTableProps {
  /** The page's answer, once it came. */
  data: AuditPage | undefined;
  /** Whether filters are set (the empty table says so). */
  filtered: boolean;
  timeZone: string;
  names: PeopleNames;
}

/** The page's entries, newest first: a table on a desk, a card per entry on a phone. */
export function ActivityTable({ data, filtered, timeZone, names }: ActivityTableProps) {
  return (
    // Every column within a desk's page (at 1366 px From and Request id were past the frame's edge): times, people,
    // addresses and ids wrap in narrow columns. On a phone each entry is a card (`stack`).
    <TableFrame label="Activity of this workspace">
      <table className="data-table stack">
        <caption className="sr-only">Activity of this workspace, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Who</th>
            <th scope="col">Event</th>
            <th scope="col">Reference</th>
            <th scope="col">Result</th>
            <th scope="col">Outcome</th>
            <th scope="col">From</th>
            <th scope="col">Request id</th>
          </tr>
        </thead>
        <tbody>
          {(data?.entries ?? []).map((entry) => (
            <ActivityRow key={entry.id} entry={entry} timeZone={timeZone} names={names} />
          ))}
        </tbody>
      </table>
      {data && data.entries.length === 0 && (
        <p className="p-4 text-sm">
          {filtered ? "No activity matches these filters." : "No activity recorded in this workspace yet."}
        </p>
      )}
    </TableFrame>
  );
}
