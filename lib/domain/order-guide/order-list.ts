import { csvHeader, csvRows, type ExportColumn } from "@/lib/format/csv";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { plural } from "@/lib/format/plural";
import type { GuideRow } from "./guide-data";

/**
 * A reorder list: the cases a buyer asks the store's rep for, priced with the guide's prices as the
 * API has them now. A request to the rep, never an order placed in the ERP. Pure: the server makes the list, its mail
 * and its CSV of it, the page shows what it kept.
 */

/** What the request names of one line: a product of the guide and whole cases. */
export interface AskedLine {
  productId: number;
  cases: number;
}

/** One line of a list as kept and mailed: the guide's name and prices, the cases, the line's total. */
export interface ListLine {
  productId: number;
  name: string;
  unitsPerCase: number | null;
  unitPrice: string;
  casePrice: string;
  cases: number;
  /** Case price × cases, 2 decimals. */
  total: string;
}

/** A list's lines and totals, or why it cannot be made of these rows. */
export type ListOutcome =
  | { ok: true; lines: ListLine[]; totalCases: number; total: string }
  | { ok: false; code: "EMPTY_LIST" | "NOT_IN_GUIDE" | "NO_PRICE"; detail: string };

/**
 * The lines of a list: each asked product with cases above 0, named and priced by the guide's rows (never by the
 * request), in the guide's order; the total is the sum of case price × cases, exact.
 *
 * @example
 * listLines(rows, [{ productId: 5001, cases: 2 }]); // { ok: true, lines: [{ ..., casePrice: "42.00", cases: 2, total: "84.00" }], totalCases: 2, total: "84.00" }
 */
export function listLines(rows: readonly GuideRow[], asked: readonly AskedLine[]): ListOutcome {
  const cases = new Map<number, number>();
  for (const line of asked)
    if (line.cases > 0) cases.set(line.productId, (cases.get(line.productId) ?? 0) + line.cases);
  if (!cases.size)
    return { ok: false, code: "EMPTY_LIST", detail: "The list is empty: give at least one product 1 case or more." };
  const byId = new Map(rows.map((r) => [r.productId, r]));
  const missing = [...cases.keys()].filter((id) => !byId.has(id));
  if (missing.length)
    return {
      ok: false,
      code: "NOT_IN_GUIDE",
      detail: `Not in this store's order guide: product ${missing.join(", ")}.`,
    };
  const unpriced = [...cases.keys()].filter((id) => byId.get(id)!.casePrice === null);
  if (unpriced.length)
    return {
      ok: false,
      code: "NO_PRICE",
      detail: `No case price today for ${unpriced.map((id) => byId.get(id)!.name).join(", ")}: leave it at 0 cases.`,
    };
  let sum = 0n;
  const lines: ListLine[] = [];
  for (const row of rows) {
    const n = cases.get(row.productId);
    if (n === undefined) continue;
    const lineTotal = parseDecimal(row.casePrice!)! * BigInt(n);
    sum += lineTotal;
    lines.push({
      productId: row.productId,
      name: row.name,
      unitsPerCase: row.unitsPerCase,
      unitPrice: row.unitPrice ?? "",
      casePrice: row.casePrice!,
      cases: n,
      total: toDecimalString(lineTotal, 2),
    });
  }
  return { ok: true, lines, totalCases: lines.reduce((a, l) => a + l.cases, 0), total: toDecimalString(sum, 2) };
}

const COLUMNS: readonly ExportColumn[] = [
  { id: "productId", header: "ProductID", value: (r) => String(r.productId) },
  { id: "name", header: "Product", value: (r) => String(r.name) },
  {
    id: "unitsPerCase",
    header: "Units per case",
    value: (r) => (r.unitsPerCase == null ? "" : String(r.unitsPerCase)),
  },
  { id: "cases", header: "Cases", value: (r) => String(r.cases) },
  { id: "unitPrice", header: "Unit price", value: (r) => String(r.unitPrice) },
  { id: "casePrice", header: "Case price", value: (r) => String(r.casePrice) },
  { id: "total", header: "Line total", value: (r) => String(r.total) },
];

