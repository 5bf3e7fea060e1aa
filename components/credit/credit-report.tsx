import Link from "next/link";
import { FilterDisclosure } from "@/components/table/filter-disclosure";
import {
  CREDIT_OVER,
  CREDIT_SORTS,
  type CreditQuery,
  type CreditSort,
  creditListRows,
} from "@/lib/domain/credit/input";
import { SCORE_DEFINITIONS } from "@/lib/domain/credit/score";
import type { CreditRow } from "@/lib/domain/credit/view";
import { ROWS_PER_PAGE as PAGE_SIZE } from "@/lib/domain/page-of";
import { formatDate } from "@/lib/format/display";
import { creditListHref } from "@/lib/ui/credit/links";
import { BUTTON, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { filtersSet } from "@/lib/ui/views/filter-count";
import { CreditTable } from "./credit-table";

/** The Credit page's heading and what it reads from. */
export function CreditTitle() {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">Credit</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        Every AR account&apos;s credit limit, what of it the balance and the reorder lists sent and not yet invoiced
        use, and its payment-reliability score, from this key&apos;s daily collections snapshot and the limits your
        staff set: opening this page asks nothing of the API.
      </p>
    </div>
  );
}

const SORT_LABELS: Record<CreditSort, string> = {
  used: "Share of the limit in use",
  available: "Credit available",
  score: "Payment-reliability score",
  balance: "Balance",
  over60: "Owing over 60 days",
  name: "Name",
};

const OVER_LABELS: Record<(typeof CREDIT_OVER)[number], string> = {
  limit: "Over its limit",
  "60": "Owing over 60 days",
};

function CreditFilters({ query }: { query: CreditQuery }) {
  return (
    <FilterDisclosure count={filtersSet({ over: query.over, q: query.q })}>
      <form method="get" action="/credit" className="flex flex-wrap items-end gap-3" aria-label="Filter the accounts">
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="credit-over">Show</label>
          <select id="credit-over" name="over" defaultValue={query.over ?? ""} className={fieldClass(false, "mt-1")}>
            <option value="">Every account</option>
            {CREDIT_OVER.map((over) => (
              <option key={over} value={over}>
                {OVER_LABELS[over]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="credit-q">Customer or account</label>
          <input
            id="credit-q"
            name="q"
            type="search"
            maxLength={200}
            defaultValue={query.q ?? ""}
            className={fieldClass(false, "mt-1 w-56")}
          />
        </div>
        {/* The sort, here too: on a phone the accounts are cards, with no column header to sort by. */}
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="credit-sort">Sort by</label>
          <select id="credit-sort" name="sort" defaultValue={query.sort} className={fieldClass(false, "mt-1")}>
            {CREDIT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="credit-dir">Order</label>
          <select id="credit-dir" name="dir" defaultValue={query.dir} className={fieldClass(false, "mt-1")}>
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </div>
        <button type="submit" className={`${PRIMARY} min-h-11 sm:min-h-0`}>
          Show
        </button>
        {(query.over || query.q) && (
          <Link href="/credit" prefetch={false} className={`${BUTTON} inline-flex min-h-11 items-center sm:min-h-0`}>
            Clear
          </Link>
        )}
      </form>
    </FilterDisclosure>
  );
}

function Pager({ query, page, pages }: { query: CreditQuery; page: number; pages: number }) {
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm">
      {page > 1 && (
        <Link
          href={`${creditListHref({ ...query, page: page - 1 })}#credit-list` as never}
          prefetch={false}
          className={BUTTON}
        >
          Previous<span className="sr-only"> page</span>
        </Link>
      )}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link
          href={`${creditListHref({ ...query, page: page + 1 })}#credit-list` as never}
          prefetch={false}
          className={BUTTON}
        >
          Next<span className="sr-only"> page</span>
        </Link>
      )}
    </nav>
  );
}

export type CreditReportProps =
  | { ready: false }
  | { ready: true; asOf: string; rows: CreditRow[]; query: CreditQuery; cards: boolean };

/**
 * The Credit page's body, drawn on the server from the key's snapshot and the limits (no JavaScript of its own): the
 * filters are a GET form, the sort and pages links, so the address holds the view. The most used first by default.
 */
export function CreditReport(props: CreditReportProps) {
  if (!props.ready)
    return (
      <div className="space-y-4">
        <CreditTitle />
        <p
          role="status"
          className="max-w-3xl rounded border border-sky-700 bg-sky-50 p-4 dark:border-sky-400 dark:bg-sky-950"
        >
          This key&apos;s collections list is being read in the background: the accounts&apos; credit shows here once
          the AR aging, the customers and the payments are in.{" "}
          <Link href="/credit" prefetch={false} className="underline">
            Check again
          </Link>
        </p>
      </div>
    );
  const { query, rows } = props;
  const listed = creditListRows(rows, query);
  const pages = Math.max(1, Math.ceil(listed.total / PAGE_SIZE));
  const withLimit = rows.filter((r) => r.limit !== null).length;
  const count =
    listed.total === rows.length
      ? `${listed.total.toLocaleString("en-US")} accounts`
      : `${listed.total.toLocaleString("en-US")} of ${rows.length.toLocaleString("en-US")} accounts`;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <CreditTitle />
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="credit-freshness">
          Balances as of the aging&apos;s close {formatDate(props.asOf)} · {withLimit.toLocaleString("en-US")} of{" "}
          {rows.length.toLocaleString("en-US")} accounts have a limit · set one on the customer&apos;s page
        </p>
      </div>
      <CreditFilters query={query} />
      <section aria-labelledby="credit-heading" id="credit-list" className="space-y-2">
        <h2 id="credit-heading" className="sr-only">
          Accounts
        </h2>
        <p id="credit-count" className="text-sm text-slate-700 dark:text-slate-300">
          {count}
          {pages > 1 ? `; page ${listed.page} of ${pages}, ${listed.rows.length} rows shown.` : "."} Accounts without a
          limit come last when sorted by use or available credit.
        </p>
        {listed.total === 0 ? (
          <p className="rounded border border-dashed border-slate-400 p-4 text-sm">
            {rows.length === 0 ? "The snapshot holds no AR account." : "No account matches these filters."}
          </p>
        ) : (
          <CreditTable rows={listed.rows} query={query} cards={props.cards} describedBy="credit-count" />
        )}
        {pages > 1 && <Pager query={query} page={listed.page} pages={pages} />}
      </section>
      <section aria-labelledby="credit-definitions" className="space-y-2">
        <h2 id="credit-definitions" className="text-lg font-semibold">
          Definitions
        </h2>
        <div className="max-w-3xl space-y-2 text-sm">
          <p>
            Available = the limit − the balance (the aging&apos;s total outstanding) − the reorder lists sent for the
            account&apos;s stores and not yet invoiced. Used = (the balance + those lists) ÷ the limit.
          </p>
          {SCORE_DEFINITIONS.split("\n")
            .filter((line) => line.trim() !== "")
            .map((line) => (
              <p key={line}>{line}</p>
            ))}
        </div>
      </section>
    </div>
  );
}
