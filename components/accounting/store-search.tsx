import Link from "next/link";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import { PAGE_PARAMS, pageHref } from "@/lib/domain/page-href";
import { SnapshotSearchForm } from "../collections/snapshot-search-form";

/** Stores a search shows at most: more are narrowed by typing more of the name. */
const SHOWN = 20;

interface StoreSearchProps {
  /** The words searched for (the address's `q`), or "". */
  q: string;
  /** The snapshot's accounts that match; undefined until the key's collections list is in. */
  matches: CollectionRow[] | undefined;
  /** Without a snapshot: its first walk is under way. */
  reading: boolean;
  /** The store chosen now, whose match is marked. */
  customer: number | undefined;
}

/**
 * How the distributor's staff find the store whose books they export (an Employee key names one): by a customer's
 * name or id, in the key's collections snapshot (Backroom's database: no request to the API), as the Statements page
 * finds an account (`components/statements/account-search.tsx`); each match's stores are links that fill the form's
 * store. A GET form: the address holds the search. Until the key's first walk is in, the store's CustomerID is typed.
 */
export function StoreSearch({ q, matches, reading, customer }: StoreSearchProps) {
  const stores = (matches ?? []).flatMap((row) =>
    row.customerIds.map((id, i) => ({ id, name: row.customerNames[i] ?? `Customer ${id}`, row })),
  );
  return (
    <div className="max-w-5xl space-y-3">
      <SnapshotSearchForm
        action="/accounting"
        name="Find a store"
        id="store-search"
        label="Find a store"
        hint={
          matches
            ? "A customer's name or id"
            : `Names once this key's collections list is in${reading ? " (being read now)" : ""}; meanwhile, type the store's CustomerID in the form`
        }
        param={PAGE_PARAMS.accounting.q}
        q={q}
      />
      {q && matches === undefined && (
        <p
          role="status"
          className="rounded border border-sky-700 bg-sky-50 p-3 text-sm dark:border-sky-400 dark:bg-sky-950"
        >
          Names can be searched once this key&apos;s collections list is in
          {reading ? ": it is being read now, within a small share of the key's hourly budget" : ""}. Meanwhile, type
          the store&apos;s CustomerID in the form below.
        </p>
      )}
      {q && matches !== undefined && (
        <section aria-labelledby="store-matches" className="space-y-2">
          <h2 id="store-matches" className="text-sm font-semibold">
            {stores.length === 0
              ? `No store matches “${q}”`
              : `${stores.length.toLocaleString("en-US")} ${stores.length === 1 ? "store matches" : "stores match"} “${q}”`}
          </h2>
          {stores.length > 0 && (
            <ul className="divide-y divide-slate-300 rounded border border-slate-300 sm:max-w-2xl dark:divide-slate-700 dark:border-slate-700">
              {stores.slice(0, SHOWN).map((store) => (
                <li key={store.id}>
                  <Link
                    href={pageHref.accounting({ customer: store.id, q })}
                    prefetch={false}
                    aria-current={store.id === customer ? "true" : undefined}
                    className="flex min-h-11 flex-wrap items-baseline justify-between gap-x-4 px-3 py-2 hover:bg-slate-50 aria-[current=true]:bg-sky-50 dark:hover:bg-slate-800 dark:aria-[current=true]:bg-sky-950"
                  >
                    <span>
                      <span className="font-semibold underline">{store.name}</span>
                      <span className="text-slate-700 dark:text-slate-300"> · CustomerID {store.id}</span>
                    </span>
                    <span className="text-xs text-slate-700 dark:text-slate-300">
                      {[store.row.state, `AR account ${store.row.arAccountId}`].filter(Boolean).join(" · ")}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {stores.length > SHOWN && <p className="text-sm">The first {SHOWN}: type more of the name to narrow them.</p>}
        </section>
      )}
    </div>
  );
}
