import { describe, expect, it } from "vitest";
import { migrate } from "../core/db/migrations";
import { MIGRATIONS } from "../features";
import { databaseProfiles } from "../testing";
import { createAccountingStore } from "./accounting-store";
import type { AccountingExportedTable, AccountingTables } from "./tables";

/** Every migration before the ledger kept its programs: a database of that time. */
const BEFORE = Object.fromEntries(
  Object.entries(MIGRATIONS).filter(([name]) => name < "028-accounting-ledger-programs"),
);

describe.each(databaseProfiles())("the ledger per program (migration 028) on $name", ({ open }) => {
  it("gives each record the program of the export that held it last, and lets two programs hold one record", async () => {
    const database = await open({ migrated: false });
    try {
      await migrate(database, BEFORE);
      const db = database.db.withTables<AccountingTables>();
      const exportOf = (id: string, format: string) => ({
        id,
        workspace_id: "w1",
        environment: "test",
        kind: format.includes("payments") ? "payments" : "bills",
        format,
        period_from: "2026-10-01",
        period_to: "2026-10-31",
        file_name: `${format}-2026-10-01-to-2026-10-31.csv`,
        records: 1,
        total_cents: "100",
        made_by: null,
        made_at: "2026-11-01T18:00:00.000Z",
      });
      await db
        .insertInto("accounting_exports")
        .values([exportOf("e1", "qbo-bills"), exportOf("e2", "iif"), exportOf("e3", "xero-payments")])
        .execute();
      const row = (key: string, kind: string, exportId: string) => ({
        workspace_id: "w1",
        environment: "test",
        kind,
        record_key: key,
        fingerprint: "f",
        export_id: exportId,
        exported_at: "2026-11-01T18:00:00.000Z",
      });
      // The old key had no program: the one row of invoice 1 is the IIF's, which held it last.
      await database.db
        .withTables<{ accounting_exported: Omit<AccountingExportedTable, "program"> }>()
        .insertInto("accounting_exported")
        .values([row("300001", "bills", "e2"), row("300002", "bills", "e1"), row("900001", "payments", "e3")])
        .execute();

      await migrate(database, MIGRATIONS);
      const rows = await db
        .selectFrom("accounting_exported")
        .select(["record_key", "program", "kind", "export_id"])
        .orderBy("record_key")
        .execute();
      expect(rows).toEqual([
        { record_key: "300001", program: "qbd", kind: "bills", export_id: "e2" },
        { record_key: "300002", program: "qbo", kind: "bills", export_id: "e1" },
        { record_key: "900001", program: "xero", kind: "payments", export_id: "e3" },
      ]);
      // Marked for QuickBooks Online now, invoice 1 is in both programs' books.
      const store = createAccountingStore(database.db);
      await store.mark({
        workspaceId: "w1",
        environment: "test",
        kind: "bills",
        format: "qbo-bills",
        from: "2026-10-01",
        to: "2026-10-31",
        fileName: "qbo-bills-again.csv",
        totalCents: 100n,
        madeBy: null,
        records: [{ key: "300001", fingerprint: "g" }],
      });
      const held = async (program: "qbo" | "qbd" | "xero") =>
        [...(await store.exported("w1", "test", program, "bills", ["300001", "300002"])).entries()].map(
          ([key, was]) => [key, was.fingerprint],
        );
      expect(await held("qbd")).toEqual([["300001", "f"]]);
      expect(await held("qbo")).toEqual([
        ["300001", "g"],
        ["300002", "f"],
      ]);
      expect(await held("xero")).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
