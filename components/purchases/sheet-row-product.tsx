"use client";

import { type CatalogProduct, productDetails } from "@/lib/domain/purchases/draft";
import type { SheetRow } from "@/lib/domain/purchases/sheet-import";
import type { ReviewEvent, RowDecision } from "@/lib/ui/purchases/sheet-review";
import { searchCatalog } from "@/lib/ui/purchases/sheet-rows";
import { fieldClass } from "@/lib/ui/styles";
import { TOUCH } from "./sheet-review-format";

interface SheetRowProductProps {
  row: SheetRow;
  decision: RowDecision;
  catalog: CatalogProduct[];
  disabled: boolean;
  onDecide: (event: ReviewEvent) => void;
  /** The search field's id, for its label. */
  searchId: string;
  /** The catalog search typed (kept by the row while it is left out). */
  query: string;
  onQuery: (query: string) => void;
}

interface ProductChoiceProps {
  product: CatalogProduct;
}

/** The search's finds, with the product chosen kept among them (a new search does not unchoose it). */
function withChosen(found: CatalogProduct[], chosen: number | undefined, catalog: CatalogProduct[]): CatalogProduct[] {
  if (chosen === undefined || found.some((p) => p.productId === chosen)) return found;
  const product = catalog.find((p) => p.productId === chosen);
  return product ? [product, ...found] : found;
}

/**
 * A row's product to choose: among the candidates of an ambiguous row, or, for a row that named no product, from a
 * search of the catalog.
 */
export function SheetRowProduct(props: SheetRowProductProps) {
  const { row, decision, catalog, disabled, onDecide, searchId, query, onQuery } = props;
  const { line } = row;
  const candidates =
    row.match.status === "ambiguous"
      ? row.match.candidates
      : row.match.status === "unmatched"
        ? withChosen(searchCatalog(query, catalog), decision.productId, catalog)
        : [];
  return (
    <>
      {row.match.status === "unmatched" && (
        <div className="space-y-1">
          <label htmlFor={searchId} className="block font-semibold">
            Find the product for row {line}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            disabled={disabled}
            placeholder="Name, product number or id"
            autoComplete="off"
            onChange={(e) => onQuery(e.target.value)}
            className={fieldClass(false, `w-full max-w-md text-base sm:text-sm ${TOUCH}`)}
          />
          {query.trim() !== "" && candidates.length === 0 && <p>No product of this catalog matches.</p>}
        </div>
      )}
      {candidates.length > 0 && (
        <fieldset className="space-y-1" disabled={disabled}>
          <legend className="mb-1 font-semibold">
            {row.match.status === "ambiguous" ? `Which product is row ${line}?` : `Products found for row ${line}`}
          </legend>
          {candidates.map((product) => (
            <label
              key={product.productId}
              className={`flex cursor-pointer items-start gap-2 rounded px-2 py-2 hover:bg-slate-100 dark:hover:bg-slate-800 ${TOUCH}`}
            >
              <input
                type="radio"
                name={`sheet-row-${line}`}
                className="mt-1 size-4 shrink-0"
                checked={decision.productId === product.productId}
                onChange={() => onDecide({ type: "product-chosen", line, productId: product.productId })}
              />
              <ProductChoice product={product} />
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}

/** A product as a choice: its name and id, then its number, case size, package, state and status. */
function ProductChoice({ product }: ProductChoiceProps) {
  const number = product.supplierProductNumber?.trim();
  return (
    <span className="min-w-0 [overflow-wrap:anywhere]">
      <span className="font-semibold">{product.name}</span> · #{product.productId}
      <span className="block text-xs text-slate-700 dark:text-slate-300">
        {[number ? `number ${number}` : "no number", productDetails(product)].filter(Boolean).join(" · ")}
      </span>
    </span>
  );
}
