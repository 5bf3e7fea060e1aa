"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useTimeZone } from "@/components/shell/providers";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import { apiQueryOptions } from "@/lib/domain/api-query";
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
  orderedRows,
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
 * The one table of every list page: TanStack Table over the API's own paging, react-query for the data (the first
 * page comes hydrated from the server), and everything a person would bookmark in the URL.
 */
export function ResourceTable<K extends ListOperationId>({ view: listView }: ResourceTableProps<K>) {
  const params = useSearchParams();
  const timeZone = useTimeZone();
  const scope = useKeyScope();
  // The key's joined columns (a Supplier key's share of each invoice) are the view's own from here on.
  const view = withJoins(listView, scope.keyType);
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

  const joined = useJoinedRows(
    view as unknown as ListViewSpec,
    (query.data?.records as ResourceRow[] | undefined) ?? noRows,
    scope,
  );
  // In the view's own order where it has one (invoices newest first), as the CSV export writes them.
  const rows = orderedRows(view, params, joined.rows);
  const { table, ordered } = useResourceTable(view, visible, rows, timeZone);
  // Sparse records: a column no row shown has anything in is not drawn (the chooser keeps it, marked empty).
  const empty = emptyColumns(view.columns as ColumnSpec<ResourceRow>[], rows);
  const names = useNames(
    (view.columns as ColumnSpec<ResourceRow>[]).filter((c) => visible.includes(c.id)),
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

  const { defaultLabel, defaultsInForce } = useListFilters(view);
  const hasNext = query.data?.paging?.hasNextPage ?? false;
  const first = (page - 1) * pageSize + 1;
  const helpColumns = view.columns.filter((c) => c.help && visible.includes(c.id) && !empty.has(c.id));

  return (
    <div className="space-y-4">
      <PageDefaultNote view={view} />
      <RowOrderNote view={view} />
      <div className="flex flex-wrap items-center gap-3">
        <ColumnChooser table={table} empty={empty} />
        <TableExport
          view={view}
          request={request}
          timeZone={timeZone}
          visible={visible}
          order={exportOrder(view, params)}
        />
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
      {joined.reading.length > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300" role="status" aria-busy="true">
          Reading {joined.reading.join(" and ")}…
        </p>
      )}
      {joined.failed.map(({ reading, error, retry }) => (
        <RequestError key={reading} error={error} onRetry={retry} what={reading} />
      ))}

      {query.error && !query.data ? (
        <RequestError error={query.error} onRetry={() => void query.refetch()} what={view.noun.many} />
      ) : (
        <>
          {query.error && (
            <RequestError error={query.error} onRetry={() => void query.refetch()} what={view.noun.many} />
          )}
          <NamesProvider value={names}>
            <TableFrame label={view.title}>
              <ResourceTableGrid
                table={table}
                title={view.title}
                page={page}
                empty={empty}
                card={card}
                visible={visible}
                pending={query.isPending}
                fetching={query.isFetching}
                helped={helpColumns.length > 0}
              />
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

      <ListPager
        page={page}
        pageSize={pageSize}
        pageName={pageName}
        sizeName={sizeName}
        canGoOn={hasNext && !query.isPlaceholderData}
      />

      {helpColumns.length > 0 && <ColumnHelp columns={helpColumns} />}
    </div>
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
