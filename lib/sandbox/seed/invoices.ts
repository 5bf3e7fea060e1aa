import type { InvoiceLineTable, InvoiceSupplierTotalTable, InvoiceTable } from "../db/schema";
import { businessStamp, dayFromToday, plusDays, type SeedContext, scaled, stampAfter } from "./context";
import type { CustomerInfo } from "./customers";
import {
  activity,
  afterOrder,
  ANCHORS,
  type BrandCadence,
  type BrandProfile,
  brandDue,
  drawBrandProfile,
  MAX_ACTIVITY,
} from "./demo-history";
import type { DemoStock } from "./demo-stock";
import { buildLines, type StockEntry } from "./invoice-lines";
import { INVOICE_MEMOS } from "./names";
import { termDays } from "./places";
import type { PromotionInfo } from "./promotions";
import type { Staff } from "./users";

export const FIRST_INVOICE_ID = 300001;
export const FIRST_INVOICE_NUM = 100001;
export const FIRST_INVOICE_TRANS_ID = 1000001;

export interface InvoiceInfo {
  row: InvoiceTable;
  customer: CustomerInfo;
  /** Days before today. */
  age: number;
  /** Ext price per supplier, by supplier id (ascending). */
  suppliers: [number, number][];
}

export interface InvoiceSeed {
  invoices: InvoiceInfo[];
  lines: InvoiceLineTable[];
  supplierTotals: InvoiceSupplierTotalTable[];
  /**
   * Lines drawn but not written (the demo brand's stalled products, demo-stock.ts), all of the last 90 days. The steps
   * that draw per line bought (shelf inventory, credit terms) count them, so that what they draw stays as it was.
   */
  unwritten: InvoiceLineTable[];
  /** The demo brand's retailers, by customer id: their profile, their last order's age and what they bought. */
  brand: Map<number, { profile: BrandProfile; lastAge: number; products: Set<number> }>;
}

interface Plan {
  customer: CustomerInfo;
  age: number;
  status?: number;
}

/** Status by age: today's invoices are New, then routed, loaded, balanced; most older ones Verified. */
function statusForAge(ctx: SeedContext, age: number): number {
  const w = ctx.rng.weighted.bind(ctx.rng);
  if (age === 0)
    return w([
      [1, 80],
      [2, 20],
    ]);
  if (age === 1)
    return w([
      [1, 30],
      [2, 40],
      [3, 30],
    ]);
  if (age <= 3)
    return w([
      [2, 20],
      [3, 60],
      [5, 20],
    ]);
  if (age <= 14)
    return w([
      [3, 15],
      [5, 45],
      [7, 40],
    ]);
  if (age <= 45)
    return w([
      [5, 10],
      [7, 90],
    ]);
  return w([
    [5, 2],
    [7, 98],
  ]);
}

/**
 * Plans every invoice: each customer gets a share of the volume by its size and ordering window, its days drawn by
 * how busy they are (the season and the weekday, demo-history.ts). The demo stores also get a fixed set of recent
 * invoices, so every status exists at any scale.
 */
function planInvoices(ctx: SeedContext, customers: CustomerInfo[], demoIds: Set<number>): Plan[] {
  const { rng } = ctx;
  const total = scaled(ctx, 30_000, 300);
  let weightSum = 0;
  for (const c of customers) weightSum += c.weight * (c.firstDay - c.lastDay);
  const plans: Plan[] = [];
  const busy = new Map<number, number>();
  const busyOn = (age: number) => {
    let a = busy.get(age);
    if (a === undefined) busy.set(age, (a = activity(dayFromToday(ctx, -age))));
    return a;
  };
  for (const c of customers) {
    const count = Math.max(
      demoIds.has(c.row.customer_id) ? 20 : 1,
      Math.round((total * c.weight * (c.firstDay - c.lastDay)) / weightSum),
    );
    for (let k = 0; k < count; k++) {
      let age = rng.int(c.lastDay, c.firstDay);
      for (let tries = 0; tries < 12 && rng.next() * MAX_ACTIVITY >= busyOn(age); tries++)
        age = rng.int(c.lastDay, c.firstDay);
      plans.push({ customer: c, age, status: age >= 2 && rng.chance(0.02) ? 4 : undefined });
    }
    if (demoIds.has(c.row.customer_id)) {
      for (const [age, status] of [
        [0, 1],
        [1, 2],
        [2, 3],
        [4, 4],
        [6, 5],
        [20, 7],
        [35, 7],
      ] as const)
        plans.push({ customer: c, age, status });
    }
  }
  // Invoice ids and numbers run in date order; within a day by customer.
  plans.sort((a, b) => b.age - a.age || a.customer.row.customer_id - b.customer.row.customer_id);
  return plans;
}

interface Carried {
  /** The other brands' products it buys from, drawn on every invoice. */
  others: StockEntry[];
  /** With the demo brand's products it carries: what a return may bring back. */
  all: StockEntry[];
  /** Its profile as a retailer of the demo brand, when it carries it. */
  brand?: BrandProfile;
}

