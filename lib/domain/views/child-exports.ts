/**
 * Child exports: a list page's "Export lines" and "Export certificates", the records that belong to the rows of the
 * filtered list, read with their ids in batches (`lib/export/run-child-export.ts` runs one; the list's own CSV
 * export walks the list the same way first). Each is data: the parent list, the field holding the id, the child
 * operation and the parameter that takes the ids, the parameters passed on, and the columns.
 */
import type { RecordOf } from "@/lib/data-api/client";
import type { RecordMeta } from "@/lib/data-api/meta";
import { OPERATION_META, RECORD_META } from "@/lib/data-api/meta.generated";
import type { KeyType } from "@/lib/data-api/operation";
import { pagingParams } from "@/lib/data-api/values";
import type { ApiRequest } from "../api-query";
import { mayCall } from "../navigation";
import { type ColumnSpec, columnsOf, humanize } from "./columns";
import type { ListOperationId, ListViewSpec } from "./list-view-spec";
import { LIST_VIEWS } from "./list-views";

type QueryName<K extends ListOperationId> = keyof (typeof OPERATION_META)[K]["query"] & string;
type FieldName<K extends ListOperationId> = keyof RecordOf<K> & string;

/** A child export as it is written down, its names checked against the contract. */
export interface ChildExportSpec<P extends ListOperationId, C extends ListOperationId> {
  /** The button's text: "Export lines". */
  label: string;
  /** The list whose filtered rows are the parents, read as its page reads it (filters, fixed parameters). */
  parent: ListViewSpec<P>;
  /** The parent's field holding the id the child operation takes; a row without one is skipped. */
  parentId: FieldName<P>;
  /** The parent's fields written first on every row, so that a row can be traced (as the parent's columns write them). */
  parentColumns: readonly FieldName<P>[];
  /** The list operation that takes the parents' ids. */
  child: C;
  /** The child's parameter taking the ids, a comma list. */
  idParam: QueryName<C>;
  /** The child's field naming its parent. */
  childParentId: FieldName<C>;
  /** The parent request's parameters passed on to the child, under the same name (`Statuses`). */
  passOn?: readonly (QueryName<P> & QueryName<C>)[];
  /** The record the child operation answers: every documented field is a column. */
  record: RecordMeta;
  /** Headers of the record's columns where the generated one reads badly ("no. units" for NumUnits). */
  headers?: Partial<Record<FieldName<C>, string>>;
  noun: { one: string; many: string };
  /** The file name, without date and extension. */
  exportName: string;
}

/** A child export ready to run: the names as plain strings, the parent's columns looked up in its view. */
export interface ChildExport {
  label: string;
  parent: ListViewSpec;
  parentId: string;
  parentColumns: ColumnSpec[];
  child: ListOperationId;
  idParam: string;
  childParentId: string;
  passOn: readonly string[];
  record: RecordMeta;
  columns: ColumnSpec[];
  noun: { one: string; many: string };
  exportName: string;
}

/**
 * The columns of a record for a CSV: every documented field, ids headed as ids ("Product ID": the file holds the id,
 * not the name a table would show in its place).
 *
 * @example
 * csvColumnsOf(RECORD_META.InvoiceCOA).map((c) => c.header); // ["Invoice ID", "Product ID", "Invoice trans ID", …]
 */
export function csvColumnsOf(
  record: RecordMeta,
  headers: Readonly<Record<string, string | undefined>> = {},
): ColumnSpec[] {
  return columnsOf<Record<string, unknown>>(record).map(({ named, ...column }) => ({
    ...column,
    header: headers[column.id] ?? (named ? humanize(column.id) : column.header),
  }));
}

/**
 * A child export from its spec, its names checked by the compiler.
 *
 * @example
 * childExport({ label: "Export lines", parent: LIST_VIEWS.purchasesV1, parentId: "PurchaseID", parentColumns: ["PONum"],
 *   child: "listPurchaseTransactions", idParam: "PurchaseIDs", childParentId: "PurchaseID",
 *   record: RECORD_META.PurchaseTransactionV1, noun: LINES, exportName: "purchase-lines" });
 */
export function childExport<P extends ListOperationId, C extends ListOperationId>(
  spec: ChildExportSpec<P, C>,
): ChildExport {
  const parent = spec.parent as unknown as ListViewSpec;
  const parentColumns = spec.parentColumns.map((id) => {
    const column = (parent.columns as ColumnSpec[]).find((c) => c.id === id);
    if (!column) throw new Error(`${spec.exportName}: the ${parent.title} view has no column ${id}`);
    return column;
  });
  const headers: Record<string, string | undefined> = spec.headers ?? {};
  return { ...spec, parent, parentColumns, passOn: spec.passOn ?? [], columns: csvColumnsOf(spec.record, headers) };
}

