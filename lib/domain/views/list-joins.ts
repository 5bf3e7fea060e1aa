/**
 * Joined columns of a list: values a row takes from the records of another operation that belong to it, read by the
 * ids of the rows (`/invoiceTransactions?InvoiceIDs=…`, in batches, as a child export reads them). A join is data on
 * the view (`ListViewSpec.joins`): which key types it is for, the child operation and its id parameter, what a row's
 * children make of it, and the columns that show that. The list page reads the children of the rows it shows
 * (lib/ui/views/use-joined-rows.ts); the CSV export reads them page by page through its pacer (lib/export/run-export.ts).
 */
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import type { KeyType } from "@/lib/data-api/operation";
import type { OperationId } from "@/lib/data-api/registry";
import { pagingParams } from "@/lib/data-api/values";
import type { ApiRequest } from "../api-query";
import { mayCall } from "../navigation";
import type { ColumnSpec } from "./columns";

type Row = Record<string, unknown>;

/** The part of a list view a join changes (the view's spec names its joins: `ListViewSpec.joins`). */
interface Joinable {
  columns: readonly unknown[];
  defaultColumns: readonly string[];
  joins?: readonly ListJoin[];
}

/** What a join knows of the key beside its type: a Supplier key's suppliers (its brand's lines are theirs). */
export interface JoinScope {
  supplierIds?: ReadonlySet<number>;
}

/** A join of a list view. */
export interface ListJoin {
  /** The key types the join is made for (a brand's share: Supplier keys). */
  keyTypes: readonly KeyType[];
  /** The row's field holding the id the child operation takes; a row without one joins nothing. */
  parentId: string;
  /** The list operation that takes the ids, and its parameter taking them (a comma list). */
  child: Extract<OperationId, `list${string}`>;
  idParam: string;
  /** The child's field naming its parent. */
  childParentId: string;
  /** The fields a row takes from its children (every row with an id, also one with none). */
  fields: (children: readonly Row[], scope: JoinScope) => Row;
  /** The columns that show those fields (each reads its own id); `derived`: no field of the API's. */
  columns: readonly ColumnSpec<Row, never>[];
  /** The join's columns shown by default, and the view's default column they follow. */
  defaultColumns: readonly string[];
  after?: string;
  /** What is read, in a sentence's words ("the brand's lines of these invoices"). */
  reading: string;
}

/**
 * The joins a key type gets on a view: those made for it whose child operation it may call.
 *
 * @example
 * joinsFor(LIST_VIEWS.invoices, "Supplier").length; // 1: the brand's share
 * joinsFor(LIST_VIEWS.invoices, "Customer"); // []
 */
export function joinsFor(view: Pick<Joinable, "joins">, keyType: KeyType): ListJoin[] {
  return (view.joins ?? []).filter((j) => j.keyTypes.includes(keyType) && mayCall(keyType, j.child));
}

/**
 * A view with the columns of the joins a key type gets: each join's columns after the view's, its default ones after
 * the default column it names (at the end without one), so the page, its column chooser and its CSV see them as any.
 *
 * @example
 * withJoins(LIST_VIEWS.invoices, "Supplier").defaultColumns; // […, "InvoiceTotal", "BrandTotal", "BrandUnits", "BrandCases", …]
 */
export function withJoins<V extends Joinable>(view: V, keyType: KeyType): V {
  const joins = joinsFor(view, keyType);
  if (joins.length === 0) return view;
  const columns = [...view.columns, ...joins.flatMap((j) => j.columns)] as V["columns"];
  const defaults = [...view.defaultColumns];
  for (const join of joins) {
    const at = join.after === undefined ? -1 : defaults.indexOf(join.after);
    defaults.splice(at === -1 ? defaults.length : at + 1, 0, ...join.defaultColumns);
  }
  return { ...view, columns, defaultColumns: defaults };
}

/**
 * A row's id for a join, as text; undefined when it has none.
 *
 * @example
 * joinId({ InvoiceID: 300001 }, "InvoiceID"); // "300001"
 */
