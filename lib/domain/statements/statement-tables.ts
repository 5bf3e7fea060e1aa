import { addDecimals, subtractDecimal } from "@/lib/format/decimal";
import { disputeHref, type DisputeDigest, reasonWords } from "@/lib/domain/disputes/digest";
import { STATUS_WORDS } from "@/lib/domain/disputes/dispute";
import { formatDay, formatMoney, MISSING } from "@/lib/format/display";
import { ACTIVITY_DAYS, AGED_LABELS, AGING_BUCKETS, type Statement } from "./statement";

/**
 * A statement's tables, written once for the page and the PDF: each table's title, columns and cells as
 * text, formatted as both show them, so that a figure on paper is the figure on screen. An invoice number carries its
 * invoice's id: the page links it to `/invoices/{id}`, the PDF to the same page at Backroom's address.
 */

export interface StatementCell {
  text: string;
  /** The invoice the cell names (a link to its page). */
  invoiceId?: number;
  /** Another of Backroom's pages the cell links to (a dispute's), as a path. */
  href?: string;
}

export interface StatementColumn {
  header: string;
  /** Its share of the table's width (the PDF lays columns out by it). */
  width: number;
  align?: "left" | "right";
}

export interface StatementTable {
  id: "invoices" | "credits" | "payments" | "applications" | "since-close" | "disputes";
  title: string;
  columns: StatementColumn[];
  rows: StatementCell[][];
  /** The bold last row: its label, then its figures. */
  total?: StatementCell[];
  /** What the page says when there is no row. */
  empty: string;
}

const cell = (text: string | undefined, invoiceId?: number): StatementCell => ({
  text: text ?? "",
  ...(invoiceId !== undefined ? { invoiceId } : {}),
});

/**
 * What each invoice has in dispute, across its disputes not resolved: "In dispute: $90.00 (short, damaged)".
 *
 * @example
 * inDisputeByInvoice([{ invoiceId: 7001, open: "90.00", reasons: ["short"], status: "open", … }]).get(7001);
 * // "In dispute: $90.00 (short)"
 */
export function inDisputeByInvoice(disputes: readonly DisputeDigest[]): Map<number, string> {
  const by = new Map<number, DisputeDigest[]>();
  for (const d of disputes) if (d.status !== "resolved") by.set(d.invoiceId, [...(by.get(d.invoiceId) ?? []), d]);
  return new Map(
    [...by].map(([id, ds]) => [
      id,
      `In dispute: ${formatMoney(addDecimals(...ds.map((d) => d.open)))} (${reasonWords([...new Set(ds.flatMap((d) => d.reasons))])})`,
    ]),
  );
}

/** The open disputes of the account's stores, after the rest: each invoice, when raised, why, where it stands. */
function disputesTable(disputes: readonly DisputeDigest[]): StatementTable {
  const open = disputes.filter((d) => d.status !== "resolved");
  return {
    id: "disputes",
    title: `Disputes not resolved (${open.length})`,
    columns: [
      { header: "Invoice", width: 1.3 },
      { header: "Raised", width: 1.15 },
      { header: "Reasons", width: 2 },
      { header: "Status", width: 1.1 },
      { header: "In dispute", width: 1.25, align: "right" },
    ],
    rows: open.map((d) => [
      cell(d.invoiceNum, d.invoiceId),
      cell(day(d.openedAt.slice(0, 10))),
      cell(reasonWords(d.reasons)),
      { text: STATUS_WORDS[d.status], href: disputeHref(d.id) },
      cell(formatMoney(d.open)),
    ]),
    total: [
      cell("In dispute"),
      cell(""),
      cell(""),
      cell(""),
      cell(formatMoney(addDecimals(...open.map((d) => d.open)))),
    ],
    empty: "No dispute of the account's deliveries is open.",
  };
}
const day = (value: string | undefined) => (value ? formatDay(value) : MISSING);
const money = (value: string | undefined) => (value === undefined ? MISSING : formatMoney(value));

/** The aging at the close as the statement's boxes show it: each bucket, the open credit (negative), the total. */
export function agingBoxes(statement: Statement): { label: string; value: string; strong?: boolean }[] {
  return [
    ...AGING_BUCKETS.map((b) => ({ label: b.label, value: formatMoney(statement.aging.buckets[b.id]) })),
    { label: "Open credit", value: formatMoney(subtractDecimal("0", statement.aging.openCredit)) },
    { label: "Outstanding", value: formatMoney(statement.aging.total), strong: true },
  ];
}

const PAYMENT_COLUMNS: StatementColumn[] = [
  { header: "Payment", width: 1.3 },
  { header: "Posted", width: 1.2 },
  { header: "Type", width: 1.6 },
  { header: "Amount", width: 1.2, align: "right" },
  { header: "Credit left", width: 1.2, align: "right" },
];

/**
 * How many of the rows are invoices still owed and how many credits (a credit memo or return is no open invoice):
 * "2 invoices, 1 credit"; the bare count where there is no credit ("3", "0").
 */
function invoiceCount(statement: Statement): string {
  const credits = statement.invoices.filter((i) => i.aged === "credit").length;
  const owed = statement.invoices.length - credits;
  if (!credits) return String(owed);
  return `${owed} ${owed === 1 ? "invoice" : "invoices"}, ${credits} ${credits === 1 ? "credit" : "credits"}`;
}

