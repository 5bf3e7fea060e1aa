import Link from "next/link";
import { formatDate, formatDateTime } from "@/lib/format/display";
import { DEFINITIONS, type CollectionRow } from "@/lib/domain/collections/collections";
import {
  AGES,
  agentsOf,
  type CollectionsQuery,
  collectionsHref,
  listed,
  NO_AGENT,
  pageOf,
} from "@/lib/domain/collections/collections-list";
import { BUTTON, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { filtersSet } from "@/lib/ui/views/filter-count";
import { FilterDisclosure } from "@/components/table/filter-disclosure";
import { CollectionsTable } from "./collections-table";

// The Collections page's body (issue 31), drawn on the server from the key's snapshot (no JavaScript of its own): its
// filters are a GET form and its sort and pages links, so the address holds the view, and the export asks the same.

/** What the status note names while a walk reads a list. */
const LIST_NAMES: Record<string, string> = {
  aging: "the AR aging",
  customers: "the customers",
  openInvoices: "the open invoices",
  payments: "the payments",
  invoices: "invoices by id",
};

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

export function CollectionsTitle() {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">Collections</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        The day&apos;s call list: every AR account with what it owes by age, its holds, credit left unallocated, last
        payment and collection agent, from this key&apos;s daily snapshot: opening this page asks nothing of the API.
      </p>
    </div>
  );
}

export function CollectionsReport(props: CollectionsReportProps) {
  if (!props.ready) {
    const at = props.progress?.list
      ? `: reading ${LIST_NAMES[props.progress.list] ?? props.progress.list}, page ${props.progress.page}`
      : "";
    return (
      <div className="space-y-4">
        <CollectionsTitle />
        <p
          role="status"
          className="max-w-3xl rounded border border-sky-700 bg-sky-50 p-4 dark:border-sky-400 dark:bg-sky-950"
        >
          This key&apos;s collections list is being read in the background, a few requests at a time within 7% of its
          hourly budget{at}. It opens here once the AR aging, the customers, the open invoices and the payments are in.{" "}
          <Link href="/collections" prefetch={false} className="underline">
            Check again
          </Link>
        </p>
      </div>
    );
  }
  const { query, rows } = props;
  const all = listed(rows, query);
  const shown = pageOf(all, query.page);
  const agents = agentsOf(rows);
  const exportHref = collectionsHref({ ...query, page: 1 }, "/api/collections/export");
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

      <FilterDisclosure
        count={filtersSet({
          age: query.age === "any" ? undefined : query.age,
          agent: query.agent,
          q: query.q,
          hold: query.hold,
          credit: query.credit,
        })}
      >
        <form
          method="get"
          action="/collections"
          className="flex flex-wrap items-end gap-3"
          aria-label="Filter the accounts"
        >
          <div className="flex flex-col text-sm font-medium">
            <label htmlFor="collections-age">Past due</label>
            <select id="collections-age" name="age" defaultValue={query.age} className={fieldClass(false, "mt-1")}>
              {AGES.map((age) => (
                <option key={age.value} value={age.value}>
                  {age.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col text-sm font-medium">
            <label htmlFor="collections-agent">Collection agent</label>
            <select
              id="collections-agent"
              name="agent"
              defaultValue={query.agent ?? ""}
              className={fieldClass(false, "mt-1 max-w-xs")}
            >
              <option value="">Every agent</option>
              {agents.none && <option value={NO_AGENT}>No agent</option>}
              {agents.names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col text-sm font-medium">
            <label htmlFor="collections-q">Customer or account</label>
            <input
              id="collections-q"
              name="q"
              type="search"
              defaultValue={query.q ?? ""}
              className={fieldClass(false, "mt-1 w-56")}
            />
          </div>
          <div className="flex flex-col gap-1 pb-1 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" name="hold" value="1" defaultChecked={query.hold === "1"} />
              On hold only
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="credit" value="1" defaultChecked={query.credit === "1"} />
              Unapplied credit only
            </label>
          </div>
          {query.sort !== "over90" && <input type="hidden" name="sort" value={query.sort} />}
          {query.dir !== "desc" && <input type="hidden" name="dir" value={query.dir} />}
          <button type="submit" className={PRIMARY}>
            Show
          </button>
          {collectionsHref({ ...query, page: 1, sort: "over90", dir: "desc" }) !== "/collections" && (
            <Link href="/collections" prefetch={false} className={BUTTON}>
              Clear
            </Link>
          )}
        </form>
      </FilterDisclosure>

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
          {all.length > 0 && (
            <a href={exportHref} download className={BUTTON}>
              Export CSV<span className="sr-only"> of the {all.length.toLocaleString("en-US")} accounts</span>
            </a>
          )}
        </div>
        {all.length === 0 ? (
          <p className="rounded border border-dashed border-slate-400 p-4 text-sm">No account matches these filters.</p>
        ) : (
          <CollectionsTable rows={shown.rows} query={query} describedBy="collections-count" />
        )}
        {shown.pages > 1 && (
          <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm">
            {shown.page > 1 ? (
              <Link
                href={`${collectionsHref({ ...query, page: shown.page - 1 })}#collections-list` as never}
                prefetch={false}
                className={BUTTON}
              >
                Previous<span className="sr-only"> page</span>
              </Link>
            ) : null}
            <span aria-current="page">
              Page {shown.page} of {shown.pages}
            </span>
            {shown.page < shown.pages ? (
              <Link
                href={`${collectionsHref({ ...query, page: shown.page + 1 })}#collections-list` as never}
                prefetch={false}
                className={BUTTON}
              >
                Next<span className="sr-only"> page</span>
              </Link>
            ) : null}
          </nav>
        )}
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
