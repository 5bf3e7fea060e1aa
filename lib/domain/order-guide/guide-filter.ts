import { csvHeader, csvRows, type ExportColumn } from "@/lib/format/csv";
import { compareDecimals } from "@/lib/format/decimal";
import type { GuideRow } from "./guide-data";
import { DEFAULT_COVER_DAYS } from "./guide";

/**
 * The order guide's filters, as the address holds them
 * (`/order-guide?customer=&cover=&q=&brand=&category=&below=1&promo=1`) and the API's CSV reads them: the page's form
 * is a GET form, so a filtered guide is a link to share.
 */
export interface GuideFilter {
  /** A search: every word of it in the product's name, brand, category or ID, in any case. */
  q?: string;
  brand?: string;
  category?: string;
  /** Only what the shelf covers for fewer days than the cover asked (counted shelves only). */
  below?: boolean;
  /** Only what is on promotion for the store today. */
  promo?: boolean;
}

/** The address's parameters of the page, read leniently (a bad value is the default, never an error page). */
export interface GuideParams {
  customer?: number;
  coverDays: number;
  filter: GuideFilter;
  /** How many rows the page shows before "Show more" (`GUIDE_PAGE` when not said). */
  show?: number;
}

/** The rows the page shows at first, and each "Show more" adds: with the filters, under four phone screens. */
export const GUIDE_PAGE = 8;

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * The page's parameters from its address.
 *
 * @example
 * guideParams({ customer: "20001", cover: "21", promo: "1" }); // { customer: 20001, coverDays: 21, filter: { promo: true } }
 */
export function guideParams(params: SearchParams): GuideParams {
  const customer = one(params.customer);
  const cover = Number(one(params.cover));
  const filter: GuideFilter = {};
  const q = one(params.q)?.slice(0, 200);
  if (q) filter.q = q;
  const show = Number(one(params.show));
  const brand = one(params.brand)?.slice(0, 200);
  const category = one(params.category)?.slice(0, 200);
  if (brand) filter.brand = brand;
  if (category) filter.category = category;
  if (one(params.below) === "1") filter.below = true;
  if (one(params.promo) === "1") filter.promo = true;
  return {
    ...(customer && /^\d{1,12}$/.test(customer) && Number(customer) > 0 ? { customer: Number(customer) } : {}),
    coverDays: Number.isInteger(cover) && cover >= 1 && cover <= 90 ? cover : DEFAULT_COVER_DAYS,
    filter,
    ...(Number.isInteger(show) && show > 0 && show <= 100_000 ? { show } : {}),
  };
}

/** The words of a search, lower case. */
const words = (q: string | undefined) => (q ?? "").toLowerCase().split(/\s+/).filter(Boolean);

/** Whether a row holds every word of a search (its name, brand, category or product ID). */
function matches(row: GuideRow, search: readonly string[]): boolean {
  if (!search.length) return true;
  const text = [row.name, row.brand, row.category, String(row.productId)].join(" ").toLowerCase();
  return search.every((word) => text.includes(word));
}

/** The rows a filter keeps, in their order. */
export function filterRows(rows: readonly GuideRow[], filter: GuideFilter, coverDays: number): GuideRow[] {
  const search = words(filter.q);
  return rows.filter(
    (r) =>
      matches(r, search) &&
      (!filter.brand || r.brand === filter.brand) &&
      (!filter.category || r.category === filter.category) &&
      (!filter.promo || r.onPromotion) &&
      (!filter.below || (r.daysOfCover !== null && compareDecimals(r.daysOfCover, String(coverDays)) < 0)),
  );
}

/** The brands and categories of the rows, sorted: the filter's choices. */
export function guideChoices(rows: readonly GuideRow[]): { brands: string[]; categories: string[] } {
  const sorted = (values: (string | null)[]) =>
    [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b));
  return { brands: sorted(rows.map((r) => r.brand)), categories: sorted(rows.map((r) => r.category)) };
}

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** The guide's columns in a CSV: the figures as the page shows them, sentinels spelt out. */
export const GUIDE_CSV_COLUMNS: readonly ExportColumn[] = [
  { id: "productId", header: "Product ID", value: (r) => text(r.productId) },
  { id: "name", header: "Product", value: (r) => text(r.name) },
  { id: "brand", header: "Brand", value: (r) => text(r.brand) },
  { id: "category", header: "Category", value: (r) => text(r.category) },
  {
    id: "shelf",
    header: "Shelf (units)",
    value: (r) => (r.shelf !== null ? text(r.shelf) : r.neverCounted ? "never counted" : "no count"),
  },
  { id: "daysOfCover", header: "Days of cover", value: (r) => text(r.daysOfCover) },
  { id: "usualCases", header: "Usual order (cases)", value: (r) => text(r.usualCases) },
  { id: "boughtCases", header: "Bought in 180 days (cases)", value: (r) => text(r.boughtCases) },
  { id: "unitPrice", header: "Unit price", value: (r) => text(r.unitPrice) },
  { id: "casePrice", header: "Case price", value: (r) => text(r.casePrice) },
  {
    id: "promotionEnds",
    header: "Promotion ends",
    value: (r) => (r.onPromotion ? (r.promotionEnds === null ? "open-ended" : text(r.promotionEnds)) : ""),
  },
  { id: "bucket", header: "Warehouse stock", value: (r) => text(r.bucket) },
  { id: "inStock", header: "In stock", value: (r) => (r.inStock ? "yes" : "no") },
  { id: "sample", header: "Sample", value: (r) => (r.sample ? "yes" : "no") },
  { id: "suggestedCases", header: "Suggested cases", value: (r) => text(r.suggestedCases) },
];

/** The guide's rows as a CSV file (with a byte order mark, for Excel). */
export function guideCsv(rows: readonly GuideRow[]): string {
  return (
    csvHeader(GUIDE_CSV_COLUMNS, { bom: true }) +
    csvRows(GUIDE_CSV_COLUMNS, rows as unknown as Record<string, unknown>[])
  );
}
