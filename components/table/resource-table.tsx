"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useTimeZone } from "@/components/shell/providers";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import type { Walked } from "@/lib/domain/api-query";
import { todayIn } from "@/lib/format/days";
import { formatMoneyExact } from "@/lib/format/display";
import { pushParams } from "@/lib/ui/address";
import {
  countWords,
  FIGURE_PARAM,
  figureOf,
  WHOLE_LIST_PAGES,
  type WholeList,
  walkRequest,
  wholeList,
} from "@/lib/domain/views/whole-list";
import { listWalkOptions } from "@/lib/ui/views/list-walk";
import { browserApi } from "@/lib/ui/browser-api";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { withJoins } from "@/lib/domain/views/list-joins";
import { useJoinedRows } from "@/lib/ui/views/use-joined-rows";
import { cardColumns } from "@/lib/ui/views/card-columns";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { emptyColumns } from "@/lib/ui/views/empty-columns";
import {
  exportOrder,
  type ListOperationId,
  type ListViewSpec,
  listRequest,
  visibleColumns,
} from "@/lib/ui/views/list-view-spec";
import { ColumnChooser } from "./column-chooser";
import { ColumnHelp } from "./column-help";
import { FilterBar } from "./filter-bar";
import { ListPager } from "./list-pager";
import { NamesProvider, useNames } from "./names";
import { PageDefaultNote } from "./page-default-note";
import { RowOrderNote } from "./row-order-note";
import { RequestError } from "./request-error";
import { ResourceTableGrid } from "./resource-table-grid";
import { StaleNote } from "./stale-note";
import { TableExport } from "./table-export";
import { TableFrame } from "./table-frame";
import { useListFilters } from "./use-list-filters";
import { type ResourceRow, useResourceTable } from "./use-resource-table";
import { useWholeTable, WholeTableToggle } from "./whole-table";

const noRows: ResourceRow[] = [];

interface ResourceTableProps<K extends ListOperationId> {
  view: ListViewSpec<K>;
}

/**
 * The one table of every list page: the whole filtered list read (`listWalkOptions`: pages of 500, up to
 * `WHOLE_LIST_PAGES`, the first paint's from the server), counted, narrowed to the address's figure, in the view's
 * order over every row, its money totalled, and paged here (`wholeList`); TanStack Table draws the page, and
 * everything a person would bookmark is in the URL.
 */
export function ResourceTable<K extends ListOperationId>({ view: listView }: ResourceTableProps<K>) {
  const params = useSearchParams();
  const timeZone = useTimeZone();
  const scope = useKeyScope();
  // The key's joined columns (a Supplier key's share of each invoice) are the view's own from here on.
  const view = withJoins(listView, scope.keyType);
  const operation = OPERATION_META[view.operation];
  const request = listRequest(view, params);
  const walk = useQuery({
    ...listWalkOptions(browserApi, walkRequest(view, params), view.staleTime),
    placeholderData: keepPreviousData,
  });
  const visible = visibleColumns(view as unknown as ListViewSpec, params);
  const { page: pageName, size: sizeName } = pagingParams(operation.version);
  const page = Math.max(1, Number(request.query?.[pageName] ?? 1) || 1);
  const pageSize = Math.max(1, Number(request.query?.[sizeName] ?? 50) || 50);

  const today = todayIn(timeZone);
  const walked = walk.data as Walked<ResourceRow> | undefined;
  const whole = walked ? wholeList(view as unknown as ListViewSpec, params, walked, today) : undefined;
  // Streaming: the pages read so far are in, the walk goes on. The rows wait for the whole list (its order and count).
  const reading =
    walk.fetchStatus === "fetching" && (walked === undefined || !walked.complete || walk.isPlaceholderData);
  const settled = whole !== undefined && !reading;
  const first = (page - 1) * pageSize;
  const pageRows = settled ? whole.rows.slice(first, first + pageSize) : noRows;
  const joined = useJoinedRows(view as unknown as ListViewSpec, pageRows, scope);
  const rows = joined.rows;
  const { table, ordered } = useResourceTable(view, visible, rows, timeZone);
  // Sparse records: a column no row shown has anything in is not drawn (the chooser keeps it, marked empty).
  const empty = emptyColumns(view.columns as ColumnSpec<ResourceRow>[], rows);
  const names = useNames(
    (view.columns as ColumnSpec<ResourceRow>[]).filter((c) => visible.includes(c.id)),
    rows,
  );
  // On a phone each row is a card of its first columns, the whole table a tap away (`?table=whole`).
  const wholeTable = useWholeTable();
  const card = wholeTable
    ? undefined
    : cardColumns(
        ordered.filter((c) => visible.includes(c.id) && !empty.has(c.id)).map((c) => c.id),
        view.card,
      );

  const { defaultLabel, defaultsInForce } = useListFilters(view);
  const helpColumns = view.columns.filter((c) => c.help && visible.includes(c.id) && !empty.has(c.id));
  const figure = figureOf(view, params);
  const error = walk.error;

  return (
    <div className="space-y-4">
      <PageDefaultNote view={view} />
      {figure && <FigureNote label={figure.label} />}
      <RowOrderNote view={view} whole={whole === undefined || whole.complete || reading} />
      <div className="flex flex-wrap items-center gap-3">
        <ColumnChooser table={table} empty={empty} />
        <TableExport
          view={view}
          request={request}
          timeZone={timeZone}
          visible={visible}
          order={exportOrder(view, params, today)}
          rows={settled && whole.complete ? whole.rows : undefined}
        />
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="list-count">
          <ListCount
            whole={walk.isPlaceholderData && reading ? undefined : whole}
            reading={reading}
            first={first}
            shown={pageRows.length}
            noun={view.noun}
          />
        </p>
        <StaleNote of={[walk.data]} />
        <WholeTableToggle />
      </div>
      {settled && view.totals?.length ? <ListTotals view={view} whole={whole} /> : null}
      {joined.reading.length > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300" role="status" aria-busy="true">
          Reading {joined.reading.join(" and ")}…
        </p>
      )}
      {joined.failed.map(({ reading: what, error: failed, retry }) => (
        <RequestError key={what} error={failed} onRetry={retry} what={what} />
      ))}

      {error && !walk.data ? (
        <RequestError error={error} onRetry={() => void walk.refetch()} what={view.noun.many} />
      ) : (
        <>
          {error && <RequestError error={error} onRetry={() => void walk.refetch()} what={view.noun.many} />}
          <NamesProvider value={names}>
            <TableFrame label={view.title}>
              <ResourceTableGrid
                table={table}
                title={view.title}
                page={page}
                empty={empty}
                card={card}
                visible={visible}
                pending={!settled}
                fetching={reading}
                helped={helpColumns.length > 0}
              />
              {settled && rows.length === 0 && !error && (
                <div className="p-6 text-center text-sm">
                  <p className="font-semibold">
                    No {view.noun.many} {page > 1 && whole.count > 0 ? "on this page" : "match these filters"}.
                  </p>
                  {defaultsInForce.length > 0 && (
                    <p className="mt-1">
                      Showing {defaultsInForce.map((f) => `${f.label}: ${defaultLabel(f)}`).join("; ")} (the API&apos;s
                      default). Change {defaultsInForce.map((f) => f.label).join(" or ")} to see others.
                    </p>
                  )}
                </div>
              )}
            </TableFrame>
          </NamesProvider>
        </>
      )}

      <ListPager
        page={page}
        pageSize={pageSize}
        pageName={pageName}
        sizeName={sizeName}
        canGoOn={settled && first + pageSize < whole.rows.length}
      />

      {helpColumns.length > 0 && <ColumnHelp columns={helpColumns} />}
    </div>
  );
}

