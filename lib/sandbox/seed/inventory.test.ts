import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema";
import { ENVIRONMENTS } from "../environments";
import { rowsOf, seededDatabase, TEST_NOW } from "./testing";

const TODAY = TEST_NOW.toISOString().slice(0, 10);

describe.each(ENVIRONMENTS)("seeded inventory, vendors and purchases (%s)", (env) => {
  let db: Kysely<Database>;
  let demoSupplierId: number;
  beforeAll(async () => {
    const seeded = await seededDatabase(env);
    db = seeded.db;
    demoSupplierId = seeded.summary.demo.supplier.supplierId;
  });
  afterAll(() => db.destroy());

  it("has realistic quantities under the documented formulas: mostly available, some out of stock, a negative Inventory", async () => {
    const rows = await rowsOf(
      db,
      sql<{ on_floor: number; available: number; inventory: number; status_id: number }>`
      select i.inventory + i.received - (i.loaded + i.picked + i.pending_sales + i.delivered + i.unsellable) on_floor,
             i.inventory + i.received - (i.loaded + i.picked + i.pending_sales + i.delivered + i.unsellable) - (i.pre_sales + i.allocated) available,
             i.inventory, p.status_id
      from inventory i join products p using (product_id)`,
    );
    expect(rows.filter((r) => r.available < 0)).toEqual([]);
    const active = rows.filter((r) => r.status_id === 1);
    expect(active.filter((r) => r.available > 0).length / active.length).toBeGreaterThan(0.8);
    expect(rows.filter((r) => r.available === 0).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.inventory < 0).length).toBeGreaterThan(0);
    const retired = rows.filter((r) => r.status_id === 0);
    expect(retired.filter((r) => r.on_floor === 0).length).toBeGreaterThanOrEqual(retired.length / 2);
  });

  it("holds only products of the warehouse's state, on a FIFO layer that is a purchase line of that product received there", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ product_id: number }>`
      select i.product_id from inventory i join products p using (product_id) join locations l using (location_id)
      left join purchase_lines pl on pl.purchase_trans_id = i.purchase_trans_id left join purchases pu on pu.purchase_global_id = pl.purchase_global_id
      where p.state != l.state or pl.product_id is not i.product_id or pu.to_location_id is not i.location_id
         or pu.status not in ('Received', 'Confirmed', 'Verified')`,
    );
    expect(wrong).toEqual([]);
  });

  it("sets Allocated to the active allocations of the customers the warehouse serves", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ product_id: number; allocated: number; expected: number }>`
      select i.location_id, i.product_id, i.allocated, coalesce((
        select sum(a.units) from allocations a join customers c using (customer_id)
        where a.product_id = i.product_id and c.location_id = i.location_id and a.start_date <= ${TODAY} and a.end_date >= ${TODAY}), 0) expected
      from inventory i where i.allocated != expected`,
    );
    expect(wrong).toEqual([]);
    const [a] = await rowsOf(
      db,
      sql<{ ids: number; shared: number; active: number; restricted: number }>`
      select count(distinct allocation_id) ids,
             (select count(*) from (select allocation_id from allocations group by allocation_id having count(distinct customer_id) > 1)) shared,
             sum(start_date <= ${TODAY} and end_date >= ${TODAY}) active, (select sum(not_authorized) from inventory) restricted
      from allocations`,
    );
    expect(a!.ids).toBeGreaterThanOrEqual(5);
    expect(a!.shared).toBeGreaterThan(0);
    expect(a!.active).toBeGreaterThan(0);
    const unknown = await rowsOf(
      db,
      sql<{ n: number }>`
      select count(*) n from allocations a join customers c using (customer_id)
      where not exists (select 1 from inventory i where i.product_id = a.product_id and i.location_id = c.location_id)`,
    );
    expect(unknown[0]?.n).toBe(0);
  });

  it("spreads the on-floor units over 1 to 3 batches of real purchase lines, with COAs", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ product_id: number }>`
      select i.location_id, i.product_id from inventory i
      join (select location_id, product_id, count(*) n, sum(inventory_units) units from inventory_batches group by location_id, product_id) b
        using (location_id, product_id)
      where b.n > 3 or b.units != max(0, i.inventory + i.received - (i.loaded + i.picked + i.pending_sales + i.delivered + i.unsellable))`,
    );
    expect(wrong).toEqual([]);
    const batches = await rowsOf(
      db,
      sql<{ n: number; bad: number; no_batches: number }>`
      select count(*) n, sum(pl.batch_code is not b.batch_code or pl.product_id != b.product_id or b.coa_url != 'assets/coa/' || b.batch_code || '.pdf'
                             or length(b.uid) != 24 or b.supplier_id != p.supplier_id) bad,
             (select count(*) from inventory i where not exists (select 1 from inventory_batches x where x.location_id = i.location_id and x.product_id = i.product_id)) no_batches
      from inventory_batches b join purchase_lines pl using (purchase_trans_id) join products p on p.product_id = b.product_id`,
    );
    expect(batches[0]).toMatchObject({ bad: 0, no_batches: 0 });
  });

  it("has vendors per supplier and warehouse of its states, a third requiring batch codes, some inactive, with pickup days", async () => {
    const [v] = await rowsOf(
      db,
      sql<{ n: number; batch: number; inactive: number; wrong_state: number }>`
      select count(*) n, sum(require_po_batch_codes) batch, sum(active = 0) inactive,
             sum(not exists (select 1 from locations l where l.location_id = v.location_id and l.state = v.vendor_state)) wrong_state
      from vendors v`,
    );
    expect(v).toMatchObject({ wrong_state: 0 });
    // Every vendor picks up on some weekdays but the demo brand's Nevada one (see the next test).
    const noDays = await rowsOf(
      db,
      sql<{ supplier_id: number; vendor_state: string }>`
      select supplier_id, vendor_state from vendors v
      where not exists (select 1 from vendor_pickup_days d where d.vendor_id = v.vendor_id and d.location_id = v.location_id)`,
    );
    expect(noDays).toEqual([{ supplier_id: demoSupplierId, vendor_state: "NV" }]);
    expect(v!.batch / v!.n).toBeGreaterThan(0.15);
    expect(v!.batch / v!.n).toBeLessThan(0.6);
    expect(v!.inactive).toBeGreaterThan(0);
    const days = await rowsOf(
      db,
      sql<{
        day: string;
      }>`select distinct day from vendor_pickup_days where day not in ('Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun')`,
    );
    expect(days).toEqual([]);
  });

  it("sets AvgDailySales90d to the units of the last 90 days' invoices (returns left out) over 90 (DOI 0 without sales)", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ product_id: number }>`
      select i.location_id, i.product_id, i.avg_daily_sales_90d_centi, s.units from inventory i
      left join (select c.location_id, l.product_id, sum(l.num_units) units from invoice_lines l join invoices v using (invoice_id)
                 join customers c on c.customer_id = v.customer_id
                 where v.status != 4 and v.date >= date(${TODAY}, '-90 days') group by c.location_id, l.product_id) s
        on s.location_id = i.location_id and s.product_id = i.product_id
      where i.avg_daily_sales_90d_centi != round(coalesce(s.units, 0) * 100.0 / 90)
         or (i.avg_daily_sales_90d_centi = 0 and i.doi_centi != 0)`,
    );
    expect(wrong).toEqual([]);
  });

  it("gives the demo brand vendors on different terms: one without pickup days, one without a maximum", async () => {
    const vendors = await rowsOf(
      db,
      sql<{
        vendor_id: number;
        state: string;
        lead: number;
        target: number;
        max: number | null;
        batch: number;
        days: string | null;
      }>`
      select v.vendor_id, v.vendor_state state, v.lead_time_days lead, v.target_doi target, v.max_doi max, v.require_po_batch_codes batch,
             (select group_concat(day, ',') from vendor_pickup_days d where d.vendor_id = v.vendor_id and d.location_id = v.location_id) days
      from vendors v where v.supplier_id = ${demoSupplierId} group by v.vendor_id order by v.vendor_id`,
    );
    expect(vendors.length).toBeGreaterThanOrEqual(3);
    for (const key of ["lead", "target", "max", "days"] as const)
      expect(new Set(vendors.map((v) => v[key])).size, key).toBe(vendors.length);
    expect(vendors.filter((v) => v.max === null).map((v) => [v.state, v.batch])).toEqual([["CA", 1]]);
    expect(vendors.filter((v) => v.days === null).map((v) => v.state)).toEqual(["NV"]);
  });

  it("gives the demo brand's Nevada warehouse two Active products unsold in the last 90 days and one sold once", async () => {
    const sold = await rowsOf(
      db,
      sql<{ product_id: number; avg: number; lines: number }>`
      select i.product_id, i.avg_daily_sales_90d_centi avg, (
        select count(*) from invoice_lines l join invoices v using (invoice_id) join customers c on c.customer_id = v.customer_id
        where l.product_id = i.product_id and c.location_id = i.location_id and v.date >= date(${TODAY}, '-90 days')) lines
      from inventory i join products p using (product_id) join locations w using (location_id)
      where p.supplier_id = ${demoSupplierId} and p.status_id = 1 and w.state = 'NV'`,
    );
    expect(sold.filter((r) => r.lines === 0 && r.avg === 0).length).toBeGreaterThanOrEqual(2);
    expect(sold.filter((r) => r.lines === 1 && r.avg > 0).length).toBeGreaterThanOrEqual(1);
  });

  it("has ERP-posted purchases in every ERP status, 3 to 20 lines each, dated by status", async () => {
    const statuses = await rowsOf(
      db,
      sql<{ status: string; bad: number }>`
      select status, sum(
        source != 'erp' or purchase_id is null or purchase_global_id not glob '????????-????-4???-????-????????????'
        or (status in ('Received', 'Confirmed', 'Verified')) != (receive_date is not null and receiving_num is not null)
        or public_pdf_link not like 'assets/purchases/' || purchase_global_id || '.pdf?token=%'
        or post_date > ${TODAY} or (status in ('New', 'Accepted') and delivery_date < ${TODAY})
        or not exists (select 1 from vendors v where v.vendor_id = p.vendor_id and v.location_id = p.to_location_id and v.supplier_id = p.supplier_id)) bad
      from purchases p where source = 'erp' group by status order by status`,
    );
    expect(statuses).toEqual(
      ["Accepted", "Confirmed", "New", "Received", "Verified"].map((status) => ({ status, bad: 0 })),
    );
    const lines = await rowsOf(
      db,
      sql<{ n: number }>`select count(*) n from purchase_lines group by purchase_global_id having n < 3 or n > 20`,
    );
    expect(lines).toEqual([]);
    const wrongProducts = await rowsOf(
      db,
      sql<{ n: number }>`
      select count(*) n from purchase_lines pl join purchases p using (purchase_global_id) join products x using (product_id)
      join locations l on l.location_id = p.to_location_id where x.supplier_id != p.supplier_id or x.state != l.state`,
    );
    expect(wrongProducts[0]?.n).toBe(0);
  });

  it("has retailer inventory for some stores, of products they bought", async () => {
    const [r] = await rowsOf(
      db,
      sql<{ n: number; stores: number; unbought: number }>`
      select count(*) n, count(distinct customer_id) stores, sum(not exists (
        select 1 from invoice_lines l where l.customer_id = r.customer_id and l.product_id = r.product_id)) unbought
      from retailer_inventory r`,
    );
    expect(r!.n).toBeGreaterThan(0);
    expect(r!.stores).toBeGreaterThan(0);
    expect(r!.unbought).toBe(0);
  });
});
