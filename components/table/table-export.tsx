"use client";

import { type ComponentType, useEffect, useState } from "react";
import type { ExportCsvProps } from "@/components/export/export-dialog";
import type { FetchPage } from "@/lib/export/plan";
import type { ApiRequest } from "@/lib/domain/api-query";
import { browserApi, loadOnce } from "@/lib/ui/browser-api";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { type ChildExport, childExportsFor, idOf } from "@/lib/domain/views/child-exports";
import { allFieldColumns, exportColumns, screenColumns } from "@/lib/domain/views/export-columns";
import { childPages, exportJoin, listPages, rowsPages } from "@/lib/domain/views/export-pages";
import { joinsFor } from "@/lib/domain/views/list-joins";
import { joinScopeOf } from "@/lib/ui/views/use-joined-rows";
import type { ListViewSpec } from "@/lib/ui/views/list-view-spec";
import { BUTTON } from "@/lib/ui/styles";
import type { ExportOrder } from "@/lib/export/run-export";

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

const today = () => new Date().toISOString().slice(0, 10);

/** A child export's first choice: its records have no screen of their own, so every field, formatted. */
const FORMATTED = {
  shown: "Formatted",
  shownHelp: "Every field of the records; dates as YYYY-MM-DD, amounts with two decimals.",
};

/**
 * "Export CSV" for a list: the whole filtered list (every page, 500 rows per request), with the screen's columns in its
 * order and its values as a spreadsheet reads them, or every API field as sent (the dialog asks). Beside it, the list's
 * child exports the key may make ("Export lines", "Export certificates": `lib/domain/views/child-exports.ts`).
 */
export function TableExport({
  view,
  request,
  timeZone,
  visible,
  order,
  rows,
}: {
  view: ListViewSpec;
  request: ApiRequest;
  timeZone: string | undefined;
  visible: string[];
  /** The list's own order of its rows (invoices newest first), as the page shows them. */
  order?: ExportOrder;
  /**
   * The whole list as the page read it (narrowed and in its order): the file is these rows, no request made, so its
   * money adds up to the page's totals. Without it, the list's pages are read again.
   */
  rows?: readonly Record<string, unknown>[];
}) {
  const scope = useKeyScope();
  const { keyType } = scope;
  // The screen's columns in its order, formatted for a spreadsheet; or every API field as sent (the dialog's choice).
  const columns = exportColumns(screenColumns(view, visible), timeZone);
  const rawColumns = exportColumns(allFieldColumns(view), timeZone, { raw: true });
  const fetchPage = rows ? rowsPages(rows) : listPages(browserApi, request);
  // The joined columns shown (a brand's share) are read page by page, as the page reads the rows it shows.
  const joins = joinsFor(view, keyType)
    .filter((j) => j.columns.some((c) => visible.includes(c.id)))
    .map((j) => exportJoin(browserApi, j, joinScopeOf(scope)));
  return (
    <>
      <ExportCsv
        fileName={`${view.exportName}-${today()}.csv`}
        columns={columns}
        rawColumns={rawColumns}
        fetchPage={fetchPage}
        joins={joins}
        order={rows ? undefined : order}
      />
      {childExportsFor(view.operation, keyType).map((spec) => (
        <ChildExportButton
          key={`${spec.child}:${spec.label}`}
          spec={spec}
          request={request}
          timeZone={timeZone}
          fetchPage={fetchPage}
        />
      ))}
    </>
  );
}

/** One child export of the list: the list's pages walked for their ids, then the child operation in batches. */
function ChildExportButton({
  spec,
  request,
  timeZone,
  fetchPage,
}: {
  spec: ChildExport;
  request: ApiRequest;
  timeZone: string | undefined;
  fetchPage: FetchPage;
}) {
  const child = {
    parentNoun: spec.parent.noun,
    noun: spec.noun,
    idLabel: spec.parent.columns.find((c) => c.id === spec.parentId)?.header ?? spec.parentId,
    parentId: (row: Record<string, unknown>) => idOf(row, spec.parentId),
    childParentId: (row: Record<string, unknown>) => idOf(row, spec.childParentId),
    parentColumns: exportColumns(spec.parentColumns, timeZone),
    fetchChildPage: childPages(browserApi, spec, request),
  };
  return (
    <ExportCsv
      label={spec.label}
      fileName={`${spec.exportName}-${today()}.csv`}
      columns={exportColumns(spec.columns, timeZone)}
      rawColumns={exportColumns(spec.columns, timeZone, { raw: true })}
      choice={FORMATTED}
      fetchPage={fetchPage}
      child={child}
    />
  );
}
