import type { PaymentTypeTable } from "../db/schema";
import { dayFromToday, dollars, plusDays, roundCents, type SeedContext } from "./context";
import type { CustomerInfo } from "./customers";
import type { InvoiceInfo } from "./invoices";
import { AR_NOTES } from "./names";
import { apply, createPayment, type PaymentDraft } from "./payment-model";
import type { Staff } from "./users";

/** Delivered invoices are payable; New and Locked ones are not yet. */
function payable(i: InvoiceInfo): boolean {
  return (i.row.status === 3 || i.row.status === 5 || i.row.status === 7) && i.row.invoice_total_micros > 0;
}

function lateness(ctx: SeedContext, c: CustomerInfo): number {
  if (c.behavior === "prompt") return ctx.rng.int(-5, 5);
  if (c.behavior === "slow") return ctx.rng.int(5, 40);
  return ctx.rng.int(25, 90);
}

interface Simulation {
  ctx: SeedContext;
  staff: Staff;
  typesBySupplier: Map<number, PaymentTypeTable[]>;
  drafts: PaymentDraft[];
}

function newPayment(
  sim: Simulation,
  c: CustomerInfo,
  day: string,
  amount: number,
  memo: string,
  typeId?: number,
  supplierId?: number | null,
): PaymentDraft {
  return createPayment(sim.ctx, sim.drafts, c, day, amount, memo, typeId, supplierId);
}

/** ERP applications are mostly made directly in the ERP; in the last six months a fifth came through the API. */
function confirm(sim: Simulation, payment: PaymentDraft, invoice: InvoiceInfo, amount: number): void {
  const viaApi = payment.day >= dayFromToday(sim.ctx, -180) && sim.ctx.rng.chance(0.2);
  apply(sim.ctx, sim.staff, payment, invoice, amount, "Confirmed", viaApi);
}

/**
 * One receipt on day `t` for the invoices due by then. Open credits (returned invoices) are netted in: the ERP applies
 * a negative amount to the credit and the freed amount to invoices, so one check can settle both. Variants: partial
 * payments, overpayments (credit left on the payment), and, recently, receipts only partly allocated so far.
 */
function receipt(sim: Simulation, c: CustomerInfo, t: string, due: InvoiceInfo[], credits: InvoiceInfo[]): void {
  const { ctx } = sim;
  const { rng } = ctx;
  let owed = 0;
  for (const i of due) owed += i.row.open_balance_micros;
  // A credit can be used once processed, a week after the return.
  const creditable = plusDays(t, -7);
  const netted: InvoiceInfo[] = [];
  let creditSum = 0;
  for (const credit of credits) {
    const size = -credit.row.open_balance_micros;
    if (credit.row.date <= creditable && size > 0 && creditSum + size < owed && rng.chance(0.7)) {
      netted.push(credit);
      creditSum += size;
    }
  }
  let amount = owed - creditSum;
  const variant = rng.weighted([
    ["full", 86],
    ["partial", 8],
    ["over", 3],
    ["unallocated", t >= dayFromToday(ctx, -40) ? 12 : 0],
  ] as const);
  if (variant === "partial") amount = roundCents(amount * rng.float(0.4, 0.9));
  if (variant === "over") amount += dollars(rng.int(5, 150));
  if (amount <= 0) return;
  const payment = newPayment(sim, c, t, amount, rng.chance(0.6) ? `Check #${rng.int(1000, 99999)}` : `ACH ${t}`);
  let budget = amount;
  for (const credit of netted) {
    const part = credit.row.open_balance_micros;
    confirm(sim, payment, credit, part);
    budget -= part;
  }
  const targets = variant === "unallocated" ? due.slice(0, Math.ceil(due.length / 2)) : due;
  for (const invoice of targets) {
    const part = Math.min(invoice.row.open_balance_micros, budget);
    if (part <= 0) break;
    confirm(sim, payment, invoice, part);
    budget -= part;
  }
}

/** A brand's credit to the retailer, paid with one of the brand's payment types on an invoice carrying its goods. */
function brandCredit(sim: Simulation, c: CustomerInfo, t: string, invoice: InvoiceInfo): void {
  const { rng } = sim.ctx;
  const [supplierId, portion] = rng.pick(invoice.suppliers);
  const type = rng.pick(sim.typesBySupplier.get(supplierId) ?? []);
  const amount = Math.min(portion, invoice.row.open_balance_micros, dollars(rng.int(25, 300)));
  if (amount <= 0) return;
  const payment = newPayment(sim, c, t, amount, `Brand credit: ${type.name}`, type.payment_type_id, supplierId);
  if (t < dayFromToday(sim.ctx, -30) || rng.chance(0.6)) confirm(sim, payment, invoice, amount);
}

