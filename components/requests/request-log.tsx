"use client";

import { useQuery } from "@tanstack/react-query";
import { useTimeZone } from "@/components/shell/providers";
import { CopyButton } from "@/components/table/copy-button";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { parseErrorBody } from "@/lib/data-api/error-read";
import { formatDateTime } from "@/lib/format/display";
import type { RequestLogJson, RequestLogRow } from "@/lib/session/request-log-view";
import { reconnect } from "@/lib/ui/browser-api";
import { describeFailure } from "@/lib/ui/failure";
import { TableFrame } from "@/components/table/table-frame";
import { cardCell } from "@/components/table/card-cell";
import { useWholeTable, WholeTableToggle } from "@/components/table/whole-table";

/** What Backroom was doing when it asked for itself, with nobody's tab open. */
const BACKGROUND_PURPOSES: Record<NonNullable<RequestLogRow["by"]>, string> = {
  "follow-up": "a write's follow-up",
  watch: "a watch for notifications",
  report: "a scheduled report",
  sync: "the insights' history sync",
};

const SOURCES: Record<RequestLogRow["source"], string> = {
  upstream: "Data API",
  cache: "Backroom's cache (no API call)",
  revalidated: "Data API, not modified (304)",
  stale: "Backroom's last-known copy (the Data API failed or was out of budget)",
  refused: "Refused by Backroom (no API call)",
};

/** A path as a person reads it: `Statuses=1,7`, not `Statuses=1%2C7`. */
function readable(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

async function fetchLog(signal: AbortSignal): Promise<RequestLogRow[]> {
  const response = await fetch("/api/session/requests?limit=200", { credentials: "same-origin", signal });
  if (response.status === 401) {
    reconnect();
    return [];
  }
  if (!response.ok) {
    const error = parseErrorBody(await response.json().catch(() => undefined));
    throw new DataApiError({
      status: response.status,
      code: error?.code,
      detail: error?.detail ?? `Backroom answered ${response.status}`,
      requestId: response.headers.get("X-Request-Id") ?? undefined,
    });
  }
  return ((await response.json()) as RequestLogJson).requests;
}

/**
 * This session's recent requests to the Data API through Backroom, newest first: what support asks for (the request
 * id) and what spends the rate limit (answers from Backroom's cache do not). At a desk the key's name and the answer's
 * source wrap, the time takes two lines and the request id breaks, so every column fits a laptop's width; on a phone
 * each request is a card.
 */
export function RequestLog() {
  const timeZone = useTimeZone();
  const log = useQuery({ queryKey: ["request-log"], queryFn: ({ signal }) => fetchLog(signal), staleTime: 0 });
  const rows = log.data ?? [];
  const cards = !useWholeTable();
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <button type="button" onClick={() => void log.refetch()} className="pager-button text-sm">
          Refresh
        </button>
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {log.isFetching ? "Loading…" : `${rows.length} request${rows.length === 1 ? "" : "s"}`}
        </p>
        <WholeTableToggle />
      </div>
      {log.error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {describeFailure(log.error, { what: "the request log", service: "Backroom" }).message}
        </p>
      )}
      <TableFrame label={"Recent API requests"}>
        <table className={cards ? "data-table cards" : "data-table"}>
          <caption className="sr-only">Recent API requests</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Key</th>
              <th scope="col">Method</th>
              <th scope="col">Path</th>
              <th scope="col" className="numeric">
                Status
              </th>
              <th scope="col" className="numeric">
                Duration
              </th>
              <th scope="col">Answered by</th>
              <th scope="col">Request id</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={`${r.requestId}:${i}`}>
                <td className="min-w-28 whitespace-normal" {...cardCell()}>
                  {formatDateTime(r.at, timeZone)}
                </td>
                <td className="min-w-32 whitespace-normal" {...cardCell("Key")}>
                  {r.label ?? r.keyId}
                </td>
                <td {...cardCell("Method")}>{r.method}</td>
                <td
                  className="max-w-56 truncate font-mono text-xs"
                  title={readable(r.path)}
                  {...cardCell("Path", { wide: true })}
                >
                  {readable(r.path)}
                </td>
                <td
                  className={`numeric ${r.status >= 400 ? "font-semibold text-red-800 dark:text-red-300" : ""}`}
                  {...cardCell("Status")}
                >
                  {r.status}
                </td>
                <td className="numeric" {...cardCell("Duration")}>
                  {r.durationMs.toLocaleString("en-US")} ms
                </td>
                <td className="min-w-48 whitespace-normal" {...cardCell("Answered by", { wide: true })}>
                  {SOURCES[r.source] ?? r.source}
                  {r.by && (
                    <span className="block text-xs text-slate-700 dark:text-slate-300">
                      Asked by Backroom: {BACKGROUND_PURPOSES[r.by]}
                    </span>
                  )}
                </td>
                <td className="min-w-40 whitespace-normal" {...cardCell("Request id", { wide: true })}>
                  <span className="font-mono text-xs break-all">{r.requestId}</span>{" "}
                  <CopyButton text={r.requestId} label="Copy request id" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {log.data && rows.length === 0 && (
          <p className="p-4 text-sm">
            No requests yet in this session (the log is kept in the server&apos;s memory; a restart empties it).
          </p>
        )}
      </TableFrame>
    </div>
  );
}
