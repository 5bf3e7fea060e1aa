import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { pdfPages } from "@/lib/testing/pdf-text";
import { BACKROOM, browserRequest, type TestBackend } from "../core/testing";
import { disputeSetUp, type SandboxHandle, STORE } from "../disputes/testing";
import { databaseProfiles } from "../testing";
import { getStatementPdf } from "./statements-api";

// A statement of account with the disputes its reader is a side of: beside the invoice each touches, and listed at the
// end; the PDF's text as a reader finds it.

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
  photoDir = mkdtempSync(join(tmpdir(), "statement-disputes-"));
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  rmSync(photoDir, { recursive: true, force: true });
});

const [sqlite] = databaseProfiles();

describe("a statement's disputes", () => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  it("lists an open dispute at the end, linked to it, for the store, its rep and the owner, not another rep's member", async () => {
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
    const open = await sandbox.walk(`/payments/openInvoices?CustomerIDs=${STORE}`, "Employee");
    const account = open.find((i) => i.InvoiceID === s.invoice.InvoiceID)!.ARAccountID as number;
    const pdf = async (cookie: string) => {
      const file = `${account}.pdf`;
      const answer = await getStatementPdf(
        browserRequest("GET", `/api/statements/${file}`, { cookie, site: null }),
        s.deps,
        { file },
      );
      expect(answer.status).toBe(200);
      const pages = await pdfPages(new Uint8Array(await answer.arrayBuffer()));
      return { text: pages.flatMap((p) => p.lines).join("\n"), links: pages.flatMap((p) => p.links) };
    };

    for (const reader of [s.buyer, s.rep, s.distributor]) {
      const { text, links } = await pdf(reader.cookie);
      // 6 × 12.25 short and 2 × 26.75 damaged, on an invoice newer than the aging's close: listed at the end only (the
      // invoice's own row, where it has one, is the tables' test: lib/domain/statements/statement.test.ts).
      expect(text).toContain("Disputes not resolved (1)");
      expect(text).toMatch(
        new RegExp(`${s.invoice.InvoiceNum} \\w{3} \\d{1,2}, \\d{4} short, damaged Open \\$127\\.00`),
      );
      expect(text).toContain("In dispute $127.00");
      expect(links).toContain(`${BACKROOM}/disputes/${String(raised.body.id)}`);
    }
    const other = await pdf(s.otherRep.cookie);
    expect(other.text).not.toContain("In dispute");
    expect(other.text).not.toContain("Disputes not resolved");
  });
});
