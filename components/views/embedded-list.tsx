"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { RequestError } from "@/components/table/request-error";
import { StaleNote } from "@/components/table/stale-note";
import { apiQueryOptions } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { LIST_VIEWS, type ListViewName } from "@/lib/ui/views/list-views";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { embeddedRequest, type ListViewSpec } from "@/lib/ui/views/list-view-spec";
import { SpecTable } from "@/components/table/spec-table";

/**
 * A short list inside a detail page (a customer's prices, a product's stock): the view's default columns (those the
 * rows have anything in: records are sparse), the first rows for a fixed filter, and a link to the full list page.
 */
export function EmbeddedList({
  name,
  query,
  title,
  href,
  columns,
}: {
  name: ListViewName;
  query: Record<string, string>;
  title: string;
  href: string;
  columns?: string[];
}) {
  const view = LIST_VIEWS[name] as unknown as ListViewSpec;
  const result = useQuery(apiQueryOptions(browserApi, embeddedRequest(view, query), view.staleTime));
  const shown = (columns ?? view.defaultColumns)
    .map((id) => view.columns.find((c) => c.id === id))
    .filter((c): c is ColumnSpec => c !== undefined) as ColumnSpec<Record<string, unknown>>[];
  const rows = (result.data?.records ?? []) as Record<string, unknown>[];
  const headingId = `embedded-${name}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <Link className="link text-sm" prefetch={false} href={href as never}>
          See the full list
        </Link>
        <StaleNote as="span" of={[result.data]} />
      </div>
      {result.error ? (
        <RequestError error={result.error} onRetry={() => void result.refetch()} what={title.toLowerCase()} />
      ) : (
        <SpecTable
          label={title}
          columns={shown}
          rows={rows}
          rowKey={(row, index) => view.rowKey(row as never, index)}
          busy={result.isFetching}
          hideEmpty
        >
          {result.isPending && <p className="p-3 text-sm">Loading…</p>}
          {result.data && rows.length === 0 && <p className="p-3 text-sm">None.</p>}
          {result.data?.paging?.hasNextPage && (
            <p className="p-3 text-sm">Showing the first {rows.length}; the full list has more.</p>
          )}
        </SpecTable>
      )}
    </section>
  );
}
