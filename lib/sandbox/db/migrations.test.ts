import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "./migrations";
import { openSandboxDatabase } from "./open";

const dir = mkdtempSync(join(tmpdir(), "backroom-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("sandbox migrations", () => {
  it("create every table of the schema, and running them again changes nothing", async () => {
    const db = openSandboxDatabase(":memory:");
    await migrateToLatest(db);
    await migrateToLatest(db);
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(["invoices", "invoice_lines", "payments", "payment_applications", "purchases", "draft_lines", "api_keys"]),
    );
    await db.destroy();
  });

  it("enforce po_num unique per vendor", async () => {
    const db = openSandboxDatabase(":memory:");
    await migrateToLatest(db);
    const purchase = { source: "api", supplier_id: 1, vendor_id: 5, to_location_id: 1, po_num: "PO-1", status: "InProgress", time_created: "t", time_updated: "t" } as const;
    await db.insertInto("purchases").values({ ...purchase, purchase_global_id: "a" }).execute();
    await expect(db.insertInto("purchases").values({ ...purchase, purchase_global_id: "b" }).execute()).rejects.toThrow(/UNIQUE/);
    await db.insertInto("purchases").values({ ...purchase, purchase_global_id: "c", vendor_id: 6 }).execute();
    await db.destroy();
  });

  it("keep data in a file database across a reopen, in WAL mode", async () => {
    const file = join(dir, "test.sqlite");
    const first = openSandboxDatabase(file);
    await migrateToLatest(first);
    await first.insertInto("sandbox_meta").values({ key: "seed", value: "42" }).execute();
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first);
    expect(mode.rows[0]?.journal_mode).toBe("wal");
    await first.destroy();
    const second = openSandboxDatabase(file);
    await migrateToLatest(second);
    expect(await second.selectFrom("sandbox_meta").selectAll().execute()).toEqual([{ key: "seed", value: "42" }]);
    await second.destroy();
  });
});
