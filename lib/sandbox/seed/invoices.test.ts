import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema";
import { ENVIRONMENTS } from "../environments";
import { rowsOf, seededDatabase, TEST_NOW } from "./testing";

describe.each(ENVIRONMENTS)("seeded invoices (%s)", (env) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = (await seededDatabase(env)).db;
  });
  afterAll(() => db.destroy());

  it("carry totals that are the exact sums of their lines", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ invoice_id: number }>`
      select i.invoice_id from invoices i join (
        select invoice_id, sum(ext_price_micros) ext, sum(num_units * full_price_micros) full_, sum(num_units * discount_micros) disc,
               sum(num_units) units, sum(cases_centi) cases, count(*) n
        from invoice_lines group by invoice_id) l on l.invoice_id = i.invoice_id
      where i.total_ext_price_micros != l.ext or i.total_full_price_micros != l.full_ or i.total_discount_micros != l.disc
         or i.total_num_units != l.units or i.total_cases_centi != l.cases or i.invoice_total_micros != i.total_ext_price_micros
         or i.total_full_price_micros - i.total_discount_micros != i.total_ext_price_micros`,
    );
    expect(wrong).toEqual([]);
    const empty = await rowsOf(
      db,
      sql<{
        n: number;
      }>`select count(*) n from invoices where invoice_id not in (select invoice_id from invoice_lines)`,
    );
    expect(empty[0]?.n).toBe(0);
  });

  it("have lines whose prices and quantities agree", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ invoice_trans_id: number }>`
      select invoice_trans_id from invoice_lines l join invoices i using (invoice_id)
      where l.ext_price_micros != l.num_units * l.unit_price_micros or l.unit_price_micros != l.full_price_micros - l.discount_micros
         or l.num_units != l.ordered - l.back_order or l.customer_id != i.customer_id or l.discount_micros < 0
         or (l.back_order > 0) != (l.reason_id is not null and i.status != 4)`,
    );
    expect(wrong).toEqual([]);
  });

  it("split each invoice per supplier, summing exactly to its ext price", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ invoice_id: number }>`
      select i.invoice_id from invoices i
      left join (select invoice_id, sum(total_micros) t, count(*) n from invoice_supplier_totals group by invoice_id) s using (invoice_id)
      left join (select invoice_id, count(distinct supplier_id) n from invoice_lines group by invoice_id) l using (invoice_id)
      where s.t is null or s.t != i.total_ext_price_micros or s.n != l.n`,
    );
    expect(wrong).toEqual([]);
    const perSupplier = await rowsOf(
      db,
      sql<{ n: number }>`
      select count(*) n from invoice_supplier_totals t
      where t.total_micros != (select sum(ext_price_micros) from invoice_lines l where l.invoice_id = t.invoice_id and l.supplier_id = t.supplier_id)`,
    );
    expect(perSupplier[0]?.n).toBe(0);
    const several = await rowsOf(
      db,
      sql<{ avg: number }>`select avg(n) avg from (select count(*) n from invoice_supplier_totals group by invoice_id)`,
    );
    expect(several[0]?.avg).toBeGreaterThan(2);
  });

  it("are due on the date plus the term's days, numbered uniquely, dated within 18 months before now", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ invoice_id: number }>`
      select invoice_id from invoices i join credit_terms t using (term_id)
      where i.due_date != date(i.date, '+' || t.days_of_credit || ' days') or i.date > ${TEST_NOW.toISOString().slice(0, 10)}
         or i.date < date(${TEST_NOW.toISOString().slice(0, 10)}, '-550 days') or i.invoice_num not like 'INV-1%'`,
    );
    expect(wrong).toEqual([]);
  });

  it("exist in every status, mostly Verified, with credits (Returned) negative", async () => {
    const statuses = await rowsOf(
      db,
      sql<{ status: number; n: number; total: number }>`
      select status, count(*) n, max(invoice_total_micros) total from invoices group by status order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual([1, 2, 3, 4, 5, 7]);
    const verified = statuses.find((s) => s.status === 7)?.n ?? 0;
    expect(verified / statuses.reduce((sum, s) => sum + s.n, 0)).toBeGreaterThan(0.8);
    expect(statuses.find((s) => s.status === 4)?.total).toBeLessThan(0);
    const recent = await rowsOf(
      db,
      sql<{
        n: number;
      }>`select count(*) n from invoices where status in (1, 2) and date < date(${TEST_NOW.toISOString()}, '-3 days')`,
    );
    expect(recent[0]?.n).toBe(0);
  });

  it("have revisions in progress on some recent invoices, in every revision status", async () => {
    const revisions = await rowsOf(
      db,
      sql<{ revision_status: string; bad: number }>`
      select revision_status, sum(revision_updated_at is null or status not in (1, 2) or revision_updated_at > ${TEST_NOW.toISOString()}) bad
      from invoices where revision_status is not null group by revision_status order by revision_status`,
    );
    expect(revisions).toEqual([
      { revision_status: "Accepted", bad: 0 },
      { revision_status: "Importing", bad: 0 },
      { revision_status: "Submitted", bad: 0 },
    ]);
  });

  it("fill lines from real purchase lines of the same product received at the customer's warehouse", async () => {
    const unfilled = await rowsOf(
      db,
      sql<{ n: number }>`
      select count(*) n from invoice_lines l join invoices i using (invoice_id)
      where (l.purchase_trans_id is null) != (i.status = 1 or l.num_units = 0) or (l.purchase_trans_id is null and l.batch_code != '')`,
    );
    expect(unfilled[0]?.n).toBe(0);
    const wrong = await rowsOf(
      db,
      sql<{ invoice_trans_id: number }>`
      select l.invoice_trans_id from invoice_lines l
      join customers c on c.customer_id = l.customer_id
      left join purchase_lines pl on pl.purchase_trans_id = l.purchase_trans_id
      left join purchases p on p.purchase_global_id = pl.purchase_global_id
      where l.purchase_trans_id is not null
        and (pl.product_id is not l.product_id or p.to_location_id is not c.location_id or pl.batch_code is not l.batch_code
             or p.receive_date > (select date from invoices where invoice_id = l.invoice_id))`,
    );
    expect(wrong).toEqual([]);
    const coa = await rowsOf(
      db,
      sql<{ with_coa: number; filled: number }>`
      select sum(coa_url is not null) with_coa, sum(purchase_trans_id is not null) filled from invoice_lines`,
    );
    expect(coa[0]!.with_coa / coa[0]!.filled).toBeGreaterThan(0.8);
  });

  it("price promoted lines with a promotion of the line's supplier, running that day in the customer's state", async () => {
    const promoted = await rowsOf(
      db,
      sql<{ n: number; bad: number }>`
      select count(*) n, sum(not exists (
        select 1 from promotions p join promotion_states s using (promotion_id)
        where p.promotion_id = l.promotion_id and p.supplier_id = l.supplier_id and s.state = c.state
          and p.start_date <= i.date and p.end_date >= i.date
          and (p.all_products = 1 or exists (select 1 from promotion_products pp where pp.promotion_id = p.promotion_id and pp.product_id = l.product_id))
          and (l.promotion_overridden = 1 or l.unit_price_micros = min(p.unit_price_micros, l.full_price_micros)))) bad
      from invoice_lines l join invoices i using (invoice_id) join customers c on c.customer_id = i.customer_id
      where l.promotion_id is not null`,
    );
    expect(promoted[0]?.n).toBeGreaterThan(0);
    expect(promoted[0]?.bad).toBe(0);
    const kinds = await rowsOf(
      db,
      sql<{ overridden: number; back_orders: number; full_price: number }>`
      select sum(promotion_overridden) overridden, sum(back_order > 0) back_orders,
             sum(promotion_id is null and promotion_overridden = 0 and discount_micros != 0) full_price from invoice_lines`,
    );
    expect(kinds[0]?.overridden).toBeGreaterThan(0);
    expect(kinds[0]?.back_orders).toBeGreaterThan(0);
    expect(kinds[0]?.full_price).toBe(0);
  });
});
