import type { GuideData, GuideRow } from "@/lib/domain/order-guide/guide-data";
import { GUIDE_PAGE, type GuideParams } from "@/lib/domain/order-guide/guide-filter";
import { formatDay, formatMoney, formatQuantity, MISSING, NEVER_COUNTED } from "@/lib/format/display";
import { GuideFilters, guideHref } from "./guide-filters";
import { LIST_FORM_ID, SendListForm } from "./send-list-form";
import { LAYOUT, ROW_INDEX } from "./guide-layout";
import { ShowMore } from "./show-more";
import { plural } from "@/lib/format/plural";
import { untilEnd } from "@/lib/domain/views/sentinels";
import { CreditLine } from "@/components/credit/credit-figures";
import type { CreditView } from "@/lib/domain/credit/view";
import { creditHref } from "@/lib/ui/credit/links";

interface GuideTableProps {
  guide: GuideData;
  /** The rows the filters keep. */
  rows: GuideRow[];
  choices: { brands: string[]; categories: string[] };
  params: GuideParams & { customer: number };
  /** A Customer key's stores (the filters' store choice); undefined for an Employee key. */
  stores: { id: number; name: string }[] | undefined;
  /** Set when the person may send a reorder list (owners, admins, purchasing): a quantity per row and the send. */
  send?: { recipient: string | null; mailDelivers: boolean };
  /** The store's credit, when the feature could read it for this key: a line above the products, a warning on send. */
  credit?: Pick<CreditView, "arAccountId" | "available" | "limit" | "balance" | "openLists" | "openListCount">;
}

/**
 * A row's quantity to ask the rep for, in cases, tied to the send's form: the suggestion at first where the shelf was
 * counted, empty where it never was (a suggestion from the usual order and what the store bought alone is the buyer's
 * to take: "Fill suggestions"). A product with no case price today (no price, or no units per case) has no field: a
 * list is priced, and the server refuses it.
 */
function CasesField({ row }: { row: GuideRow }) {
  if (row.casePrice === null) return <span className="text-slate-700 dark:text-slate-300">no case price today</span>;
  return (
    <input
      type="number"
      inputMode="numeric"
      min={0}
      max={9999}
      step={1}
      form={LIST_FORM_ID}
      data-product={row.productId}
      data-suggestion={row.suggestedCases}
      defaultValue={row.shelf === null ? "" : row.suggestedCases}
      aria-label={`Cases of ${row.name} to ask for`}
      className="h-11 w-20 rounded border border-slate-400 px-2 text-right dark:border-slate-500 dark:bg-slate-900"
    />
  );
}

const MUTED = "text-slate-700 dark:text-slate-300";

/** What a row's figures read as: the API's sentinels spelt out, a negative count said. */
function figures(row: GuideRow) {
  const shelf =
    row.shelf === null ? NEVER_COUNTED : row.shelf.startsWith("-") ? `${row.shelf} (negative count)` : row.shelf;
  const cover = row.daysOfCover ?? (row.shelf === null ? MISSING : "no sales");
  const promotion = row.onPromotion ? untilEnd(row.promotionEnds) : MISSING;
  const stock = `${row.bucket ?? "not listed"}${row.inStock ? "" : " · not orderable"}`;
  const usual = row.usualCases === null ? MISSING : plural(row.usualCases, "case");
  const bought = `${formatQuantity(row.boughtCases ?? "0")} bought in 180 days`;
  const suggested = `${plural(row.suggestedCases, "case")}${row.sample ? " (a sample)" : ""}`;
  return { shelf, cover, promotion, stock, usual, bought, suggested };
}

