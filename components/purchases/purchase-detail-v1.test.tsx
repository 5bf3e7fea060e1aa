import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey, apiWalkOptions, type Walked } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { MAX_LINE_PAGES, purchaseLinesV1Request, purchaseV1Request } from "@/lib/ui/purchases/v1-purchases";
import { PurchaseDetailV1 } from "./purchase-detail-v1";
import { DraftsNeedV2, V1OnlyNotice } from "./v1-notice";

/** The page as the server renders it from the answers it prefetched (hydrated into the query cache). */
function rendered(
  purchase: Record<string, unknown> | undefined,
  lines: Record<string, unknown>[],
  complete = true,
): string {
  const client = new QueryClient();
  if (purchase) client.setQueryData(apiQueryKey(purchaseV1Request(700)), { records: [purchase] });
  const walked: Walked<Record<string, unknown>> = { records: lines, complete, requests: 1 };
  client.setQueryData(apiWalkOptions(browserApi, purchaseLinesV1Request(700), 0, MAX_LINE_PAGES).queryKey, walked);
  return renderToString(
    <QueryClientProvider client={client}>
      <PurchaseDetailV1 purchaseId={700} />
    </QueryClientProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("PurchaseDetailV1", () => {
  it("shows the posted purchase's header, the PDF link, its facts and its lines", () => {
    const html = rendered(
      {
        PurchaseID: 700,
        PONum: "4501001",
        Status: "Verified",
        VendorID: 9001,
        VendorName: "Mojave Sun",
        Total: "48542.440000",
        PublicPDFLink: "https://erp.example/p.pdf?token=secret",
      },
      [
        {
          PurchaseTransID: 1,
          PurchaseID: 700,
          ProductID: 10015,
          Cases: "28.00",
          NumUnits: "280.00",
          BatchCode: "MS-1",
          ExtPrice: "12.500000",
        },
        { PurchaseTransID: 2, PurchaseID: 700, ProductID: 10016 },
      ],
    );
    const words = text(html);
    expect(words).toContain("Purchase order 4501001");
    expect(words).toContain("Status Verified , ERP id 700");
    expect(html).toContain('href="https://erp.example/p.pdf?token=secret"');
    // The link is opened, never written out.
    expect(words).not.toContain("token=secret");
    expect(words).toContain("Posted lines (2)");
    expect(words).toContain("MS-1");
    expect(words).toContain("$48,542.44");
    // A product's id links to its page (its name comes with the browser's lookup).
    expect(html).toContain('href="/catalog/products/10015"');
  });

  it("reads as a purchasing manager's page: the vendor and totals first, the posted line in cases and units, every other field behind a closed All fields, no secret", () => {
    const html = rendered(
      {
        PurchaseID: 700,
        PONum: "4501001",
        Status: "Verified",
        VendorID: 9001,
        VendorName: "Mojave Sun",
        ToLocationID: 1,
        ToLocationName: "Oakland DC",
        TotalCases: "28.00",
        Total: "48542.440000",
        Terms: "COD",
        PurchasePDFURLAPIKeyID: 4242,
        TermID: 1,
      },
      [
        {
          PurchaseTransID: 1,
          PurchaseID: 700,
          ProductID: 10015,
          Ordered: "300.00",
          Cases: "28.00",
          NumUnits: "280.00",
          FOB: "2.360000",
          ExtPrice: "660.800000",
        },
      ],
    );
    const words = text(html);
    const [main, all] = words.split("All fields");
    expect(main).toContain("Vendor Mojave Sun");
    expect(main).toContain("Warehouse Oakland DC");
    expect(main).toContain("Terms COD");
    expect(main).toContain("Cases 28");
    expect(main).toContain("Total $48,542.44");
    // The line: cases, units, units ordered, unit cost and extended amount.
    expect(main).toMatch(/28 280 300 — — \$2\.36 \$660\.80/);
    expect(main).not.toContain("Term ID");
    expect(main).not.toContain("Warehouse name");
    // The raw fields, closed, without the PDF's key id (nor the word of it).
    expect(html).toMatch(/<details[^>]*><summary[^>]*>All fields<\/summary>/);
    expect(all).toContain("Term ID 1");
    expect(words).not.toContain("Purchase PDF URL API key ID");
    expect(words).not.toContain("4242");
  });

  it('shows a sparse purchase and sparse lines with "—", never "undefined"', () => {
    const words = text(rendered({ PurchaseID: 700 }, [{ PurchaseTransID: 1 }]));
    expect(words).toContain("Purchase order 700");
    expect(words).toContain("Status — , ERP id 700");
    expect(words).toContain("—");
    expect(words).not.toContain("undefined");
    expect(words).not.toContain("Open the PDF");
  });

  it("says when the lines were cut at 2,000, and when there are none", () => {
    expect(text(rendered({ PurchaseID: 700 }, [{ PurchaseTransID: 1 }], false))).toContain("Posted lines (1+)");
    expect(text(rendered({ PurchaseID: 700 }, [{ PurchaseTransID: 1 }], false))).toContain(
      "Showing the first 1 lines; the purchase has more.",
    );
    expect(text(rendered({ PurchaseID: 700 }, []))).toContain("No lines.");
  });

  it("waits for the purchase before drawing anything of it", () => {
    expect(text(rendered(undefined, []))).toContain("Loading purchase 700");
  });
});

describe("the notes without v2", () => {
  it("say so in one line on the Purchases pages, and that drafts need v2 on the editor's", () => {
    expect(text(renderToString(<V1OnlyNotice reason="missing" />)).trim()).toBe(
      "This Data API service does not offer the v2 purchase endpoints, so only posted purchases are shown, read only.",
    );
    const editor = renderToString(<DraftsNeedV2 title="New purchase order" reason="missing" />);
    expect(editor).toContain("<h1");
    expect(text(editor)).toContain("Drafts need the v2 purchase endpoints");
    expect(editor).toContain('href="/purchases"');
  });
});
