/**
 * A list a person can check: the list page reads its whole filtered list (every page of 500, up to
 * `WHOLE_LIST_PAGES`), so it says how many rows it holds, puts the newest first over the whole list (not each page),
 * totals its money over every row, narrows to a figure the API has no filter for (an overview's "out of stock", "past
 * due"), and pages what it read. An overview's figure is `wholeList` of the same walk and the same address, so the
 * figure and the list it opens are one count. Pure: the page walks, this decides.
 */
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import { addDecimals, parseDecimal } from "@/lib/format/decimal";
import type { ApiRequest } from "../api-query";
import {
  type ListFigure,
  type ListOperationId,
  type ListViewSpec,
  listRequest,
  rowOrderInForce,
} from "./list-view-spec";

export type { ListFigure };

/** Pages of 500 a list page reads at most: 6,000 rows (the demo staff's invoices of 90 days are 5,025). */
export const WHOLE_LIST_PAGES = 12;

/** The address's parameter naming a figure the list is narrowed to (`?figure=out-of-stock`). */
export const FIGURE_PARAM = "figure";

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function get(params: Params, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The request a list page walks for its address: the list's own (`listRequest`: filters, page default, fixed
 * parameters) without its page and size, which the walk sets (the page shown is the page's own choice, not the API's).
 *
 * @example
 * walkRequest(LIST_VIEWS.invoices, new URLSearchParams("Statuses=5&Page=3")); // { operation: "listInvoices", query: { Statuses: "5" } }
 */
export function walkRequest<K extends ListOperationId>(
  view: ListViewSpec<K>,
  params: Params,
  options?: { today?: string },
): ApiRequest<K> {
  const request = listRequest(view, params, options);
  const paging = pagingParams(OPERATION_META[view.operation].version);
  const query = { ...request.query };
  delete query[paging.page];
  delete query[paging.size];
  return { ...request, query };
}

/** The figure the address narrows the list to, when the view has it. */
export function figureOf(view: Pick<ListViewSpec, "figures">, params: Params): ListFigure | undefined {
  const id = get(params, FIGURE_PARAM);
  return id ? view.figures?.[id] : undefined;
}

/** What a list page shows of its whole list. */
export interface WholeList<R> {
  /** Every row read, narrowed to the figure, in the list's order (its own where it is whole, else the API's). */
  rows: R[];
  /** How many rows: exact when `complete`, at least that many otherwise. */
  count: number;
  /** Whether the walk read the whole list (not stopped by `WHOLE_LIST_PAGES`). */
  complete: boolean;
  /** Whether the rows are in the view's own order (newest first): only a whole list can be. */
  ordered: boolean;
  /** The money columns' totals over every row (exact decimal strings), by column id. */
  totals: Record<string, string>;
}

/**
 * The whole list as the page shows it: the walked rows narrowed to the address's figure, in the view's order where
 * the walk is whole (a walk stopped at its bound cannot say which rows are newest: the API's order then), counted and
 * totalled. The overview's figures are this function's `count` and `totals` of the same walk and address.
 *
 * @example
 * wholeList(LIST_VIEWS.invoices, new URLSearchParams("Statuses=5"), walked, "2026-11-27"); // { count: 996, totals: { InvoiceTotal: "…" }, … }
 */
export function wholeList<R extends Record<string, unknown>>(
  view: Pick<ListViewSpec, "order" | "figures" | "totals">,
  params: Params,
  walked: { records: readonly R[]; complete: boolean },
  today: string,
): WholeList<R> {
  const figure = figureOf(view, params);
  const kept = figure ? walked.records.filter((r) => figure.keep(r, today)) : [...walked.records];
  const order = walked.complete ? rowOrderInForce(view, params) : undefined;
  const rows = order ? kept.sort(order.compare) : kept;
  const totals = Object.fromEntries(
    (view.totals ?? []).map((id) => [
      id,
      addDecimals(...rows.map((r) => String(r[id] ?? "")).filter((v) => parseDecimal(v) !== undefined)),
    ]),
  );
  return { rows, count: rows.length, complete: walked.complete, ordered: order !== undefined, totals };
}

/**
 * A count in words, exact or "at least": "948 invoices", "at least 6,000 invoices", "1 customer".
 *
 * @example
 * countWords(948, true, { one: "invoice", many: "invoices" }); // "948 invoices"
 */
export function countWords(count: number, complete: boolean, noun: { one: string; many: string }): string {
  return `${complete ? "" : "at least "}${count.toLocaleString("en-US")} ${count === 1 ? noun.one : noun.many}`;
}

/**
 * The address of a list page for an overview's figure: the page's path with the walk's filters and the figure, so the
 * list it opens walks the very request the figure counted.
 *
 * @example
 * listHref("/invoices", { Statuses: "5" }); // "/invoices?Statuses=5"
 * listHref("/inventory/available", {}, "out-of-stock"); // "/inventory/available?figure=out-of-stock"
 */
export function listHref(path: string, query: Readonly<Record<string, string>> = {}, figure?: string): string {
  const params = new URLSearchParams(query as Record<string, string>);
  if (figure) params.set(FIGURE_PARAM, figure);
  const search = params.toString().replaceAll("%2C", ",");
  return search ? `${path}?${search}` : path;
}