/** What the store bought, returns taken off: what its suggestions are bounded by, said above them. */
function Purchases({ guide }: { guide: GuideData }) {
  const { purchases: p, coverDays } = guide;
  return (
    <p
      className="text-sm text-slate-700 dark:text-slate-300"
      data-testid="store-purchases"
      data-figure="order-guide-bought-since"
    >
      Bought since {formatDay(p.from)}: {formatMoney(p.lastDays.total)} ({plural(p.lastDays.cases, "case")}), returns
      taken off; {plural(coverDays, "day")} at its pace of the last 180: {formatMoney(p.pace.total)} (
      {plural(formatQuantity(p.pace.cases, 2), "case")}). Suggestions stay within what it buys.
    </p>
  );
}

/**
 * A store's order guide: cards on a phone (no sideways scroll), a table from 640 px. The figures as the API's records
 * make them (`lib/domain/order-guide/guide.ts`); the suggestion in whole cases, 0 for what is out of stock.
 */
export function GuideTable({ guide, rows, choices, params, stores, send, credit }: GuideTableProps) {
  const shown = params.show ?? GUIDE_PAGE;
  if (!guide.found)
    return (
      <div className="space-y-4">
        <GuideFilters params={params} stores={stores} choices={undefined} />
        <p role="alert">No customer {guide.customerId} is among this key&apos;s customers: check the CustomerID.</p>
      </div>
    );
  return (
    <div className="space-y-4">
      <GuideFilters params={params} stores={stores} choices={choices} day={guide.day} />
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {guide.customerName ?? `Store ${guide.customerId}`}: {rows.length} of {guide.rows.length} products, prices as of{" "}
        {formatDay(guide.day)}, suggestions to cover {plural(guide.coverDays, "day")}.
        {!guide.complete && " Some lists were longer than the guide reads: it may leave products out."}
      </p>
      <Purchases guide={guide} />
      {credit && <CreditLine view={credit} href={creditHref(credit.arAccountId)} />}
      {rows.length === 0 ? (
        <p>No product matches these filters.</p>
      ) : (
        <>
          <GuideCards rows={rows} shown={shown} send={!!send} />
          <GuideDesk guide={guide} rows={rows} shown={shown} send={!!send} />
          <ShowMore total={rows.length} shown={shown} step={GUIDE_PAGE} href={guideHref(params)} />
          {send && (
            <SendListForm
              purchases={guide.purchases}
              coverDays={guide.coverDays}
              rows={guide.rows}
              customer={guide.customerId}
              day={guide.day}
              recipient={send.recipient}
              mailDelivers={send.mailDelivers}
              credit={credit && { limit: credit.limit, available: credit.available }}
            />
          )}
        </>
      )}
    </div>
  );
}

interface LayoutProps {
  rows: GuideRow[];
  /** Rows past this many are drawn hidden, for "Show more" (`ShowMore`). */
  shown: number;
  /** Whether each row has its quantity field. */
  send: boolean;
}

