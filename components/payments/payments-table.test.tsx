import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PaymentsTable } from "./payments-table";

const payment = (PaymentID: number, more: Record<string, unknown>) => ({
  PaymentID,
  PaymentInvoiceNum: `P-${PaymentID}`,
  Amount: "100.00",
  AvailableBalance: "40.00",
  PostDate: "2026-11-20T00:00:00Z",
  ...more,
});

describe("PaymentsTable", () => {
  it("names the type SupplierCredit (PaymentTypeID -1) in words, every other type as sent, and a missing one —", () => {
    const html = renderToStaticMarkup(
      <PaymentsTable
        payments={[
          payment(1, { PaymentTypeID: -1, PaymentTypeName: "SupplierCredit" }),
          payment(2, { PaymentTypeID: 20, PaymentTypeName: "Check" }),
          payment(3, { PaymentTypeID: 21 }),
        ]}
        loading={false}
        hasMore={false}
        selected={undefined}
      />,
    );
    const types = [...html.matchAll(/<\/th><td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
    expect(types).toEqual(["Supplier credit", "Check", "—"]);
    expect(html).not.toContain("SupplierCredit");
  });
});