/**
 * A list's CSV: a line per product (its ID, name, units per case, cases, unit and case price, line total), with the
 * byte order mark Excel needs.
 *
 * @example
 * listCsv(lines); // "\uFEFFProductID,Product,Units per case,Cases,Unit price,Case price,Line total\r\n5001,...\r\n"
 */
export function listCsv(lines: readonly ListLine[]): string {
  return csvHeader(COLUMNS, { bom: true }) + csvRows(COLUMNS, lines as unknown as Record<string, unknown>[]);
}

/** What the list's mail says of it. */
export interface ListMailText {
  customerName: string;
  customerId: number;
  senderName: string;
  senderEmail: string;
  day: string;
  lines: readonly ListLine[];
  totalCases: number;
  total: string;
  /** The page the list is kept on. */
  link: string;
}

/**
 * What a list's status says: mailed, kept without mail (no SMTP), the mail server refused it, or mailing now; and
 * "unconfirmed", never stored: a list still "sending" past `SENDING_LEASE_MS`, whose request stopped (a crash, a
 * deploy) between keeping it and knowing whether its mail went.
 */
export type ListStatus = "sending" | "sent" | "mail-off" | "mail-failed" | "unconfirmed";

/**
 * How long a list may be "sending" before it is read as "unconfirmed" and may be mailed again. One mail takes seconds
 * (the mailer's own timeouts are under a minute); two minutes leave the slowest SMTP server room, so a list still being
 * mailed is never mailed twice by a second click.
 */
export const SENDING_LEASE_MS = 2 * 60_000;

/**
 * The status a kept list is read with at `now`: "sending" past the lease is "unconfirmed".
 *
 * @example
 * statusAt("sending", "2026-11-26T10:00:00.000Z", Date.parse("2026-11-26T10:05:00Z")); // "unconfirmed"
 */
export function statusAt(stored: ListStatus, sentAt: string, now: number): ListStatus {
  return stored === "sending" && now - Date.parse(sentAt) > SENDING_LEASE_MS ? "unconfirmed" : stored;
}

/**
 * A list its sender (or anyone who may send) may mail again: the mail server refused it, or it is unconfirmed; never
 * once it is withdrawn.
 */
export const mayMailAgain = (list: Pick<OrderList, "status" | "withdrawal">): boolean =>
  !list.withdrawal && (list.status === "mail-failed" || list.status === "unconfirmed");

/**
 * What became of a withdrawal's mail to the rep: being mailed, mailed, not mailed because mail is off or the server
 * refused it, "unconfirmed" (still "sending" past the lease: its request stopped), or "not-mailed" because the list
 * itself never reached the rep (kept with mail off, or refused by the mail server), so there is nothing to take back.
 */
export type WithdrawalMail = "sending" | "sent" | "mail-off" | "mail-failed" | "unconfirmed" | "not-mailed";

/** A list's withdrawal: when, by whom, and its mail to the rep. */
export interface Withdrawal {
  at: string;
  by: { id: string; name: string; email: string };
  mail: WithdrawalMail;
}

/** The list may have reached the rep (mailed, or unconfirmed): its withdrawal is mailed to them too. */
export const reachedRep = (status: ListStatus): boolean => status === "sent" || status === "unconfirmed";

/**
 * A list that may be withdrawn: not withdrawn yet, and not being mailed this moment (its withdrawal waits for the
 * send to end, so the rep never gets the withdrawal before the list).
 *
 * @example
 * mayWithdraw({ status: "sent", withdrawal: null }); // true
 * mayWithdraw({ status: "sending", withdrawal: null }); // false
 */
export const mayWithdraw = (list: Pick<OrderList, "status" | "withdrawal">): boolean =>
  !list.withdrawal && list.status !== "sending";

/** A withdrawal whose mail may go again: the mail server refused it, or its request stopped before it was known to go. */
export const mayMailWithdrawalAgain = (withdrawal: Withdrawal | null): boolean =>
  withdrawal?.mail === "mail-failed" || withdrawal?.mail === "unconfirmed";

/** A withdrawal's mail in words, after "Withdrawn". */
export const WITHDRAWAL_MAIL_WORDS: Record<WithdrawalMail, string> = {
  sending: "the rep is being told",
  sent: "the rep was told by email",
  "mail-off": "the rep was not told: mail is off",
  "mail-failed": "the rep was not told: the mail server refused the mail",
  unconfirmed: "not confirmed that the rep was told",
  "not-mailed": "the list never reached the rep, so nobody was mailed",
};

