import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DisputeView as Dispute } from "@/lib/domain/disputes/view";
import { disputeQueryOptions } from "@/lib/ui/disputes/disputes-client";
import { DisputeView } from "./dispute-view";

// What each side is offered on a dispute's page: the controls follow the answer's `can`; the amounts are the answer's.

const dispute = (extra: Partial<Dispute>): Dispute => ({
  id: "d-1",
  customerId: 20001,
  customerName: "Valley Cannabis - Oakland",
  invoiceId: 300001,
  invoiceNum: "INV-300001",
  invoiceDate: "2026-11-27",
  status: "open",
  reasons: ["short"],
  openedAt: "2026-11-27T17:14:00.000Z",
  openedBy: "Pat Buyer",
  acknowledgedAt: null,
  resolvedAt: null,
  amount: "412.50",
  credited: "100.00",
  open: "312.50",
  lines: [
    {
      invoiceLineId: 9,
      productId: 501,
      productName: "Pre-roll 1g",
      supplierId: 7,
      batchCode: "B-1",
      reason: "short",
      units: 12,
      invoicedUnits: 24,
      unitPrice: "34.375000",
      expectedPrice: null,
      amount: "412.50",
      note: "One case missing",
      credited: "100.00",
      credits: [],
    },
  ],
  events: [
    { id: "e1", at: "2026-11-27T17:14:00.000Z", by: "Pat Buyer", side: "store", kind: "opened", text: "Opened" },
    { id: "e2", at: "2026-11-27T18:00:00.000Z", by: "Sam Rep", side: "rep", kind: "reply", text: "Looking into it" },
  ],
  photos: [],
  resolution: null,
  version: 2,
  side: "store",
  can: { reply: true, acknowledge: false, close: false, addPhoto: true },
  ...extra,
});

const page = (answer: Dispute) => {
  const client = new QueryClient();
  client.setQueryData(disputeQueryOptions(answer.id).queryKey, answer);
  return renderToString(
    <QueryClientProvider client={client}>
      <DisputeView id={answer.id} />
    </QueryClientProvider>,
  );
};

describe("a dispute's page", () => {
  it("shows the amounts apart: in dispute, credited, still open; the invoice linked; each side labelled", () => {
    const html = page(dispute({}));
    expect(html).toContain("$412.50 in dispute");
    expect(html).toContain("$100.00");
    expect(html).toContain("$312.50");
    expect(html).toContain('href="/invoices/300001"');
    expect(html).toMatch(/Sam Rep<\/span> \((<!-- -->)?Distributor/);
  });

  it("offers the store a reply and a photo, never Acknowledge or Close", () => {
    const html = page(dispute({}));
    expect(html).toContain("Send reply");
    expect(html).toContain("Add photo");
    expect(html).toContain('capture="environment"');
    expect(html).not.toContain("Acknowledge</button>");
    expect(html).not.toContain("Close…");
  });

  it("offers the staff Acknowledge and Close as `can` says, and a resolved dispute nothing to do", () => {
    const staff = page(dispute({ side: "rep", can: { reply: true, acknowledge: true, close: true, addPhoto: true } }));
    expect(staff).toContain("Acknowledge");
    expect(staff).toContain("Close…");
    const done = page(
      dispute({
        side: "rep",
        status: "resolved",
        credited: "412.50",
        open: "0.00",
        resolution: { kind: "closed", at: "2026-11-28T10:00:00.000Z", by: "Sam Rep", reason: "Credit given outside" },
        can: { reply: false, acknowledge: false, close: false, addPhoto: false },
      }),
    );
    expect(done).toContain("closed by Sam Rep: Credit given outside");
    expect(done).not.toContain("Send reply");
    expect(done).not.toContain("Add photo");
    expect(done).not.toContain("Acknowledge");
  });
});
