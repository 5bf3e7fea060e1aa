import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TodayData } from "@/lib/domain/today/today-data";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { browserRequest, type TestBackend } from "../core/testing";
import { disputeSetUp, type SandboxHandle, STORE } from "../disputes/testing";
import { databaseProfiles } from "../testing";
import { getToday } from "./today-api";

// Today's "Disputes": the disputes not resolved of the rep's stores, as the party rule lets the asker see them.

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
  photoDir = mkdtempSync(join(tmpdir(), "today-disputes-"));
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  rmSync(photoDir, { recursive: true, force: true });
});

const [sqlite] = databaseProfiles();

describe("Today's disputes", () => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  it("lists the rep's store's open dispute for the rep and the owner, not for another rep's member", async () => {
    const s = await disputeSetUp(sandbox, photoDir, sqlite!.open, false);
    backends.push(s.backend);
    const [vape, balm] = s.lines;
    const raised = await s.raise(s.buyer.cookie, {
      invoiceNum: s.invoice.InvoiceNum,
      lines: [
        { invoiceLineId: vape!.InvoiceTransID, reason: "short", units: 6 },
        { invoiceLineId: balm!.InvoiceTransID, reason: "damaged", units: 2 },
      ],
    });
    expect(raised.status).toBe(201);
    const today = async (cookie: string, rep: number) => {
      const response = await getToday(
        browserRequest("GET", `/api/today?rep=${rep}&day=2026-11-25`, { cookie, site: null }),
        s.deps,
      );
      expect(response.status).toBe(200);
      return (await response.json()) as TodayData;
    };

    const mine = await today(s.rep.cookie, s.repId);
    // 6 × 12.25 short and 2 × 26.75 damaged: 73.50 + 53.50.
    expect(mine.disputes).toEqual([
      expect.objectContaining({
        id: raised.body.id,
        customerId: STORE,
        invoiceNum: s.invoice.InvoiceNum,
        status: "open",
        reasons: ["short", "damaged"],
        amount: "127.00",
        open: "127.00",
        acknowledgedAt: null,
      }),
    ]);
    expect((await today(s.distributor.cookie, s.repId)).disputes?.map((d) => d.id)).toEqual([raised.body.id]);
    expect((await today(s.otherRep.cookie, s.repId)).disputes).toEqual([]);
    expect((await today(s.distributor.cookie, s.repId + 1)).disputes?.map((d) => d.id) ?? []).not.toContain(
      raised.body.id,
    );
  });
});
