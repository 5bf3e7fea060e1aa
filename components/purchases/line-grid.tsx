"use client";

import { memo, useId } from "react";
import { TableFrame } from "@/components/table/table-frame";
import {
  type CatalogProduct,
  type DraftLine,
  isBlank,
  matchProduct,
  productDetails,
  productLabel,
  sharedNumber,
} from "@/lib/domain/purchases/draft";
import type { LineMessages } from "@/lib/ui/purchases/field-messages";
import { FIELD_ERROR, fieldClass } from "@/lib/ui/styles";

const SMALL =
  "rounded border border-slate-400 px-2 py-1 text-xs font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-500 dark:hover:bg-slate-800";

/** The columns a cursor moves between; ArrowUp and ArrowDown move in `quantity`, `units` and `batchCode`. */
export type LineColumn = "product" | "cases" | "units" | "batchCode" | "expirationDate";
const VERTICAL: LineColumn[] = ["cases", "units", "batchCode"];

export interface LineActions {
  change(key: string, changes: Partial<Omit<DraftLine, "key">>): void;
  addAfter(key: string): void;
  duplicate(key: string): void;
  remove(key: string): void;
}

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
}: {
  line: DraftLine;
  index: number;
  product: CatalogProduct | undefined;
  catalog: CatalogProduct[] | undefined;
  listId: string;
  messages: LineMessages | undefined;
  requiresBatchCodes: boolean;
  disabled: boolean;
  actions: LineActions;
}) {
  const id = `line-${line.key}`;
  const n = index + 1;
  const productText =
    line.productText ?? (product ? productLabel(product) : line.productId !== undefined ? `#${line.productId}` : "");
  const hasQuantity = line.quantity.trim() !== "";
  const blank = isBlank(line);
  const described = (field: keyof LineMessages) => (messages?.[field] ? `${id}-${field}` : undefined);
  // A number that several products have: each is offered, by what tells them apart.
  const choices = product === undefined && catalog ? sharedNumber(line.productText ?? "", catalog) : [];
  const error = (field: keyof LineMessages) =>
    messages?.[field] ? (
      // Narrow columns wrap their message instead of widening the grid.
      <p
        id={`${id}-${field}`}
        className={`${FIELD_ERROR} ${field === "product" ? "max-w-72" : "max-w-32"} whitespace-normal`}
      >
        {messages[field]}
      </p>
    ) : null;
  return (
    <tr data-line={line.key} className="align-top">
      <td className="numeric tabular-nums">{n}</td>
      <td className="min-w-60 xl:min-w-80">
        <input
          data-col="product"
          list={listId}
          value={productText}
          disabled={disabled || !catalog}
          autoComplete="off"
          aria-label={`Product, line ${n}`}
          aria-invalid={messages?.product ? true : undefined}
          aria-describedby={
            [described("product"), product ? `${id}-about` : undefined].filter(Boolean).join(" ") || undefined
          }
          title={productText || undefined}
          placeholder={catalog ? "Name, product number or id" : "Choose vendor and destination first"}
          className={fieldClass(!!messages?.product, "w-full")}
          onChange={(e) => {
            const match = matchProduct(e.target.value, catalog ?? []);
            actions.change(
              line.key,
              match
                ? { productId: match.productId, productText: undefined }
                : { productId: undefined, productText: e.target.value },
            );
          }}
        />
        {product ? (
          // The product's whole name (the field is too narrow for it), wrapping, with what tells it apart.
          <p
            id={`${id}-about`}
            className="mt-1 min-h-8 w-60 text-xs xl:w-80 whitespace-normal text-slate-700 dark:text-slate-300"
            data-testid="line-product"
          >
            <span className="font-semibold text-slate-900 dark:text-slate-100">{product.name}</span>
            {productDetails(product) && ` · ${productDetails(product)}`}
          </p>
        ) : (
          // Until the catalog names the line's product, its place (two lines: most names and details fit in them; the
          // width the name's is, so the table's columns keep theirs), so the grid does not move when the names come.
          line.productId !== undefined &&
          catalog === undefined && (
            <span aria-hidden="true" className="mt-1 block min-h-8 w-60 xl:w-80">
              <span className="skeleton block h-3 w-40" />
            </span>
          )
        )}
        {choices.length > 0 && (
          <div
            role="group"
            aria-label={`Products numbered ${line.productText?.trim()}, line ${n}`}
            className="mt-1 max-w-60 space-y-1 text-xs whitespace-normal xl:max-w-80"
          >
            <p>{choices.length} products have this number: choose one.</p>
            {choices.map((choice) => (
              <button
                key={choice.productId}
                type="button"
                disabled={disabled}
                className={`${SMALL} block w-full text-left`}
                onClick={() => actions.change(line.key, { productId: choice.productId, productText: undefined })}
              >
                {choice.name} · #{choice.productId}
                {productDetails(choice) && ` · ${productDetails(choice)}`}
              </button>
            ))}
          </div>
        )}
        {error("product")}
      </td>
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
          {line.kind === kind && error("quantity")}
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
        {error("batchCode")}
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
        {error("expirationDate")}
      </td>
      <td className="whitespace-nowrap">
        <button
          type="button"
          className={`${SMALL} mr-1`}
          disabled={disabled}
          aria-label={`Duplicate line ${n}`}
          onClick={() => actions.duplicate(line.key)}
        >
          Duplicate
        </button>
        <button
          type="button"
          className={SMALL}
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
