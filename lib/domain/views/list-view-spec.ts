import type { RecordOf } from "@/lib/data-api/client";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import type { OperationId } from "@/lib/data-api/registry";
import type { ApiRequest } from "../api-query";
import type { ColumnSpec } from "./columns";
import type { ListJoin } from "./list-joins";

/** The operations that answer a page of records (the ones a list page is built on). */
export type ListOperationId = Extract<OperationId, `list${string}`>;

/**
 * A list page: which operation, which columns (and which of them show by default), which filters. `Cell` as in
 * `ColumnSpec`: the domain's views draw no cell of their own, the browser's (lib/ui/views/list-views.tsx) React.
 */
export interface ListViewSpec<K extends ListOperationId = ListOperationId, Cell = unknown> {
  operation: K;
  title: string;
  /** One line under the title: what the page shows. */
  intro?: string;
  noun: { one: string; many: string };
  columns: ColumnSpec<RecordOf<K>, Cell>[];
  defaultColumns: readonly string[];
  /**
   * The columns a row's card shows on a phone, first (`cardColumns`: the first is the card's title); the card fills
   * up with the first visible columns. Default: the first visible columns alone.
   */
  card?: readonly string[];
  rowKey: (row: RecordOf<K>, index: number) => string;
  staleTime: number;
  /** The filters shown, by parameter name, in order (default: every parameter of the operation). */
  filters?: readonly string[];
  /** Rows per page when the URL does not say (default 50, the API's own). */
  pageSize?: number;
  /** The file name of a CSV export, without extension. */
  exportName: string;
  /** Parameters every request of the list sends, whatever the address says (`include_transactions=false`). */
  fixed?: Readonly<Record<string, string>>;
  /** What the page shows where the API's own default is not what a person means (`PageDefault`). */
  pageDefault?: PageDefault;
  /** Columns read from another operation by the rows' ids, for some key types (`list-joins.ts`). */
  joins?: readonly ListJoin[];
  /** The order the rows are shown and exported in where the API's is not what a person means (`RowOrder`). */
  order?: RowOrder;
  /**
   * Figures the list can be narrowed to by the address (`?figure=`), where the API has no filter for them: an
   * overview's figure opens its list with one (`whole-list.ts`).
   */
  figures?: Readonly<Record<string, ListFigure>>;
  /** Money columns totalled over the whole list (shown above the table; the CSV's column adds up to it). */
  totals?: readonly string[];
}

/**
 * A figure a list can be narrowed to, where the API has no filter for it: its words and which rows it keeps. `today`
 * is the person's day (YYYY-MM-DD), for figures that count from it (past due).
 */
export interface ListFigure {
  /** What the list shows while narrowed to it, in a few words ("out of stock: nothing available now"). */
  label: string;
  keep: (row: Record<string, unknown>, today: string) => boolean;
}

/**
 * A list's own order of its rows (invoices newest first, where the API lists them oldest first): the page sorts the
 * rows it shows, the CSV export the same (`exportOrder`), unless the address asks for the API's (`order=api`). The
 * words above the table say it, with the API's order one click away.
 */
export interface RowOrder {
  /** Negative when `a` goes before `b`. */
  compare: (a: Record<string, unknown>, b: Record<string, unknown>) => number;
  /** The API lists the rows the other way round: an export reads its pages last to first. */
  reversesApi: boolean;
  /** The words above the table while the order is in force, and its name in a link back to it. */
  describe: string;
  name: string;
  /** The API's own order, in words ("the API's order, oldest first"). */
  api: string;
}

/**
 * A list page's own default: where the API defaults silently to a subset (`/invoices` to New only), the
 * filters the page sets while the address names none of `unless`. `listRequest` applies it, so the page, its CSV export,
 * a child export and a saved view (whose CSV is made by the same request) all ask the same; the words above the table
 * say it, with the API's own default one click away.
 */
export interface PageDefault {
  /** The parameters whose presence in the address turns the page's default off (a status chosen, even New alone). */
  unless: readonly string[];
  /** The parameters set (each where the address leaves it out), from today's date (YYYY-MM-DD, UTC). */
  query: (today: string) => Record<string, string>;
  /** What a filter left empty shows in its control while the default is in force ("Every status"). */
  labels: Readonly<Record<string, (today: string) => string>>;
  /** The words above the table while the default is in force, and its name in a link back to it. */
  words: (today: string) => string;
  name: string;
  /** The API's own default as the address spells it (`Statuses=1`), and its words. */
  api: { query: Readonly<Record<string, string>>; describe: string };
}

/** Today's date as the page's defaults count it: UTC, the same on the server's render and in the browser. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Whether a view's page default is in force for an address: it has one, and the address names none of `unless`. */
export function pageDefaultInForce(view: Pick<ListViewSpec, "pageDefault">, params: Params): boolean {
  return view.pageDefault !== undefined && view.pageDefault.unless.every((name) => !get(params, name));
}