/**
 * The list's count, as the person checks it: "Showing 1–50 of 948 invoices"; "at least N" while the walk runs (and
 * says so) or where it stopped at its bound.
 */
function ListCount({
  whole,
  reading,
  first,
  shown,
  noun,
}: {
  whole: WholeList<ResourceRow> | undefined;
  reading: boolean;
  first: number;
  shown: number;
  noun: { one: string; many: string };
}) {
  if (reading || !whole)
    return (
      <span role="status" aria-busy="true">
        Reading the whole list{whole && whole.count > 0 ? `: ${countWords(whole.count, false, noun)} so far` : ""}…
      </span>
    );
  const count = countWords(whole.count, whole.complete, noun);
  if (whole.count === 0) return <>{count}</>;
  const range =
    shown > 0 ? `Showing ${(first + 1).toLocaleString("en-US")}–${(first + shown).toLocaleString("en-US")} of ` : "";
  return (
    <>
      {range}
      {count}
      {!whole.complete &&
        `: Backroom reads the first ${(WHOLE_LIST_PAGES * 500).toLocaleString("en-US")} at most; narrow the filters to see the rest`}
    </>
  );
}

/**
 * The money columns' totals over every row of the list, exactly (a sub-cent digit where the ERP holds one): its CSV's
 * columns, which write each amount exactly too, add up to them.
 */
export function ListTotals({ view, whole }: { view: ListViewSpec; whole: WholeList<ResourceRow> }) {
  const header = (id: string) => view.columns.find((c) => c.id === id)?.header ?? id;
  return (
    <p className="text-sm" data-testid="list-totals">
      {whole.complete
        ? `Totals of the ${countWords(whole.count, true, view.noun)}: `
        : `Totals of the ${countWords(whole.count, true, view.noun)} read: `}
      {(view.totals ?? []).map((id, i) => (
        <span key={id}>
          {i > 0 && " · "}
          {header(id)} <strong className="tabular-nums">{formatMoneyExact(whole.totals[id])}</strong>
        </span>
      ))}
    </p>
  );
}

/** A list narrowed to an overview's figure: what it keeps, and the way back to every row. */
function FigureNote({ label }: { label: string }) {
  return (
    <p className="text-sm" data-testid="list-figure">
      Narrowed to {label}.{" "}
      <button
        type="button"
        className="link cursor-pointer font-semibold"
        onClick={() =>
          pushParams((p) => {
            p.delete(FIGURE_PARAM);
          })
        }
      >
        Show every row
      </button>
    </p>
  );
}

interface ListFiltersProps<K extends ListOperationId> {
  view: ListViewSpec<K>;
}

/**
 * The filters of a list page, above its table: drawn with the page's title (they need only the address), so they are
 * there before the rows come, and usable while they do.
 */
export function ListFilters<K extends ListOperationId>({ view }: ListFiltersProps<K>) {
  const { filters, values, setFilter, defaultLabel } = useListFilters(view);
  return <FilterBar filters={filters} values={values} onChange={setFilter} defaultLabel={defaultLabel} />;
}
