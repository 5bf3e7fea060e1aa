"use client";

import { memo, useCallback, useState } from "react";
import { RecordLink } from "@/components/table/record-link";
import { TableFrame } from "@/components/table/table-frame";
import { formatDay, formatQuantity, MISSING } from "@/lib/format/display";
import type { CoverSort } from "@/lib/ui/replenishment/address";
import { PLAN_HEADERS } from "@/lib/ui/replenishment/columns";
import { explain } from "@/lib/ui/replenishment/explain";
import type { PlanRow } from "@/lib/domain/replenishment/plan";
import {
  casesText,
  hasBadCases,
  isOrderable,
  isTicked,
  orderCases,
  reasonWords,
  type Selection,
} from "@/lib/ui/replenishment/selection";
import { FIELD_ERROR, fieldClass } from "@/lib/ui/styles";
import { vendorLabel } from "@/lib/ui/replenishment/vendor-label";

const NOTE = "block text-xs text-slate-700 dark:text-slate-300";

/** What the person can do to a row; stable across renders, so unchanged rows are not drawn again. */
export interface RowActions {
  tick(key: string, ticked: boolean): void;
  cases(key: string, text: string): void;
  vendor(key: string, vendorId: number): void;
}

export interface PlanTableProps {
  rows: readonly PlanRow[];
  selection: Selection;
  actions: RowActions;
  sort: CoverSort | undefined;
  onSort: () => void;
  /** Says what the table holds (the supplier, how many rows of how many). */
  caption: string;
  /** While drafting: the ticks and numbers are what is being drafted. */
  disabled: boolean;
}

/**
 * The plan, one row per product and warehouse: each row's numbers, its vendor (a choice when several deliver), the
 * order in whole cases (the suggestion, or why there is none), a tick to draft it, and "Why?", which shows the row's
 * number in words under it. Days of cover sorts, fewest first then most first.
 */
