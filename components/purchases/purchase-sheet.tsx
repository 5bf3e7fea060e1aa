"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTimeZone } from "@/components/shell/providers";
import { NamedId, NamesProvider, useNames } from "@/components/table/names";
import { RecordLink } from "@/components/table/record-link";
import { SpecTable } from "@/components/table/spec-table";
import { FactList } from "@/components/views/fact-list";
import { RecordFacts } from "@/components/views/record-facts";
import { formatBoolean, formatDateTime, formatDay, formatMoney, formatQuantity, MISSING } from "@/lib/format/display";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { PURCHASE_SECRETS } from "@/lib/domain/purchases/fields";
import {
  type LineProduct,
  lineProductIds,
  type PurchaseHeader,
  type PurchaseLine,
  purchaseLines,
} from "@/lib/ui/purchases/purchase-view";
import { lineProductsRequest } from "@/lib/domain/purchases/requests";
import type { ColumnSpec } from "@/lib/ui/views/columns";

type Row = Record<string, unknown>;

/** The vendor and the warehouse named from their ids, when the record does not name them (a draft's names are null). */
const NAMING: ColumnSpec<Row>[] = [
  { id: "vendor", header: "Vendor", kind: "text", named: "VendorIDs" },
  { id: "warehouse", header: "Warehouse", kind: "text", named: "LocationIDs" },
];

/**
 * What a purchasing manager reads first: the vendor, the warehouse (by name), the requested delivery date, the dates
 * and references the purchase has, and its totals. A fact the purchase has no value for is left out, but the vendor,
 * the warehouse, the delivery date and the day it was created, which say "—".
 */
export function PurchaseFacts({ header }: { header: PurchaseHeader }) {
  const timeZone = useTimeZone();
  const names = useNames(NAMING, [
    {
      vendor: header.vendorName ? undefined : header.vendorId,
      warehouse: header.warehouseName ? undefined : header.warehouseId,
    },
  ]);
  const optional = (
    term: string,
    value: string | undefined,
    shown: string | undefined = value,
  ): [string, ReactNode][] => (value === undefined ? [] : [[term, shown]]);
  const facts: [string, ReactNode][] = [
    [
      "Vendor",
      header.vendorName ? (
        <RecordLink kind="VendorIDs" id={header.vendorId}>
          {header.vendorName}
        </RecordLink>
      ) : (
        <NamedId kind="VendorIDs" id={header.vendorId} inline />
      ),
    ],
    [
      "Warehouse",
      header.warehouseName ? (
        <RecordLink kind="LocationIDs" id={header.warehouseId}>
          {header.warehouseName}
        </RecordLink>
      ) : (
        <NamedId kind="LocationIDs" id={header.warehouseId} inline />
      ),
    ],
    ["Requested delivery", formatDay(header.deliveryDate)],
    ["Created", formatDateTime(header.created, timeZone)],
    ...optional("Last edited", header.lastEdited, formatDateTime(header.lastEdited, timeZone)),
    ...optional("Posted", header.posted, formatDay(header.posted)),
    ...optional("Received", header.received, formatDay(header.received)),
    ...optional("Invoice date", header.invoiceDate, formatDay(header.invoiceDate)),
    ...optional("Due", header.due, formatDay(header.due)),
    ...optional("Terms", header.terms),
    ...optional("Receiving no.", header.receivingNum),
    ...optional("Shipment no.", header.shipmentNum),
    ...optional("Memo", header.memo),
  ];
  const priced = [header.freight, header.tax, header.otherCost, header.total].some((v) => v !== undefined);
  const totals: [string, string][] = [
    ["Cases", formatQuantity(header.cases)],
    ...(priced
      ? ([
          ["Freight", formatMoney(header.freight)],
          ["Tax", formatMoney(header.tax)],
          ["Other cost", formatMoney(header.otherCost)],
          ["Total", formatMoney(header.total)],
        ] as [string, string][])
      : []),
  ];
  return (
    <NamesProvider value={names}>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="purchase-facts">
          <h2 id="purchase-facts" className="sr-only">
            Details
          </h2>
          <FactList facts={facts} />
        </section>
        <section
          aria-labelledby="purchase-totals"
          className="self-start rounded border border-slate-300 p-3 dark:border-slate-700"
        >
          <h2 id="purchase-totals" className="mb-2 font-semibold">
            Totals
          </h2>
          <FactList figures facts={totals} />
          {!priced && (
            <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">
              Amounts come when the ERP posts the purchase.
            </p>
          )}
        </section>
      </div>
    </NamesProvider>
  );
}

