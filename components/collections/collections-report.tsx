import Link from "next/link";
import { formatDate, formatDateTime } from "@/lib/format/display";
import { DEFINITIONS, type CollectionRow } from "@/lib/domain/collections/collections";
import {
  agentsOf,
  type CollectionsQuery,
  collectionsHref,
  listed,
  pageOf,
} from "@/lib/domain/collections/collections-list";
import { BUTTON } from "@/lib/ui/styles";
import { CollectionsFilters } from "./collections-filters";
import { CollectionsPager } from "./collections-pager";
import { CollectionsReading } from "./collections-reading";
import { CollectionsTable } from "./collections-table";
import { CollectionsTitle } from "./collections-title";

// The page draws the title alone while it waits for the snapshot, from here as from the report.
export { CollectionsTitle };

// The Collections page's body, drawn on the server from the key's snapshot (no JavaScript of its own): its
// filters are a GET form and its sort and pages links, so the address holds the view, and the export asks the same.

export type CollectionsReportProps =
  | { ready: false; progress: { list: string | null; page: number } | undefined }
  | {
      ready: true;
      asOf: string;
      refreshedAt: string;
      walking: boolean;
      rows: CollectionRow[];
      query: CollectionsQuery;
      timeZone: string | undefined;
    };

/** The Collections page's body: the freshness of its snapshot, the filters, the accounts and the definitions. */
export function CollectionsReport(props: CollectionsReportProps) {
  if (!props.ready) return <CollectionsReading progress={props.progress} />;
  const { query, rows } = props;
  const all = listed(rows, query);
  const shown = pageOf(all, query.page);
  const agents = agentsOf(rows);
  const exportHref = collectionsHref({ ...query, page: 1, table: undefined }, "/api/collections/export");
  const cards = query.table !== "whole";
  const count =
    all.length === rows.length
      ? `${all.length.toLocaleString("en-US")} accounts`
      : `${all.length.toLocaleString("en-US")} of ${rows.length.toLocaleString("en-US")} accounts`;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <CollectionsTitle />
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="collections-freshness">
          As of the aging&apos;s close {formatDate(props.asOf)} · {rows.length.toLocaleString("en-US")} accounts ·
          refreshed daily (last {formatDateTime(props.refreshedAt, props.timeZone)})
          {props.walking ? " · a refresh is under way" : ""}
        </p>
      </div>

      <CollectionsFilters query={query} agents={agents} />

      <section aria-labelledby="collections-heading" id="collections-list" className="space-y-2">
        <h2 id="collections-heading" className="sr-only">
          Accounts
        </h2>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p id="collections-count" className="text-sm text-slate-700 dark:text-slate-300">
            {count}
            {shown.pages > 1
              ? `; page ${shown.page} of ${shown.pages}, ${shown.rows.length} rows shown. The export holds them all.`
              : "."}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {all.length > 0 && (
              <a href={exportHref} download className={BUTTON}>
                Export CSV<span className="sr-only"> of the {all.length.toLocaleString("en-US")} accounts</span>
              </a>
            )}
            {/* A phone's switch between the cards and the whole table, a link as the rest of the page's choices. */}
            <Link
              href={`${collectionsHref({ ...query, table: cards ? "whole" : undefined })}#collections-list` as never}
              scroll={false}
              prefetch={false}
              className={`${BUTTON} inline-flex min-h-11 items-center sm:hidden`}
            >
              {cards ? "Show the whole table" : "Show as cards"}
            </Link>
          </div>
        </div>
        {all.length === 0 ? (
          <p className="rounded border border-dashed border-slate-400 p-4 text-sm">No account matches these filters.</p>
        ) : (
          <CollectionsTable rows={shown.rows} query={query} cards={cards} describedBy="collections-count" />
        )}
        {shown.pages > 1 && <CollectionsPager query={query} page={shown.page} pages={shown.pages} />}
      </section>

      <section aria-labelledby="collections-definitions" className="space-y-2">
        <h2 id="collections-definitions" className="text-lg font-semibold">
          Definitions
        </h2>
        <div className="max-w-3xl space-y-2 text-sm">
          {DEFINITIONS.split("\n").map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </section>
    </div>
  );
}