export function PlanTable({ rows, selection, actions, sort, onSort, caption, disabled }: PlanTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (key: string) =>
      setOpen((now) => {
        const next = new Set(now);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  return (
    <TableFrame label="Replenishment plan">
      <table className="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {PLAN_HEADERS.map((header, index) =>
              header === "Days of cover" ? (
                <th
                  key={header}
                  scope="col"
                  className="numeric whitespace-normal"
                  aria-sort={sort === "asc" ? "ascending" : sort === "desc" ? "descending" : undefined}
                >
                  <button
                    type="button"
                    onClick={onSort}
                    className="inline-flex items-center gap-1 font-semibold hover:underline"
                  >
                    {header}
                    <span aria-hidden="true">{sort === "asc" ? "↑" : sort === "desc" ? "↓" : "↕"}</span>
                  </button>
                </th>
              ) : (
                <th key={header} scope="col" className={index >= 3 ? "numeric whitespace-normal" : undefined}>
                  {header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <PlanTableRow
              key={row.key}
              row={row}
              ticked={isTicked(row, selection)}
              cases={casesText(row, selection)}
              ordered={orderCases(row, selection)}
              typed={selection.cases.has(row.key)}
              bad={hasBadCases(row, selection)}
              open={open.has(row.key)}
              onWhy={toggle}
              actions={actions}
              disabled={disabled}
            />
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

interface RowProps {
  row: PlanRow;
  ticked: boolean;
  /** The text of the cases box. */
  cases: string;
  /** The cases the order would take (typed or suggested). */
  ordered: number | undefined;
  typed: boolean;
  bad: boolean;
  open: boolean;
  onWhy: (key: string) => void;
  actions: RowActions;
  disabled: boolean;
}

const PlanTableRow = memo(function PlanTableRow({
  row,
  ticked,
  cases,
  ordered,
  typed,
  bad,
  open,
  onWhy,
  actions,
  disabled,
}: RowProps) {
  const product = row.productName ?? `Product ${row.productId}`;
  const warehouse = row.warehouseName ?? `Warehouse ${row.locationId}`;
  const what = `${product} at ${warehouse}`;
  const orderable = isOrderable(row);
  const reason = reasonWords(row);
  const whyId = `why-${row.key.replace(":", "-")}`;
  const errorId = `${whyId}-cases`;
  const units = ordered === undefined || !orderable ? undefined : ordered * row.unitsPerCase;
  return (
    <>
      <tr data-row={row.key} className="align-top">
        <td className="min-w-48 max-w-64 whitespace-normal">
          <div className="flex items-start gap-2">
            {orderable && (
              <input
                type="checkbox"
                className="mt-1"
                checked={ticked}
                disabled={disabled}
                aria-label={`Order ${what}`}
                onChange={(e) => actions.tick(row.key, e.target.checked)}
              />
            )}
            <div>
              <RecordLink kind="ProductIDs" id={row.productId}>
                {product}
              </RecordLink>
              {row.notAuthorized && (
                <span
                  className="ml-2 rounded border border-amber-800 px-1 text-xs font-semibold text-amber-900 dark:border-amber-300 dark:text-amber-200"
                  title="Reserved for specifically authorized accounts"
                >
                  Reserved
                </span>
              )}
              {row.supplierProductNumber && <span className={NOTE}>{row.supplierProductNumber}</span>}
              <button
                type="button"
                className="link text-xs"
                aria-expanded={open}
                aria-controls={open ? whyId : undefined}
                onClick={() => onWhy(row.key)}
              >
                Why?<span className="sr-only"> {what}</span>
              </button>
            </div>
          </div>
        </td>
        <td className="whitespace-normal">
          <RecordLink kind="LocationIDs" id={row.locationId}>
            {warehouse}
          </RecordLink>
        </td>
        {/* Wide enough for a vendor's whole name: two of one name are told apart by their VendorID. */}
        <td className="min-w-48 whitespace-normal">
          <VendorCell row={row} what={what} disabled={disabled} onChange={actions.vendor} />
        </td>
        <td className="numeric tabular-nums">{formatQuantity(row.available)}</td>
        <td className="numeric tabular-nums">
          {formatQuantity(row.onOrder)}
          {row.inDrafts !== 0 && (
            <span className={NOTE}>
              +{formatQuantity(row.inDrafts)} in drafts{row.draftsCounted ? " (counted)" : ""}
            </span>
          )}
        </td>
        <td className="numeric tabular-nums">{row.sellsPerDay ?? MISSING}</td>
        <td className="numeric tabular-nums">
          {row.daysOfCover === undefined ? MISSING : formatQuantity(Math.round(row.daysOfCover * 10) / 10)}
          {row.belowTarget && (
            <span className="block text-xs font-semibold text-red-800 dark:text-red-300">below target</span>
          )}
        </td>
        <td className="numeric tabular-nums">
          {row.arrivesIn ?? MISSING}
          {row.arrival && <span className={NOTE}>{formatDay(row.arrival.day)}</span>}
        </td>
        <td className="numeric tabular-nums">
          {row.targetDays ?? MISSING}
          {row.maxDays !== undefined && <span className={NOTE}>max {row.maxDays}</span>}
        </td>
        <td className="numeric">
          {orderable ? (
            <>
              <input
                inputMode="numeric"
                autoComplete="off"
                value={cases}
                disabled={disabled}
                aria-label={`Cases to order, ${what}`}
                aria-invalid={bad || undefined}
                aria-describedby={bad ? errorId : undefined}
                placeholder="0"
                className={fieldClass(bad, "w-20 text-right tabular-nums")}
                onChange={(e) => actions.cases(row.key, e.target.value)}
              />
              {bad && (
                <span id={errorId} className={`${FIELD_ERROR} block`}>
                  Whole cases
                </span>
              )}
              {!bad && typed && row.suggestedCases !== undefined && ordered !== row.suggestedCases && (
                <span className={NOTE}>suggested {formatQuantity(row.suggestedCases)}</span>
              )}
              {!bad && reason && <span className={NOTE}>{reason}</span>}
            </>
          ) : (
            <span className="text-sm">{reason ?? MISSING}</span>
          )}
        </td>
        <td className="numeric tabular-nums">
          {formatQuantity(units)}
          {units !== undefined && row.unitsPerCase > 1 && <span className={NOTE}>{row.unitsPerCase} a case</span>}
        </td>
      </tr>
      {open && (
        <tr>
          <td id={whyId} colSpan={PLAN_HEADERS.length} className="bg-slate-50 text-sm dark:bg-slate-900">
            <span className="font-semibold">{what}: </span>
            {explain(row)}.
          </td>
        </tr>
      )}
    </>
  );
});

/** The vendor an order would go to: a choice when several deliver to the warehouse, its name otherwise. */
function VendorCell({
  row,
  what,
  disabled,
  onChange,
}: {
  row: PlanRow;
  what: string;
  disabled: boolean;
  onChange: (key: string, vendorId: number) => void;
}) {
  const batch = row.vendor?.requiresBatchCodes ? <span className={NOTE}>Batch codes required</span> : null;
  if (row.vendorChoices.length > 1 && row.vendor) {
    return (
      <>
        <select
          value={row.vendor.vendorId}
          disabled={disabled}
          aria-label={`Vendor for ${what}`}
          className={fieldClass(false, "max-w-full")}
          onChange={(e) => onChange(row.key, Number(e.target.value))}
        >
          {row.vendorChoices.map((v) => (
            <option key={v.vendorId} value={v.vendorId}>
              {vendorLabel(v)}
            </option>
          ))}
        </select>
        {batch}
      </>
    );
  }
  return (
    <>
      {row.vendor ? vendorLabel(row.vendor) : MISSING}
      {batch}
    </>
  );
}
