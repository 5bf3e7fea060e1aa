import "server-only";
import type { OperationId } from "@/lib/data-api/registry";
import type { ApiRequest } from "@/lib/domain/api-query";
import {
  INVOICED_STATUSES,
  type InvoiceLineRecord,
  type InvoiceRecord,
  invoiceCounts,
  invoiceDay,
} from "@/lib/domain/order-guide/invoice-match";
import { idBatches } from "@/lib/domain/today/requests";
import type { StoredKeyInfo } from "../core/session/types";

/**
 * What the match job reads of the Data API (`match-job.ts`), with which key: the stores' invoices since their oldest
 * list's day (`CustomerIDs`, 400 a request, every status an invoice counts in: the API's default is New only), then the
 * lines of those that may count (`InvoiceIDs`, 400 a request), every page of 500.
 */

/** A walk of every page of a request (`apiWalkOptions`), through the key's background reads. */
export type Walk = <K extends OperationId>(request: ApiRequest<K>) => Promise<unknown[]>;

/**
 * The workspace key a store's lists are matched with: a Customer key of the environment whose scope holds the store,
 * else an Employee key of it (the oldest first); none when the workspace holds neither (a Supplier key sees a store's
 * invoices only in part).
 *
 * @example
 * matchingKey(await keys.list(workspaceId), "test", 20001)?.id;
 */
export function matchingKey(
  keys: readonly StoredKeyInfo[],
  environment: string,
  customerId: number,
): StoredKeyInfo | undefined {
  const of = keys.filter((k) => k.environment === environment);
  return (
    of.find((k) => k.keyType === "Customer" && k.scope.customers?.some((c) => c.id === customerId)) ??
    of.find((k) => k.keyType === "Employee")
  );
}

/** The stores' invoices since the oldest of their days (`firstDay`: each store's oldest list's sent day). */
export async function readInvoices(walk: Walk, firstDay: ReadonlyMap<number, string>): Promise<InvoiceRecord[]> {
  const StartDate = [...firstDay.values()].sort()[0]!;
  const invoices: InvoiceRecord[] = [];
  for (const CustomerIDs of idBatches(firstDay.keys()))
    invoices.push(
      ...((await walk({
        operation: "listInvoices",
        query: { CustomerIDs, StartDate, Statuses: INVOICED_STATUSES },
      })) as InvoiceRecord[]),
    );
  return invoices;
}

/** The invoices that may count: a store's, on or after its oldest list's day, neither returned nor canceled. */
export function mayCount(invoices: readonly InvoiceRecord[], firstDay: ReadonlyMap<number, string>): InvoiceRecord[] {
  return invoices.filter((i) => {
    const day = invoiceDay(i);
    const from = typeof i.CustomerID === "number" ? firstDay.get(i.CustomerID) : undefined;
    return (
      typeof i.InvoiceID === "number" &&
      from !== undefined &&
      day !== undefined &&
      day >= from &&
      invoiceCounts(i.Status)
    );
  });
}

/** The lines of these invoices. */
export async function readLines(walk: Walk, invoices: readonly InvoiceRecord[]): Promise<InvoiceLineRecord[]> {
  const lines: InvoiceLineRecord[] = [];
  for (const InvoiceIDs of idBatches(invoices.flatMap((i) => (typeof i.InvoiceID === "number" ? [i.InvoiceID] : []))))
    lines.push(
      ...((await walk({
        operation: "listInvoiceTransactions",
        query: { InvoiceIDs, Statuses: INVOICED_STATUSES },
      })) as InvoiceLineRecord[]),
    );
  return lines;
}

/** An invoice's lines as a match last read them, with its header as it was then (`headerStamp`) and when. */
export interface KeptLines {
  stamp: string;
  at: number;
  /** [InvoiceTransID, ProductID, Cases]: what a match reads of a line. */
  lines: [number | null, number | null, string | null][];
}

/** How long an invoice's lines are taken as read: past this, they are read again, whatever its header says. */
export const LINES_KEPT_MS = 3_600_000;

/**
 * What an invoice's header says of its lines: the ERP's last update of it, its status, day, store and totals. The same
 * header, the same lines: the ERP changes an invoice's totals and its last update with its lines.
 *
 * @example
 * headerStamp({ InvoiceID: 7, InvoiceLastUpdated: "2026-11-21T10:00:00Z", TotalCases: "9.00" }); // '["2026-11-21T10:00:00Z",null,...,"9.00",...]'
 */
export const headerStamp = (i: InvoiceRecord): string =>
  JSON.stringify([
    i.InvoiceLastUpdated ?? null,
    i.Status ?? null,
    i.Date ?? null,
    i.CustomerID ?? null,
    i.TotalCases ?? null,
    i.TotalNumUnits ?? null,
    i.InvoiceTotal ?? null,
    i.RevisionStatus ?? null,
  ]);

/**
 * The lines a match needs, of those kept from the last (an invoice whose header is as it was, read within
 * `LINES_KEPT_MS`) and the invoices whose lines must be read again (new, changed, or read too long ago).
 *
 * @example
 * const { kept, toRead } = linesKept(invoices, lastKept, now);
 * const lines = [...kept, ...(await readLines(walk, toRead))];
 */
export function linesKept(
  invoices: readonly InvoiceRecord[],
  last: ReadonlyMap<number, KeptLines>,
  now: number,
): { kept: InvoiceLineRecord[]; toRead: InvoiceRecord[] } {
  const kept: InvoiceLineRecord[] = [];
  const toRead: InvoiceRecord[] = [];
  for (const invoice of invoices) {
    const was = typeof invoice.InvoiceID === "number" ? last.get(invoice.InvoiceID) : undefined;
    if (!was || was.stamp !== headerStamp(invoice) || now - was.at >= LINES_KEPT_MS) {
      toRead.push(invoice);
      continue;
    }
    for (const [InvoiceTransID, ProductID, Cases] of was.lines)
      kept.push({
        InvoiceID: invoice.InvoiceID,
        ...(InvoiceTransID === null ? {} : { InvoiceTransID }),
        ...(ProductID === null ? {} : { ProductID }),
        ...(Cases === null ? {} : { Cases }),
      });
  }
  return { kept, toRead };
}

/**
 * What to keep for the next match: each invoice's lines, those just read (`read`, at `now`) or kept as they were.
 *
 * @example
 * const next = linesToKeep(invoices, lastKept, freshLines, now);
 */
export function linesToKeep(
  invoices: readonly InvoiceRecord[],
  last: ReadonlyMap<number, KeptLines>,
  read: { invoices: readonly InvoiceRecord[]; lines: readonly InvoiceLineRecord[] },
  now: number,
): Map<number, KeptLines> {
  const next = new Map<number, KeptLines>();
  const wasRead = new Set(read.invoices.map((i) => i.InvoiceID));
  for (const invoice of invoices) {
    if (typeof invoice.InvoiceID !== "number") continue;
    if (wasRead.has(invoice.InvoiceID))
      next.set(invoice.InvoiceID, { stamp: headerStamp(invoice), at: now, lines: [] });
    else if (last.has(invoice.InvoiceID)) next.set(invoice.InvoiceID, last.get(invoice.InvoiceID)!);
  }
  for (const line of read.lines) {
    const entry =
      typeof line.InvoiceID === "number" && wasRead.has(line.InvoiceID) ? next.get(line.InvoiceID) : undefined;
    entry?.lines.push([
      typeof line.InvoiceTransID === "number" ? line.InvoiceTransID : null,
      typeof line.ProductID === "number" ? line.ProductID : null,
      typeof line.Cases === "string" ? line.Cases : null,
    ]);
  }
  return next;
}
