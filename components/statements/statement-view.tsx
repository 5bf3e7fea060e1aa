import Link from "next/link";
import { closeText } from "@/lib/domain/ar-aging/close";
import type { DisputeDigest } from "@/lib/domain/disputes/digest";
import { formatDay, formatMoney } from "@/lib/format/display";
import { pageHref } from "@/lib/domain/page-href";
import { type Statement, STATEMENT_DEFINITIONS } from "@/lib/domain/statements/statement";
import { agingBoxes, statementTables } from "@/lib/domain/statements/statement-tables";
import { BUTTON } from "@/lib/ui/styles";
import { StatementTableView } from "./statement-table";

interface StatementViewProps {
  statement: Statement;
  /** The day the address asked for, when the API's aging is not as of it. */
  askedFor?: string;
  /** "Shown as of …": the reads' oldest last-known answer, in words. */
  staleLine?: string;
  /** The viewer's zone: the close's time is read in it, as on the AR aging report (the date is the account's day). */
  timeZone: string;
  /** The disputes of the account's stores the reader is a side of (`statementDisputes`). */
  disputes?: readonly DisputeDigest[];
}

// A statement of account on its page, drawn on the server (no JavaScript of its own) from the model and the tables
// the PDF draws (`buildStatement`, `statementTables`): so what is downloaded is what is on screen, to the cent.

export function StatementView({ statement, askedFor, staleLine, timeZone, disputes }: StatementViewProps) {
  const name = statement.name ?? `AR account ${statement.arAccountId}`;
  const pdf = (size: "Letter" | "A4") =>
    `/api/statements/${statement.arAccountId}.pdf?${new URLSearchParams({ ...(statement.asOf ? { asOf: statement.asOf } : {}), size })}`;
  return (
    <article aria-labelledby="statement-heading" className="space-y-6">
      {askedFor && statement.asOf && (
        <p
          role="note"
          className="max-w-3xl rounded border border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          The Data API keeps its aging as of its last close only: a statement of {formatDay(askedFor)} cannot be made
          from it. This is the statement as of the close of {formatDay(statement.asOf)}.
        </p>
      )}
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-300 pb-4 dark:border-slate-700">
        <div>
          {statement.distributor ? (
            <>
              <p className="font-semibold">{statement.distributor.name}</p>
              <address className="text-sm not-italic text-slate-700 dark:text-slate-300">
                {statement.distributor.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              The account&apos;s warehouse does not name the distributor.
            </p>
          )}
        </div>
        <div className="text-right">
          <h2 id="statement-heading" className="text-xl font-bold">
            Statement of account
          </h2>
          <p className="text-sm">
            AR account {statement.arAccountId} · {name}
          </p>
          <p className="text-sm" data-testid="statement-date">
            {statement.asOf ? (
              <>
                Statement date {formatDay(statement.asOf)}
                {statement.closedAt && (
                  <span className="block text-xs text-slate-700 dark:text-slate-300">
                    the distributor&apos;s close, {closeText(statement.closedAt, timeZone)}
                  </span>
                )}
              </>
            ) : (
              "Nothing was open on the account at the API's last close."
            )}
          </p>
          {staleLine && <p className="text-xs text-slate-700 dark:text-slate-300">{staleLine}</p>}
        </div>
      </header>

      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <p className="font-semibold">{name}</p>
          {statement.customers.map((c) => (
            <p key={c.customerId} className="text-sm text-slate-700 dark:text-slate-300">
              <Link href={`/customers/${c.customerId}`} prefetch={false} className="link">
                {c.name ?? `Customer ${c.customerId}`}
              </Link>
              {[c.address, c.licenseNum ? `license ${c.licenseNum}` : undefined]
                .filter(Boolean)
                .map((part) => ` · ${part}`)}
            </p>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={pdf("Letter")} download className={BUTTON}>
            Download PDF<span className="sr-only"> of the statement,</span> (Letter)
          </a>
          <a href={pdf("A4")} download className={BUTTON}>
            Download PDF<span className="sr-only"> of the statement,</span> (A4)
          </a>
        </div>
      </div>

      <section aria-labelledby="statement-aging" className="space-y-3">
        <h2 id="statement-aging" className="text-lg font-semibold">
          {statement.asOf ? `Aging at the close of ${formatDay(statement.asOf)}` : "Aging"}
        </h2>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" data-figure="statement-aging">
          {agingBoxes(statement).map((box) => (
            <div key={box.label} className="rounded border border-slate-300 p-2 dark:border-slate-700">
              <dt className="text-xs text-slate-700 dark:text-slate-300">{box.label}</dt>
              <dd className={`tabular-nums ${box.strong ? "text-lg font-bold" : ""}`}>{box.value}</dd>
            </div>
          ))}
        </dl>
        <p className="font-semibold" data-testid="statement-balance" data-figure="statement-outstanding">
          Balance outstanding {formatMoney(statement.aging.total)}
          {statement.credits.length > 0 && (
            <> · credit on payments not yet applied {formatMoney(statement.creditTotal)}</>
          )}
        </p>
        {statement.credits.length > 0 && (
          <p className="text-sm">
            <Link href={pageHref.payments({ account: statement.arAccountId })} prefetch={false} className="link">
              Allocate the credit on Payments
            </Link>
          </p>
        )}
      </section>

      {statementTables(statement, disputes).map((table) => (
        <StatementTableView key={table.id} table={table} />
      ))}

      <section aria-labelledby="statement-about" className="max-w-3xl space-y-2 text-sm">
        <h2 id="statement-about" className="text-lg font-semibold">
          About this statement
        </h2>
        {[...statement.notes, ...STATEMENT_DEFINITIONS].map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
    </article>
  );
}
