import Link from "next/link";
import { PAGE_PARAMS, pageHref } from "@/lib/domain/page-href";
import { fieldClass, PRIMARY } from "@/lib/ui/styles";

/** A retailer's AR accounts (from its open invoices), and another one by its number. */
export function RetailerAccounts({
  accounts,
  account,
  named,
}: {
  accounts: { id: number; name: string }[];
  account: number | undefined;
  named: number | undefined;
}) {
  return (
    <nav aria-label="AR accounts" className="flex flex-wrap items-end gap-x-6 gap-y-3">
      {accounts.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {accounts.map((a) => (
            <li key={a.id}>
              <Link
                href={pageHref.statements({ account: a.id })}
                prefetch={false}
                aria-current={a.id === account ? "page" : undefined}
                className="block rounded border border-slate-400 px-3 py-1.5 text-sm aria-[current=page]:border-sky-800 aria-[current=page]:bg-sky-50 aria-[current=page]:font-semibold dark:aria-[current=page]:border-sky-300 dark:aria-[current=page]:bg-sky-950"
              >
                {a.name} <span className="text-slate-700 dark:text-slate-300">· AR account {a.id}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <form method="get" action="/statements" className="flex items-end gap-2">
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="statement-account">{accounts.length > 0 ? "Another AR account" : "AR account"}</label>
          <input
            id="statement-account"
            name={PAGE_PARAMS.statements.account}
            inputMode="numeric"
            pattern="\d{1,12}"
            required
            defaultValue={named === undefined || accounts.some((a) => a.id === named) ? "" : String(named)}
            className={fieldClass(false, "mt-1 w-36")}
          />
        </div>
        <button type="submit" className={PRIMARY}>
          Open the statement
        </button>
      </form>
    </nav>
  );
}
