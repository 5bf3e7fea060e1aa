import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiQueryKey } from "@/lib/domain/api-query";
import { CustomerDetail } from "./customer-detail";

const result = (records: unknown[]) => ({
  records,
  notModified: false,
  meta: {},
  body: undefined,
  paging: { page: 1, pageSize: 50, hasNextPage: false },
});

/** The customer's facts as the server renders them from the record its prefetch leaves in the cache. */
function fact(customer: Record<string, unknown>, label: string): string | undefined {
  const client = new QueryClient();
  client.setQueryData(
    apiQueryKey({ operation: "getCustomer", path: { customerID: 20001 } }),
    result([{ CustomerID: 20001, CustomerName: "Valley", ...customer }]),
  );
  const html = renderToString(
    <SearchParamsContext.Provider value={new URLSearchParams()}>
      <QueryClientProvider client={client}>
        <CustomerDetail customerId={20001} showCreditTerms={false} showRetailerInventory={false} />
      </QueryClientProvider>
    </SearchParamsContext.Provider>,
  ).replace(/<!-- -->/g, "");
  return new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>(.*?)</dd>`).exec(html)?.[1]?.replace(/<[^>]+>/g, "");
}

describe("CustomerDetail's facts", () => {
  it("write DeliveryDays in every form the live service sends as weekday names, and none as no delivery days", () => {
    expect(fact({ DeliveryDays: "4;1" }, "Delivery days")).toBe("Monday, Thursday");
    expect(fact({ DeliveryDays: "25" }, "Delivery days")).toBe("Tuesday, Friday");
    expect(fact({ DeliveryDays: null }, "Delivery days")).toBe("no delivery days");
    expect(fact({}, "Delivery days")).toBe("—");
  });

  it("show a placeholder license number as no licence, and the next delivery dates from today on", () => {
    expect(fact({ LicenseNum: "LIC-99999-FAKE" }, "License no.")).toBe("no licence on record");
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    expect(fact({ NextDeliveryDates: `${inDays(-5)};${inDays(-1)}` }, "Next delivery dates")).toBe("—");
  });
});
