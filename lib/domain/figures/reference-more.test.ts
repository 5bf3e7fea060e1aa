import { distribution } from "@/lib/domain/insights/distribution";
import { weekRows } from "@/lib/domain/insights/insight-table-rows";
import { promotionLift } from "@/lib/domain/insights/promotion-lift";
import { type GuideData, readGuide } from "@/lib/domain/order-guide/guide-data";
import type { FigureId } from "./catalog";
import {
  checkReferences,
  day,
  micros,
  projectClient,
  type Readings,
  type Row,
  rounded,
  sales,
  type Seed,
  shiftDay,
  walk,
  weekday,
  historyInvoice,
  historyLine,
  invoiceLines,
} from "./reference-kit";

// The second reading, continued (see reference.test.ts): Insights' weeks beside the period before. Each case reads the
// raw records by the definition's words and adds them up as integer micro-units, calling nothing of the project's.

const CASES: Partial<Record<FigureId, (seed: Seed) => Promise<Readings>>> = {
  async "sales-by-week-before"(seed) {
    // The brand's 28 days to today against the 28 before: its invoices from two days before those.
    const { input, period, invoices, rawLines } = await sales(seed, "Supplier", 30);
    const project = weekRows(input, period, 28).map((w) => [w.week, w.previousUnits, micros(w.previousRevenue)]);
    // Reference: each week the period touches beside the week 28 days before it; that week's lines of invoices dated
    // in the period before (every status but Canceled, which the key's list holds none of), a return's taken off.
    const before = { from: shiftDay(period.from, -28), to: shiftDay(period.from, -1) };
    const of = new Map(
      invoices.filter((i) => day(i.Date) >= before.from && day(i.Date) <= before.to).map((i) => [i.InvoiceID, i]),
    );
    const monday = (d: string) => shiftDay(d, 1 - weekday(d));
    const reference: unknown[][] = [];
    for (let week = monday(period.from); week <= period.to; week = shiftDay(week, 7)) {
      const then = shiftDay(week, -28);
      let units = 0;
      let revenue = 0n;
      for (const l of rawLines) {
        const invoice = of.get(l.InvoiceID);
        if (!invoice || monday(day(invoice.Date)) !== then) continue;
        const returned = invoice.Status === 4;
        const n = Number(l.NumUnits);
        const amount = micros(l.ExtPrice);
        units += returned && n > 0 ? -n : n;
        revenue += returned && amount > 0n ? -amount : amount;
      }
      reference.push([week, units, revenue]);
    }
    return { project, reference };
  },

  async "promotion-lift"(seed) {
    // The brand's history from 120 days before the period: a promotion's 8 weeks before reach outside the period.
    const period = { from: shiftDay(seed.today, -27), to: seed.today };
    const horizon = shiftDay(period.from, -120);
    const invoices = await walk(seed, "Supplier", `/invoices?Statuses=1,2,3,4,5,7&StartDate=${horizon}`);
    const lines = await invoiceLines(
      seed,
      "Supplier",
      invoices.map((i) => i.InvoiceID),
    );
    const listed = await walk(seed, "Supplier", "/promotionsProducts");
    const products = await walk(seed, "Supplier", "/products");
    const input = {
      invoices: invoices.map(historyInvoice),
      lines: lines.map((l) => ({
        ...historyLine(l),
        promotionId: (l.PromotionID as number | null) ?? null,
        discount: l.Discount == null ? null : String(l.Discount),
      })),
      promotions: listed.map((p) => ({
        promotionId: p.PromotionID as number,
        name: String(p.PromotionName ?? ""),
        start: day(p.StartDate),
        end: day(p.EndDate),
        allProducts: Boolean(p.AllProducts),
        productIds: (p.ProductIDs as number[] | null) ?? [],
        states: [],
      })),
      customers: [],
      products: products.map((p) => ({
        productId: p.ProductID as number,
        name: "",
        supplierId: p.SupplierID as number,
        group: "",
        active: true,
      })),
    };
    const row = (r: (string | number | boolean | null)[]) => r;
    const project = promotionLift(input, { ...period, asOf: seed.today, historyFrom: horizon }).map((r) =>
      row([
        r.promotionId,
        r.from,
        r.to,
        r.doors,
        r.newDoors,
        r.unitsPerDoorPerWeek,
        r.baselineUnitsPerDoorPerWeek,
        r.unitsLift,
        r.revenuePerDoorPerWeek,
        r.baselineRevenuePerDoorPerWeek,
        r.revenueLift,
        r.promotedUnits,
        r.discount,
        r.thin !== null,
      ]),
    );
    // Reference: each line of the history signed (a return's taken off), on its invoice's day (UTC, as the sandbox's
    // stores are read with no zone here).
    const invoiceOf = new Map(invoices.map((i) => [i.InvoiceID, i]));
    const signed = lines.flatMap((l) => {
      const invoice = invoiceOf.get(l.InvoiceID);
      if (!invoice || day(invoice.Date) > seed.today) return [];
      const returned = invoice.Status === 4;
      const units = Number(l.NumUnits);
      const amount = micros(l.ExtPrice);
      return [
        {
          day: day(invoice.Date),
          store: Number(invoice.CustomerID),
          product: Number(l.ProductID),
          supplier: Number(l.SupplierID),
          promotion: l.PromotionID == null ? null : Number(l.PromotionID),
          discount: micros(l.Discount ?? 0),
          returned,
          units: returned && units > 0 ? -units : units,
          amount: returned && amount > 0n ? -amount : amount,
        },
      ];
    });
    // The promotions: the list's (the key sees its brand's), and one only its lines name, from its lines.
    const runs = listed.map((p) => ({
      id: Number(p.PromotionID),
      start: day(p.StartDate),
      end: day(p.EndDate),
      covers: (s: (typeof signed)[number]) =>
        p.AllProducts ? s.supplier === Number(p.SupplierID) : ((p.ProductIDs as number[]) ?? []).includes(s.product),
    }));
    for (const id of new Set(signed.map((s) => s.promotion)))
      if (id !== null && !runs.some((r) => r.id === id)) {
        const mine = signed.filter((s) => s.promotion === id);
        const days = mine.map((s) => s.day).sort();
        const named = new Set(mine.map((s) => s.product));
        runs.push({ id, start: days[0]!, end: days.at(-1)!, covers: (s) => named.has(s.product) });
      }
    const reference: unknown[][] = [];
    for (const run of runs) {
      const from = run.start < horizon ? horizon : run.start;
      const to = run.end > seed.today ? seed.today : run.end;
      if (from > to || to < period.from || from > period.to) continue;
      const during = signed.filter((s) => s.promotion === run.id && s.day >= from && s.day <= to);
      const doors = new Set(during.filter((s) => !s.returned && s.units > 0).map((s) => s.store));
      const baseFrom = shiftDay(from, -56);
      const of = (a: string, b: string) =>
        signed.filter((s) => s.day >= a && s.day <= b && doors.has(s.store) && run.covers(s));
      const now = of(from, to);
      const base = of(baseFrom, shiftDay(from, -1));
      const units = (xs: typeof signed) => BigInt(xs.reduce((n, s) => n + s.units, 0));
      const amount = (xs: typeof signed) => xs.reduce((n, s) => n + s.amount, 0n);
      const days = BigInt((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1);
      const d = BigInt(doors.size);
      const thin = doors.size < 5 || days < 14n || baseFrom < horizon;
      // Per door per week: the days' sum × 7 ÷ doors ÷ days; lift: the two rates' change in percent, one decimal.
      const rate = (x: bigint, span: bigint, unit: bigint) => (d === 0n ? null : rounded(x * 7n, d * span * unit, 2));
      const lift = (x: bigint, y: bigint) => {
        if (thin || d === 0n || y === 0n) return null;
        const a = x * 56n;
        const b = y * days;
        return rounded((a - b) * 100n, b < 0n ? -b : b, 1);
      };
      const discount = during.reduce((n, s) => n + s.discount * BigInt(s.units), 0n);
      reference.push([
        run.id,
        from,
        to,
        doors.size,
        [...doors].filter((store) => !base.some((s) => s.store === store && !s.returned)).length,
        rate(units(now), days, 1n),
        rate(units(base), 56n, 1n),
        lift(units(now), units(base)),
        rate(amount(now), days, 1_000_000n),
        rate(amount(base), 56n, 1_000_000n),
        lift(amount(now), amount(base)),
        during.reduce((n, s) => n + s.units, 0),
        rounded(discount, 1_000_000n, 2),
        thin,
      ]);
    }
    reference.sort((a, b) => String(b[1]).localeCompare(String(a[1])) || Number(a[0]) - Number(b[0]));
    return { project, reference };
  },

  async "distribution-by-line"(seed) {
    // The 28 days to today against the 28 before; the lines are the products' types as the brand's /products names them.
    const { input, period, invoices, rawLines } = await sales(seed, "Supplier", 30);
    const products = await walk(seed, "Supplier", "/products");
    const withGroups = {
      ...input,
      products: products.map((p) => ({
        productId: p.ProductID as number,
        name: String(p.ProductName ?? ""),
        supplierId: p.SupplierID as number,
        group: String(p.ProductTypeName || "Other"),
        active: true,
      })),
    };
    const byName = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    const project = distribution("line", withGroups, period)
      .rows.map((r) => [r.key, r.doors, r.newDoors, r.lostDoors, r.unitsPerDoorPerWeek, r.shareOfDoors])
      .sort(byName);
    // Reference: a product's line is its ProductTypeName ("Other" when it has none or /products lists it not). In
    // each period a line's doors are the stores with an invoice other than a return dated in it whose line of one of
    // its products delivered units; its units are those lines' NumUnits, a return's taken off.
    const lineOf = new Map(products.map((p) => [p.ProductID, String(p.ProductTypeName || "Other")]));
    const previous = { from: shiftDay(period.from, -28), to: shiftDay(period.from, -1) };
    const tally = (p: { from: string; to: string }) => {
      const of = new Map(
        invoices.filter((i) => day(i.Date) >= p.from && day(i.Date) <= p.to).map((i) => [i.InvoiceID, i]),
      );
      const lines = new Map<string, { doors: Set<unknown>; units: number }>();
      for (const l of rawLines) {
        const invoice = of.get(l.InvoiceID);
        if (!invoice) continue;
        const line = lineOf.get(l.ProductID) ?? "Other";
        const t = lines.get(line) ?? { doors: new Set(), units: 0 };
        lines.set(line, t);
        const units = Number(l.NumUnits);
        const returned = invoice.Status === 4;
        t.units += returned && units > 0 ? -units : units;
        if (!returned && units > 0) t.doors.add(invoice.CustomerID);
      }
      return lines;
    };
    const now = tally(period);
    const then = tally(previous);
    const brandDoors = new Set([...now.values()].flatMap((t) => [...t.doors])).size;
    const reference = [...new Set([...now.keys(), ...then.keys()])].map((line) => {
      const doors = now.get(line)?.doors ?? new Set();
      const before = then.get(line)?.doors ?? new Set();
      const units = now.get(line)?.units ?? 0;
      return [
        line,
        doors.size,
        [...doors].filter((c) => !before.has(c)).length,
        [...before].filter((c) => !doors.has(c)).length,
        doors.size ? rounded(BigInt(units) * 7n, BigInt(doors.size) * 28n, 2) : null,
        brandDoors ? rounded(BigInt(doors.size) * 100n, BigInt(brandDoors), 1) : null,
      ];
    });
    return { project, reference: reference.sort(byName) };
  },

  async "order-guide-days-of-cover"(seed) {
    return guideColumn(
      seed,
      (row) => row.daysOfCover,
      (r) => r.cover,
    );
  },

  async "order-guide-usual"(seed) {
    return guideColumn(
      seed,
      (row) => row.usualCases,
      (r) => r.usual,
    );
  },

  async "order-guide-bought"(seed) {
    return guideColumn(
      seed,
      (row) => row.boughtCases,
      (r) => r.bought,
    );
  },

  async "order-guide-bought-since"(seed) {
    const project: unknown[] = [];
    const reference: unknown[] = [];
    for (const [store, guide] of await projectGuides(seed)) {
      const p = guide.purchases;
      project.push([store, p.from, p.lastDays.total, p.lastDays.cases, p.pace.total, p.pace.cases]);
      const { since, lines } = await storeHistory(seed, store);
      // Reference: the store's invoices' lines (a return's taken off) dated from 13 days before today on, and those of
      // the 180 days × 14 ÷ 180.
      const from = shiftDay(seed.today, 1 - GUIDE_DAYS);
      const add = (xs: HistoryLine[], f: (l: HistoryLine) => bigint) => xs.reduce((t, l) => t + f(l), 0n);
      const recent = lines.filter((l) => l.day >= from && l.day <= seed.today);
      const all = lines.filter((l) => l.day >= since && l.day <= seed.today);
      const paced = (x: bigint) => rounded(x * BigInt(GUIDE_DAYS), 180n * 1_000_000n, 2);
      reference.push([
        store,
        from,
        rounded(
          add(recent, (l) => l.amount),
          1_000_000n,
          2,
        ),
        rounded(
          add(recent, (l) => l.cases),
          1_000_000n,
          2,
        ),
        paced(add(all, (l) => l.amount)),
        paced(add(all, (l) => l.cases)),
      ]);
    }
    return { project, reference };
  },
};

/** The cover the order guide's suggestions aim at when the person chooses none. */
const GUIDE_DAYS = 14;

/** The project's order guide of each of the demo retailer's active stores at 14 days, read once a seed. */
function projectGuides(seed: Seed): Promise<Map<number, GuideData>> {
  let read = guides.get(seed.name);
  if (!read)
    guides.set(
      seed.name,
      (read = (async () => {
        const stores = (await walk(seed, "Customer", "/customers?AccountStatuses=Active")).map(
          (c) => c.CustomerID as number,
        );
        const out = new Map<number, GuideData>();
        for (const store of stores.sort((a, b) => a - b))
          out.set(store, await readGuide(projectClient(seed, "Customer"), store, seed.today, GUIDE_DAYS));
        return out;
      })()),
    );
  return read;
}
const guides = new Map<string, Promise<Map<number, GuideData>>>();

/** A line of a store's invoices of the 180 days, as the reference reads it: signed (a return's taken off). */
interface HistoryLine {
  invoiceId: unknown;
  product: number;
  day: string;
  returned: boolean;
  amount: bigint;
  cases: bigint;
}

/** A store's invoices of the 180 days to today (every status but Canceled) and their lines, signed. */
async function storeHistory(seed: Seed, store: number) {
  const since = shiftDay(seed.today, -179);
  const invoices = await walk(
    seed,
    "Customer",
    `/invoices?CustomerIDs=${store}&Statuses=1,2,3,4,5,7&StartDate=${since}`,
  );
  const raw = await invoiceLines(
    seed,
    "Customer",
    invoices.map((i) => i.InvoiceID),
  );
  const of = new Map(invoices.map((i) => [i.InvoiceID, i]));
  const lines: HistoryLine[] = raw.flatMap((l) => {
    const invoice = of.get(l.InvoiceID);
    if (!invoice || invoice.CustomerID !== store) return [];
    const returned = invoice.Status === 4;
    const amount = micros(l.ExtPrice);
    const cases = micros(l.Cases ?? 0);
    return [
      {
        invoiceId: l.InvoiceID,
        product: Number(l.ProductID),
        day: day(invoice.Date),
        returned,
        amount: returned && amount > 0n ? -amount : amount,
        cases: returned && cases > 0n ? -cases : cases,
      },
    ];
  });
  return { since, invoices, lines };
}

/** The reference's figures of one product of a store's guide: its days of cover, usual order and cases bought. */
interface GuideFigures {
  cover: string | null;
  usual: string | null;
  bought: string | null;
}

/**
 * One column of the order guide, the project's beside the reference's, store by store and product by product. The
 * reference's rows: what the store ordered in the 180 days (a return is no order) or has on a running promotion today.
 */
async function guideColumn(
  seed: Seed,
  projectOf: (row: GuideData["rows"][number]) => string | null,
  referenceOf: (r: GuideFigures) => string | null,
): Promise<Readings> {
  const project: unknown[] = [];
  const reference: unknown[] = [];
  for (const [store, guide] of await projectGuides(seed)) {
    project.push([
      store,
      guide.rows.map((r) => [r.productId, projectOf(r)]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ]);
    const figures = await guideFigures(seed, store);
    reference.push([store, [...figures].sort(([a], [b]) => a - b).map(([id, f]) => [id, referenceOf(f)])]);
  }
  return { project, reference };
}

async function guideFigures(seed: Seed, store: number): Promise<Map<number, GuideFigures>> {
  const { invoices, lines } = await storeHistory(seed, store);
  const dateOf = new Map(invoices.map((i) => [i.InvoiceID, String(i.Date)]));
  const prices = (
    await walk(seed, "Customer", `/customerPricing?CustomerIDs=${store}&EffectiveDate=${seed.today}`)
  ).filter((p) => p.CustomerID === store);
  const running = (p: Row) =>
    p.PromotionID != null &&
    (!p.StartDate || day(p.StartDate) <= seed.today) &&
    (!p.EndDate || day(p.EndDate) >= seed.today);
  const products = new Set(lines.filter((l) => !l.returned).map((l) => l.product));
  for (const p of prices)
    if (running(p) && (p.UnitPrice ?? p.FullPrice) !== p.FullPrice) products.add(p.ProductID as number);
  const counts = (await walk(seed, "Customer", `/retailerInventory?CustomerIDs=${store}`)).filter(
    (c) => c.CustomerID === store,
  );
  const out = new Map<number, GuideFigures>();
  for (const id of products) {
    // Days of cover: units on the shelf at its count ÷ daily sales, one decimal; 0 for an empty or negative shelf;
    // none for a shelf never counted (no count, or the API's 2000-01-01 or earlier) or one without sales.
    const count = counts.find((c) => c.ProductID === id);
    let cover: string | null = null;
    if (count && day(count.LastInventoryDate) >= "2000-01-02") {
      const onHand = micros(count.Inventory);
      const daily = count.DailySales == null ? 0n : micros(count.DailySales);
      cover = onHand <= 0n ? "0.0" : daily > 0n ? rounded(onHand, daily, 1) : null;
    }
    // Usual: the median of the cases of its newest five orders (each order's lines added), those above zero.
    const orders = new Map<unknown, bigint>();
    for (const l of lines.filter((l) => l.product === id && !l.returned))
      orders.set(l.invoiceId, (orders.get(l.invoiceId) ?? 0n) + l.cases);
    const last = [...orders]
      .sort(([a], [b]) => String(dateOf.get(b)).localeCompare(String(dateOf.get(a))))
      .slice(0, 5)
      .map(([, c]) => c)
      .filter((c) => c > 0n)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const mid = Math.floor(last.length / 2);
    const usual = !last.length
      ? null
      : last.length % 2
        ? rounded(last[mid]!, 1_000_000n, 2)
        : rounded(last[mid - 1]! + last[mid]!, 2_000_000n, 2);
    // Bought: its lines' cases of the 180 days, a return's taken off; none when it has no line at all.
    const mine = lines.filter((l) => l.product === id);
    const bought = mine.length
      ? rounded(
          mine.reduce((t, l) => t + l.cases, 0n),
          1_000_000n,
          2,
        )
      : null;
    out.set(id, { cover, usual, bought });
  }
  return out;
}

checkReferences(CASES);
