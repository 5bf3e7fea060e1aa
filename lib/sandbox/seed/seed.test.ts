import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { migrateToLatest } from "../db/migrations";
import { openSandboxDatabase } from "../db/open";
import type { Database } from "../db/schema";
import { demoKeys, hashKey } from "../keys";
import { readinessOf } from "../purchase-checks";
import { countRows, SEED_VERSION, type SeedSummary, seedEnvironment } from "./index";
import { allRows, seededDatabase, TEST_NOW, TEST_SCALE } from "./testing";

describe("seedEnvironment", () => {
  let first: { db: Kysely<Database>; summary: SeedSummary };
  let second: { db: Kysely<Database>; summary: SeedSummary };
  let production: { db: Kysely<Database>; summary: SeedSummary };

  beforeAll(async () => {
    first = await seededDatabase("test");
    second = await seededDatabase("test");
    production = await seededDatabase("production");
  });
  afterAll(async () => {
    await Promise.all([first.db.destroy(), second.db.destroy(), production.db.destroy()]);
  });

  it("gives identical table contents for the same environment, clock and scale", async () => {
    const tables = Object.keys(first.summary.rows);
    expect(tables.length).toBeGreaterThan(40);
    for (const table of tables) {
      const [a, b] = await Promise.all([allRows(first.db, table), allRows(second.db, table)]);
      expect(b, table).toEqual(a);
    }
    expect(second.summary.demo).toEqual(first.summary.demo);
  });

  it("gives the two environments different data: production has a third state and a fourth warehouse", async () => {
    expect(first.summary.rows.states).toBe(2);
    expect(first.summary.rows.locations).toBe(3);
    expect(production.summary.rows.states).toBe(3);
    expect(production.summary.rows.locations).toBe(4);
    const [test, prod] = await Promise.all([allRows(first.db, "suppliers"), allRows(production.db, "suppliers")]);
    expect(prod).not.toEqual(test);
    expect(production.summary.demo.supplier.supplierName).not.toBe(first.summary.demo.supplier.supplierName);
  });

  it("reports the row count of every table, matching the database", async () => {
    expect(await countRows(first.db)).toEqual(first.summary.rows);
    expect(first.summary.rows.invoices).toBeGreaterThan(1000);
    expect(first.summary.rows.draft_lines).toBeGreaterThan(0);
    expect(first.summary.env).toBe("test");
    expect(first.summary.scale).toBe(TEST_SCALE);
  });

  it("gives the demo brand two unsubmitted API orders: one ready to submit, one missing a batch code its vendor requires", async () => {
    const drafts = await first.db
      .selectFrom("purchases as p")
      .innerJoin("vendors as v", (j) =>
        j.onRef("v.vendor_id", "=", "p.vendor_id").onRef("v.location_id", "=", "p.to_location_id"),
      )
      .select([
        "p.purchase_global_id",
        "p.supplier_id",
        "p.purchase_id",
        "p.status",
        "p.delivery_date",
        "v.require_po_batch_codes",
      ])
      .where("p.source", "=", "api")
      .orderBy("p.po_num")
      .execute();
    expect(drafts.map((d) => [d.supplier_id, d.status, d.purchase_id])).toEqual([
      [first.summary.demo.supplier.supplierId, "InProgress", null],
      [first.summary.demo.supplier.supplierId, "InProgress", null],
    ]);
    const readiness = [];
    for (const d of drafts) {
      expect(d.delivery_date! > TEST_NOW.toISOString().slice(0, 10)).toBe(true);
      const lines = await first.db
        .selectFrom("draft_lines")
        .selectAll()
        .where("purchase_global_id", "=", d.purchase_global_id)
        .orderBy("position")
        .execute();
      expect(lines.length).toBeGreaterThan(0);
      readiness.push(readinessOf(lines, d.require_po_batch_codes === 1).map((p) => p.code));
    }
    expect(readiness).toEqual([[], ["BATCH_CODE_REQUIRED"]]);
  });

  it("writes the sandbox_meta rows", async () => {
    const meta = await first.db.selectFrom("sandbox_meta").selectAll().orderBy("key").execute();
    expect(meta).toEqual([
      { key: "env", value: "test" },
      { key: "scale", value: String(TEST_SCALE) },
      { key: "seed_version", value: SEED_VERSION },
      { key: "seeded_at", value: TEST_NOW.toISOString() },
    ]);
  });

  it("dates everything from the sandbox clock: a later clock moves the data, not the content's shape", async () => {
    const later = await seededDatabase("test", TEST_SCALE, new Date("2027-03-01T18:30:00.000Z"));
    const newest = await later.db
      .selectFrom("invoices")
      .select((eb) => eb.fn.max("date").as("d"))
      .executeTakeFirstOrThrow();
    expect(newest.d).toBe("2027-03-01");
    expect(later.summary.rows.customers).toBe(first.summary.rows.customers);
    await later.db.destroy();
  });

  it("scales volumes", async () => {
    const bigger = await seededDatabase("test", 0.1);
    expect(bigger.summary.rows.customers).toBe(120);
    expect(bigger.summary.rows.invoices).toBeGreaterThan(first.summary.rows.invoices * 1.6);
    await bigger.db.destroy();
  });
});

describe("seedEnvironment refuses", () => {
  it("a scale that is not a positive number", async () => {
    const db = openSandboxDatabase(":memory:");
    await migrateToLatest(db);
    await expect(seedEnvironment(db, { env: "test", now: TEST_NOW, scale: 0 })).rejects.toThrow(/scale/);
    await expect(seedEnvironment(db, { env: "test", now: TEST_NOW, scale: Number.NaN })).rejects.toThrow(/scale/);
    await db.destroy();
  });

  it("a database that is already seeded", async () => {
    const { db } = await seededDatabase("test");
    await expect(seedEnvironment(db, { env: "test", now: TEST_NOW, scale: TEST_SCALE })).rejects.toThrow(/not empty/);
    await db.destroy();
  });

  it("to leave anything behind when a step fails: one transaction, all or nothing", async () => {
    const db = openSandboxDatabase(":memory:");
    await migrateToLatest(db);
    // A clashing demo key makes the very last step (storing the keys) fail.
    const keyHash = hashKey(demoKeys("test").Supplier);
    await db
      .insertInto("api_keys")
      .values({
        key_hash: keyHash,
        key_prefix: "x",
        type: "Supplier",
        company: "x",
        user_id: 1,
        created_at: TEST_NOW.toISOString(),
        revoked_at: null,
      })
      .execute();
    await expect(seedEnvironment(db, { env: "test", now: TEST_NOW, scale: TEST_SCALE })).rejects.toThrow(/UNIQUE/);
    const counts = await countRows(db);
    expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([["api_keys", 1]]);
    await db.destroy();
  });
});
