import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DisputeView } from "@/lib/domain/disputes/view";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { createBackground } from "../core/background/background-reads";
import { sentJobs } from "../core/jobs/testing";
import { createMemoryStore } from "../core/shared/memory-store";
import type { TestBackend } from "../core/testing";
import { databaseProfiles } from "../testing";
import { createDisputeStore } from "./disputes-store";
import { createCreditMatcher, DISPUTE_MATCH, type DisputeMatchJob } from "./match-job";
import { disputeSetUp, type SandboxHandle, STORE } from "./testing";

// The dispute ends by itself when the ERP's credit memo appears in the API: the sandbox's operator issues it
// (`POST /test/operator/credits`, a Returned invoice whose PONum is the disputed invoice's number), the matcher reads
// the store's credits with the store's key through the background's reads, and shares them out to the disputes.

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
  photoDir = mkdtempSync(join(tmpdir(), "dispute-photos-"));
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  rmSync(photoDir, { recursive: true, force: true });
});

describe.each(databaseProfiles())("the credit matcher on $name", ({ name, open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  it("a partial credit leaves the rest in dispute; the credit of the rest resolves it, and its opener is told", async () => {
    const s = await disputeSetUp(sandbox, photoDir, open, name === "postgres");
    backends.push(s.backend);
    const [vape, balm] = s.lines;
    const raised = await s.raise(s.buyer.cookie, {
      invoiceNum: s.invoice.InvoiceNum,
      lines: [
        { invoiceLineId: vape!.InvoiceTransID, reason: "short", units: 6 },
        { invoiceLineId: balm!.InvoiceTransID, reason: "damaged", units: 2 },
      ],
    });
    const id = raised.body.id as string;
    expect(raised.body.amount).toBe("127.00");
    // Another dispute of the same line, raised a minute later: the credits share out to the older first.
    s.backend.advance(60_000);
    const other = await s.raise(s.buyer.cookie, {
      invoiceNum: s.invoice.InvoiceNum,
      lines: [{ invoiceLineId: vape!.InvoiceTransID, reason: "damaged", units: 1 }],
    });

    const now = () => s.backend.now!();
    const { jobs, sent } = sentJobs<DisputeMatchJob>();
    const matcher = createCreditMatcher({
      db: s.backend.db,
      jobs,
      keys: s.backend.keys,
      background: createBackground({ proxy: s.backend, shared: createMemoryStore(), now }),
      notifier: s.backend.notifier,
      now,
    });
    // One job for the store's workspace's key.
    expect(await matcher.sweep()).toBe(1);
    expect(sent).toEqual([
      expect.objectContaining({
        kind: DISPUTE_MATCH,
        data: expect.objectContaining({ workspaceId: s.storeSide.workspaceId }),
      }),
    ]);
    expect(await matcher.matchNow(s.storeSide.workspaceId)).toMatchObject({ disputes: 2, changed: 0, resolved: 0 });

    // The ERP credits the short carts only.
    const credited = await sandbox.issueCredit({
      customerId: STORE,
      invoiceNum: s.invoice.InvoiceNum,
      lines: [{ productId: 10018, units: 6, amount: "73.50" }],
    });
    expect(credited.status).toBe(201);
    // Five seconds on, while the proxy's copy of the store's credits read by the last match is still fresh: the match
    // revalidates it, so a dispute's page read right after the credit memo sees it.
    s.backend.advance(5_000);
    expect(await matcher.matchNow(s.storeSide.workspaceId)).toMatchObject({ changed: 1, resolved: 0 });
    const partly = (await s.read(s.buyer.cookie, id)).body as unknown as DisputeView;
    expect(partly).toMatchObject({ status: "open", amount: "127.00", credited: "73.50", open: "53.50" });
    expect(partly.lines.map((l) => l.credited)).toEqual(["73.50", "0.00"]);
    expect(partly.events.at(-1)).toMatchObject({ kind: "credited", side: "backroom" });
    // Collections' figure: what is still in dispute for the store (the other dispute's 12.25 with it).
    expect((await s.list(s.rep.cookie)).body.openByCustomer).toEqual({ [STORE]: "65.75" });
    const services = createDisputeStore(s.backend.db);
    expect(await services.openByCustomer({ environment: "test", visitor: null }, [STORE])).toMatchObject({
      byCustomer: { [STORE]: "65.75" },
    });

    // The credit of the damaged balm: the dispute is resolved by the credits, and the store's buyer is told.
    await sandbox.issueCredit({
      customerId: STORE,
      invoiceNum: s.invoice.InvoiceNum,
      lines: [{ productId: 10017, units: 2, amount: "53.50" }],
    });
    s.backend.advance(600_000);
    expect(await matcher.matchNow(s.storeSide.workspaceId)).toMatchObject({ changed: 1, resolved: 1 });
    const done = (await s.read(s.buyer.cookie, id)).body as unknown as DisputeView;
    expect(done).toMatchObject({
      status: "resolved",
      credited: "127.00",
      open: "0.00",
      resolution: { kind: "credit" },
    });
    expect(done.resolution?.kind === "credit" && done.resolution.credits.map((c) => c.amount)).toEqual([
      "73.50",
      "53.50",
    ]);
    expect(await s.told(s.buyer.userId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "dispute-update", title: expect.stringMatching(/credited in full/) }),
      ]),
    );
    // The later dispute got nothing (the carts' credit was the older one's), and nothing changes again.
    expect((await s.read(s.buyer.cookie, other.body.id as string)).body).toMatchObject({
      status: "open",
      credited: "0.00",
    });
    const events = await s.count("dispute_events");
    expect(await matcher.matchNow(s.storeSide.workspaceId)).toMatchObject({ changed: 0, resolved: 0 });
    expect(await s.count("dispute_events")).toBe(events);
    expect((await s.list(s.rep.cookie, "?status=resolved")).body.disputes.map((d) => d.id)).toEqual([id]);
  });
});