/** Net-terms accounts pay every two to four weeks for what is due by then (by their lateness), until they stop. */
function simulateTerms(sim: Simulation, c: CustomerInfo, invoices: InvoiceInfo[]): void {
  const { ctx } = sim;
  const { rng } = ctx;
  const bills = invoices.filter(payable);
  const credits = invoices.filter((i) => i.row.status === 4);
  const first = bills[0];
  if (!first) return;
  const payDay = new Map(bills.map((i) => [i.row.invoice_id, plusDays(i.row.due_date, lateness(ctx, c))]));
  const stop = c.behavior === "delinquent" ? dayFromToday(ctx, -rng.int(60, 150)) : ctx.today;
  for (let t = plusDays(first.row.date, rng.int(10, 21)); t <= stop; t = plusDays(t, rng.int(14, 28))) {
    const due = bills.filter(
      (i) => i.row.open_balance_micros > 0 && i.row.date <= t && (payDay.get(i.row.invoice_id) ?? t) <= t,
    );
    if (due.length === 0) continue;
    const first = due[0] as InvoiceInfo;
    if (rng.chance(0.06) && first.suppliers.length > 0) brandCredit(sim, c, t, first);
    receipt(sim, c, t, due, credits);
  }
}

/** COD accounts pay each delivery on the day (a few collections fail and stay open); credits are netted in. */
function simulateCod(sim: Simulation, c: CustomerInfo, invoices: InvoiceInfo[]): void {
  const { rng } = sim.ctx;
  const credits = invoices.filter((i) => i.row.status === 4);
  for (const invoice of invoices.filter(payable)) {
    if (invoice.age === 0 || rng.chance(0.03)) continue;
    const day = invoice.row.date;
    const open = credits.find(
      (k) =>
        k.row.date <= plusDays(day, -7) &&
        k.row.open_balance_micros < 0 &&
        -k.row.open_balance_micros < invoice.row.open_balance_micros,
    );
    const amount = invoice.row.open_balance_micros + (open ? open.row.open_balance_micros : 0);
    const payment = newPayment(
      sim,
      c,
      day,
      amount,
      rng.chance(0.5) ? "COD cash" : `COD check #${rng.int(1000, 99999)}`,
    );
    if (open) confirm(sim, payment, open, open.row.open_balance_micros);
    confirm(sim, payment, invoice, invoice.row.open_balance_micros);
  }
}

/**
 * The payment history of every AR account. Also a few reversed payments (negative amounts, no applications), and
 * AR notes on invoices long past due.
 */
export function simulatePayments(
  ctx: SeedContext,
  staff: Staff,
  customers: CustomerInfo[],
  invoices: InvoiceInfo[],
  typesBySupplier: Map<number, PaymentTypeTable[]>,
): PaymentDraft[] {
  const { rng } = ctx;
  const sim: Simulation = { ctx, staff, typesBySupplier, drafts: [] };
  const byCustomer = new Map<number, InvoiceInfo[]>();
  for (const i of invoices) {
    const list = byCustomer.get(i.row.customer_id) ?? [];
    list.push(i);
    byCustomer.set(i.row.customer_id, list);
  }
  customers.forEach((c, index) => {
    const mine = byCustomer.get(c.row.customer_id) ?? [];
    if (c.houseTerm === 1) simulateCod(sim, c, mine);
    else simulateTerms(sim, c, mine);
    if (index % 50 === 7) {
      const day = dayFromToday(ctx, -rng.int(Math.max(c.lastDay, 5), Math.max(c.lastDay + 5, c.firstDay - 30)));
      newPayment(sim, c, day, -dollars(rng.int(100, 2000)), "Reversed: returned check (NSF)");
    }
  });
  const longDue = dayFromToday(ctx, -30);
  for (const i of invoices) {
    if (i.row.open_balance_micros > 0 && i.row.due_date < longDue && rng.chance(0.3))
      i.row.ar_note = rng.pick(AR_NOTES);
  }
  return sim.drafts;
}

/**
 * Makes sure a supplier (the demo one) has payments of its own types whatever the scale: at least five brand credits,
 * the missing ones on the newest invoices carrying its goods, the first of those applied and the others unapplied.
 */
export function ensureBrandCredits(
  ctx: SeedContext,
  staff: Staff,
  drafts: PaymentDraft[],
  invoices: InvoiceInfo[],
  supplierId: number,
  typesBySupplier: Map<number, PaymentTypeTable[]>,
): void {
  // Five: of a brand's credits, every third keeps the brand's own type (live-quirks.ts): two of them, three generic.
  const missing = 5 - drafts.filter((d) => d.supplierId === supplierId).length;
  if (missing <= 0) return;
  const sim: Simulation = { ctx, staff, typesBySupplier, drafts };
  const carrying = invoices
    .filter(
      (i) =>
        payable(i) &&
        i.row.open_balance_micros > 0 &&
        i.suppliers.some(([id, total]) => id === supplierId && total > 0),
    )
    .slice(-missing);
  const types = typesBySupplier.get(supplierId) ?? [];
  carrying.forEach((invoice, k) => {
    const type = types[k % types.length];
    const portion = invoice.suppliers.find(([id]) => id === supplierId)?.[1] ?? 0;
    const amount = Math.min(portion, invoice.row.open_balance_micros, dollars(100));
    if (!type || amount <= 0) return;
    const payment = newPayment(
      sim,
      invoice.customer,
      invoice.row.date,
      amount,
      `Brand credit: ${type.name}`,
      type.payment_type_id,
      supplierId,
    );
    if (k === 0) confirm(sim, payment, invoice, amount);
  });
}
