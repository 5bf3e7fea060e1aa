import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import type { TestBackend } from "../core/testing";
import { closeDispute } from "./disputes-api";
import { disputeSetUp, type SandboxHandle, STORE } from "./testing";
import { databaseProfiles } from "../testing";
import { storeDisputes } from "./digest";

// A store's disputes as its page lists them: those not resolved oldest first, then the last resolved.

let sandbox: TestSandbox & SandboxHandle;
let photoDir: string;
beforeAll(async () => {
  const opened = await openTestSandbox();
  sandbox = Object.assign(opened, {
    restock: async (productIds: number[]) =>
      void (await opened.db
        .updateTable("inventory")
        .set({ pre_sales: 0 })
        .where("product_id", "in", productIds)
        .execute()),
  });
  photoDir = mkdtempSync(join(tmpdir(), "dispute-digest-"));
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  rmSync(photoDir, { recursive: true, force: true });
});

const [sqlite] = databaseProfiles();

describe("storeDisputes", () => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  it("lists a store's open disputes oldest first, then its last resolved; another store's none", async () => {
    const s = await disputeSetUp(sandbox, photoDir, sqlite!.open, false);
    backends.push(s.backend);
    const [vape, balm] = s.lines;
    const raise = async (lines: unknown[]) => {
      const raised = await s.raise(s.buyer.cookie, { invoiceNum: s.invoice.InvoiceNum, lines });
      expect(raised.status).toBe(201);
      return String(raised.body.id);
    };
    const first = await raise([{ invoiceLineId: vape!.InvoiceTransID, reason: "short", units: 6 }]);
    const second = await raise([
      { invoiceLineId: balm!.InvoiceTransID, reason: "wrong-price", expectedPrice: "25.00", units: 10 },
    ]);
    const third = await raise([{ invoiceLineId: vape!.InvoiceTransID, reason: "damaged", units: 1 }]);
    const closed = await s.act(closeDispute, s.rep.cookie, second, "close", { reason: "Price was right" });
    expect(closed.status).toBe(200);

    const place = { environment: "test" as const, visitor: null };
    const listed = await storeDisputes(s.backend.db, place, [STORE], { resolved: 3 });
    // 6 × 12.25 short; 1 × 12.25 damaged; 10 × (26.75 − 25.00) a wrong price, closed.
    const row = (d: (typeof listed)[number]) => [d.id, d.status, d.reasons, d.open, d.amount];
    // The test's clock stands still: the two open ones were opened in the same instant, in either order.
    expect(listed.slice(0, 2).map(row)).toEqual(
      expect.arrayContaining([
        [first, "open", ["short"], "73.50", "73.50"],
        [third, "open", ["damaged"], "12.25", "12.25"],
      ]),
    );
    expect(listed.slice(2).map(row)).toEqual([[second, "resolved", ["wrong-price"], "0.00", "17.50"]]);
    expect((await storeDisputes(s.backend.db, place, [STORE])).map((d) => d.id).sort()).toEqual([first, third].sort());
    expect(await storeDisputes(s.backend.db, place, [20003], { resolved: 3 })).toEqual([]);
    expect(await storeDisputes(s.backend.db, { ...place, visitor: "someone" }, [STORE], { resolved: 3 })).toEqual([]);
  });
});
