import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DisputeView } from "@/lib/domain/disputes/view";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import type { TestBackend } from "../core/testing";
import { databaseProfiles } from "../testing";
import { acknowledgeDispute, closeDispute, replyToDispute } from "./disputes-api";
import { getDisputeFigures } from "./figures-api";
import { raiseDispute } from "./raise-api";
import { disputeSetUp, type SandboxHandle, STORE } from "./testing";

// Disputes against the sandbox: a store raises one on its invoice's lines (priced per reason, every line checked, nothing
// half-written), who sees it (the party rule: the store, its rep's side, the brand of its quality lines only), each
// side's writes, once per key, and who is told.

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

describe.each(databaseProfiles())("disputes on $name", ({ name, open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });
  const setUp = async () => {
    const s = await disputeSetUp(sandbox, photoDir, open, name === "postgres");
    backends.push(s.backend);
    return s;
  };

  it("prices each line by its reason, the store's key reading the invoice now", async () => {
    const s = await setUp();
    const [vape, balm] = s.lines;
    const raised = await s.raise(s.buyer.cookie, {
      invoiceNum: s.invoice.InvoiceNum,
      lines: [
        { invoiceLineId: vape!.InvoiceTransID, reason: "short", units: 6 },
        { invoiceLineId: balm!.InvoiceTransID, reason: "wrong-price", expectedPrice: "25.00", units: 10 },
      ],
      note: "Short a case of carts.",
    });
    expect(raised.status).toBe(201);
    const view = raised.body as unknown as DisputeView;
    // 6 × 12.25 = 73.50; (26.75 − 25.00) × 10 = 17.50.
    expect(view.lines.map((l) => [l.reason, l.units, l.unitPrice, l.amount])).toEqual([
      ["short", 6, "12.25", "73.50"],
      ["wrong-price", 10, "26.75", "17.50"],
    ]);
    expect(view).toMatchObject({
      side: "store",
      status: "open",
      amount: "91.00",
      open: "91.00",
      credited: "0.00",
      invoiceId: s.invoice.InvoiceID,
      customerId: STORE,
      can: { reply: true, acknowledge: false, close: false, addPhoto: true },
    });
    expect(view.events[0]).toMatchObject({ kind: "opened", side: "store" });
    expect(view.events[0]!.text).toMatch(/Short a case of carts/);

    // Damaged and not compliant: the whole line at the invoiced price when no units are said.
    const rest = await s.raise(s.buyer.cookie, {
      invoiceNum: s.invoice.InvoiceNum,
      invoiceId: s.invoice.InvoiceID,
      lines: [{ invoiceLineId: vape!.InvoiceTransID, reason: "damaged" }],
    });
    expect(rest.status).toBe(201);
    // What the other dispute holds (6) is not disputed again: 18 × 12.25.
    expect((rest.body as unknown as DisputeView).lines[0]).toMatchObject({ units: 18, amount: "220.50" });
  });

  it.each([
    [{ reason: "short", units: 9999 }, "lines[0].units", /more than the 24 invoiced/],
    [{ reason: "wrong-price", expectedPrice: "100.005" }, "lines[0].expectedPrice", /whole cents/],
    [{ reason: "wrong-price", expectedPrice: "13.00" }, "lines[0].expectedPrice", /not below the invoiced 12.25/],
    [{ reason: "short", invoiceLineId: 1 }, "lines[0].invoiceLineId", /not on this invoice/],
  ])("refuses %o with 422 on %s, writing nothing", async (claim, field, detail) => {
    const s = await setUp();
    const response = await s.raise(s.buyer.cookie, {
      invoiceNum: s.invoice.InvoiceNum,
      lines: [{ invoiceLineId: s.lines[0]!.InvoiceTransID, ...claim }],
    });
    expect(response.status).toBe(422);
    const error = response.body.Error as { code: string; fieldErrors: { field: string; detail: string }[] };
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fieldErrors[0]!.field).toBe(field);
    expect(error.fieldErrors[0]!.detail).toMatch(detail);
    for (const table of ["disputes", "dispute_lines", "dispute_events"] as const) expect(await s.count(table)).toBe(0);
  });

  it("refuses an invoice that is not the store's, and a number that is not the invoice's", async () => {
    const s = await setUp();
    const line = { invoiceLineId: s.lines[0]!.InvoiceTransID, reason: "short" };
    const other = await s.raise(s.otherStore.cookie, { invoiceNum: s.invoice.InvoiceNum, lines: [line] });
    expect(other.status).toBe(422);
    const wrong = await s.raise(s.buyer.cookie, { invoiceNum: "INV-1", invoiceId: s.invoice.InvoiceID, lines: [line] });
    expect(wrong.status).toBe(422);
    expect(await s.count("disputes")).toBe(0);
    // The rep's side and a brand do not raise one; a viewer reads only.
    expect((await s.raise(s.rep.cookie, { invoiceNum: s.invoice.InvoiceNum, lines: [line] })).status).toBe(403);
    expect((await s.raise(s.storeViewer.cookie, { invoiceNum: s.invoice.InvoiceNum, lines: [line] })).status).toBe(403);
  });

  it("makes one dispute per Idempotency-Key: a repeat and a double submit answer it, another body is refused", async () => {
    const s = await setUp();
    const body = {
      invoiceNum: s.invoice.InvoiceNum,
      lines: [{ invoiceLineId: s.lines[0]!.InvoiceTransID, reason: "short", units: 2 }],
    };
    const [a, b] = await Promise.all([s.raise(s.buyer.cookie, body, "same"), s.raise(s.buyer.cookie, body, "same")]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const again = await s.raise(s.buyer.cookie, body, "same");
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(a.body.id);
    expect(await s.count("disputes")).toBe(1);
    expect(await s.count("dispute_events")).toBe(1);
    const other = await s.raise(s.buyer.cookie, { ...body, lines: [{ ...body.lines[0], units: 3 }] }, "same");
    expect(other.status).toBe(409);
    expect((other.body.Error as { code: string }).code).toBe("IDEMPOTENCY_KEY_REUSED");
    const missing = await s.send(raiseDispute, "POST", "/api/disputes", s.buyer.cookie, { json: body });
    expect(missing.status).toBe(400);
  });

  it("is seen by its store, its rep's side and the brand of its quality lines only (those lines, no replies of others)", async () => {
    const s = await setUp();
    const [vape, balm] = s.lines;
    const raised = await s.raise(s.buyer.cookie, {
      invoiceNum: s.invoice.InvoiceNum,
      lines: [
        { invoiceLineId: vape!.InvoiceTransID, reason: "damaged", units: 2 },
        { invoiceLineId: balm!.InvoiceTransID, reason: "short", units: 1 },
      ],
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    const id = raised.body.id as string;
    await s.act(replyToDispute, s.buyer.cookie, id, "replies", { text: "Two carts cracked." });

    expect((await s.read(s.storeSide.cookie, id)).body).toMatchObject({ side: "store", amount: "51.25" });
    expect((await s.read(s.rep.cookie, id)).body).toMatchObject({
      side: "rep",
      can: { acknowledge: true, close: true },
    });
    expect((await s.read(s.distributor.cookie, id)).body).toMatchObject({ side: "rep" });
    // The brand of the damaged carts: those lines and their amount only, no reply of the store's, no photo.
    const brand = await s.read(s.brand.cookie, id);
    expect(brand.status).toBe(200);
    const seen = brand.body as unknown as DisputeView;
    expect(seen.side).toBe("brand");
    expect(seen.lines.map((l) => l.invoiceLineId)).toEqual([vape!.InvoiceTransID]);
    expect(seen.amount).toBe("24.50");
    expect(seen.events.some((e) => e.kind === "reply")).toBe(false);
    expect(seen.can).toEqual({ reply: true, acknowledge: false, close: false, addPhoto: false });
    // Another store, another brand (and the balm's brand, whose line is only short), another rep's member: no such dispute.
    for (const cookie of [s.otherStore.cookie, s.otherBrand.cookie, s.otherRep.cookie])
      expect((await s.read(cookie, id)).status).toBe(404);
    expect((await s.list(s.otherRep.cookie)).body.disputes).toEqual([]);
    expect((await s.list(s.otherStore.cookie)).body.disputes).toEqual([]);
    expect((await s.list(s.otherBrand.cookie)).body.disputes).toEqual([]);
    // The lists: each side its own view, what is still in dispute by store.
    expect((await s.list(s.rep.cookie)).body.openByCustomer).toEqual({ [STORE]: "51.25" });
    const brandList = (await s.list(s.brand.cookie)).body;
    expect(brandList.disputes.map((d) => [d.id, d.amount, d.replies])).toEqual([[id, "24.50", 0]]);
    expect((await s.list(s.rep.cookie, "?supplierId=102")).body.disputes.map((d) => d.id)).toEqual([id]);
    expect((await s.list(s.rep.cookie, "?status=resolved")).body.disputes).toEqual([]);
  });

  it("the rep acknowledges and closes, each side replies once per key, and the other side is told", async () => {
    const s = await setUp();
    const raised = await s.raise(s.buyer.cookie, {
      invoiceNum: s.invoice.InvoiceNum,
      lines: [{ invoiceLineId: s.lines[0]!.InvoiceTransID, reason: "short", units: 12 }],
    });
    const id = raised.body.id as string;
    expect(await s.told(s.rep.userId)).toEqual([
      expect.objectContaining({ kind: "dispute-opened", title: expect.stringMatching(/\$147\.00 disputed/) }),
    ]);
    expect(await s.told(s.otherRep.userId)).toEqual([]);

    // The store does not acknowledge nor close; the rep does.
    expect((await s.act(acknowledgeDispute, s.buyer.cookie, id, "acknowledge")).status).toBe(403);
    const ack = await s.act(acknowledgeDispute, s.rep.cookie, id, "acknowledge", undefined, "ack-1");
    expect(ack.body).toMatchObject({ status: "acknowledged", version: 2 });
    expect((await s.act(acknowledgeDispute, s.rep.cookie, id, "acknowledge", undefined, "ack-1")).body).toMatchObject({
      version: 2,
    });
    const reply = await s.act(replyToDispute, s.rep.cookie, id, "replies", { text: "Checking the pick." }, "r-1");
    expect(
      (await s.act(replyToDispute, s.rep.cookie, id, "replies", { text: "Checking the pick." }, "r-1")).body,
    ).toMatchObject({
      version: reply.body.version,
    });
    expect((await s.told(s.buyer.userId)).map((n) => n.kind)).toEqual(["dispute-update", "dispute-update"]);
    // A brand's reply on a short line: no part of it.
    expect((await s.act(replyToDispute, s.brand.cookie, id, "replies", { text: "?" })).status).toBe(404);

    expect((await s.act(closeDispute, s.buyer.cookie, id, "close", { reason: "Goods found" })).status).toBe(403);
    expect((await s.act(closeDispute, s.rep.cookie, id, "close", { reason: "" })).status).toBe(400);
    const closed = await s.act(closeDispute, s.rep.cookie, id, "close", { reason: "Goods found" }, "c-1");
    expect(closed.body).toMatchObject({
      status: "resolved",
      open: "0.00",
      resolution: { kind: "closed", reason: "Goods found" },
      can: { reply: false, close: false },
    });
    expect((await s.act(closeDispute, s.rep.cookie, id, "close", { reason: "Goods found" }, "c-1")).status).toBe(200);
    expect((await s.act(replyToDispute, s.buyer.cookie, id, "replies", { text: "Thanks" })).body.Error).toMatchObject({
      code: "DISPUTE_RESOLVED",
    });
    expect((await s.act(acknowledgeDispute, s.rep.cookie, id, "acknowledge")).status).toBe(409);
    expect((await s.read(s.buyer.cookie, id)).body.events).toHaveLength(4);
    expect(await s.count("dispute_events")).toBe(4);
  });

  it("counts the disputes for the distributor and for a brand", async () => {
    const s = await setUp();
    const [vape, balm] = s.lines;
    await s.raise(s.buyer.cookie, {
      invoiceNum: s.invoice.InvoiceNum,
      lines: [
        { invoiceLineId: vape!.InvoiceTransID, reason: "not-compliant", units: 4 },
        { invoiceLineId: balm!.InvoiceTransID, reason: "short", units: 2 },
      ],
    });
    const staff = await s.send(getDisputeFigures, "GET", "/api/disputes/figures", s.distributor.cookie);
    expect(staff.body).toMatchObject({
      side: "rep",
      open: { count: 1, amount: "102.50" },
      byReason: [
        { reason: "short", count: 1, amount: "53.50" },
        { reason: "not-compliant", count: 1, amount: "49.00" },
      ],
    });
    const brand = await s.send(getDisputeFigures, "GET", "/api/disputes/figures", s.brand.cookie);
    expect(brand.body).toMatchObject({
      side: "brand",
      open: { count: 1, amount: "49.00" },
      byReason: [{ reason: "not-compliant", count: 1, amount: "49.00" }],
      byBrand: [{ supplierId: 103, name: "Lantern Light Vapes" }],
    });
    expect((await s.send(getDisputeFigures, "GET", "/api/disputes/figures", s.buyer.cookie)).status).toBe(403);
  });
});