/**
 * What each store buys from: the brands it carries, 4 to 10 of those its warehouse stocks (the demo stores carry the
 * demo supplier), so an invoice has a few suppliers rather than one per line. The demo brand, when carried, is
 * ordered on the store's own cadence, of the part of its catalog the store carries (demo-history.ts).
 */
function carriedStock(
  ctx: SeedContext,
  customers: CustomerInfo[],
  demoIds: Set<number>,
  stock: Map<number, StockEntry[]>,
  demoSupplierId: number,
): Map<number, Carried> {
  const { rng } = ctx;
  const carried = new Map<number, Carried>();
  let position = 0;
  const anchors = new Map<number, number>();
  for (const c of customers) {
    const entries = stock.get(c.row.location_id) ?? [];
    const brands = [...new Set(entries.map((e) => e.product.row.supplier_id))].sort((a, b) => a - b);
    const roster = new Set(rng.sample(brands, rng.int(4, 10)));
    const demo = demoIds.has(c.row.customer_id);
    const others = entries.filter(
      (e) => roster.has(e.product.row.supplier_id) && e.product.row.supplier_id !== demoSupplierId,
    );
    if (!demo && !roster.has(demoSupplierId) && !rng.chance(0.5)) {
      carried.set(c.row.customer_id, { others, all: others });
      continue;
    }
    const anchored = anchors.get(c.row.location_id) ?? 0;
    const anchor = c.row.account_status === "Active" && c.lastDay === 0 && anchored < ANCHORS;
    if (anchor || demo) anchors.set(c.row.location_id, anchored + 1);
    const brand = drawBrandProfile(
      ctx,
      entries.filter((e) => e.product.row.supplier_id === demoSupplierId),
      demo || anchor ? 0 : position++,
      demo ? "demo" : anchor ? "anchor" : "drawn",
    );
    const mine = new Set([...others, ...brand.entries]);
    carried.set(c.row.customer_id, { others, all: entries.filter((e) => mine.has(e)), brand });
  }
  return carried;
}

/** Per lapsed retailer of the demo brand, the age of its last order: its first invoice at or after the stop. */
function lastOrderAges(plans: Plan[], carried: Map<number, Carried>): Map<number, number> {
  const last = new Map<number, number>();
  for (const plan of plans) {
    const id = plan.customer.row.customer_id;
    const profile = carried.get(id)?.brand;
    if (
      !profile ||
      profile.stopAge === 0 ||
      plan.age < profile.stopAge ||
      plan.age > profile.startAge ||
      plan.status === 4
    )
      continue;
    last.set(id, Math.min(last.get(id) ?? plan.age, plan.age));
  }
  return last;
}