export function joinId(row: Row, field: string): string | undefined {
  const value = row[field];
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The ids of some rows a join reads, each once, in the rows' order.
 *
 * @example
 * joinIds(join, [{ InvoiceID: 2 }, { InvoiceID: 1 }, { InvoiceID: 2 }, {}]); // ["2", "1"]
 */
export function joinIds(join: Pick<ListJoin, "parentId">, rows: readonly Row[]): string[] {
  const ids = new Set<string>();
  for (const row of rows) {
    const id = joinId(row, join.parentId);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/**
 * The request of one page of a join's children for a batch of ids, with the child operation's own paging names.
 *
 * @example
 * joinRequest(join, ["300001", "300002"], 1, 500);
 * // { operation: "listInvoiceTransactions", query: { InvoiceIDs: "300001,300002", Page: "1", PageSize: "500" } }
 */
export function joinRequest(join: ListJoin, ids: readonly string[], page: number, pageSize: number): ApiRequest {
  const paging = pagingParams(OPERATION_META[join.child].version);
  return {
    operation: join.child,
    query: { [join.idParam]: ids.join(","), [paging.page]: String(page), [paging.size]: String(pageSize) },
  };
}

/** Ids per request of a join's children, as a child export's: 100 ids keep a URL under about 1,000 characters. */
export const JOIN_BATCH_SIZE = 100;

/** One page of a join's children (the shape of an export's page, `lib/export/plan.ts`). */
export interface JoinPage {
  rows: Row[];
  hasNextPage: boolean;
  rateLimit: { limit?: number; remaining?: number; reset?: number };
}

/** Fetches one page of a join's children for a batch of ids. */
export type FetchJoinPage = (
  ids: readonly string[],
  page: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<JoinPage>;

/**
 * Requests reading the children of `rows` rows takes at least: one per batch of ids (more where a batch's children fill
 * more than a page).
 *
 * @example
 * joinRequestsFor(1234); // 13
 */
export function joinRequestsFor(rows: number, batchSize = JOIN_BATCH_SIZE): number {
  return Math.ceil(rows / batchSize);
}

/**
 * Every child of some ids, read in batches of ids, each batch page by page until a page says it is the last (or is
 * empty). Each request is made through `call`: an export's pacer (its waits, its retries), the request alone by default.
 *
 * @example
 * const lines = await readJoinChildren({ ids: ["300001", "300002"], fetchPage, signal });
 */
export async function readJoinChildren({
  ids,
  fetchPage,
  signal,
  call = (work) => work(signal),
  batchSize = JOIN_BATCH_SIZE,
  pageSize = 500,
}: {
  ids: readonly string[];
  fetchPage: FetchJoinPage;
  signal: AbortSignal;
  call?: (work: (signal: AbortSignal) => Promise<JoinPage>) => Promise<JoinPage>;
  batchSize?: number;
  pageSize?: number;
}): Promise<Row[]> {
  const children: Row[] = [];
  for (let start = 0; start < ids.length; start += batchSize) {
    const batch = ids.slice(start, start + batchSize);
    for (let page = 1; ; page++) {
      const result = await call((s) => fetchPage(batch, page, pageSize, s));
      children.push(...result.rows);
      // A page past the end is empty, whatever it says of a next one.
      if (!result.hasNextPage || result.rows.length === 0) break;
    }
  }
  return children;
}

/**
 * Rows with what their children make of them (`fields`): each row with an id takes the fields of its children (none
 * is an empty list); a row without an id is left as it is.
 *
 * @example
 * joinRows(brandShareJoin, [{ InvoiceID: 1, InvoiceTotal: "779.50" }], lines, {})[0].BrandTotal; // "49.000000"
 */
export function joinRows<R extends Row>(
  join: ListJoin,
  rows: readonly R[],
  children: readonly Row[],
  scope: JoinScope,
): R[] {
  const byParent = new Map<string, Row[]>();
  for (const child of children) {
    const id = joinId(child, join.childParentId);
    if (id === undefined) continue;
    const list = byParent.get(id);
    if (list) list.push(child);
    else byParent.set(id, [child]);
  }
  return rows.map((row) => {
    const id = joinId(row, join.parentId);
    return id === undefined ? row : { ...row, ...join.fields(byParent.get(id) ?? [], scope) };
  });
}
