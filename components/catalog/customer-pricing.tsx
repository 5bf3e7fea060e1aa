"use client";

import { useSearchParams } from "next/navigation";
import { ListView } from "@/components/views/list-view";
import { PRICING_CUSTOMER } from "@/lib/ui/views/pricing";

/**
 * The customer pricing table, once a customer is chosen. The documentation calls CustomerIDs required for
 * `/customerPricing`, so without one nothing is asked: the page says to choose a customer in the filters above (a
 * live region, so the line is announced when the choice is cleared). The address decides, read in the browser: the
 * filters change it without a server render.
 */
export function CustomerPricing() {
  const params = useSearchParams();
  if (!params.get(PRICING_CUSTOMER)) {
    return (
      <p role="status" className="rounded border border-slate-300 p-4 text-sm dark:border-slate-700">
        Choose a customer to see its prices: pick one under Customers above.
      </p>
    );
  }
  return <ListView name="customerPricing" />;
}
