import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema";
import { ENVIRONMENTS } from "../environments";
import { rowsOf, seededDatabase, TEST_NOW } from "./testing";

const NOW = TEST_NOW.toISOString();

/** Timestamp columns (not dates): none may be later than the sandbox clock. */
const TIMESTAMPS: [table: string, column: string][] = [
  ["states", "time_updated"],
  ["locations", "time_updated"],
  ["suppliers", "time_updated"],
  ["products", "time_updated"],
  ["customers", "time_updated"],
  ["invoices", "invoice_time_created"],
  ["invoices", "invoice_last_updated"],
  ["invoices", "revision_updated_at"],
  ["invoice_lines", "time_updated"],
  ["payment_types", "time_created"],
  ["payments", "time_created"],
  ["payment_applications", "time_confirmed"],
  ["inventory", "time_updated"],
  ["inventory_batches", "time_created"],
  ["purchases", "time_created"],
  ["purchases", "time_updated"],
  ["purchase_lines", "time_updated"],
  ["promotions", "time_updated"],
  ["allocations", "time_updated"],
  ["ar_aging", "time_updated"],
];

describe.each(ENVIRONMENTS)("seeded catalog, customers and users (%s)", (env) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = (await seededDatabase(env)).db;
  });
  afterAll(() => db.destroy());

  it("stamps nothing later than now, in the ISO form with milliseconds", async () => {
    for (const [table, column] of TIMESTAMPS) {
      const [row] = await rowsOf(
        db,
        sql<{ late: number; malformed: number }>`
        select sum(${sql.ref(column)} > ${NOW}) late,
               sum(${sql.ref(column)} not glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z') malformed
        from ${sql.table(table)} where ${sql.ref(column)} is not null`,
      );
      expect([table, column, row?.late ?? 0, row?.malformed ?? 0]).toEqual([table, column, 0, 0]);
    }
    for (const table of ["payment_types", "payments", "purchases", "inventory_batches"]) {
      const [row] = await rowsOf(
        db,
        sql<{ n: number }>`select count(*) n from ${sql.table(table)} where time_updated < time_created`,
      );
      expect([table, row?.n]).toEqual([table, 0]);
    }
  });

  it("has products in every status, samples, and realistic units per case, packages and prices", async () => {
    const statuses = await rowsOf(
      db,
      sql<{
        status_id: number;
        n: number;
      }>`select status_id, count(*) n from products group by status_id order by status_id`,
    );
    expect(statuses.map((s) => s.status_id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(statuses.find((s) => s.status_id === 1)!.n).toBeGreaterThan(statuses.reduce((sum, s) => sum + s.n, 0) / 2);
    const [p] = await rowsOf(
      db,
      sql<{
        samples: number;
        bad_case: number;
        bad_package: number;
        bad_price: number;
        junk: number;
        dup: number;
        bad_url: number;
        bad_blend: number;
      }>`
      select sum(is_sample) samples,
             sum(wholesale_units_per_case not in (4, 6, 8, 10, 12, 24)) bad_case,
             sum(package_name not like wholesale_units_per_case || '/' || unit_net_weight || ' %') bad_package,
             sum(is_sample = 0 and (unit_price_micros < 4000000 or unit_price_micros > 60000000)) bad_price,
             sum(supplier_product_number in ('N/A', '0')) junk,
             count(*) - count(distinct supplier_product_number) dup,
             sum(thumbnail_image_url != 'assets/products/' || product_id || '/thumb.svg' or full_size_image_url != 'assets/products/' || product_id || '/full.svg') bad_url,
             sum(blend not in ('Hybrid', 'Indica', 'Sativa')) bad_blend
      from products`,
    );
    expect(p).toMatchObject({ bad_case: 0, bad_package: 0, bad_price: 0, bad_url: 0, bad_blend: 0 });
    expect(p!.samples).toBeGreaterThan(0);
    expect(p!.junk).toBeGreaterThan(0);
    expect(p!.dup).toBeGreaterThan(0);
    const sellable = await rowsOf(
      db,
      sql<{
        n: number;
      }>`select count(*) n from products p join suppliers s using (supplier_id) where p.state not in (select state from states)`,
    );
    expect(sellable[0]?.n).toBe(0);
  });

  it("has suppliers with product groups, payment types per group, some inactive, fictional websites", async () => {
    const [s] = await rowsOf(
      db,
      sql<{ n: number; inactive: number; bad_site: number; no_group: number; types: number; groups: number }>`
      select count(*) n, sum(active = 0) inactive, sum(supplier_website_url not like 'https://%.example') bad_site,
             sum(not exists (select 1 from supplier_product_groups g where g.supplier_id = s.supplier_id)) no_group,
             (select count(*) from payment_types where supplier_id is not null) types, (select count(*) from supplier_product_groups) groups
      from suppliers s`,
    );
    expect(s).toMatchObject({ bad_site: 0, no_group: 0 });
    expect(s!.inactive).toBeGreaterThan(0);
    expect(s!.types).toBe(s!.groups);
    const generic = await db.selectFrom("payment_types").selectAll().where("payment_type_id", "=", -1).execute();
    expect(generic).toMatchObject([{ supplier_id: null, name: "SupplierCredit" }]);
  });

  it("has customers in every account status, some on hold, served by a warehouse of their state by a Territory Manager there", async () => {
    const statuses = await rowsOf(
      db,
      sql<{ account_status: string }>`select distinct account_status from customers order by 1`,
    );
    expect(statuses.map((s) => s.account_status)).toEqual(["Active", "Inactive", "OutOfBus"]);
    const [c] = await rowsOf(
      db,
      sql<{
        n: number;
        on_hold: number;
        wrong_location: number;
        wrong_rep: number;
        bad_days: number;
        chains: number;
        dup_ar: number;
        agents: number;
      }>`
      select count(*) n, sum(on_hold) on_hold,
             sum(not exists (select 1 from locations l where l.location_id = c.location_id and l.state = c.state)) wrong_location,
             sum(not exists (select 1 from users u join user_states s using (user_id) join rep_product_groups g using (user_id)
                             where u.user_id = c.sales_rep_user_id and u.role = 'DistributorRep' and s.state = c.state and g.product_group != 'Supplier')) wrong_rep,
             sum(delivery_days is not null and (delivery_days glob '*[^1-7,;]*' or replace(replace(delivery_days, ',', ''), ';', '') not glob '[1-7]*'
                 or length(replace(replace(delivery_days, ',', ''), ';', '')) > 3)) bad_days,
             (select count(*) from (select chain_name from customers group by chain_name having count(*) > 1)) chains,
             count(*) - count(distinct ar_account_id) dup_ar, sum(collection_agent_full_name is not null) agents
      from customers c`,
    );
    expect(c).toMatchObject({ wrong_location: 0, wrong_rep: 0, bad_days: 0, dup_ar: 0 });
    expect(c!.on_hold).toBeGreaterThan(0);
    expect(c!.chains).toBeGreaterThan(0);
    expect(c!.agents).toBeGreaterThan(0);
    expect(c!.agents).toBeLessThan(c!.n);
  });

  it("has users of every role, some inactive, many without job title, reps of both kinds", async () => {
    const roles = await rowsOf(
      db,
      sql<{ role: string; n: number; inactive: number; untitled: number }>`
      select role, count(*) n, sum(user_active = 0) inactive, sum(job_title is null) untitled from users group by role order by role`,
    );
    expect(roles.map((r) => r.role)).toEqual(["Admin", "Customer", "DistributorRep", "Supplier"]);
    expect(roles.reduce((s, r) => s + r.inactive, 0)).toBeGreaterThan(0);
    expect(roles.reduce((s, r) => s + r.untitled, 0)).toBeGreaterThan(roles.reduce((s, r) => s + r.n, 0) / 4);
    const reps = await rowsOf(
      db,
      sql<{ kind: string; n: number; covered: number }>`
      select case when g.product_group = 'Supplier' then 'supplier' else 'territory' end kind, count(distinct g.user_id) n,
             count(distinct r.supplier_id) covered
      from rep_product_groups g left join rep_suppliers r using (user_id) group by kind order by kind`,
    );
    expect(reps.map((r) => r.kind)).toEqual(["supplier", "territory"]);
    expect(reps[0]!.covered).toBeGreaterThan(0);
    expect(reps[1]!.covered).toBe(0);
    const unlinked = await rowsOf(
      db,
      sql<{ n: number }>`
      select count(*) n from users u where (role = 'Customer' and not exists (select 1 from user_customers x where x.user_id = u.user_id))
         or (role = 'Supplier' and not exists (select 1 from user_suppliers x where x.user_id = u.user_id))
         or not exists (select 1 from user_states x where x.user_id = u.user_id)`,
    );
    expect(unlinked[0]?.n).toBe(0);
  });

  it("has promotions in the past, now and in the future, and menu promotions per supplier and state", async () => {
    const [p] = await rowsOf(
      db,
      sql<{ past: number; current: number; future: number; all_products: number; empty: number }>`
      select sum(end_date < ${NOW.slice(0, 10)}) past, sum(start_date <= ${NOW.slice(0, 10)} and end_date >= ${NOW.slice(0, 10)}) current,
             sum(start_date > ${NOW.slice(0, 10)}) future, sum(all_products) all_products,
             sum(all_products = 0 and not exists (select 1 from promotion_products x where x.promotion_id = p.promotion_id)) empty
      from promotions p`,
    );
    expect(p!.past).toBeGreaterThan(0);
    expect(p!.current).toBeGreaterThan(0);
    expect(p!.future).toBeGreaterThan(0);
    expect(p!.empty).toBe(0);
    const menu = await rowsOf(
      db,
      sql<{ n: number; bad: number }>`
      select count(*) n, sum(not exists (select 1 from products x where x.supplier_id = m.supplier_id and x.state = m.state)) bad from menu_promotions m`,
    );
    expect(menu[0]!.n).toBeGreaterThan(0);
    expect(menu[0]!.bad).toBe(0);
  });
});
