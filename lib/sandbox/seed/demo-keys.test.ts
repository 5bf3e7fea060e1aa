import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema";
import { ENVIRONMENTS } from "../environments";
import { demoKeys, resolveKey } from "../keys";
import type { SeedSummary } from "./index";
import { rowsOf, seededDatabase, TEST_NOW } from "./testing";

const TODAY = TEST_NOW.toISOString().slice(0, 10);

describe.each(ENVIRONMENTS)("the demo keys (%s)", (env) => {
  let db: Kysely<Database>;
  let summary: SeedSummary;
  beforeAll(async () => {
    ({ db, summary } = await seededDatabase(env));
  });
  afterAll(() => db.destroy());

  it("resolve to the scopes the summary reports, with fixed ids", async () => {
    const keys = demoKeys(env);
    const employee = await resolveKey(db, keys.Employee);
    const customer = await resolveKey(db, keys.Customer);
    const supplier = await resolveKey(db, keys.Supplier);
    expect(employee).toMatchObject({
      type: "Employee",
      company: "Distributor staff (demo)",
      userId: summary.demo.employee.userId,
      customerIds: [],
      supplierIds: [],
    });
    expect(customer).toMatchObject({
      type: "Customer",
      userId: summary.demo.customer.userId,
      customerIds: [20001, 20002],
      supplierIds: [],
    });
    expect(supplier).toMatchObject({
      type: "Supplier",
      userId: summary.demo.supplier.userId,
      customerIds: [],
      supplierIds: [101],
    });
    expect(summary.demo.customer.arAccountIds).toEqual([50001, 50002]);
    const created = await db.selectFrom("api_keys").select("created_at").distinct().execute();
    expect(created).toEqual([{ created_at: TEST_NOW.toISOString() }]);
  });

  it("Employee: an active Admin user", async () => {
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("user_id", "=", summary.demo.employee.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "Admin", user_active: 1 });
  });

  it("Customer: two Active stores of one chain, not on hold, in one state, with delivery days, and a Customer user linked to both", async () => {
    const stores = await db
      .selectFrom("customers")
      .selectAll()
      .where("customer_id", "in", summary.demo.customer.customerIds)
      .orderBy("customer_id")
      .execute();
    expect(stores).toHaveLength(2);
    const [a, b] = stores;
    expect(a!.chain_name).toBe(b!.chain_name);
    expect(a!.chain_name).toBe(summary.demo.customer.chainName);
    expect(a!.state).toBe(b!.state);
    for (const s of stores) expect(s).toMatchObject({ account_status: "Active", on_hold: 0 });
    for (const s of stores) expect(s.delivery_days?.length ?? 0).toBeGreaterThan(0);
    expect(stores.map((s) => s.customer_name)).toEqual(summary.demo.customer.customerNames);
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("user_id", "=", summary.demo.customer.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "Customer", user_active: 1 });
    const links = await db
      .selectFrom("user_customers")
      .select("customer_id")
      .where("user_id", "=", user.user_id)
      .orderBy("customer_id")
      .execute();
    expect(links.map((l) => l.customer_id)).toEqual(summary.demo.customer.customerIds);
  });

  it("Customer: open invoices with different due dates, some overdue, payments with credit left, and a history of applications", async () => {
    const ids = summary.demo.customer.customerIds;
    const accounts = summary.demo.customer.arAccountIds;
    const open = await rowsOf(
      db,
      sql<{ due_date: string }>`
      select due_date from invoices where customer_id in (${sql.join(ids)}) and open_balance_micros > 0`,
    );
    expect(open.length).toBeGreaterThanOrEqual(3);
    expect(new Set(open.map((i) => i.due_date)).size).toBeGreaterThanOrEqual(2);
    expect(open.filter((i) => i.due_date < TODAY).length).toBeGreaterThan(0);
    const credit = await rowsOf(
      db,
      sql<{ payment_id: number }>`
      select p.payment_id from payments p left join payment_applications a on a.payment_id = p.payment_id and a.status != 'Rejected'
      where p.ar_account_id in (${sql.join(accounts)}) group by p.payment_id having p.amount_micros - coalesce(sum(a.amount_micros), 0) > 0`,
    );
    expect(credit.length).toBeGreaterThanOrEqual(2);
    const history = await rowsOf(
      db,
      sql<{ status: string; n: number }>`
      select status, count(*) n from payment_applications where ar_account_id in (${sql.join(accounts)}) group by status order by status`,
    );
    expect(history.map((h) => h.status)).toEqual(["Confirmed", "Exported", "Pending", "Rejected"]);
    expect(history[0]!.n).toBeGreaterThan(5);
  });

  it("Supplier: an active brand with vendors at every warehouse (batch codes required by one, not another)", async () => {
    const supplier = await db
      .selectFrom("suppliers")
      .selectAll()
      .where("supplier_id", "=", summary.demo.supplier.supplierId)
      .executeTakeFirstOrThrow();
    expect(supplier).toMatchObject({ active: 1, supplier: summary.demo.supplier.supplierName });
    const vendors = await db
      .selectFrom("vendors")
      .selectAll()
      .where("supplier_id", "=", supplier.supplier_id)
      .where("active", "=", 1)
      .execute();
    const locations = await db.selectFrom("locations").select("location_id").orderBy("location_id").execute();
    expect([...new Set(vendors.map((v) => v.location_id))].sort()).toEqual(locations.map((l) => l.location_id));
    expect(new Set(vendors.map((v) => v.require_po_batch_codes))).toEqual(new Set([0, 1]));
    const user = await db
      .selectFrom("users")
      .innerJoin("user_suppliers", "user_suppliers.user_id", "users.user_id")
      .selectAll()
      .where("users.user_id", "=", summary.demo.supplier.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "Supplier", user_active: 1, supplier_id: supplier.supplier_id });
  });

  it("Supplier: Active products in stock, ERP purchases, invoice lines and payments of its own types", async () => {
    const id = summary.demo.supplier.supplierId;
    const [row] = await rowsOf(
      db,
      sql<{ stocked: number; purchases: number; lines: number; payments: number }>`
      select (select count(*) from inventory i join products p using (product_id) where p.supplier_id = ${id} and p.status_id = 1
                and i.inventory + i.received - (i.loaded + i.picked + i.pending_sales + i.delivered + i.unsellable) - i.pre_sales - i.allocated > 0) stocked,
             (select count(*) from purchases where supplier_id = ${id}) purchases,
             (select count(*) from invoice_lines where supplier_id = ${id}) lines,
             (select count(*) from payments p join payment_types t using (payment_type_id) where p.supplier_id = ${id} and t.supplier_id = ${id}) payments`,
    );
    expect(row!.stocked).toBeGreaterThan(0);
    expect(row!.purchases).toBeGreaterThan(3);
    expect(row!.lines).toBeGreaterThan(10);
    expect(row!.payments).toBeGreaterThanOrEqual(2);
  });
});
