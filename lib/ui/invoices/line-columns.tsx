/**
 * The columns of an invoice's lines: every field of the documented InvoiceTransaction (`columnsOf`), the everyday ones
 * shown by default and the rest a column chooser away, with the choice in the address (`columns`) as on the list
 * pages. Pure apart from the links it draws; the invoice's page renders it.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import type { RecordOf } from "@/lib/data-api/client";
import { RECORD_META } from "@/lib/data-api/meta.generated";
import type { KeyType } from "@/lib/data-api/operation";
import { formatMoney, MISSING } from "@/lib/format/display";
import { externalHref } from "@/lib/format/external-url";
import { mayCall } from "@/lib/domain/navigation";
import { type ColumnSpec, columnsOf } from "../views/columns";
import { REVISION_BADGE, revisionMark } from "@/lib/domain/invoices/revision";

export type InvoiceLine = RecordOf<"listInvoiceTransactionsOfInvoice">;

/** The address's parameter holding the lines' visible columns, when they differ from the default (as on list pages). */
export const LINE_COLUMNS_PARAM = "columns";

/**
 * Shown until the person chooses: what was on the line, its prices (full, discount, unit, extended), why it was
 * priced or shipped so (promotion, reason), the purchase that filled it and its certificate. The rest (the line's
 * ids, the supplier, ordered and back-ordered units, the override flag on its own, times, revision fields) are in the
 * chooser.
 */
export const DEFAULT_LINE_COLUMNS: readonly string[] = [
  "ProductName",
  "BatchCode",
  "Cases",
  "NumUnits",
  "FullPrice",
  "Discount",
  "UnitPrice",
  "ExtPrice",
  "PromotionID",
  "Reason",
  "PurchaseTransID",
  "COA_URL",
];

/** The path of a product promotion's page. */
export function promotionPath(promotionId: number): string {
  return `/catalog/product-promotions/${promotionId}`;
}

/**
 * The purchase a line's purchase transaction belongs to, when the record says so: the documentation gives a line
 * only its PurchaseTransID, but the live service adds fields of its own (the field notes), so a PurchaseID that comes
 * with the line is used.
 */
