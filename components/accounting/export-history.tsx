"use client";

import { useQuery } from "@tanstack/react-query";
import { useTimeZone } from "@/components/shell/providers";
import { RequestError } from "@/components/table/request-error";
import { TableFrame } from "@/components/table/table-frame";
import { formatDate, formatDateTime, formatMoney } from "@/lib/format/display";
import { exportsQueryOptions } from "@/lib/ui/accounting/accounting-client";
import { formatLabel } from "@/lib/ui/accounting/export-request";
import { centsAsDecimal } from "@/lib/ui/accounting/export-words";

/**
 * The workspace's latest marked exports (`GET /api/accounting/exports`), newest first: when, who, the format and the
 * file, the period, how many records and their total. What "only what is new" leaves out is what these held. On a
 * phone each export is a card (`stack`).
 */
export function ExportHistory() {
  const timeZone = useTimeZone();
  const history = useQuery(exportsQueryOptions);
  return (
    <section aria-labelledby="history-heading" className="max-w-5xl space-y-3">
      <h2 id="history-heading" className="text-lg font-semibold">
        Exports remembered
      </h2>
      {history.error && !history.data ? (
        <RequestError error={history.error} onRetry={() => void history.refetch()} what="the exports remembered" />
      ) : !history.data ? (
        <span role="status" aria-busy="true" aria-label="Loading the exports" className="skeleton block h-24 w-full" />
      ) : history.data.length === 0 ? (
        <p className="text-sm">
          No export is remembered yet: a download from this page is, by owners, admins and the Accounts role.
        </p>
      ) : (
        <TableFrame label="The exports remembered, table">
          <table className="data-table stack">
            <caption className="sr-only">The latest exports remembered, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Format and file</th>
                <th scope="col">Period</th>
                <th scope="col" className="numeric">
                  Records
                </th>
                <th scope="col" className="numeric">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="When">{formatDateTime(entry.madeAt, timeZone)}</td>
                  <td data-label="Who">{entry.madeByName ?? (entry.madeBy ? "A former member" : "The schedule")}</td>
                  <td data-label="Format and file" className="whitespace-normal">
                    {formatLabel(entry.format)}
                    <span className="block text-xs [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
                      {entry.fileName}
                    </span>
                  </td>
                  <td data-label="Period">
                    {formatDate(entry.from)} to {formatDate(entry.to)}
                  </td>
                  <td data-label="Records" className="numeric">
                    {entry.records.toLocaleString("en-US")}
                  </td>
                  <td data-label="Total" className="numeric">
                    {formatMoney(centsAsDecimal(entry.totalCents))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
