import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { CreditView } from "@/lib/domain/credit/view";
import { CustomerCredit } from "./customer-credit";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

// The customer page's Credit block: the words of what is available, the figures that use it, the score's four parts,
// and the limit's form for staff who may set it only.

const view = (extra: Partial<CreditView> = {}): CreditView => ({
  arAccountId: 50012,
  name: "Valley Cannabis - Oakland",
  customerIds: [20001],
  side: "staff",
  limit: "10000.00",
  balance: "7210.00",
  openLists: "650.00",
  openListCount: 1,
  available: "2140.00",
  over60: "0.00",
  toCollect: "0.00",
  reliability: {
    score: 78,
    asOf: "2026-11-27",
    invoices: 14,
    invoiced: "41200.00",
    components: [
      {
        key: "daysBeyondTerms",
        label: "Days paid beyond terms",
        weight: 40,
        value: 12.4,
        points: 79.33,
        words: "paid 12.4 days past due on average",
      },
      {
        key: "paidOnTime",
        label: "Paid by the due date",
        weight: 30,
        value: 0.62,
        points: 62,
        words: "62% by its due date",
      },
      { key: "over60", label: "Over 60 days now", weight: 20, value: 0, points: 100, words: "nothing over 60 days" },
      { key: "trend", label: "Trend", weight: 10, value: 3.1, points: 55.17, words: "paying 3.1 days sooner" },
    ],
    advice: [],
  },
  history: [{ at: "2026-11-27T17:14:00.000Z", by: "Dana Cole", from: null, to: "10000.00" }],
  asOf: "2026-11-27",
  ...extra,
});

const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, " ");

describe("the customer page's Credit block", () => {
  it("says what is available and what uses it, with the score's four parts", () => {
    const html = text(renderToString(<CustomerCredit credit={{ state: "shown", view: view(), maySet: false }} />));
    expect(html).toContain("$2,140.00 of $10,000.00 available");
    expect(html).toContain("Balance owed $7,210.00");
    expect(html).toContain("Open reorder lists (1) $650.00");
    expect(html).toContain("79% of the limit in use");
    expect(html).toContain("78 of 100");
    expect(html).toContain("Days paid beyond terms 12.4 days 79 40%");
    expect(html).toContain("Paid by the due date 62.0% 62 30%");
    expect(html).toContain("Trend +3.1 days 55 10%");
    expect(html).not.toContain("credit limit…");
  });

  it("offers the limit's form and its history to staff who may set it", () => {
    const html = text(renderToString(<CustomerCredit credit={{ state: "shown", view: view(), maySet: true }} />));
    // The form itself comes when the button is pressed (its code loads then).
    expect(html).toContain("Change the credit limit…");
    expect(html).toContain("Dana Cole: no limit → $10,000.00");
  });

  it("says when the account is over its limit, has none, or is still being read", () => {
    const over = view({ limit: "5000.00", available: "-310.00" });
    expect(text(renderToString(<CustomerCredit credit={{ state: "shown", view: over, maySet: false }} />))).toContain(
      "$310.00 over the limit of $5,000.00",
    );
    const none = view({ limit: null, available: null });
    const html = text(renderToString(<CustomerCredit credit={{ state: "shown", view: none, maySet: true }} />));
    expect(html).toContain("No credit limit set");
    expect(html).toContain("Set a credit limit…");
    expect(text(renderToString(<CustomerCredit credit={{ state: "pending" }} />))).toContain(
      "The collections list is being read",
    );
  });
});