/** The catalog's word on a line's product: its name, number, case size and package. */
function lineProductOf(record: Row): LineProduct {
  const string = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);
  return {
    name: string(record.ProductName),
    supplierProductNumber: string(record.SupplierProductNumber),
    unitsPerCase:
      typeof record.WholesaleUnitsPerCase === "number" && record.WholesaleUnitsPerCase > 0
        ? record.WholesaleUnitsPerCase
        : undefined,
    packageName: string(record.PackageName),
  };
}

/**
 * A purchase's lines, cases beside units: each product by its whole name (it wraps, never cut), with its number, id
 * and case size under it; batch code, expiry, and for posted lines the units ordered, unit cost and extended amount.
 * The products are read once, by id (the request the tables' names make). `children` go under the table.
 */
export function PurchaseLinesTable({ rows, busy, children }: { rows: Row[]; busy?: boolean; children?: ReactNode }) {
  const ids = lineProductIds(rows);
  const catalog = useQuery({
    ...apiQueryOptions(browserApi, lineProductsRequest(ids), STALE.directory),
    enabled: ids.length > 0,
    retry: false,
  });
  const products = new Map<number, LineProduct>();
  for (const record of (catalog.data?.records ?? []) as Row[])
    if (typeof record.ProductID === "number") products.set(record.ProductID, lineProductOf(record));
  const { posted, lines } = purchaseLines(rows, products);
  // Only when a line needs activation: a column of "No" says nothing.
  const activation = !posted && lines.some((l) => l.needsActivation === true);
  const column = (
    id: keyof PurchaseLine,
    header: string,
    value: (line: PurchaseLine) => ReactNode,
    numeric = false,
  ): ColumnSpec<Row> => ({
    id,
    header,
    kind: "text",
    numeric,
    cell: (row) => value(row as unknown as PurchaseLine),
  });
  const columns: ColumnSpec<Row>[] = [
    column("productId", "Product", (line) => (
      <LineProductCell line={line} product={line.productId === undefined ? undefined : products.get(line.productId)} />
    )),
    // A posted line's cases are the ERP's decimal; a draft's are counted here.
    column("cases", "Cases", (line) => (posted ? formatQuantity(line.cases) : (line.cases ?? MISSING)), true),
    column("units", "Units", (line) => formatQuantity(line.units), true),
    ...(posted ? [column("ordered", "Ordered", (line) => formatQuantity(line.ordered), true)] : []),
    column("batchCode", "Batch code", (line) => line.batchCode ?? MISSING),
    column("expires", "Expires", (line) => formatDay(line.expires)),
    ...(posted
      ? [
          column("unitCost", "Unit cost", (line) => formatMoney(line.unitCost), true),
          column("extended", "Extended", (line) => formatMoney(line.extended), true),
        ]
      : []),
    ...(activation
      ? [column("needsActivation", "Needs activation", (line) => formatBoolean(line.needsActivation))]
      : []),
  ];
  return (
    <SpecTable
      label="Purchase lines"
      columns={columns}
      rows={lines as unknown as Row[]}
      rowKey={(line) => String(line.key)}
      busy={busy}
      stack
    >
      {children}
    </SpecTable>
  );
}

/** A line's product: its whole name (wrapping, linked to its page), and under it its number, id, case size and package. */
function LineProductCell({ line, product }: { line: PurchaseLine; product: LineProduct | undefined }) {
  const about = [
    product?.supplierProductNumber,
    line.productId !== undefined ? `#${line.productId}` : undefined,
    product?.unitsPerCase ? `${product.unitsPerCase} per case` : undefined,
    product?.packageName,
  ];
  return (
    <span className="block min-w-56 whitespace-normal">
      <RecordLink kind="ProductIDs" id={line.productId}>
        {product?.name ?? (line.productId !== undefined ? `Product ${line.productId}` : MISSING)}
      </RecordLink>
      <span className="block text-xs text-slate-700 dark:text-slate-300">{about.filter(Boolean).join(" · ")}</span>
    </span>
  );
}

/**
 * Every field of the purchase as the API sent it, behind a closed "All fields" disclosure, the empty ones named in a
 * line; never the secrets (`PURCHASE_SECRETS`), whose PDF opens from its link.
 */
export function PurchaseAllFields({
  row,
  columns,
  skip = [],
}: {
  row: Row;
  columns: ColumnSpec<Row>[];
  skip?: string[];
}) {
  return (
    <details className="rounded border border-slate-300 p-3 dark:border-slate-700">
      <summary className="cursor-pointer font-semibold">All fields</summary>
      <div className="mt-3 space-y-2">
        <RecordFacts row={row} columns={columns} skip={[...PURCHASE_SECRETS, ...skip]} gatherEmpty />
        <p className="text-xs text-slate-700 dark:text-slate-300">
          Not shown: the PDF&apos;s address and its ERP key id, which give access to the ERP.
        </p>
      </div>
    </details>
  );
}