const LINES = { one: "line", many: "lines" };

/** Every child export, by parent list. */
export const CHILD_EXPORTS: readonly ChildExport[] = [
  childExport({
    label: "Export lines",
    parent: LIST_VIEWS.invoices,
    parentId: "InvoiceID",
    parentColumns: ["InvoiceNum", "CustomerName"],
    child: "listInvoiceTransactions",
    idParam: "InvoiceIDs",
    childParentId: "InvoiceID",
    // The list's status filter, passed on: when given without 7, the lines of verified invoices are left out.
    passOn: ["Statuses"],
    record: RECORD_META.InvoiceTransaction,
    headers: { NumUnits: "Units" },
    noun: LINES,
    exportName: "invoice-lines",
  }),
  childExport({
    label: "Export certificates",
    parent: LIST_VIEWS.invoices,
    parentId: "InvoiceID",
    parentColumns: ["InvoiceNum", "CustomerName"],
    child: "listInvoiceCOAs",
    idParam: "InvoiceIDs",
    childParentId: "InvoiceID",
    record: RECORD_META.InvoiceCOA,
    noun: { one: "certificate", many: "certificates" },
    exportName: "invoice-certificates",
  }),
  // v2 /purchaseTrans answers posted lines only (PostedPurchaseLineV2), by numeric ERP id: a draft has neither.
  childExport({
    label: "Export lines",
    parent: LIST_VIEWS.purchases,
    parentId: "purchase_id",
    parentColumns: ["po_num", "vendor_name"],
    child: "listPurchaseLinesV2",
    idParam: "purchase_ids",
    childParentId: "purchase_id",
    record: RECORD_META.PostedPurchaseLineV2,
    headers: { num_units: "Units" },
    noun: LINES,
    exportName: "purchase-lines",
  }),
  // A service without the v2 endpoints: v1 /purchaseTrans, the posted purchases' lines by PurchaseIDs.
  childExport({
    label: "Export lines",
    parent: LIST_VIEWS.purchasesV1,
    parentId: "PurchaseID",
    parentColumns: ["PONum", "VendorName"],
    child: "listPurchaseTransactions",
    idParam: "PurchaseIDs",
    childParentId: "PurchaseID",
    record: RECORD_META.PurchaseTransactionV1,
    headers: { NumUnits: "Units" },
    noun: LINES,
    exportName: "purchase-lines",
  }),
];

/**
 * The child exports a list offers a key type: those of its operation whose child operation the key may call.
 *
 * @example
 * childExportsFor("listInvoices", "Customer").map((e) => e.label); // ["Export lines", "Export certificates"]
 * childExportsFor("listPurchasesV2", "Customer"); // []
 */
export function childExportsFor(operation: ListOperationId, keyType: KeyType): ChildExport[] {
  return CHILD_EXPORTS.filter(
    (e) => e.parent.operation === operation && mayCall(keyType, e.parent.operation) && mayCall(keyType, e.child),
  );
}

/**
 * A row's id for the child operation, as text; undefined when it has none (a draft purchase's purchase_id is null).
 *
 * @example
 * idOf({ InvoiceID: 300001 }, "InvoiceID"); // "300001"
 */
export function idOf(row: Record<string, unknown>, field: string): string | undefined {
  const value = row[field];
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The request of one page of a child export's batch: the ids, the parameters passed on from the list's request (when
 * it has them), and the child operation's own paging names.
 *
 * @example
 * childRequest(invoiceLines, { operation: "listInvoices", query: { Statuses: "3", Page: "2" } }, ["300001", "300002"], 1, 500);
 * // { operation: "listInvoiceTransactions", query: { Statuses: "3", InvoiceIDs: "300001,300002", Page: "1", PageSize: "500" } }
 */
export function childRequest(
  spec: ChildExport,
  parentRequest: ApiRequest,
  ids: readonly string[],
  page: number,
  pageSize: number,
): ApiRequest {
  const paging = pagingParams(OPERATION_META[spec.child].version);
  const query: Record<string, string> = {};
  for (const name of spec.passOn) {
    const value = parentRequest.query?.[name];
    if (value !== undefined && value !== "") query[name] = value;
  }
  query[spec.idParam] = ids.join(",");
  query[paging.page] = String(page);
  query[paging.size] = String(pageSize);
  return { operation: spec.child, query };
}
