import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AccountMoney, OpenInvoiceLine } from "@/lib/domain/customers/customer-money";
import { CustomerSummary } from "./customer-summary";

const figures = {
  arAccountId: 50001,
  total: "1079.000000",
  over30: "1200.000000",
  over60: "0",
  over90: "0",
  openCredit: "121.000000",
  unapplied: "0",
} as unknown as AccountMoney["figures"];

const invoice = (num: string, balance: string, due: string): OpenInvoiceLine => ({
  InvoiceID: Number(num.slice(4)),
  InvoiceNum: num,
  CustomerID: 20001,
  ARAccountID: 50001,
  Date: "2026-10-01T00:00:00Z",
  DueDate: `${due}T00:00:00Z`,
  OpenBalance: balance,
});

/** The summary as a person reads it: its text, tags gone. */
function text(openInvoices: OpenInvoiceLine[]): string {
  return renderToString(
    <CustomerSummary
      customerId={20001}
      name="Valley"
      onHold={false}
      money={[{ figures, openInvoices, sharedWith: 0, paymentsRead: true }]}
      lastOrder={null}
      nextDelivery={null}
      today="2026-11-27"
    />,
  )
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("CustomerSummary's open invoices", () => {
  const open = [
    invoice("INV-1001", "1200.00", "2026-10-14"),
    // A return and a credit memo: negative open balances, due 44 and 42 days ago.
    invoice("INV-1002", "-121.00", "2026-10-14"),
    invoice("INV-1003", "-10.00", "2026-10-16"),
  ];

  it("counts only what is owed as open invoices, late by their due date", () => {
    const shown = text(open);
    expect(shown).toContain("1 open invoice ");
    expect(shown).not.toContain("3 open invoices");
    expect(shown).toMatch(/INV-1001 .* 44 days late \$1,200\.00/);
  });

  it("lists a credit memo or a return as a credit, never late", () => {
    const shown = text(open);
    expect(shown).toContain("2 credits");
    expect(shown).toMatch(/INV-1002 [^$]*credit −\$121\.00/);
    expect(shown).toMatch(/INV-1003 [^$]*credit −\$10\.00/);
    expect(shown).not.toMatch(/INV-1002 [^$]*late/);
    expect(shown).not.toMatch(/INV-1003 [^$]*late/);
    expect(shown.match(/days late/g)).toHaveLength(1);
  });

  it("says there is no open invoice where the account holds only a credit", () => {
    const shown = text([invoice("INV-1002", "-121.00", "2026-10-14")]);
    expect(shown).toContain("No open invoice");
    expect(shown).toContain("1 credit");
  });
});
