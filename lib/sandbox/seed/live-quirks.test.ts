import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema";
import { ENVIRONMENTS } from "../environments";
import { spread } from "./live-quirks";
import { rowsOf, seededDatabase, TEST_NOW } from "./testing";

const TODAY = TEST_NOW.toISOString().slice(0, 10);

describe("spread", () => {
  it("picks evenly over a list, by position, never the first at the default phase", () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    expect(spread(items, 4)).toEqual([12, 37, 62, 87]);
    expect(spread(items, 2, 0.2)).toEqual([10, 60]);
    expect(spread(items, 1)).toEqual([50]);
    expect(spread([1, 2], 5)).toEqual([1, 2]);
    expect(spread([], 3)).toEqual([]);
  });
});

// What the quirks store (the handlers' view of them is lib/sandbox/live-quirks.test.ts).
describe.each(ENVIRONMENTS)("the seeded quirks (%s)", (env) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = (await seededDatabase(env)).db;
  });
  afterAll(() => db.destroy());

  it("leave the demo stores as drawn: days run together, dates computed today, real license numbers", async () => {
    const stores = await db.selectFrom("customers").selectAll().where("customer_id", "in", [20001, 20002]).execute();
    for (const s of stores) {
      expect(s.delivery_days).toMatch(/^[1-7]{1,3}$/);
      expect(s.delivery_dates_lag_days).toBe(0);
      expect(s.license_num).toMatch(/^C10-\d{7}-LIC$/);
    }
  });

  it("store each customer quirk on a small share of Active customers, at least one each", async () => {
    const [c] = await rowsOf(
      db,
      sql<{
        n: number;
        none: number;
        semi: number;
        comma: number;
        lagged: number;
        lagged_none: number;
        fake: number;
        na: number;
        inactive: number;
      }>`
      select count(*) n, sum(delivery_days is null) none, sum(delivery_days like '%;%') semi, sum(delivery_days like '%,%') comma,
             sum(delivery_dates_lag_days = 1) lagged, sum(delivery_dates_lag_days = 1 and delivery_days is null) lagged_none,
             sum(license_num = 'LIC-99999-FAKE') fake, sum(license_num = '#N/A') na,
             sum(account_status != 'Active' and (delivery_days is null or delivery_days glob '*[,;]*' or delivery_dates_lag_days != 0 or license_num glob '[L#]*')) inactive
      from customers`,
    );
    expect(c).toMatchObject({ none: 3, semi: 1, comma: 1, lagged: 6, lagged_none: 0, fake: 1, na: 1, inactive: 0 });
    expect(
      await db
        .selectFrom("customers")
        .select("delivery_dates_lag_days")
        .distinct()
        .orderBy("delivery_dates_lag_days")
        .execute(),
    ).toEqual([{ delivery_dates_lag_days: 0 }, { delivery_dates_lag_days: 1 }]);
  });

  it("end only promotions running today on 3000-12-31, menu promotions never", async () => {
    const open = await rowsOf(
      db,
      sql<{
        promotion_id: number;
        start_date: string;
      }>`select promotion_id, start_date from promotions where end_date = '3000-12-31'`,
    );
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((p) => p.start_date <= TODAY)).toBe(true);
    expect(open.map((p) => p.promotion_id)).toContain(3001);
    expect(
      (await rowsOf(db, sql<{ n: number }>`select count(*) n from menu_promotions where end_date > '2100-01-01'`))[0]!
        .n,
    ).toBe(0);
  });

  it("give brand credits the generic type -1 and keep the first of each brand's own", async () => {
    const credits = await rowsOf(
      db,
      sql<{ supplier_id: number; payment_type_id: number }>`
      select supplier_id, payment_type_id from payments where supplier_id is not null order by payment_id`,
    );
    const bySupplier = new Map<number, number[]>();
    for (const p of credits)
      bySupplier.set(p.supplier_id, [...(bySupplier.get(p.supplier_id) ?? []), p.payment_type_id]);
    for (const types of bySupplier.values()) types.forEach((t, k) => expect(t === -1).toBe(k % 3 !== 0));
    expect(
      (
        await rowsOf(
          db,
          sql<{ n: number }>`select count(*) n from payments where supplier_id is null and payment_type_id != -1`,
        )
      )[0]!.n,
    ).toBe(0);
  });
});
