import { dayFromToday, dollars, roundCents, type SeedContext, stampAfter } from "./context";
import type { CustomerInfo } from "./customers";
import type { InvoiceInfo } from "./invoices";
import { apply, type ApplicationStatus, available, createPayment, type PaymentDraft } from "./payment-model";
import type { Staff } from "./users";

/** Minutes in a day. */
const DAY = 24 * 60;

/** Open invoices per customer, oldest first, with what Pending and Exported requests already claim of each. */
interface OpenBook {
  byCustomer: Map<number, InvoiceInfo[]>;
  claimed: Map<number, number>;
}

function openBook(invoices: InvoiceInfo[]): OpenBook {
  const byCustomer = new Map<number, InvoiceInfo[]>();
  for (const i of invoices) {
    if (i.row.open_balance_micros <= 0) continue;
    const list = byCustomer.get(i.row.customer_id) ?? [];
    list.push(i);
    byCustomer.set(i.row.customer_id, list);
  }
  return { byCustomer, claimed: new Map() };
}

function unclaimed(book: OpenBook, invoice: InvoiceInfo): number {
  return invoice.row.open_balance_micros - (book.claimed.get(invoice.row.invoice_id) ?? 0);
}

/**
 * An API request (RequestID set) in a given status. Requests wait in Pending until the next export run, then stay
 * Exported until the ERP confirms them; those not confirmed within three days are Rejected. The times are placed so:
 * Pending ones are from the last hours, Exported ones from the last three days, Rejected ones over a week old.
 */
function request(
  ctx: SeedContext,
  staff: Staff,
  book: OpenBook,
  payment: PaymentDraft,
  invoice: InvoiceInfo,
  share: number,
  status: Exclude<ApplicationStatus, "Confirmed">,
): void {
  const { rng } = ctx;
  // A rejected request holds nothing, so it is not limited by what is still open or available.
  const wanted = roundCents(Math.max(available(payment), dollars(50)) * share);
  const amount = status === "Rejected" ? wanted : Math.min(unclaimed(book, invoice), available(payment), wanted);
  if (amount <= 0) return;
  const minutesAgo =
    status === "Pending" ? rng.int(5, 600) : status === "Exported" ? rng.int(DAY, 3 * DAY) : rng.int(8 * DAY, 9 * DAY);
  let requestedAt = stampAfter(ctx, ctx.nowIso, -minutesAgo);
  if (requestedAt < payment.time) requestedAt = stampAfter(ctx, payment.time, 30);
  apply(ctx, staff, payment, invoice, amount, status, true, requestedAt);
  if (status === "Pending" || status === "Exported")
    book.claimed.set(invoice.row.invoice_id, (book.claimed.get(invoice.row.invoice_id) ?? 0) + amount);
}

/**
 * The API side of allocation: requests against recent payments that still have credit, in every status. The demo
 * Customer key's two stores each get two recent payments on account (credit left on both, one partly allocated
 * through the API) and one request in each of Pending, Exported and Rejected.
 */
export function seedRequests(
  ctx: SeedContext,
  staff: Staff,
  drafts: PaymentDraft[],
  invoices: InvoiceInfo[],
  demo: CustomerInfo[],
): void {
  const { rng } = ctx;
  const book = openBook(invoices);
  const recent = dayFromToday(ctx, -40);
  const demoIds = new Set(demo.map((c) => c.row.customer_id));

  for (const payment of drafts) {
    if (
      payment.amount <= 0 ||
      payment.day < recent ||
      demoIds.has(payment.customer.row.customer_id) ||
      available(payment) <= 0
    )
      continue;
    if (!rng.chance(0.5)) continue;
    // A supplier's payment goes only to invoices carrying that supplier's goods.
    const target = (book.byCustomer.get(payment.customer.row.customer_id) ?? []).find(
      (i) =>
        unclaimed(book, i) > 0 &&
        (payment.supplierId === null || i.suppliers.some(([id]) => id === payment.supplierId)),
    );
    if (!target) continue;
    const old = payment.day <= dayFromToday(ctx, -10);
    const status = rng.weighted([
      ["Pending", 40],
      ["Exported", 30],
      ["Rejected", old ? 30 : 0],
    ] as const);
    request(ctx, staff, book, payment, target, rng.float(0.3, 0.7), status);
  }

  for (const c of demo) {
    const open = book.byCustomer.get(c.row.customer_id) ?? [];
    const first = createPayment(ctx, drafts, c, dayFromToday(ctx, -9), dollars(rng.int(900, 2000)), "ACH on account");
    const second = createPayment(
      ctx,
      drafts,
      c,
      dayFromToday(ctx, -3),
      dollars(rng.int(500, 1500)),
      `Check #${rng.int(1000, 99999)}`,
    );
    const oldest = open[0];
    const newest = open[open.length - 1];
    if (oldest) {
      const part = Math.min(oldest.row.open_balance_micros, roundCents(first.amount * 0.4));
      apply(ctx, staff, first, oldest, part, "Confirmed", true, stampAfter(ctx, first.time, DAY));
    }
    const middle = open.find((i) => unclaimed(book, i) > 0);
    if (middle) request(ctx, staff, book, first, middle, 0.3, "Pending");
    if (newest) request(ctx, staff, book, second, newest, 0.3, "Exported");
    if (oldest) request(ctx, staff, book, first, oldest, 0.25, "Rejected");
  }
}
