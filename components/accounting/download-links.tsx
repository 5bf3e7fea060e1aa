"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { saveBlob } from "@/lib/export/sink";
import { formatMoney } from "@/lib/format/display";
import { accountingClient, EXPORTS_KEY, type PreviewJson, PREVIEW_KEY } from "@/lib/ui/accounting/accounting-client";
import { downloadHref, type ExportRequest } from "@/lib/ui/accounting/export-request";
import { recordNoun } from "@/lib/ui/accounting/export-words";
import { describeFailure } from "@/lib/ui/failure";
import { PRIMARY } from "@/lib/ui/styles";

type ExportFileJson = PreviewJson["files"][number];

const FILE_BUTTON = `${PRIMARY} flex min-h-11 flex-col justify-center no-underline [overflow-wrap:anywhere] sm:min-h-0`;

/**
 * One download per file of the export (Xero's bills: 500 a file, so several). For a role that may, the download is
 * marked: remembered in the workspace's ledger, so "only what is new" leaves it out next time. Marking is a POST, so
 * that download is a button: the page asks for the file and saves it (`MarkedDownload`), then asks for the preview and
 * the list below again. For another role it is a plain link the browser saves (`download`: the server's
 * Content-Disposition names it), nothing is remembered, and the line says so.
 */
export function DownloadLinks({
  request,
  files,
  kind,
  program,
  mayMark,
}: {
  request: ExportRequest;
  files: PreviewJson["files"];
  kind: PreviewJson["kind"];
  /** The program's name ("Xero"): its own "only what is new". */
  program: string;
  mayMark: boolean;
}) {
  return (
    <div className="space-y-2">
      {files.length > 1 && (
        <p className="text-sm">
          {kind === "bills"
            ? `Xero takes 500 bills a file: this export is ${files.length} files, to import one after the other.`
            : `Xero takes 1,000 statement lines a file: this export is ${files.length} files, to import one after the other.`}
        </p>
      )}
      <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {files.map((file) => (
          <li key={file.part} className="min-w-0">
            {mayMark ? (
              <MarkedDownload href={downloadHref(request, { part: file.part })} file={file} kind={kind} />
            ) : (
              <a href={downloadHref(request, { part: file.part })} download className={FILE_BUTTON}>
                <FileLabel file={file} kind={kind} />
              </a>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {mayMark
          ? `A download is remembered with its day and file: with “Only what is new” on, the next export to ${program} leaves out what it holds (each program keeps its own).`
          : "Your role downloads without the download being remembered: “Only what is new” still counts only what owners, admins and the Accounts role downloaded."}
      </p>
    </div>
  );
}

function FileLabel({ file, kind }: { file: ExportFileJson; kind: PreviewJson["kind"] }) {
  return (
    <>
      <span>Download {file.name}</span>
      <span className="text-xs font-normal">
        {file.records.toLocaleString("en-US")}{" "}
        {kind === "bills" ? recordNoun(kind, file.records) : file.records === 1 ? "entry" : "entries"},{" "}
        {formatMoney(file.total)}
      </span>
    </>
  );
}

/**
 * A marked download: a button that POSTs the file's address (`accountingClient.markedFile`) and saves the answer as a
 * file. Pressed again while it is on its way, nothing more is asked; after a failure, pressing again asks with the same
 * Idempotency-Key, so a file marked whose answer was lost comes as it was. The export is in the ledger once the answer
 * is here: the preview and the exports remembered are asked again at once.
 */
function MarkedDownload({ href, file, kind }: { href: string; file: ExportFileJson; kind: PreviewJson["kind"] }) {
  const client = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; failure?: string }>({ busy: false });
  const failureId = useId();
  const download = async () => {
    if (state.busy) return;
    setState({ busy: true });
    try {
      const { blob, fileName } = await accountingClient.markedFile(href);
      saveBlob(blob, fileName ?? file.name);
      setState({ busy: false });
      await Promise.all([
        client.invalidateQueries({ queryKey: PREVIEW_KEY }),
        client.invalidateQueries({ queryKey: EXPORTS_KEY }),
      ]);
    } catch (error) {
      const failure = describeFailure(error, { what: file.name, doing: "download", write: true, service: "Backroom" });
      setState({ busy: false, failure: failure.message });
    }
  };
  return (
    <div className="space-y-1">
      <button
        type="button"
        onClick={() => void download()}
        aria-disabled={state.busy}
        aria-describedby={state.failure ? failureId : undefined}
        className={`${FILE_BUTTON} w-full text-left aria-disabled:cursor-progress aria-disabled:opacity-70`}
      >
        <FileLabel file={file} kind={kind} />
      </button>
      <p role="status" className="text-xs">
        {state.busy ? `Downloading ${file.name}…` : ""}
      </p>
      {state.failure && (
        <p id={failureId} role="alert" className="text-sm text-red-800 dark:text-red-300">
          {state.failure}
        </p>
      )}
    </div>
  );
}
