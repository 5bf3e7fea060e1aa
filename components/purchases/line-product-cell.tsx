"use client";

import {
  type CatalogProduct,
  type DraftLine,
  matchProduct,
  productDetails,
  productLabel,
  sharedNumber,
} from "@/lib/domain/purchases/draft";
import type { LineMessages } from "@/lib/ui/purchases/field-messages";
import { fieldClass } from "@/lib/ui/styles";
import { LineFieldMessage, lineMessageId } from "./line-field-message";
import { SMALL_BUTTON } from "./line-small-button";

export interface LineActions {
  change(key: string, changes: Partial<Omit<DraftLine, "key">>): void;
  addAfter(key: string): void;
  duplicate(key: string): void;
  remove(key: string): void;
}

interface LineProductCellProps {
  line: DraftLine;
  /** The line's number, from 1. */
  n: number;
  /** The line's id prefix (`line-<key>`). */
  id: string;
  product: CatalogProduct | undefined;
  catalog: CatalogProduct[] | undefined;
  listId: string;
  messages: LineMessages | undefined;
  disabled: boolean;
  actions: LineActions;
}

/**
 * A line's product: the field searched over the catalog, the product's whole name beneath it, and when several
 * products share the number typed, a choice among them.
 */
export function LineProductCell(props: LineProductCellProps) {
  const { line, n, id, product, catalog, listId, messages, disabled, actions } = props;
  const productText =
    line.productText ?? (product ? productLabel(product) : line.productId !== undefined ? `#${line.productId}` : "");
  // A number that several products have: each is offered, by what tells them apart.
  const choices = product === undefined && catalog ? sharedNumber(line.productText ?? "", catalog) : [];
  return (
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
          [lineMessageId(id, messages, "product"), product ? `${id}-about` : undefined].filter(Boolean).join(" ") ||
          undefined
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
              className={`${SMALL_BUTTON} block w-full text-left`}
              onClick={() => actions.change(line.key, { productId: choice.productId, productText: undefined })}
            >
              {choice.name} · #{choice.productId}
              {productDetails(choice) && ` · ${productDetails(choice)}`}
            </button>
          ))}
        </div>
      )}
      <LineFieldMessage id={id} field="product" messages={messages} />
    </td>
  );
}
