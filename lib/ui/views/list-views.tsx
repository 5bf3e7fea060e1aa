/**
 * The list views as the browser draws them: the domain's (lib/domain/views/list-views.ts: columns, text, CSV,
 * filters, defaults) with the richer cells a page shows, links to records, badges, images;
 * `components/views/list-view.tsx` renders one. Kept apart so the server's use of the views (a scheduled report's
 * CSV) pulls in no React, no next/link.
 */
import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import type { RecordOf } from "@/lib/data-api/client";
import { externalHref } from "@/lib/format/external-url";
import { REVISION_BADGE, revisionMark, revisionNotice } from "@/lib/domain/invoices/revision";
import { detailHref } from "@/lib/domain/views/detail-paths";
import { LIST_VIEWS as VIEWS, type ListViewName } from "@/lib/domain/views/list-views";
import type { ListViewSpec } from "./list-view-spec";

export type { ListViewName };

const linkClass = "link";
function linkTo(href: string, label: string) {
  return (
    <Link href={href as never} prefetch={false} className={linkClass}>
      {label}
    </Link>
  );
}
/** A link the API gave, only where it is http(s) or Backroom's own (`externalHref`: never `javascript:`). */
function external(url: unknown, label: string) {
  const href = typeof url === "string" ? externalHref(url) : undefined;
  return href ? (
    <a href={href} className={linkClass} target="_blank" rel="noreferrer noopener">
      {label}
    </a>
  ) : (
    "—"
  );
}

/** Shown in a cell of a rep's accounts before "and N more", which links the rep's page (every account is there). */
const FEW = 3;

/**
 * A sales rep's customers or suppliers in a cell: the count (customers), the first few linked to their pages, and the
 * rest as one link to the rep's page. An entry without an id stays text.
 */
function fewLinks(
  items: { id?: number | null; name?: string | null }[],
  userId: number | null | undefined,
  noun: "customers" | "suppliers",
) {
  if (items.length === 0) return "—";
  const kind = noun === "customers" ? "CustomerIDs" : "SupplierIDs";
  const rest = items.length - FEW;
  const repPage = detailHref("UserIDs", userId);
  return (
    <>
      {noun === "customers" && `${items.length}: `}
      {items.slice(0, FEW).map((item, index) => {
        const href = detailHref(kind, item.id);
        const label = item.name || (item.id != null ? String(item.id) : "—");
        return (
          <Fragment key={`${item.id ?? ""}:${index}`}>
            {index > 0 && ", "}
            {href ? linkTo(href, label) : label}
          </Fragment>
        );
      })}
      {rest > 0 && (
        <>
          {", "}
          {repPage ? linkTo(repPage, `and ${rest} more ${noun}`) : `and ${rest} more ${noun}`}
        </>
      )}
    </>
  );
}

/** The operation of a list view, by name. */
type OperationOf<N extends ListViewName> = (typeof VIEWS)[N]["operation"];
/** A view's richer cells, by column id. */
type Cells = {
  [N in ListViewName]?: Record<string, (row: RecordOf<OperationOf<N>>, timeZone: string | undefined) => ReactNode>;
};

