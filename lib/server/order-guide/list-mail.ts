import "server-only";
import { listCsv, listMailText, type OrderList, withdrawalMailText } from "@/lib/domain/order-guide/order-list";
import type { Mail } from "../core/auth/mailer";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain-text mail as HTML: a paragraph a line. */
const htmlOf = (text: string) =>
  text
    .split("\n")
    .map((l) => (l ? `<p>${escapeHtml(l)}</p>` : ""))
    .join("\n");

/**
 * A reorder list's one mail: to the store's rep, a copy (cc) to the sender, the lines in the text and as a CSV.
 *
 * @example
 * listMail(list, "https://backroom.example/order-guide/lists/…").cc; // the sender's address
 */
export function listMail(list: OrderList, link: string): Mail {
  const { subject, text } = listMailText({
    customerName: list.customerName,
    customerId: list.customerId,
    senderName: list.sentBy.name,
    senderEmail: list.sentBy.email,
    day: list.priceDay,
    lines: list.lines,
    totalCases: list.totalCases,
    total: list.total,
    link,
  });
  return {
    to: list.recipient,
    ...(list.sentBy.email.toLowerCase() !== list.recipient.toLowerCase() ? { cc: list.sentBy.email } : {}),
    subject,
    text,
    html: htmlOf(text),
    link,
    attachments: [
      {
        filename: `reorder-${list.customerId}-${list.priceDay}.csv`,
        content: listCsv(list.lines),
        contentType: "text/csv; charset=utf-8",
      },
    ],
  };
}

/**
 * The mail that withdraws a list: to the rep it went to, a copy (cc) to whoever withdraws it.
 *
 * @example
 * withdrawalMail(list, "https://backroom.example/order-guide/lists/…").subject; // "Withdrawn: reorder request: …"
 */
export function withdrawalMail(list: OrderList, by: { name: string; email: string }, link: string): Mail {
  const { subject, text } = withdrawalMailText({
    customerName: list.customerName,
    customerId: list.customerId,
    withdrawnBy: by.name,
    withdrawnByEmail: by.email,
    senderName: list.sentBy.name,
    sentAt: list.sentAt,
    lineCount: list.lineCount,
    totalCases: list.totalCases,
    total: list.total,
    link,
  });
  return {
    to: list.recipient,
    ...(by.email.toLowerCase() !== list.recipient.toLowerCase() ? { cc: by.email } : {}),
    subject,
    text,
    html: htmlOf(text),
    link,
  };
}