/**
 * The statement's tables, in the order they are printed: the open invoices at the close (and the balance outstanding),
 * the credit on payments, the last 90 days' payments and allocations, what changed since the close, and, when the
 * account's stores have disputes not resolved (Backroom's records, the reader's side of them), each beside the invoice
 * it touches ("Dispute") and listed at the end.
 *
 * @example
 * statementTables(statement).find((t) => t.id === "invoices")?.total; // [{ text: "Balance outstanding" }, …, { text: "$24,965.86" }]
 */
export function statementTables(statement: Statement, disputes: readonly DisputeDigest[] = []): StatementTable[] {
  const disputed = inDisputeByInvoice(disputes);
  const disputeOf = (i: { invoiceId?: number }) => (i.invoiceId === undefined ? undefined : disputed.get(i.invoiceId));
  const shown = statement.invoices.some((i) => disputeOf(i) !== undefined);
  const tables: StatementTable[] = [
    {
      id: "invoices",
      title: `Open invoices at the close (${invoiceCount(statement)})`,
      columns: [
        { header: "Invoice", width: 1.3 },
        { header: "Date", width: 1.15 },
        { header: "Due", width: 1.15 },
        { header: "PO", width: 1.1 },
        { header: "Aged", width: 1 },
        { header: "Invoice total", width: 1.25, align: "right" },
        { header: "Open balance", width: 1.25, align: "right" },
        ...(shown ? [{ header: "Dispute", width: 2 }] : []),
      ],
      rows: statement.invoices.map((i) => [
        cell(i.invoiceNum, i.invoiceId),
        cell(day(i.date)),
        cell(day(i.dueDate)),
        cell(i.poNum),
        cell(AGED_LABELS[i.aged]),
        cell(money(i.total)),
        cell(formatMoney(i.openBalance)),
        ...(shown ? [cell(disputeOf(i))] : []),
      ]),
      total: [
        cell("Balance outstanding"),
        cell(""),
        cell(""),
        cell(""),
        cell(""),
        cell(""),
        cell(formatMoney(statement.invoicesTotal)),
        ...(shown ? [cell("")] : []),
      ],
      empty: "Nothing was open on the account at the close.",
    },
    {
      id: "credits",
      title: `Credit on payments, not yet applied (${statement.credits.length})`,
      columns: PAYMENT_COLUMNS,
      rows: statement.credits.map((p) => [
        cell(p.paymentNum),
        cell(day(p.postDate)),
        cell(p.type),
        cell(formatMoney(p.amount)),
        cell(formatMoney(p.available)),
      ]),
      total: [cell("Credit left"), cell(""), cell(""), cell(""), cell(formatMoney(statement.creditTotal))],
      empty: "No payment has credit left to apply.",
    },
    {
      id: "payments",
      title: `Payments, last ${ACTIVITY_DAYS} days (${statement.payments.length})`,
      columns: PAYMENT_COLUMNS,
      rows: statement.payments.map((p) => [
        cell(p.reversed ? `${p.paymentNum} (reversed)` : p.paymentNum),
        cell(day(p.postDate)),
        cell(p.type),
        cell(formatMoney(p.amount)),
        cell(formatMoney(p.available)),
      ]),
      total: [cell("Received"), cell(""), cell(""), cell(formatMoney(statement.paymentsTotal)), cell("")],
      empty: `No payment was posted in the last ${ACTIVITY_DAYS} days.`,
    },
    {
      id: "applications",
      title: `Allocations, last ${ACTIVITY_DAYS} days (${statement.applications.length})`,
      columns: [
        { header: "Asked", width: 1.15 },
        { header: "Payment", width: 1.25 },
        { header: "To invoice", width: 1.25 },
        { header: "Amount", width: 1.1, align: "right" },
        { header: "Status", width: 1.1 },
        { header: "Applied", width: 1.15 },
      ],
      rows: statement.applications.map((a) => [
        cell(day(a.requested)),
        cell(a.paymentNum),
        cell(a.targetNum, a.targetInvoiceId),
        cell(formatMoney(a.amount)),
        cell(a.direct ? `${a.status} (ERP)` : a.status),
        cell(day(a.applied)),
      ]),
      empty: `No payment was allocated in the last ${ACTIVITY_DAYS} days.`,
    },
    {
      id: "since-close",
      title: `Invoiced, paid or credited since the close (${statement.sinceClose.changes.length})`,
      columns: [
        { header: "Invoice", width: 1.4 },
        { header: "At the close", width: 1.2, align: "right" },
        { header: "Open now", width: 1.2, align: "right" },
      ],
      rows: statement.sinceClose.changes.map((c) => [
        cell(c.invoiceNum, c.invoiceId),
        cell(c.atClose === undefined ? "new" : formatMoney(c.atClose)),
        cell(formatMoney(c.now)),
      ]),
      total: [cell("Open now, every invoice"), cell(""), cell(formatMoney(statement.sinceClose.openNow))],
      empty: `Nothing has been invoiced, paid or credited on the account since the close: open now ${formatMoney(statement.sinceClose.openNow)}.`,
    },
  ];
  if (disputed.size) tables.push(disputesTable(disputes));
  return tables;
}
