import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema";
import { ENVIRONMENTS } from "../environments";
import { activity } from "./demo-history";
import { NEVER_COUNTED } from "./sentinels";
import { rowsOf, seededDatabase, TEST_NOW } from "./testing";

const TODAY = TEST_NOW.toISOString().slice(0, 10);

describe("activity", () => {
  it("peaks in summer, bumps before Christmas, and drops at weekends", () => {
    // Tuesdays: mid-July, mid-February, the week before Christmas, mid-November.
    expect(activity("2026-07-14")).toBeGreaterThan(activity("2026-02-10") * 1.3);
    expect(activity("2026-12-15")).toBeGreaterThan(activity("2026-11-10"));
    expect(activity("2026-07-18")).toBeLessThan(activity("2026-07-17") / 5);
  });
});

describe.each(ENVIRONMENTS)("the demo brand's year of history (%s, scale 0.05)", (env) => {
  let db: Kysely<Database>;
  let brand: number;
  beforeAll(async () => {
    const seeded = await seededDatabase(env);
    db = seeded.db;
    brand = seeded.summary.demo.supplier.supplierId;
  });
  afterAll(() => db.destroy());

  /** The brand's invoices of the last 365 days: those with one of its lines. */
  const brandInvoices = () => sql`select distinct i.* from invoices i join invoice_lines l using (invoice_id)
    where l.supplier_id = ${brand} and i.date >= date(${TODAY}, '-365 days')`;

  it("spans the year before now, in every status, with returns, at about a twentieth of the real scale", async () => {
    const [span] = await rowsOf(
      db,
      sql<{ n: number; days: number; last: string }>`
      select count(*) n, julianday(max(date)) - julianday(min(date)) days, max(date) last from (${brandInvoices()})`,
    );
    expect(span!.days).toBeGreaterThanOrEqual(330);
    expect(span!.last).toBe(TODAY);
    expect(span!.n).toBeGreaterThan(100);
    const statuses = await rowsOf(
      db,
      sql<{ status: number; n: number; total: number }>`
      select status, count(*) n, max(invoice_total_micros) total from (${brandInvoices()}) group by status order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(statuses.find((s) => s.status === 4)!.total).toBeLessThan(0);
    const [lines] = await rowsOf(
      db,
      sql<{ n: number }>`select count(*) n from invoice_lines where supplier_id = ${brand}`,
    );
    expect(lines!.n / span!.n).toBeGreaterThan(2);
  });

  it("has invoices whose totals are the sums of their lines", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ invoice_id: number }>`
      select i.invoice_id from (${brandInvoices()}) i join (select invoice_id, sum(ext_price_micros) ext, sum(num_units) units from invoice_lines group by invoice_id) l using (invoice_id)
      where i.invoice_total_micros != l.ext or i.total_num_units != l.units or i.open_balance_micros > i.invoice_total_micros and i.invoice_total_micros > 0`,
    );
    expect(wrong).toEqual([]);
  });

  it("is busier in summer than in winter, and on weekdays than at weekends", async () => {
    const [busy] = await rowsOf(
      db,
      sql<{ summer: number; winter: number; weekend: number; weekdays: number }>`
      select sum(substr(date, 6, 2) in ('06', '07', '08')) summer, sum(substr(date, 6, 2) in ('01', '02', '03')) winter,
             sum(strftime('%w', date) in ('0', '6')) weekend, sum(strftime('%w', date) not in ('0', '6')) weekdays
      from (${brandInvoices()})`,
    );
    expect(busy!.summer).toBeGreaterThan(busy!.winter * 1.2);
    expect(busy!.weekend * 5).toBeLessThan(busy!.weekdays / 2);
  });

  it("has retailers that ordered regularly and stopped 61 to 90 days ago or longer ago, and retailers with a single order", async () => {
    const retailers = await rowsOf(
      db,
      sql<{ customer_id: number; orders: number; age: number }>`
      select customer_id, count(*) orders, julianday(${TODAY}) - julianday(max(date)) age from (${brandInvoices()}) where status != 4 group by customer_id`,
    );
    const lapsed = (from: number, to: number) => retailers.filter((r) => r.orders >= 2 && r.age >= from && r.age <= to);
    expect(lapsed(61, 90).length).toBeGreaterThan(0);
    expect(lapsed(91, 365).length).toBeGreaterThan(0);
    expect(retailers.filter((r) => r.orders === 1).length).toBeGreaterThan(0);
    expect(retailers.filter((r) => r.age <= 60).length).toBeGreaterThan(retailers.length / 4);
  });

  it("has retailers that order at different cadences, and products some retailers carry and others not", async () => {
    const cadences = await rowsOf(
      db,
      sql<{ gap: number }>`
      select (julianday(max(date)) - julianday(min(date))) / (count(*) - 1) gap from (${brandInvoices()}) where status != 4
      group by customer_id having count(*) >= 4 order by gap`,
    );
    expect(cadences.length).toBeGreaterThan(3);
    expect(cadences.at(-1)!.gap).toBeGreaterThan(cadences[0]!.gap * 2);
    // White space: of the products a warehouse sells to the brand's retailers, each retailer buys only some.
    const [space] = await rowsOf(
      db,
      sql<{ partial: number; retailers: number }>`
      with bought as (select distinct l.customer_id, l.product_id, c.location_id from invoice_lines l join customers c using (customer_id) where l.supplier_id = ${brand}),
           sold as (select location_id, count(distinct product_id) n from bought group by location_id)
      select sum(b.n < s.n) partial, count(*) retailers from (select customer_id, location_id, count(*) n from bought group by customer_id) b join sold s using (location_id)`,
    );
    expect(space!.partial / space!.retailers).toBeGreaterThan(0.5);
  });

  it("has shelf inventory of its products at its retailers, some never counted, some covering under 7 days of sales", async () => {
    const [shelves] = await rowsOf(
      db,
      sql<{ n: number; stores: number; never: number; short: number; unbought: number }>`
      select count(*) n, count(distinct r.customer_id) stores, sum(r.last_inventory_date = ${NEVER_COUNTED}) never,
             sum(r.daily_sales_centi > 0 and r.inventory_centi < 7 * r.daily_sales_centi) short,
             sum(not exists (select 1 from invoice_lines l where l.customer_id = r.customer_id and l.product_id = r.product_id)) unbought
      from retailer_inventory r join products p using (product_id) where p.supplier_id = ${brand}`,
    );
    expect(shelves!.n).toBeGreaterThan(20);
    expect(shelves!.stores).toBeGreaterThan(5);
    expect(shelves!.never).toBeGreaterThan(0);
    expect(shelves!.short).toBeGreaterThan(0);
    expect(shelves!.unbought).toBe(0);
    const [pairs] = await rowsOf(
      db,
      sql<{
        n: number;
        distinct_pairs: number;
      }>`select count(*) n, count(distinct customer_id || ':' || product_id) distinct_pairs from retailer_inventory`,
    );
    expect(pairs!.distinct_pairs).toBe(pairs!.n);
  });
});
