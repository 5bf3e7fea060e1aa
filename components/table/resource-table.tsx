"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  type ColumnDef,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnVisibilityState,
} from "@tanstack/react-table";
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import type { RecordOf } from "@/lib/data-api/client";
import { apiQueryOptions } from "@/lib/domain/api-query";
import { pushParams } from "@/lib/ui/address";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { browserApi } from "@/lib/ui/browser-api";
import { useTimeZone } from "@/components/shell/providers";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { cardColumns } from "@/lib/ui/views/card-columns";
import { emptyColumns } from "@/lib/ui/views/empty-columns";
import { filtersOf, type FilterSpec, valueLabel } from "@/lib/domain/views/filters";
import {
  COLUMNS_PARAM,
  type ListOperationId,
  type ListViewSpec,
  listRequest,
  PAGE_SIZES,
  pageDefaultInForce,
  todayUtc,
  visibleColumns,
} from "@/lib/ui/views/list-view-spec";
import { renderCell } from "./cell";
import { ColumnChooser } from "./column-chooser";
import { FilterBar } from "./filter-bar";
import { NamesProvider, useNames } from "./names";
import { RequestError } from "./request-error";
import { StaleNote } from "./stale-note";
import { TableExport } from "./table-export";
import { TableFrame } from "./table-frame";
import { useWholeTable, WholeTableToggle } from "./whole-table";

const features = tableFeatures({ columnVisibilityFeature });
type Row = Record<string, unknown>;
const helper = createColumnHelper<typeof features, Row>();
const noRows: Row[] = [];

/** The visible columns first, in the order the view or the URL lists them; the others after, in the record's order. */
function orderColumns<T extends { id: string }>(columns: T[], visible: string[]): T[] {
  const rank = (c: T) => (visible.includes(c.id) ? visible.indexOf(c.id) : visible.length);
  return [...columns].sort((a, b) => rank(a) - rank(b));
}

/**
 * The one table of every list page: TanStack Table over the API's own paging, react-query for the data (the first
 * page comes hydrated from the server), and everything a person would bookmark in the URL.
 */
