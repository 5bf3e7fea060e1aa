import Link from "next/link";
import { formatMoney } from "@/lib/format/display";
import { PAGE_PARAMS, pageHref } from "@/lib/domain/page-href";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import { SnapshotSearchForm } from "../collections/snapshot-search-form";

/** Matches a search shows at most: more are narrowed by typing more of the name. */
export const SHOWN_MATCHES = 20;

interface AccountSearchProps {
  /** The words searched for (the address's `q`), or "". */
  q: string;
  /** The snapshot's accounts that match, in the order shown; undefined until the key's collections list is in. */
  matches: CollectionRow[] | undefined;
  /** Without a snapshot: its first walk is under way. */
  reading: boolean;
  /** The statement open now, whose match is marked. */
  account: number | undefined;
}

/**
 * How the distributor's staff find an account's statement: by a customer's name or id, or an AR account's
 * id, searched in the key's collections snapshot (Backroom's database: no request to the API), each match with its AR
 * account; choosing one opens its statement. A GET form, as the Collections page's search: the address holds the
 * search, and the page needs no script for it. Until the key's first walk is in, only an AR account's number opens one.
 */
export function AccountSearch({ q, matches, reading, account }: AccountSearchProps) {
  const id = /^\d{1,12}$/.test(q) ? Number(q) : undefined;
  const exact = id !== undefined && matches?.some((m) => m.arAccountId === id);
  // The search stays in the address of the statement opened from it: its matches stay above the statement.
  const statementHref = (arAccountId: number) => pageHref.statements({ account: arAccountId, q });
  return (
    <div className="space-y-3">
      <SnapshotSearchForm
        action="/statements"
        name="Find an account"
        id="statement-search"
        label="Customer or AR account"
        hint={
          matches
            ? "A customer's name or id, or an AR account's number"
            : `An AR account's number; names once this key's collections list is in${reading ? " (being read now)" : ""}`
        }
        param={PAGE_PARAMS.statements.q}
        q={q}
      />
      {q && (
        <Matches
          q={q}
          matches={matches}
          reading={reading}
          id={id}
          exact={exact ?? false}
          account={account}
          href={statementHref}
        />
      )}
    </div>
  );
}

type StatementHref = (id: number) => ReturnType<typeof pageHref.statements>;

/**
 * What a search found: without the key's collections list, a name is told to wait for it (a number still opens its
 * statement); with it, the matching accounts. While a statement is open below, they fold away under their count.
 */
function Matches({
  q,
  matches,
  reading,
  id,
  exact,
  account,
  href,
}: {
  q: string;
  matches: CollectionRow[] | undefined;
  reading: boolean;
  id: number | undefined;
  exact: boolean;
  account: number | undefined;
  href: StatementHref;
}) {
  // A number the snapshot does not hold (no snapshot yet, or an account with no aging): its statement may still be read.
  const byNumber = id !== undefined && !exact && (
    <p className="text-sm">
      <Link href={href(id)} prefetch={false} className="link">
        Open the statement of AR account {id}
      </Link>
    </p>
  );
  if (matches === undefined) {
    return (
      byNumber || (
        <p
          role="status"
          className="max-w-3xl rounded border border-sky-700 bg-sky-50 p-3 text-sm dark:border-sky-400 dark:bg-sky-950"
        >
          Names can be searched once this key&apos;s collections list is in
          {reading ? ": it is being read now, within a small share of the key's hourly budget" : ""}. Meanwhile, enter
          an AR account&apos;s number, or{" "}
          <Link href={pageHref.statements({ q })} prefetch={false} className="link">
            search again
          </Link>{" "}
          in a moment.
        </p>
      )
    );
  }
  const count =
    matches.length === 0
      ? `No account matches “${q}”`
      : `${matches.length.toLocaleString("en-US")} ${matches.length === 1 ? "account matches" : "accounts match"} “${q}”`;
  const shown = matches.slice(0, SHOWN_MATCHES);
  const list = shown.length > 0 && (
    <>
      <ul className="divide-y divide-slate-300 rounded border border-slate-300 sm:max-w-2xl dark:divide-slate-700 dark:border-slate-700">
        {shown.map((m) => (
          <li key={m.arAccountId}>
            <Link
              href={href(m.arAccountId)}
              prefetch={false}
              aria-current={m.arAccountId === account ? "page" : undefined}
              className="flex min-h-11 flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-3 py-2 hover:bg-slate-50 aria-[current=page]:bg-sky-50 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-sky-950"
            >
              <span>
                <span className="font-semibold underline">{m.name}</span>
                <span className="text-slate-700 dark:text-slate-300"> · AR account {m.arAccountId}</span>
                {m.customerNames.length > 1 && (
                  <span className="block text-xs text-slate-700 dark:text-slate-300">{m.customerNames.join(", ")}</span>
                )}
              </span>
              <span className="text-xs text-slate-700 dark:text-slate-300">
                {[m.state, `balance ${formatMoney(m.total)}`].filter(Boolean).join(" · ")}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {matches.length > SHOWN_MATCHES && (
        <p className="text-sm">The first {SHOWN_MATCHES} by name: type more of it to narrow them.</p>
      )}
    </>
  );
  return (
    <section aria-labelledby="statement-matches" className="space-y-2">
      <h2 id="statement-matches" className="text-sm font-semibold">
        {count}
      </h2>
      {account === undefined
        ? list
        : list && (
            <details className="space-y-2">
              <summary className="cursor-pointer text-sm">Show them again</summary>
              {list}
            </details>
          )}
      {byNumber}
    </section>
  );
}