/**
 * The mail that withdraws a list, in plain text: who withdraws which list (its sender, day, totals), and that the rep
 * should not act on it.
 *
 * @example
 * withdrawalMailText({ customerName: "Valley Cannabis - Oakland", ... }).subject; // "Withdrawn: reorder request: Valley Cannabis - Oakland (20001)"
 */
export function withdrawalMailText(input: {
  customerName: string;
  customerId: number;
  withdrawnBy: string;
  withdrawnByEmail: string;
  senderName: string;
  sentAt: string;
  lineCount: number;
  totalCases: number;
  total: string;
  link: string;
}): { subject: string; text: string } {
  const text = [
    `${input.withdrawnBy} (${input.withdrawnByEmail}) withdraws the reorder request ${input.senderName} sent on ${input.sentAt.slice(0, 10)} for ${input.customerName} (CustomerID ${input.customerId}): ${plural(input.lineCount, "product")}, ${plural(input.totalCases, "case")}, total $${input.total}.`,
    "Please do not act on it.",
    "",
    `Kept in Backroom: ${input.link}`,
  ].join("\n");
  return { subject: `Withdrawn: reorder request: ${input.customerName} (${input.customerId})`, text };
}

/** A list as the API answers it. */
export interface OrderList {
  id: string;
  customerId: number;
  customerName: string;
  recipient: string;
  lineCount: number;
  totalCases: number;
  total: string;
  priceDay: string;
  status: ListStatus;
  sentBy: { id: string; name: string; email: string };
  sentAt: string;
  lines: ListLine[];
  /** Null while the list stands. */
  withdrawal: Withdrawal | null;
  /** When the rep marked it entered in the ERP (it may no longer be withdrawn); null before. */
  enteredAt: string | null;
}

/** What a send, a resend and one list asked by id answer (`/api/order-guide/lists`). */
export interface OrderListJson {
  list: OrderList;
}

/** `GET /api/order-guide/lists`: the lists, newest first, the workspace's contact address and whether mail goes. */
export interface OrderListsJson {
  lists: OrderList[];
  contact: string | null;
  mailDelivers: boolean;
}

/** A kept list's status in words (the lists page, the answer of a send). */
export const LIST_STATUS_WORDS: Record<string, string> = {
  sending: "Sending",
  sent: "Sent",
  "mail-off": "Not sent: mail is off",
  "mail-failed": "Not sent: the mail server refused it",
  unconfirmed: "Not confirmed: it stopped before the mail was known to go",
};

/** The plain words said on the page and in the mail: what sending a list is, and is not. */
export const NOT_AN_ORDER = "This is a request to your rep, not an order placed in the ERP.";

/**
 * The mail of a list, in plain text: who asks for which store, each line (cases, unit and case price, line total),
 * the totals, and plainly that it is a request to the rep, not an order.
 *
 * @example
 * listMailText({ customerName: "Valley Cannabis - Oakland", ... }).subject; // "Reorder request: Valley Cannabis - Oakland (20001)"
 */
export function listMailText(input: ListMailText): { subject: string; text: string } {
  const line = (l: ListLine) =>
    `- ${l.name} (${l.productId}): ${plural(l.cases, "case")} × $${l.casePrice} (unit $${l.unitPrice}${l.unitsPerCase ? `, ${l.unitsPerCase} per case` : ""}) = $${l.total}`;
  const text = [
    `${input.senderName} (${input.senderEmail}) asks for these cases for ${input.customerName} (CustomerID ${input.customerId}).`,
    NOT_AN_ORDER,
    "",
    `Prices as of ${input.day}:`,
    ...input.lines.map(line),
    "",
    `${plural(input.lines.length, "product")}, ${plural(input.totalCases, "case")}, total $${input.total}.`,
    "The lines are attached as a CSV.",
    "",
    `Kept in Backroom: ${input.link}`,
  ].join("\n");
  return { subject: `Reorder request: ${input.customerName} (${input.customerId})`, text };
}