const CELLS: Cells = {
  invoices: {
    // The number and its badge wrap onto two lines rather than widen the column past the list's frame (a laptop's
    // list of a brand's invoices was 11 px too wide with "Revision Accepted" beside a number).
    InvoiceNum: (r) => (
      <span className="inline-flex flex-wrap items-baseline gap-y-1">
        {r.InvoiceID != null
          ? linkTo(`/invoices/${r.InvoiceID}`, r.InvoiceNum ?? String(r.InvoiceID))
          : (r.InvoiceNum ?? "—")}
        {/* An update in progress, marked as the invoice's page marks it: its figures may not reflect it yet. */}
        {r.RevisionStatus && (
          <span className={REVISION_BADGE} title={revisionNotice(r.RevisionStatus)}>
            {revisionMark(r.RevisionStatus)}
          </span>
        )}
      </span>
    ),
    CustomerName: (r) =>
      r.CustomerID != null
        ? linkTo(`/customers/${r.CustomerID}`, r.CustomerName ?? String(r.CustomerID))
        : (r.CustomerName ?? "—"),
    PDFURL: (r) => external(r.PDFURL, "PDF"),
  },
  customers: {
    CustomerName: (r) =>
      r.CustomerID != null
        ? linkTo(`/customers/${r.CustomerID}`, r.CustomerName ?? String(r.CustomerID))
        : (r.CustomerName ?? "—"),
  },
  batches: { COAURL: (r) => external(r.COAURL, "COA") },
  products: {
    // The name wraps (at 1366 px a row of long names pushed the last default column past the frame's edge).
    ProductName: (r) => (
      <span className="block min-w-40 whitespace-normal">
        {r.ProductID != null
          ? linkTo(`/catalog/products/${r.ProductID}`, r.ProductName ?? String(r.ProductID))
          : (r.ProductName ?? "—")}
      </span>
    ),
    ThumbnailImageURL: (r) =>
      r.ThumbnailImageURL ? (
        // eslint-disable-next-line @next/next/no-img-element -- product images come from the API's own hosts, any of them.
        <img
          src={r.ThumbnailImageURL}
          alt={`${r.ProductName ?? "Product"}`}
          width={40}
          height={40}
          loading="lazy"
          className="h-10 w-10 rounded object-cover"
        />
      ) : (
        "—"
      ),
  },
  productPromotions: {
    // A count linking to the promotion's page, which names each product (names here would be a request per page).
    ProductIDs: (r) => {
      if (r.AllProducts) return "All products";
      if (!r.ProductIDs?.length) return "—";
      const count = `${r.ProductIDs.length} ${r.ProductIDs.length === 1 ? "product" : "products"}`;
      const href = detailHref("PromotionIDs", r.PromotionID);
      return href ? linkTo(href, count) : count;
    },
  },
  suppliers: {
    SupplierWebsiteURL: (r) => external(r.SupplierWebsiteURL, "Website"),
    BrandAssetsURL: (r) => external(r.BrandAssetsURL, "Brand assets"),
  },
  salesReps: {
    Customers: (r) =>
      fewLinks(
        (r.Customers ?? []).map((c) => ({ id: c.CustomerID, name: c.CustomerName })),
        r.UserID,
        "customers",
      ),
    Suppliers: (r) =>
      fewLinks(
        (r.Suppliers ?? []).map((s) => ({ id: s.SupplierID, name: s.Supplier })),
        r.UserID,
        "suppliers",
      ),
  },
  purchases: {
    // By the global id while it has one (drafts have nothing else), else by the ERP id.
    po_num: (r) => {
      const id = r.purchase_global_id ?? (r.purchase_id != null ? String(r.purchase_id) : undefined);
      return id ? linkTo(`/purchases/${encodeURIComponent(id)}`, r.po_num ?? id) : (r.po_num ?? "—");
    },
  },
  purchasesV1: {
    PONum: (r) =>
      r.PurchaseID != null ? linkTo(`/purchases/${r.PurchaseID}`, r.PONum ?? String(r.PurchaseID)) : (r.PONum ?? "—"),
  },
};

/** A domain view with the browser's cells added to its columns (by id); every other field is the domain's own. */
function withCells(
  view: ListViewSpec,
  cells: Readonly<Record<string, (row: never, timeZone: string | undefined) => ReactNode>> | undefined,
): ListViewSpec {
  if (!cells) return view;
  type Cell = NonNullable<ListViewSpec["columns"][number]["cell"]>;
  return { ...view, columns: view.columns.map((c) => (cells[c.id] ? { ...c, cell: cells[c.id] as Cell } : c)) };
}

export const LIST_VIEWS = Object.fromEntries(
  Object.entries(VIEWS).map(([name, view]) => [name, withCells(view, CELLS[name as ListViewName])]),
) as { [N in ListViewName]: ListViewSpec<OperationOf<N>> };
