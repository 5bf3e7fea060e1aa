"use client";

import { formatMoney } from "@/lib/format/display";
import type { PreviewJson } from "@/lib/ui/accounting/accounting-client";
import { downloadHref, type ExportRequest } from "@/lib/ui/accounting/export-request";
import { recordNoun } from "@/lib/ui/accounting/export-words";
import { useRefreshAfterDownload } from "@/lib/ui/accounting/use-refresh-after-download";
import { PRIMARY } from "@/lib/ui/styles";

/**
 * One download per file of the export (Xero's bills: 500 a file, so several), each a plain link the browser saves
 * (`download`: the server's Content-Disposition names it). For a role that may, the download is marked: remembered in
 * the workspace's ledger, so "only what is new" leaves it out next time; the preview and the list below are asked
 * again once it is. For another role it is not, and the line says so.
 */
export function DownloadLinks({
  request,
  files,
  kind,
  mayMark,
}: {
  request: ExportRequest;
  files: PreviewJson["files"];
  kind: PreviewJson["kind"];
  mayMark: boolean;
}) {
  const refresh = useRefreshAfterDownload();
  return (
    <div className="space-y-2">
      {files.length > 1 && (
        <p className="text-sm">
          Xero takes 500 bills a file: this export is {files.length} files, to import one after the other.
        </p>
      )}
      <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {files.map((file) => (
          <li key={file.part} className="min-w-0">
            <a
              href={downloadHref(request, { part: file.part, mark: mayMark })}
              download
              onClick={() => {
                if (mayMark) refresh(file.name);
              }}
              className={`${PRIMARY} flex min-h-11 flex-col justify-center no-underline [overflow-wrap:anywhere] sm:min-h-0`}
            >
              <span>Download {file.name}</span>
              <span className="text-xs font-normal">
                {file.records.toLocaleString("en-US")} {kind === "bills" ? recordNoun(kind, file.records) : "payments"},{" "}
                {formatMoney(file.total)}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {mayMark
          ? "A download is remembered with its day and file: with “Only what is new” on, the next export leaves out what it holds."
          : "Your role downloads without the download being remembered: “Only what is new” still counts only what owners, admins and the Accounts role downloaded."}
      </p>
    </div>
  );
}
