import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DetailLine, ListDetail } from "@/lib/domain/order-guide/shared-list";
import { SharedListActions } from "./shared-list-actions";
import { SharedListEditor } from "./shared-list-editor";

// What each side, and a viewer, is offered on a list's page: the controls follow the answer's side, stage and mayEdit.

const line = (lineId: string, extra: Partial<DetailLine> = {}): DetailLine => ({
  lineId,
  productId: Number(lineId),
  name: `Product ${lineId}`,
  cases: 2,
  askedCases: 2,
  casePrice: "42.00",
  total: "84.00",
  available: "< 25 Cases",
  short: false,
  substitute: null,
  ...extra,
});

const list = (extra: Partial<ListDetail>): ListDetail => ({
  id: "l-1",
  version: 2,
  side: "rep",
  customerId: 20001,
  customerName: "Valley Cannabis - Oakland",
  stage: "sent",
  sentAt: "2026-11-27T17:14:00.000Z",
  sentBy: "Pat Buyer",
  priceDay: "2026-11-27",
  totalCases: 4,
  total: "168.00",
  acknowledged: null,
  entered: null,
  withdrawn: null,
  lines: [
    line("5001", { short: true, available: "< 5 Cases", cases: 7 }),
    line("5002", { substitute: { productId: 6001, name: "Stand-in", status: "proposed" } }),
  ],
  events: [],
  match: null,
  matchWords: "Waiting for the invoice",
  mayEdit: true,
  ...extra,
});

const page = (detail: ListDetail, maySend = true) => {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <SharedListActions list={detail} onAnswer={() => undefined} maySend={maySend} />
      <SharedListEditor
        answer={{ list: detail, etag: `"${detail.version}"` }}
        onAnswer={() => undefined}
        timeZone="UTC"
      />
    </QueryClientProvider>,
  );
  const buttons = [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
  return { html, buttons, fields: (html.match(/<(input|textarea)\b/g) ?? []).length };
};

describe("the list's controls", () => {
  it("give the rep Acknowledge, Entered, cases, substitutes and a note", () => {
    const { buttons, fields, html } = page(list({}));
    expect(buttons).toEqual([
      "Acknowledge",
      "Entered in the ERP",
      "Offer a substitute",
      "Offer a substitute",
      "Take the substitute back",
      "Save changes",
    ]);
    // Two lines' cases, the ERP's number and the note.
    expect(fields).toBe(4);
    expect(html).toContain("The warehouse cannot fill this");
  });

  it("give a viewer of the rep's side nothing to press, and say why", () => {
    const { buttons, fields, html } = page(list({ mayEdit: false }));
    expect(buttons).toEqual([]);
    expect(fields).toBe(0);
    expect(html).toContain("your role in this workspace does not change it");
  });

  it("give the store Accept and Decline for a substitute offered, Withdraw and a note", () => {
    const { buttons } = page(list({ side: "store", stage: "acknowledged" }));
    expect(buttons).toEqual(["Withdraw", "Accept", "Decline", "Add the note"]);
  });

  it("take Withdraw and the answers from the store once the rep entered it, saying why", () => {
    const entered = list({
      side: "store",
      stage: "entered",
      mayEdit: false,
      entered: { at: "2026-11-27T18:00:00.000Z", by: "Rep", erpRef: "SO-1" },
    });
    const { buttons, html } = page(entered);
    expect(buttons).toEqual([]);
    expect(html).toContain("so it can no longer be withdrawn");
  });

  it("leave the rep the note alone once entered: its lines no longer change", () => {
    const entered = list({ stage: "entered", entered: { at: "2026-11-27T18:00:00.000Z", by: "Rep", erpRef: null } });
    const { buttons, fields } = page(entered);
    expect(buttons).toEqual(["Add the note"]);
    expect(fields).toBe(1);
  });
});