export function purchaseOfLine(line: InvoiceLine): number | undefined {
  const id = (line as Record<string, unknown>).PurchaseID;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The mark of a price set by hand (sky, as the Exported status; contrast checked by axe in both themes). */
const OVERRIDDEN_BADGE =
  "ml-2 inline-block rounded bg-sky-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-sky-950 dark:bg-sky-900 dark:text-sky-50";

/** A line's purchase transaction as text: its id, "Not yet filled" when the API says null, "—" when it says nothing. */
function filledText(line: InvoiceLine): string {
  if (line.PurchaseTransID === null) return "Not yet filled";
  return line.PurchaseTransID === undefined ? MISSING : String(line.PurchaseTransID);
}

function link(href: string, label: string) {
  return (
    <Link className="link" prefetch={false} href={href as never}>
      {label}
    </Link>
  );
}

interface LineColumnOptions {
  keyType: KeyType;
  /** A line's certificate of analysis: its own COA_URL, or the invoice's certificates' (by InvoiceTransID). */
  coaOf: (line: InvoiceLine) => string | null | undefined;
}

/**
 * Every column of the lines, in the record's order; links go only where the key may open the page (a promotion's
 * page needs the promotions list, a purchase's the purchases).
 *
 * @example
 * lineColumns({ keyType: "Customer", coaOf: (l) => l.COA_URL }).find((c) => c.id === "PromotionID")?.header; // "Promotion"
 */
export function lineColumns({ keyType, coaOf }: LineColumnOptions): ColumnSpec<InvoiceLine>[] {
  const promotions = mayCall(keyType, "listPromotionProducts");
  const purchases = mayCall(keyType, "getPurchaseV2");
  return columnsOf<InvoiceLine, ReactNode>(RECORD_META.InvoiceTransaction, {
    InvoiceTransID: { header: "Line ID" },
    ProductName: {
      header: "Product",
      cell: (l) => (
        <>
          {l.ProductID != null
            ? link(`/catalog/products/${l.ProductID}`, l.ProductName ?? String(l.ProductID))
            : (l.ProductName ?? MISSING)}
          {l.RevisionStatus && <span className={REVISION_BADGE}>{revisionMark(l.RevisionStatus)}</span>}
        </>
      ),
    },
    ProductID: { header: "Product ID" },
    BatchCode: { header: "Batch" },
    NumUnits: { header: "Units" },
    BackOrder: { header: "Back order" },
    FullPrice: { header: "Full price" },
    UnitPrice: {
      // The price charged; marked where it was set by hand rather than by the list price or a promotion.
      cell: (l) => (
        <>
          {formatMoney(l.UnitPrice)}
          {l.PromotionOverridden === true && <span className={OVERRIDDEN_BADGE}>Overridden</span>}
        </>
      ),
      text: (l) => `${formatMoney(l.UnitPrice)}${l.PromotionOverridden === true ? " (overridden)" : ""}`,
    },
    ExtPrice: { header: "Extended" },
    PromotionID: {
      header: "Promotion",
      cell: (l) =>
        l.PromotionID == null
          ? MISSING
          : promotions
            ? link(promotionPath(l.PromotionID), `Promotion ${l.PromotionID}`)
            : `Promotion ${l.PromotionID}`,
      text: (l) => (l.PromotionID == null ? MISSING : `Promotion ${l.PromotionID}`),
    },
    ReasonID: { header: "Reason ID" },
    Reason: {
      // The reason's words, or its id alone when the record has no words for it.
      text: (l) => l.Reason || (l.ReasonID != null ? `Reason ${l.ReasonID}` : MISSING),
    },
    PromotionOverridden: { header: "Price overridden" },
    PurchaseTransID: {
      // The purchase transaction that filled the line: null until it is filled; left out of a sparse record, unknown.
      header: "Purchase transaction",
      cell: (l) => {
        if (l.PurchaseTransID == null) return filledText(l);
        const purchase = purchaseOfLine(l);
        return purchase !== undefined && purchases
          ? link(`/purchases/${purchase}`, String(l.PurchaseTransID))
          : String(l.PurchaseTransID);
      },
      text: filledText,
    },
    COA_URL: {
      header: "COA",
      cell: (l) => {
        const href = externalHref(coaOf(l));
        return href ? (
          <a className="link" href={href} target="_blank" rel="noreferrer noopener">
            COA<span className="sr-only"> for {l.ProductName ?? "this line"}</span>
          </a>
        ) : (
          MISSING
        );
      },
    },
    TimeUpdated: { header: "Updated" },
  }).filter((c) => c.id !== "InvoiceID");
}

/**
 * The visible columns of an address's `columns` value: the known ids it lists, in the table's order, or the default.
 *
 * @example
 * visibleLineColumns(columns, "Reason,ProductName,nonsense"); // ["ProductName", "Reason"]
 */
export function visibleLineColumns(
  columns: readonly ColumnSpec<InvoiceLine>[],
  param: string | null | undefined,
): string[] {
  const listed = new Set((param ?? "").split(","));
  const chosen = columns.filter((c) => listed.has(c.id)).map((c) => c.id);
  return chosen.length ? chosen : [...DEFAULT_LINE_COLUMNS];
}

/**
 * The address's `columns` value after a column is turned on or off: undefined when the result is the default (the
 * parameter then leaves the address) or would hide every column.
 *
 * @example
 * toggledLineColumns(columns, null, "PromotionOverridden", true); // the default columns and "PromotionOverridden", in the table's order
 */
export function toggledLineColumns(
  columns: readonly ColumnSpec<InvoiceLine>[],
  param: string | null | undefined,
  id: string,
  on: boolean,
): string | undefined {
  const visible = new Set(visibleLineColumns(columns, param));
  if (on) visible.add(id);
  else visible.delete(id);
  const ids = columns.filter((c) => visible.has(c.id)).map((c) => c.id);
  const isDefault = ids.length === DEFAULT_LINE_COLUMNS.length && DEFAULT_LINE_COLUMNS.every((d) => visible.has(d));
  return ids.length === 0 || isDefault ? undefined : ids.join(",");
}
