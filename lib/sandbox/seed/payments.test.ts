import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema";
import { ENVIRONMENTS } from "../environments";
import { rowsOf, seededDatabase, TEST_NOW } from "./testing";

const NOW = TEST_NOW.toISOString();
const TODAY = NOW.slice(0, 10);

describe.each(ENVIRONMENTS)("seeded payments (%s)", (env) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = (await seededDatabase(env)).db;
  });
  afterAll(() => db.destroy());

  it("leave every invoice's open balance at its total less its Confirmed applications", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ invoice_id: number }>`
      select i.invoice_id from invoices i
      left join (select target_invoice_id, sum(amount_micros) paid from payment_applications where status = 'Confirmed' group by target_invoice_id) a
        on a.target_invoice_id = i.invoice_id
      where i.open_balance_micros != i.invoice_total_micros - coalesce(a.paid, 0)`,
    );
    expect(wrong).toEqual([]);
  });

  it("never apply more than a payment's amount: AvailableBalance is never negative (Rejected counts for nothing)", async () => {
    const balances = await rowsOf(
      db,
      sql<{ payment_id: number; amount: number; available: number; applications: number }>`
      select p.payment_id, p.amount_micros amount, p.amount_micros - coalesce(sum(case when a.status != 'Rejected' then a.amount_micros end), 0) available,
             count(a.id) applications
      from payments p left join payment_applications a on a.payment_id = p.payment_id group by p.payment_id`,
    );
    expect(balances.filter((b) => b.amount >= 0 && b.available < 0)).toEqual([]);
    const reversed = balances.filter((b) => b.amount < 0);
    expect(reversed.length).toBeGreaterThan(0);
    expect(reversed.filter((b) => b.applications > 0)).toEqual([]);
    expect(balances.filter((b) => b.amount > 0 && b.available > 0).length).toBeGreaterThan(5);
  });

  it("pay old invoices, leave recent ones open and some partly paid, and use some credits", async () => {
    const [row] = await rowsOf(
      db,
      sql<{
        old: number;
        old_paid: number;
        recent: number;
        recent_open: number;
        partial: number;
        credit_used: number;
        credit_open: number;
      }>`
      select sum(date < date(${TODAY}, '-180 days') and status != 4) old,
             sum(date < date(${TODAY}, '-180 days') and status != 4 and open_balance_micros = 0) old_paid,
             sum(date >= date(${TODAY}, '-7 days') and status != 4) recent,
             sum(date >= date(${TODAY}, '-7 days') and status != 4 and open_balance_micros = invoice_total_micros) recent_open,
             sum(open_balance_micros > 0 and open_balance_micros < invoice_total_micros) partial,
             sum(status = 4 and open_balance_micros = 0) credit_used,
             sum(status = 4 and open_balance_micros < 0) credit_open
      from invoices`,
    );
    expect(row!.old_paid / row!.old).toBeGreaterThan(0.85);
    // COD accounts pay on delivery, so not all: most.
    expect(row!.recent_open / row!.recent).toBeGreaterThan(0.6);
    expect(row!.partial).toBeGreaterThan(0);
    expect(row!.credit_used).toBeGreaterThan(0);
    expect(row!.credit_open).toBeGreaterThan(0);
  });

  it("apply payments only within their AR account, and supplier-specific ones only to invoices carrying that supplier", async () => {
    const wrong = await rowsOf(
      db,
      sql<{ id: number }>`
      select a.id from payment_applications a join payments p using (payment_id) join invoices i on i.invoice_id = a.target_invoice_id
      join customers c on c.customer_id = i.customer_id
      where a.ar_account_id != p.ar_account_id or c.ar_account_id != p.ar_account_id or a.payment_invoice_num != p.payment_invoice_num
         or a.target_invoice_num != i.invoice_num
         or (p.supplier_id is not null and not exists (select 1 from invoice_supplier_totals t where t.invoice_id = i.invoice_id and t.supplier_id = p.supplier_id))`,
    );
    expect(wrong).toEqual([]);
    // A supplier's payment has its own type or the generic SupplierCredit (-1); never another supplier's.
    const types = await rowsOf(
      db,
      sql<{ generic: number; specific: number; mismatched: number }>`
      select sum(p.payment_type_id = -1 and p.supplier_id is null) generic, sum(p.supplier_id is not null) specific,
             sum(t.supplier_id is not null and p.supplier_id is not t.supplier_id) mismatched
      from payments p join payment_types t using (payment_type_id)`,
    );
    expect(types[0]!.generic).toBeGreaterThan(types[0]!.specific);
    expect(types[0]!.specific).toBeGreaterThan(0);
    expect(types[0]!.mismatched).toBe(0);
  });

  it("have applications in every status, with the fields each status fills", async () => {
    const statuses = await rowsOf(
      db,
      sql<{ status: string; n: number; requests: number; bad: number }>`
      select status, count(*) n, sum(request_id is not null) requests, sum(
        case status
          when 'Confirmed' then payment_application_id is null or time_applied is null or time_confirmed is null or applied_by is null
          when 'Pending' then payment_application_id is not null or time_exported is not null or time_applied is not null or request_id is null
          when 'Exported' then payment_application_id is not null or time_exported is null or time_applied is not null or request_id is null
          when 'Rejected' then payment_application_id is not null or time_applied is not null or request_id is null
        end or time_requested > ${NOW} or time_updated > ${NOW} or time_updated < time_requested) bad
      from payment_applications group by status order by status`,
    );
    expect(statuses.map((s) => [s.status, s.bad])).toEqual([
      ["Confirmed", 0],
      ["Exported", 0],
      ["Pending", 0],
      ["Rejected", 0],
    ]);
    const confirmed = statuses.find((s) => s.status === "Confirmed")!;
    expect(confirmed.requests).toBeGreaterThan(0);
    expect(confirmed.requests / confirmed.n).toBeLessThan(0.3);
    const unique = await rowsOf(
      db,
      sql<{ dup: number }>`
      select count(*) - count(distinct request_id) dup from payment_applications where request_id is not null`,
    );
    expect(unique[0]?.dup).toBe(0);
  });

  it("are numbered uniquely in date order, and posted no later than now", async () => {
    const payments = await rowsOf(
      db,
      sql<{
        payment_id: number;
        payment_invoice_num: string;
        post_date: string;
        time_created: string;
        time_updated: string;
      }>`
      select payment_id, payment_invoice_num, post_date, time_created, time_updated from payments order by payment_id`,
    );
    expect(new Set(payments.map((p) => p.payment_invoice_num)).size).toBe(payments.length);
    for (let i = 1; i < payments.length; i++)
      expect(payments[i]!.time_created >= payments[i - 1]!.time_created).toBe(true);
    expect(
      payments.filter(
        (p) => p.time_created > NOW || p.time_updated > NOW || p.post_date > TODAY || p.time_updated < p.time_created,
      ),
    ).toEqual([]);
  });
});