/** The guide's rows as cards, on a phone (no sideways scroll). */
function GuideCards({ rows, shown, send }: LayoutProps) {
  return (
    <ul className="space-y-2 sm:hidden" aria-label="Products" {...{ [LAYOUT]: "cards" }}>
      {rows.map((row, i) => {
        const s = figures(row);
        return (
          <li
            key={row.productId}
            id={`guide-card-${i}`}
            hidden={i >= shown}
            tabIndex={-1}
            {...{ [ROW_INDEX]: i }}
            className="rounded border border-slate-300 p-3 dark:border-slate-600"
          >
            <h2 className="font-semibold break-words">{row.name}</h2>
            <p className="text-xs text-slate-700 dark:text-slate-300">
              {[row.brand, row.category].filter(Boolean).join(" · ") || MISSING}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className={MUTED}>Shelf</dt>
              <dd>
                {row.shelf === null ? (
                  s.shelf
                ) : (
                  <>
                    {s.shelf} ·{" "}
                    <span data-figure="order-guide-days-of-cover">
                      {row.daysOfCover === null ? s.cover : `${row.daysOfCover} days of cover`}
                    </span>
                  </>
                )}
              </dd>
              <dt className={MUTED}>Usual order</dt>
              <dd>
                <span data-figure="order-guide-usual">{s.usual}</span> ·{" "}
                <span data-figure="order-guide-bought">{s.bought}</span>
              </dd>
              <dt className={MUTED}>Unit · case</dt>
              <dd>
                {formatMoney(row.unitPrice)} · {formatMoney(row.casePrice)}
              </dd>
              {row.onPromotion && (
                <>
                  <dt className={MUTED}>Promotion</dt>
                  <dd>{s.promotion}</dd>
                </>
              )}
              <dt className={MUTED}>Warehouse</dt>
              <dd>{s.stock}</dd>
            </dl>
            <div className="mt-2 flex min-h-11 items-center justify-between gap-3 text-sm">
              <p>
                <span className="font-semibold" data-figure="order-guide-suggested">
                  Suggested: {s.suggested}
                </span>
                {send && (
                  <span aria-hidden="true" className={`block ${MUTED}`}>
                    Cases to ask for
                  </span>
                )}
              </p>
              {send && <CasesField row={row} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The guide's rows as a table, from 640 px. */
function GuideDesk({ guide, rows, shown, send }: LayoutProps & { guide: GuideData }) {
  return (
    <div className="hidden overflow-x-auto sm:block" {...{ [LAYOUT]: "table" }}>
      <table className="w-full text-sm">
        <caption className="sr-only">Order guide of {guide.customerName ?? `store ${guide.customerId}`}</caption>
        <thead>
          <tr className="border-b border-slate-400 text-left">
            <th scope="col" className="p-2">
              Product
            </th>
            <th scope="col" className="p-2 text-right">
              Shelf
            </th>
            <th scope="col" className="p-2 text-right">
              Days of cover
            </th>
            <th scope="col" className="p-2 text-right">
              Usual (cases)
            </th>
            <th scope="col" className="p-2 text-right">
              Bought in 180 days (cases)
            </th>
            <th scope="col" className="p-2 text-right">
              Unit
            </th>
            <th scope="col" className="p-2 text-right">
              Case
            </th>
            <th scope="col" className="p-2">
              Promotion
            </th>
            <th scope="col" className="p-2">
              Warehouse
            </th>
            <th scope="col" className="p-2 text-right">
              Suggested cases
            </th>
            {send && (
              <th scope="col" className="p-2 text-right">
                Cases to ask for
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const s = figures(row);
            return (
              <tr
                key={row.productId}
                id={`guide-row-${i}`}
                hidden={i >= shown}
                tabIndex={-1}
                {...{ [ROW_INDEX]: i }}
                className="border-b border-slate-200 dark:border-slate-700"
              >
                <th scope="row" className="p-2 text-left font-medium">
                  {row.name}
                  <span className="block text-xs font-normal text-slate-700 dark:text-slate-300">
                    {[row.brand, row.category].filter(Boolean).join(" · ")}
                  </span>
                </th>
                <td className="p-2 text-right">{s.shelf}</td>
                <td className="p-2 text-right" data-figure="order-guide-days-of-cover">
                  {s.cover}
                </td>
                <td className="p-2 text-right" data-figure="order-guide-usual">
                  {row.usualCases ?? MISSING}
                </td>
                <td className="p-2 text-right" data-figure="order-guide-bought">
                  {formatQuantity(row.boughtCases ?? "0")}
                </td>
                <td className="p-2 text-right">{formatMoney(row.unitPrice)}</td>
                <td className="p-2 text-right">{formatMoney(row.casePrice)}</td>
                <td className="p-2">{s.promotion}</td>
                <td className="p-2">{s.stock}</td>
                <td className="p-2 text-right font-semibold" data-figure="order-guide-suggested">
                  {row.suggestedCases}
                  {row.sample && <span className="block text-xs font-normal">a sample</span>}
                </td>
                {send && (
                  <td className="p-2 text-right">
                    <CasesField row={row} />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