export function seedInvoices(
  ctx: SeedContext,
  customers: CustomerInfo[],
  demoIds: Set<number>,
  stock: Map<number, StockEntry[]>,
  promotions: Map<number, PromotionInfo[]>,
  staff: Staff,
  demoSupplierId: number,
  demoStock: Pick<DemoStock, "keeps">,
): InvoiceSeed {
  const { rng } = ctx;
  const seed: InvoiceSeed = { invoices: [], lines: [], supplierTotals: [], unwritten: [], brand: new Map() };
  const carried = carriedStock(ctx, customers, demoIds, stock, demoSupplierId);
  let nextTrans = FIRST_INVOICE_TRANS_ID;
  const nextTransId = () => nextTrans++;
  const plans = planInvoices(ctx, customers, demoIds);
  const lastOrder = lastOrderAges(plans, carried);
  const cadences = new Map<number, BrandCadence>();

  for (const plan of plans) {
    const c = plan.customer;
    const day = dayFromToday(ctx, -plan.age);
    const status = plan.status ?? statusForAge(ctx, plan.age);
    const id = FIRST_INVOICE_ID + seed.invoices.length;
    let created = businessStamp(ctx, day);
    if (created >= ctx.nowIso) created = stampAfter(ctx, ctx.nowIso, -rng.int(5, 240));
    // Last touched when verified (status 7), balanced or returned, loaded; never later than yesterday for those.
    const updatedDays = Math.min(
      plan.age - 1,
      status === 7 ? rng.int(5, 20) : status === 5 || status === 4 ? rng.int(1, 4) : status === 3 ? rng.int(0, 1) : 0,
    );
    let updated =
      updatedDays > 0 ? businessStamp(ctx, plusDays(day, updatedDays)) : stampAfter(ctx, created, rng.int(5, 180));
    if (updated < created) updated = created;

    const request = {
      invoiceId: id,
      customerId: c.row.customer_id,
      state: c.row.state,
      day,
      age: plan.age,
      credit: status === 4,
      filled: status !== 1,
      updated,
    };
    const mine = carried.get(c.row.customer_id);
    const cadence = cadences.get(c.row.customer_id) ?? { orders: 0, nextAge: Number.POSITIVE_INFINITY };
    cadences.set(c.row.customer_id, cadence);
    // A return may bring back the demo brand's products once the store has ordered them.
    const drawn = buildLines(
      ctx,
      request,
      (request.credit && cadence.orders > 0 ? mine?.all : mine?.others) ?? [],
      promotions,
      nextTransId,
    );
    // The demo stores' fixed recent invoices carry the brand, so that the brand has every status at any scale.
    const fixed = plan.status !== undefined && demoIds.has(c.row.customer_id);
    if (
      mine?.brand &&
      !request.credit &&
      (fixed || brandDue(mine.brand, cadence, plan.age, lastOrder.get(c.row.customer_id)))
    ) {
      const ordered = buildLines(
        ctx,
        { ...request, wanted: rng.int(2, 9) },
        mine.brand.entries,
        promotions,
        nextTransId,
      );
      if (ordered.length > 0) afterOrder(ctx, mine.brand, cadence, plan.age, day);
      drawn.push(...ordered);
    }
    if (drawn.length === 0) continue;
    // The demo brand's stalled products lose their recent lines after the draws (demo-stock.ts); their ids stay unused.
    const lines: InvoiceLineTable[] = [];
    for (const line of drawn)
      (demoStock.keeps(c.row.location_id, line.product_id, plan.age, line.num_units) ? lines : seed.unwritten).push(
        line,
      );

    let full = 0,
      ext = 0,
      discount = 0,
      units = 0,
      cases = 0;
    const bySupplier = new Map<number, number>();
    for (const line of lines) {
      full += line.num_units * line.full_price_micros;
      discount += line.num_units * line.discount_micros;
      ext += line.ext_price_micros;
      units += line.num_units;
      cases += line.cases_centi;
      bySupplier.set(line.supplier_id, (bySupplier.get(line.supplier_id) ?? 0) + line.ext_price_micros);
    }
    const suppliers = [...bySupplier.entries()].sort((a, b) => a[0] - b[0]);
    const termId = c.row.on_hold && plan.age < 60 ? 6 : c.houseTerm;
    const withPo = rng.chance(0.4);
    const revising = (status === 1 || status === 2) && plan.age <= 5 && rng.chance(0.12);
    const submitter = c.users.length > 0 && rng.chance(0.7) ? rng.pick(c.users).user_id : c.row.sales_rep_user_id;
    const row: InvoiceTable = {
      invoice_id: id,
      invoice_num: `INV-${FIRST_INVOICE_NUM + seed.invoices.length}`,
      customer_id: c.row.customer_id,
      term_id: termId,
      status,
      date: day,
      due_date: plusDays(day, termDays(termId)),
      po_num: withPo ? `PO${rng.int(1000, 99999)}` : null,
      po_date: withPo ? plusDays(day, -rng.int(0, 3)) : null,
      memo: rng.chance(0.15) ? rng.pick(INVOICE_MEMOS) : null,
      ar_note: null,
      submitted_by_user_id: submitter,
      built_by_user_id: rng.chance(0.7) ? c.row.sales_rep_user_id : staff.manager.user_id,
      invoice_time_created: created,
      invoice_last_updated: updated,
      revision_status: revising ? rng.pick(["Submitted", "Importing", "Accepted"] as const) : null,
      revision_updated_at: revising ? stampAfter(ctx, created, rng.int(10, 600)) : null,
      total_full_price_micros: full,
      total_ext_price_micros: ext,
      total_discount_micros: discount,
      total_num_units: units,
      total_cases_centi: cases,
      invoice_total_micros: ext,
      open_balance_micros: ext,
    };
    // An invoice left without lines is not written, after its draws: the invoices after it stay as drawn.
    if (lines.length === 0) continue;
    seed.invoices.push({ row, customer: c, age: plan.age, suppliers });
    for (const line of lines) seed.lines.push(line);
    if (mine?.brand && status !== 4 && lines.some((l) => l.supplier_id === demoSupplierId)) {
      const bought = seed.brand.get(c.row.customer_id) ?? {
        profile: mine.brand,
        lastAge: plan.age,
        products: new Set<number>(),
      };
      bought.lastAge = plan.age;
      for (const line of lines) if (line.supplier_id === demoSupplierId) bought.products.add(line.product_id);
      seed.brand.set(c.row.customer_id, bought);
    }
    for (const [supplier_id, total_micros] of suppliers)
      seed.supplierTotals.push({ invoice_id: id, supplier_id, total_micros });
  }
  ensureRevisions(ctx, seed.invoices);
  return seed;
}

/** At least one invoice in each revision status, among the most recent New and Locked ones. */
function ensureRevisions(ctx: SeedContext, invoices: InvoiceInfo[]): void {
  const statuses = ["Submitted", "Importing", "Accepted"] as const;
  const present = new Set(invoices.map((i) => i.row.revision_status));
  const candidates = invoices
    .filter((i) => (i.row.status === 1 || i.row.status === 2) && i.row.revision_status === null)
    .reverse();
  let k = 0;
  for (const status of statuses) {
    if (present.has(status)) continue;
    const invoice = candidates[k++];
    if (!invoice) return;
    invoice.row.revision_status = status;
    invoice.row.revision_updated_at = stampAfter(ctx, invoice.row.invoice_time_created, 30);
  }
}