export const PAGE_SIZES = [25, 50, 100, 250, 500] as const;
/** The URL parameter holding the visible columns, when they differ from the view's default. */
export const COLUMNS_PARAM = "columns";
/** The URL parameter that asks for the API's own order of the rows (`order=api`) where the view has one of its own. */
export const ORDER_PARAM = "order";
/** The value of `order` that keeps the API's order. */
export const API_ORDER = "api";

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function get(params: Params, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The API request a list page makes for its URL: the operation's own parameters as the URL names them (so a
 * bookmarked page asks the API exactly the same thing), the page's own default where it is in force, and always a
 * page and a page size.
 *
 * @example
 * listRequest(invoicesView, new URLSearchParams("Statuses=1,7&Page=2")); // { operation: "listInvoices", query: { Statuses: "1,7", Page: "2", PageSize: "50" } }
 * listRequest(invoicesView, new URLSearchParams(""), { today: "2026-11-25" }); // { query: { Statuses: "1,2,3,4,5,7", StartDate: "2026-08-27", Page: "1", PageSize: "50" } }
 */
export function listRequest<K extends ListOperationId>(
  view: ListViewSpec<K>,
  params: Params,
  { today = todayUtc(), pageDefault = true }: { today?: string; pageDefault?: boolean } = {},
): ApiRequest<K> {
  const { query: specs, version } = OPERATION_META[view.operation];
  const paging = pagingParams(version);
  const query: Record<string, string> = {};
  for (const name of Object.keys(specs)) {
    const value = get(params, name);
    if (value !== undefined && value !== "") query[name] = value;
  }
  if (pageDefault && pageDefaultInForce(view, params))
    for (const [name, value] of Object.entries(view.pageDefault!.query(today))) query[name] ??= value;
  query[paging.page] ??= "1";
  query[paging.size] ??= String(view.pageSize ?? 50);
  Object.assign(query, view.fixed);
  return { operation: view.operation, query };
}

/** The visible columns of a URL: its `columns` list (known ids only), or the view's default. */
export function visibleColumns(view: ListViewSpec, params: Params): string[] {
  const listed = get(params, COLUMNS_PARAM)
    ?.split(",")
    .filter((id) => view.columns.some((c) => c.id === id));
  return listed?.length ? listed : [...view.defaultColumns];
}

/** The request of a short list inside a detail page: a fixed filter, its first 100 rows. */
export function embeddedRequest<K extends ListOperationId>(
  view: ListViewSpec<K>,
  query: Record<string, string>,
): ApiRequest<K> {
  // A record page's list says what it filters itself: the list page's own default is not its.
  return listRequest(view, { ...query, PageSize: "100" }, { pageDefault: false });
}

/** The view's own order of its rows, when it has one and the address does not ask for the API's (`order=api`). */
export function rowOrderInForce(view: Pick<ListViewSpec, "order">, params: Params): RowOrder | undefined {
  return view.order && get(params, ORDER_PARAM) !== API_ORDER ? view.order : undefined;
}

/**
 * The rows in the order the page shows them: the view's own where it is in force (a stable sort, so rows it ranks
 * alike keep the API's order), the API's otherwise.
 *
 * @example
 * orderedRows(LIST_VIEWS.invoices, new URLSearchParams(), page.records); // newest invoice first
 * orderedRows(LIST_VIEWS.invoices, new URLSearchParams("order=api"), page.records); // as the API listed them
 */
export function orderedRows<R>(view: Pick<ListViewSpec, "order">, params: Params, rows: readonly R[]): R[] {
  const order = rowOrderInForce(view, params);
  if (!order) return [...rows];
  return [...rows].sort((a, b) => order.compare(a as Record<string, unknown>, b as Record<string, unknown>));
}

/**
 * How an export of the list orders its rows: each page sorted as the page sorts it, and, where the API lists the other
 * way round, its pages read last to first, so that the whole file runs in the view's order; narrowed to the address's
 * figure (`?figure=`) as the page is, on `today`. Undefined: the API's rows, as listed. (A list page that read its list
 * whole exports those very rows instead: `rowsPages`.)
 *
 * @example
 * runExport({ …, order: exportOrder(LIST_VIEWS.invoices, params) }); // newest first, the last page first
 */
export function exportOrder(
  view: Pick<ListViewSpec, "order" | "figures">,
  params: Params,
  today = todayUtc(),
): { lastPageFirst: boolean; sort: (rows: Record<string, unknown>[]) => Record<string, unknown>[] } | undefined {
  const order = rowOrderInForce(view, params);
  const figureId = get(params, "figure");
  const figure = figureId ? view.figures?.[figureId] : undefined;
  if (!order && !figure) return undefined;
  return {
    lastPageFirst: order?.reversesApi ?? false,
    sort: (rows) => {
      const kept = figure ? rows.filter((r) => figure.keep(r, today)) : [...rows];
      return order ? kept.sort(order.compare) : kept;
    },
  };
}

/**
 * Newest first by a date field (ISO text: a later day, or a later time of one day, goes first), then by an id field,
 * the highest first; a row without a date goes last.
 *
 * @example
 * [{ Date: "2026-08-01" }, { Date: "2026-09-01" }].sort(newestFirst("Date", "InvoiceID")); // September's first
 */
export function newestFirst(dateField: string, idField: string) {
  return (a: Record<string, unknown>, b: Record<string, unknown>): number => {
    const day = (row: Record<string, unknown>) =>
      typeof row[dateField] === "string" ? (row[dateField] as string) : "";
    const id = (row: Record<string, unknown>) =>
      typeof row[idField] === "number" ? (row[idField] as number) : -Infinity;
    const [da, db] = [day(a), day(b)];
    if (da !== db) return da === "" ? 1 : db === "" ? -1 : da < db ? 1 : -1;
    const ia = id(a);
    const ib = id(b);
    return ia === ib ? 0 : ib > ia ? 1 : -1;
  };
}
