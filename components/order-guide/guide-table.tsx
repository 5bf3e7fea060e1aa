import type { GuideData, GuideRow } from "@/lib/domain/order-guide/guide-data";
import type { GuideParams } from "@/lib/domain/order-guide/guide-filter";
import { formatDay, formatMoney, MISSING, NEVER_COUNTED } from "@/lib/format/display";
import { GuideFilters } from "./guide-filters";
import { LIST_FORM_ID, SendListForm } from "./send-list-form";
import { plural } from "@/lib/format/plural";
import { untilEnd } from "@/lib/domain/views/sentinels";

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
}

/**
 * A row's quantity to ask the rep for, in cases, tied to the send's form: the suggestion at first where the shelf was
 * counted, empty where it never was (a suggestion from the usual order alone is the buyer's to take: "Fill
 * suggestions"). A product with no case price today (no price, or no units per case) has no field: a list is priced,
 * and the server refuses it.
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

/** What a row's figures read as: the API's sentinels spelt out, a negative count said. */
function shown(row: GuideRow) {
  const shelf =
    row.shelf === null ? NEVER_COUNTED : row.shelf.startsWith("-") ? `${row.shelf} (negative count)` : row.shelf;
  const cover = row.daysOfCover ?? (row.shelf === null ? MISSING : "no sales");
  const promotion = row.onPromotion ? untilEnd(row.promotionEnds) : MISSING;
  const stock = `${row.bucket ?? "not listed"}${row.inStock ? "" : " · not orderable"}`;
  return { shelf, cover, promotion, stock };
}

/**
 * A store's order guide: cards on a phone (no sideways scroll), a table from 640 px. The figures as the API's records
 * make them (`lib/domain/order-guide/guide.ts`); the suggestion in whole cases, 0 for what is out of stock.
 */
export function GuideTable({ guide, rows, choices, params, stores, send }: GuideTableProps) {
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
      {rows.length === 0 ? (
        <p>No product matches these filters.</p>
      ) : (
        <>
          <ul className="space-y-3 sm:hidden" aria-label="Products">
            {rows.map((row) => {
              const s = shown(row);
              return (
                <li key={row.productId} className="rounded border border-slate-300 p-3 dark:border-slate-600">
                  <h2 className="font-semibold break-words">{row.name}</h2>
                  <p className="text-xs text-slate-700 dark:text-slate-300">
                    {[row.brand, row.category].filter(Boolean).join(" · ") || MISSING}
                  </p>
                  <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-700 dark:text-slate-300">Shelf</dt>
                    <dd>{s.shelf}</dd>
                    <dt className="text-slate-700 dark:text-slate-300">Days of cover</dt>
                    <dd>{s.cover}</dd>
                    <dt className="text-slate-700 dark:text-slate-300">Usual order</dt>
                    <dd>{row.usualCases === null ? MISSING : plural(row.usualCases, "case")}</dd>
                    <dt className="text-slate-700 dark:text-slate-300">Unit · case</dt>
                    <dd>
                      {formatMoney(row.unitPrice)} · {formatMoney(row.casePrice)}
                    </dd>
                    <dt className="text-slate-700 dark:text-slate-300">Promotion</dt>
                    <dd>{s.promotion}</dd>
                    <dt className="text-slate-700 dark:text-slate-300">Warehouse</dt>
                    <dd>{s.stock}</dd>
                    <dt className="font-semibold">Suggested</dt>
                    <dd className="font-semibold">{plural(row.suggestedCases, "case")}</dd>
                  </dl>
                  {send && (
                    <p className="mt-2 flex items-center justify-between gap-3 text-sm">
                      <span aria-hidden="true">Cases to ask for</span>
                      <CasesField row={row} />
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
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
                {rows.map((row) => {
                  const s = shown(row);
                  return (
                    <tr key={row.productId} className="border-b border-slate-200 dark:border-slate-700">
                      <th scope="row" className="p-2 text-left font-medium">
                        {row.name}
                        <span className="block text-xs font-normal text-slate-700 dark:text-slate-300">
                          {[row.brand, row.category].filter(Boolean).join(" · ")}
                        </span>
                      </th>
                      <td className="p-2 text-right">{s.shelf}</td>
                      <td className="p-2 text-right">{s.cover}</td>
                      <td className="p-2 text-right">{row.usualCases ?? MISSING}</td>
                      <td className="p-2 text-right">{formatMoney(row.unitPrice)}</td>
                      <td className="p-2 text-right">{formatMoney(row.casePrice)}</td>
                      <td className="p-2">{s.promotion}</td>
                      <td className="p-2">{s.stock}</td>
                      <td className="p-2 text-right font-semibold">{row.suggestedCases}</td>
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
          {send && (
            <SendListForm
              rows={guide.rows}
              customer={guide.customerId}
              day={guide.day}
              recipient={send.recipient}
              mailDelivers={send.mailDelivers}
            />
          )}
        </>
      )}
    </div>
  );
}