export function ResourceTable<K extends ListOperationId>({ view }: { view: ListViewSpec<K> }) {
  const params = useSearchParams();
  const timeZone = useTimeZone();
  const operation = OPERATION_META[view.operation];
  const request = listRequest(view, params);
  const query = useQuery({
    ...apiQueryOptions(browserApi, request, view.staleTime),
    placeholderData: keepPreviousData,
  });
  const visible = visibleColumns(view as unknown as ListViewSpec, params);
  const { page: pageName, size: sizeName } = pagingParams(operation.version);
  const page = Number(request.query?.[pageName] ?? 1);
  const pageSize = Number(request.query?.[sizeName] ?? 50);

  // Memoized by the React Compiler on the view, the zone and the address (TanStack Table wants stable columns).
  const ordered = orderColumns(view.columns as ColumnSpec<Row>[], visible);
  const columns = ordered.map((spec) =>
    helper.display({
      id: spec.id,
      header: spec.header,
      cell: ({ row }) => renderCell(spec, row.original, timeZone),
      meta: { spec },
    }),
  ) as ColumnDef<typeof features, Row>[];
  const columnVisibility: ColumnVisibilityState = Object.fromEntries(
    view.columns.map((c) => [c.id, visible.includes(c.id)]),
  );
  const rows = (query.data?.records as Row[] | undefined) ?? noRows;
  // Sparse records: a column no row shown has anything in is not drawn (the chooser keeps it, marked empty).
  const empty = emptyColumns(view.columns as ColumnSpec<Row>[], rows);
  const names = useNames(
    (view.columns as ColumnSpec<Row>[]).filter((c) => visible.includes(c.id)),
    rows,
  );
  // On a phone each row is a card of its first columns, the whole table a tap away (`?table=whole`).
  const whole = useWholeTable();
  const card = whole
    ? undefined
    : cardColumns(
        ordered.filter((c) => visible.includes(c.id) && !empty.has(c.id)).map((c) => c.id),
        view.card,
      );
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row, index) => view.rowKey(row as RecordOf<K>, index),
    state: { columnVisibility },
    onColumnVisibilityChange: (updater) => {
      const next = typeof updater === "function" ? updater(columnVisibility) : updater;
      const ids = view.columns.filter((c) => next[c.id]).map((c) => c.id);
      pushParams((p) => {
        if (ids.join(",") === view.defaultColumns.join(",") || ids.length === 0) p.delete(COLUMNS_PARAM);
        else p.set(COLUMNS_PARAM, ids.join(","));
      });
    },
  });

  const { defaultLabel, defaultsInForce } = useListFilters(view);
  const hasNext = query.data?.paging?.hasNextPage ?? false;
  const first = (page - 1) * pageSize + 1;
  const helpColumns = view.columns.filter((c) => c.help && visible.includes(c.id) && !empty.has(c.id));

  return (
    <div className="space-y-4">
      <PageDefaultNote view={view} />
      <div className="flex flex-wrap items-center gap-3">
        <ColumnChooser table={table} empty={empty} />
        <TableExport view={view} request={request} timeZone={timeZone} visible={visible} />
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {query.isFetching
            ? "Loading…"
            : rows.length > 0
              ? `Showing ${first.toLocaleString("en-US")}–${(first + rows.length - 1).toLocaleString("en-US")}${hasNext ? "" : ` (last page)`}`
              : ""}
        </p>
        <StaleNote of={[query.data]} />
        <WholeTableToggle />
      </div>

      {query.error && !query.data ? (
        <RequestError error={query.error} onRetry={() => void query.refetch()} what={view.noun.many} />
      ) : (
        <>
          {query.error && (
            <RequestError error={query.error} onRetry={() => void query.refetch()} what={view.noun.many} />
          )}
          <NamesProvider value={names}>
            <TableFrame label={view.title}>
              <table
                className={card ? "data-table cards" : "data-table"}
                aria-busy={query.isFetching}
                aria-describedby={helpColumns.length ? "column-help" : undefined}
              >
                <caption className="sr-only">
                  {view.title}, page {page}
                </caption>
                <thead>
                  {table.getHeaderGroups().map((group) => (
                    <tr key={group.id}>
                      {group.headers
                        .filter((header) => !empty.has(header.column.id))
                        .map((header) => {
                          const spec = (header.column.columnDef.meta as { spec: ColumnSpec } | undefined)?.spec;
                          return (
                            <th
                              key={header.id}
                              scope="col"
                              className={spec?.numeric ? "numeric" : undefined}
                              title={spec?.help}
                            >
                              <table.FlexRender header={header} />
                            </th>
                          );
                        })}
                    </tr>
                  ))}
                </thead>
                <tbody>
                  {query.isPending
                    ? Array.from({ length: 8 }, (_, i) => (
                        <tr key={i} aria-hidden="true">
                          {visible.map((id) => (
                            <td key={id} data-card={card?.get(id)}>
                              <span className="skeleton" />
                            </td>
                          ))}
                        </tr>
                      ))
                    : table.getRowModel().rows.map((row) => (
                        <tr key={row.id}>
                          {row
                            .getVisibleCells()
                            .filter((cell) => !empty.has(cell.column.id))
                            .map((cell) => {
                              const spec = (cell.column.columnDef.meta as { spec: ColumnSpec } | undefined)?.spec;
                              return (
                                <td
                                  key={cell.id}
                                  className={spec?.numeric ? "numeric" : undefined}
                                  data-label={card && spec?.header}
                                  data-card={card?.get(cell.column.id)}
                                >
                                  <table.FlexRender cell={cell} />
                                </td>
                              );
                            })}
                        </tr>
                      ))}
                </tbody>
              </table>
              {!query.isPending && rows.length === 0 && !query.error && (
                <div className="p-6 text-center text-sm">
                  <p className="font-semibold">
                    No {view.noun.many} {page > 1 ? "on this page" : "match these filters"}.
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

      <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm">
        <button
          type="button"
          disabled={page <= 1}
          onClick={() => pushParams((p) => (page - 1 <= 1 ? p.delete(pageName) : p.set(pageName, String(page - 1))))}
          className="pager-button"
        >
          Previous
        </button>
        <span aria-current="page">Page {page}</span>
        <button
          type="button"
          disabled={!hasNext || query.isPlaceholderData}
          onClick={() => pushParams((p) => p.set(pageName, String(page + 1)))}
          className="pager-button"
        >
          Next
        </button>
        <label className="ml-2 flex items-center gap-1">
          Rows per page
          <select
            value={pageSize}
            onChange={(e) =>
              pushParams((p) => {
                p.set(sizeName, e.target.value);
                p.delete(pageName);
              })
            }
            className="rounded border border-slate-400 bg-white px-1 py-0.5 dark:bg-slate-900"
          >
            {[...new Set([...PAGE_SIZES, pageSize])]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </label>
      </nav>

      {helpColumns.length > 0 && (
        <details id="column-help" className="text-sm">
          <summary className="cursor-pointer font-semibold">What the columns mean</summary>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {helpColumns.map((c) => (
              <div key={c.id} className="contents">
                <dt className="font-semibold">{c.header}</dt>
                <dd>{c.help}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}

/**
 * A list's filters as the address holds them, and what changing one does (the address changes in the browser; the
 * page goes back to the first).
 */
function useListFilters<K extends ListOperationId>(view: ListViewSpec<K>) {
  const params = useSearchParams();
  const operation = OPERATION_META[view.operation];
  const { keyType } = useKeyScope();
  const filters = useMemo(() => filtersOf(operation, view.filters, keyType), [operation, view.filters, keyType]);
  const { page: pageName } = pagingParams(operation.version);
  const values = Object.fromEntries(filters.map((f) => [f.name, params.get(f.name) ?? undefined]));
  const setFilter = (name: string, value: string | undefined) =>
    pushParams((p) => {
      if (value === undefined) p.delete(name);
      else p.set(name, value);
      p.delete(pageName);
    });
  // The page's own default, where it is in force, names what an empty filter shows; else the API's default does.
  const pageLabels = pageDefaultInForce(view, params) ? view.pageDefault!.labels : {};
  const defaultLabel = (filter: FilterSpec) =>
    pageLabels[filter.name]?.(todayUtc()) ??
    (filter.defaultValue === undefined
      ? undefined
      : filter.defaultValue
          .split(",")
          .map((v) => valueLabel(view.operation, filter.name, v))
          .join(", "));
  const defaultsInForce = filters.filter((f) => f.defaultValue !== undefined && !values[f.name] && !pageLabels[f.name]);
  return { filters, values, setFilter, defaultLabel, defaultsInForce };
}

/**
 * What a list with a page default shows, in words above its table (issue 37): the page's default while it is in
 * force ("Showing invoices of every status … the last 90 days"), or the API's own when the address asks for exactly
 * that, each with a link to the other. Nothing for a list without one, or with filters of the person's choosing.
 */
function PageDefaultNote<K extends ListOperationId>({ view }: { view: ListViewSpec<K> }) {
  const params = useSearchParams();
  const chosen = view.pageDefault;
  if (!chosen) return null;
  const inForce = pageDefaultInForce(view, params);
  if (!inForce && Object.entries(chosen.api.query).some(([name, value]) => params.get(name) !== value)) return null;
  const { page: pageName } = pagingParams(OPERATION_META[view.operation].version);
  return (
    <p className="text-sm" data-testid="page-default">
      {inForce ? chosen.describe(todayUtc()) : `Showing ${chosen.api.describe}.`}{" "}
      <button
        type="button"
        className="link cursor-pointer font-semibold"
        onClick={() =>
          pushParams((p) => {
            p.delete(pageName);
            if (inForce) for (const [name, value] of Object.entries(chosen.api.query)) p.set(name, value);
            else for (const name of chosen.unless) p.delete(name);
          })
        }
      >
        Show {inForce ? chosen.api.describe : chosen.name}
      </button>
    </p>
  );
}

/**
 * The filters of a list page, above its table: drawn with the page's title (they need only the address), so they are
 * there before the rows come, and usable while they do.
 */
export function ListFilters<K extends ListOperationId>({ view }: { view: ListViewSpec<K> }) {
  const { filters, values, setFilter, defaultLabel } = useListFilters(view);
  return <FilterBar filters={filters} values={values} onChange={setFilter} defaultLabel={defaultLabel} />;
}
