"use client";

import { memo, useId } from "react";
import { TableFrame } from "@/components/table/table-frame";
import {
  type CatalogProduct,
  type DraftLine,
  isBlank,
  productDetails,
  productLabel,
} from "@/lib/domain/purchases/draft";
import type { LineMessages } from "@/lib/ui/purchases/field-messages";
import { fieldClass } from "@/lib/ui/styles";
import { LineFieldMessage, lineMessageId } from "./line-field-message";
import { type LineActions, LineProductCell } from "./line-product-cell";
import { SMALL_BUTTON } from "./line-small-button";

/** The columns a cursor moves between; ArrowUp and ArrowDown move in `quantity`, `units` and `batchCode`. */
export type LineColumn = "product" | "cases" | "units" | "batchCode" | "expirationDate";
const VERTICAL: LineColumn[] = ["cases", "units", "batchCode"];

export type { LineActions } from "./line-product-cell";

/** Focuses a field of a line (after it is on screen). */
export function focusLineField(key: string, column: LineColumn | "quantity") {
  const root = document.querySelector(`[data-line="${CSS.escape(key)}"]`);
  const wanted =
    column === "quantity"
      ? root?.querySelector<HTMLInputElement>('[data-col="cases"]:not(:disabled), [data-col="units"]:not(:disabled)')
      : root?.querySelector<HTMLInputElement>(`[data-col="${column}"]`);
  wanted?.focus();
}

/**
 * The lines of a purchase order as a grid of fields: product (searched over the catalog by name, supplier product
 * number or id), cases or units (typing in one disables the other), batch code, expiration, and per-line duplicate
 * and remove. Keyboard: Enter adds a line after the current one, ArrowUp and ArrowDown move between lines in the
 * quantity and batch code columns, and text pasted from a spreadsheet becomes lines.
 */
export function LineGrid({
  lines,
  catalog,
  messages,
  requiresBatchCodes,
  disabled,
  actions,
  onPasteRows,
}: {
  lines: DraftLine[];
  catalog: CatalogProduct[] | undefined;
  messages: Map<string, LineMessages>;
  requiresBatchCodes: boolean;
  disabled: boolean;
  /** Stable across renders: the rows are memoized on it. */
  actions: LineActions;
  /** Text with tabs or line breaks pasted into a line's field: rows from a spreadsheet, pasted at that line. */
  onPasteRows: (text: string, key: string) => void;
}) {
  const listId = useId();
  const hintId = useId();
  const byId = new Map((catalog ?? []).map((p) => [p.productId, p]));

  const onKeyDown = (event: React.KeyboardEvent<HTMLTableSectionElement>) => {
    const target = event.target as HTMLElement;
    const key = target.closest<HTMLElement>("[data-line]")?.dataset.line;
    const column = target.dataset.col as LineColumn | undefined;
    if (!key || !column || target.tagName !== "INPUT") return;
    if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      actions.addAfter(key);
      return;
    }
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && VERTICAL.includes(column)) {
      const index = lines.findIndex((l) => l.key === key);
      const next = lines[index + (event.key === "ArrowDown" ? 1 : -1)];
      if (!next) return;
      event.preventDefault();
      focusLineField(next.key, column === "batchCode" ? "batchCode" : "quantity");
    }
  };

  const onPaste = (event: React.ClipboardEvent<HTMLTableSectionElement>) => {
    const text = event.clipboardData.getData("text/plain");
    const key = (event.target as HTMLElement).closest<HTMLElement>("[data-line]")?.dataset.line;
    if (!key || !/[\t\n]/.test(text.trim())) return; // one value: an ordinary paste into the field
    event.preventDefault();
    onPasteRows(text, key);
  };

  return (
    <div className="space-y-2">
      <p id={hintId} className="text-xs text-slate-700 dark:text-slate-300">
        Enter adds a line; ↑ and ↓ move between lines in the quantity and batch code columns; rows pasted from a
        spreadsheet become lines.
      </p>
      <datalist id={listId}>
        {/* The label beside each suggestion tells apart two products of one supplier product number. */}
        {(catalog ?? []).map((p) => (
          <option key={p.productId} value={productLabel(p)} label={productDetails(p) || undefined} />
        ))}
      </datalist>
      <TableFrame label="Purchase order lines">
        <table className="data-table" aria-describedby={hintId}>
          <caption className="sr-only">
            Lines of the purchase order: product, cases or units, batch code and expiration date
          </caption>
          <thead>
            <tr>
              {/* Wide enough for 200 from the start: a long grid paints while it arrives, and a column sized by its
                  content would widen when line 100 came in, moving every field to its right. */}
              <th scope="col" className="numeric w-14">
                #
              </th>
              <th scope="col">Product</th>
              <th scope="col" className="numeric">
                Cases
              </th>
              <th scope="col" className="numeric">
                Units
              </th>
              <th scope="col">Batch code{requiresBatchCodes ? " (required)" : ""}</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="sr-only">Line actions</span>
              </th>
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown} onPaste={onPaste}>
            {lines.map((line, index) => (
              <LineRow
                key={line.key}
                line={line}
                index={index}
                product={line.productId === undefined ? undefined : byId.get(line.productId)}
                catalog={catalog}
                listId={listId}
                messages={messages.get(line.key)}
                requiresBatchCodes={requiresBatchCodes}
                disabled={disabled}
                actions={actions}
              />
            ))}
          </tbody>
        </table>
      </TableFrame>
    </div>
  );
}

