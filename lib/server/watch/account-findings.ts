import "server-only";
import { addDays, localDay } from "@/lib/format/days";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";
import { pageHref } from "@/lib/domain/page-href";
import type { NewNotification } from "../core/notify/notification-store";
import { candidates, type WatchMember } from "./recipients";

/**
 * What a Customer key's watch finds in the retailer's accounts: open invoices falling due within the week or past
 * due (`/payments/openInvoices`: every invoice with an open balance, whatever its status), and payments with credit not
 * yet applied (`/payments`, AvailableBalance). Pure: the clock and the customers' zones are arguments.
 */

type Sparse<T> = T | null | undefined;

/** An `/payments/openInvoices` record, as far as the watch reads it. */
export interface OpenInvoiceInput {
  InvoiceID?: Sparse<number>;
  InvoiceNum?: Sparse<string>;
  CustomerID?: Sparse<number>;
  OpenBalance?: Sparse<string>;
  DueDate?: Sparse<string>;
}

/** A `/payments` record, as far as the watch reads it. */
export interface PaymentInput {
  PaymentID?: Sparse<number>;
  PaymentInvoiceNum?: Sparse<string>;
  ARAccountID?: Sparse<number>;
  AvailableBalance?: Sparse<string>;
}

export interface AccountContext {
  workspaceId: string;
  members: readonly WatchMember[];
  now: Date;
  /** The time zone a customer's days are counted in (its state's); UTC when unknown. */
  zoneOf?: (customerId: number | undefined) => string | undefined;
}

/** An invoice "falls due" when its due date is within this many days from today (today included). */
export const DUE_WITHIN_DAYS = 7;

const dayText = (day: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** The positive amount of a decimal string, normalised to 2 decimals ("120.5" and "120.500000" are one fact); else undefined. */
function positive(value: Sparse<string>): string | undefined {
  const micros = typeof value === "string" ? parseDecimal(value) : undefined;
  return micros !== undefined && micros > 0n ? toDecimalString(micros, 2) : undefined;
}

/**
 * Invoice due and overdue notifications, one per member and invoice: due within 7 days (effect key with the due date,
 * so a moved due date tells again), or overdue (past its due date on the customer's clock, told once per invoice).
 *
 * @example
 * invoiceNotifications([{ InvoiceID: 301, InvoiceNum: "INV-1", OpenBalance: "1240.000000", DueDate: "2026-12-01T00:00:00.000Z" }], { workspaceId, members, now: new Date("2026-11-27T18:00:00Z") });
 * // [{ kind: "invoice-due", title: "Invoice INV-1 is due on Dec 1: $1,240.00 open", link: "/invoices/301", effectKey: "invoice-due:<userId>:301:2026-12-01", ... }]
 */
export function invoiceNotifications(
  invoices: readonly OpenInvoiceInput[],
  context: AccountContext,
): NewNotification[] {
  const due = candidates("invoice-due", "Customer", context.members);
  const overdue = candidates("invoice-overdue", "Customer", context.members);
  const out: NewNotification[] = [];
  for (const invoice of invoices) {
    const open = positive(invoice.OpenBalance);
    const dueDay = invoice.DueDate?.slice(0, 10);
    if (typeof invoice.InvoiceID !== "number" || !open || !dueDay || !/^\d{4}-\d{2}-\d{2}$/.test(dueDay)) continue;
    const today = localDay(context.now, context.zoneOf?.(invoice.CustomerID ?? undefined) ?? "UTC");
    const name = `Invoice ${invoice.InvoiceNum ?? invoice.InvoiceID}`;
    const link = pageHref.invoice(invoice.InvoiceID);
    if (dueDay < today) {
      for (const m of overdue)
        out.push({
          userId: m.userId,
          workspaceId: context.workspaceId,
          kind: "invoice-overdue",
          effectKey: `invoice-overdue:${m.userId}:${invoice.InvoiceID}`,
          title: `${name} is overdue since ${dayText(dueDay)}: ${formatMoney(open)} open`,
          link,
        });
    } else if (dueDay <= addDays(today, DUE_WITHIN_DAYS)) {
      for (const m of due)
        out.push({
          userId: m.userId,
          workspaceId: context.workspaceId,
          kind: "invoice-due",
          effectKey: `invoice-due:${m.userId}:${invoice.InvoiceID}:${dueDay}`,
          title: `${name} is due on ${dayText(dueDay)}: ${formatMoney(open)} open`,
          link,
        });
    }
  }
  return out;
}

/**
 * Credit available notifications, one per member and payment with credit left; the amount is in the effect key, so a
 * payment whose credit changes (partly applied, a new credit) tells again, and the same credit never twice.
 *
 * @example
 * creditNotifications([{ PaymentID: 600036, PaymentInvoiceNum: "PAY-1", ARAccountID: 50001, AvailableBalance: "120.000000" }], { workspaceId, members, now });
 * // [{ kind: "credit-available", title: "Payment PAY-1 has $120.00 of credit to apply", link: "/payments?account=50001", effectKey: "credit-available:<userId>:600036:120.00", ... }]
 */
export function creditNotifications(payments: readonly PaymentInput[], context: AccountContext): NewNotification[] {
  const members = candidates("credit-available", "Customer", context.members);
  const out: NewNotification[] = [];
  for (const payment of payments) {
    const credit = positive(payment.AvailableBalance);
    if (typeof payment.PaymentID !== "number" || !credit) continue;
    const link = pageHref.payments({ account: payment.ARAccountID ?? undefined });
    const title = `Payment ${payment.PaymentInvoiceNum ?? payment.PaymentID} has ${formatMoney(credit)} of credit to apply`;
    for (const m of members)
      out.push({
        userId: m.userId,
        workspaceId: context.workspaceId,
        kind: "credit-available",
        effectKey: `credit-available:${m.userId}:${payment.PaymentID}:${credit}`,
        title,
        link,
      });
  }
  return out;
}
