import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { closeText } from "@/lib/domain/ar-aging/close";
import { type AgingRecord, buildStatement } from "@/lib/domain/statements/statement";
import { AgingFreshness } from "@/components/ar-aging/ar-aging-report";
import { Providers } from "@/components/shell/providers";
import { StatementView } from "./statement-view";

const CLOSE = "2026-11-26T10:26:00.000Z";
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

/** A statement of one account whose aging closed at CLOSE (Los Angeles: 2:26 AM). */
function statement() {
  return buildStatement({
    arAccountId: 50001,
    aging: [
      {
        ARAccountID: 50001,
        SupplierID: 1,
        OpenCredit: "0",
        CurrentDue: "10.00",
        Due_1_30: "0",
        Due_31_60: "0",
        Due_61_90: "0",
        Due_91: "0",
        CloseDate: CLOSE,
      } as AgingRecord,
    ],
    openInvoices: [],
    invoices: [],
    payments: [],
    applications: [],
    customers: [{ CustomerID: 20001, CustomerName: "Valley", State: "CA" }],
    locations: [],
    states: [{ StateAbbreviation: "CA", TimeZone: "America/Los_Angeles" }],
  });
}

// The same close on the AR aging report and on a statement: one reading, in the viewer's zone, named.
describe("the aging's close", () => {
  it.each(["UTC", "America/Los_Angeles", "Europe/Berlin"])(
    "reads the same on both pages for a viewer in %s",
    (zone) => {
      const words = closeText(CLOSE, zone);
      const aging = text(
        renderToString(
          <Providers timeZone={zone} scope={{ keyType: "Employee" }} purchasesV2={false}>
            <AgingFreshness closedAt={CLOSE} />
          </Providers>,
        ),
      );
      const onStatement = text(renderToString(<StatementView statement={statement()} timeZone={zone} />));
      expect(aging).toContain(`As of the close of ${words}`);
      expect(onStatement).toContain(`the distributor's close, ${words}`);
    },
  );
});