interface LineRowProps {
  line: DraftLine;
  index: number;
  product: CatalogProduct | undefined;
  catalog: CatalogProduct[] | undefined;
  listId: string;
  messages: LineMessages | undefined;
  requiresBatchCodes: boolean;
  disabled: boolean;
  actions: LineActions;
}

const LineRow = memo(function LineRow({
  line,
  index,
  product,
  catalog,
  listId,
  messages,
  requiresBatchCodes,
  disabled,
  actions,
}: LineRowProps) {
  const id = `line-${line.key}`;
  const n = index + 1;
  const hasQuantity = line.quantity.trim() !== "";
  const blank = isBlank(line);
  const described = (field: keyof LineMessages) => lineMessageId(id, messages, field);
  return (
    <tr data-line={line.key} className="align-top">
      <td className="numeric tabular-nums">{n}</td>
      <LineProductCell
        line={line}
        n={n}
        id={id}
        product={product}
        catalog={catalog}
        listId={listId}
        messages={messages}
        disabled={disabled}
        actions={actions}
      />
      {(["cases", "units"] as const).map((kind) => (
        <td key={kind} className="numeric">
          <input
            data-col={kind}
            inputMode={kind === "cases" ? "decimal" : "numeric"}
            autoComplete="off"
            value={line.kind === kind ? line.quantity : ""}
            disabled={disabled || (line.kind !== kind && hasQuantity)}
            aria-label={`${kind === "cases" ? "Cases" : "Units"}, line ${n}`}
            aria-invalid={line.kind === kind && messages?.quantity ? true : undefined}
            aria-describedby={line.kind === kind ? described("quantity") : undefined}
            className={fieldClass(line.kind === kind && !!messages?.quantity, "w-16 text-right tabular-nums")}
            onChange={(e) => actions.change(line.key, { kind, quantity: e.target.value })}
          />
          {line.kind === kind && <LineFieldMessage id={id} field="quantity" messages={messages} />}
        </td>
      ))}
      <td>
        <input
          data-col="batchCode"
          value={line.batchCode}
          disabled={disabled}
          autoComplete="off"
          required={requiresBatchCodes && !blank}
          aria-label={`Batch code, line ${n}${requiresBatchCodes ? " (required)" : ""}`}
          aria-invalid={messages?.batchCode ? true : undefined}
          aria-describedby={described("batchCode")}
          className={fieldClass(!!messages?.batchCode, "w-28")}
          onChange={(e) => actions.change(line.key, { batchCode: e.target.value })}
        />
        <LineFieldMessage id={id} field="batchCode" messages={messages} />
      </td>
      <td>
        <input
          data-col="expirationDate"
          type="date"
          value={line.expirationDate}
          disabled={disabled}
          aria-label={`Expiration date, line ${n}`}
          aria-invalid={messages?.expirationDate ? true : undefined}
          aria-describedby={described("expirationDate")}
          className={fieldClass(!!messages?.expirationDate, "w-36")}
          onChange={(e) => actions.change(line.key, { expirationDate: e.target.value })}
        />
        <LineFieldMessage id={id} field="expirationDate" messages={messages} />
      </td>
      <td className="whitespace-nowrap">
        <button
          type="button"
          className={`${SMALL_BUTTON} mr-1`}
          disabled={disabled}
          aria-label={`Duplicate line ${n}`}
          onClick={() => actions.duplicate(line.key)}
        >
          Duplicate
        </button>
        <button
          type="button"
          className={SMALL_BUTTON}
          disabled={disabled}
          aria-label={`Remove line ${n}`}
          onClick={() => actions.remove(line.key)}
        >
          Remove
        </button>
      </td>
    </tr>
  );
});
