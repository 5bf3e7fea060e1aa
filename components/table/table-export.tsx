"use client";

import { type ComponentType, useEffect, useState } from "react";
import type { ExportCsvProps } from "@/components/export/export-dialog";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import { type ApiRequest, callApi } from "@/lib/ui/api-query";
import { browserApi, loadOnce } from "@/lib/ui/browser-api";
import { type ColumnSpec, csvText } from "@/lib/ui/views/columns";
import type { ListViewSpec } from "@/lib/ui/views/list-view-spec";
import { BUTTON } from "@/lib/ui/styles";

// The dialog and the export's runner (about 5 kB compressed) load after the page, not with it: few visits export.
// A download that fails (the connection dropped) is not kept: the button says so, and pressing it tries again. The
// page around it is not affected (a failed chunk in render would have replaced the page with its error boundary).
const loadDialog = loadOnce(() => import("@/components/export/export-dialog").then((m) => m.ExportCsv));

/** The export's button: the dialog's own once its code has come, the same button meanwhile, so nothing moves. */
function ExportCsv(props: ExportCsvProps) {
  const [Dialog, setDialog] = useState<{ component: ComponentType<ExportCsvProps> }>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadDialog().then(
      (component) => live && setDialog({ component }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  if (Dialog) return <Dialog.component {...props} />;
  return (
    <button
      type="button"
      disabled={!failed}
      className={BUTTON}
      title={failed ? "The export could not be loaded: check your connection, then press to try again." : undefined}
      onClick={() => {
        setFailed(false);
        setAttempt((n) => n + 1);
      }}
    >
      {props.label ?? "Export CSV"}
    </button>
  );
}

/**
 * "Export CSV" for a list: the whole filtered list (every page, 500 rows per request), with the visible columns,
 * figures and timestamps exactly as the API sent them, other values as the table shows them.
 */
export function TableExport({ view, request, timeZone, visible }: { view: ListViewSpec; request: ApiRequest; timeZone: string | undefined; visible: string[] }) {
  const columns = (view.columns as ColumnSpec<Record<string, unknown>>[])
    .filter((c) => visible.includes(c.id))
    .map((c) => ({ id: c.id, header: c.header, value: (row: Record<string, unknown>) => csvText(c, row, timeZone) }));
  const paging = pagingParams(OPERATION_META[request.operation].version);
  const fetchPage = async (page: number, pageSize: number, signal: AbortSignal) => {
    const query = { ...request.query, [paging.page]: String(page), [paging.size]: String(pageSize) };
    const result = await callApi(browserApi, { ...request, query }, { signal });
    return { rows: result.records as Record<string, unknown>[], hasNextPage: result.paging?.hasNextPage ?? false, rateLimit: result.meta.rateLimit };
  };
  return <ExportCsv fileName={`${view.exportName}-${new Date().toISOString().slice(0, 10)}.csv`} columns={columns} fetchPage={fetchPage} />;
}
