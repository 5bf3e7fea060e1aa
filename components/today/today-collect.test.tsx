import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CollectedView, CollectStop } from "@/lib/domain/credit/view";
import type { KeyScope } from "@/lib/domain/key-scope";
import { KeyScopeContext } from "@/lib/ui/key-scope-context";
import { TodayCollect } from "./today-collect";

// Today's "Collect before the drop" as the rep reads it: the amount and why, what was recorded and its match, and
// "Record a collection" for those who may write; nothing at all when there is nothing to collect.

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

const record = (extra: Partial<CollectedView>): CollectedView => ({
  id: "c-1",
  arAccountId: 30001,
  customerId: 20001,
  amount: "420.00",
  method: "check",
  reference: "4417",
  deliveryDate: "2026-11-26",
  recordedAt: "2026-11-25T17:00:00.000Z",
  recordedBy: "Sam Rep",
  status: "waiting",
  payment: null,
  matchedAt: null,
  dueBy: "2026-12-02",
  photo: null,
  ...extra,
});

const stop = (extra: Partial<CollectStop>): CollectStop => ({
  arAccountId: 30001,
  customerId: 20001,
  customerName: "Valley Cannabis - Oakland",
  deliveryDate: "2026-11-26",
  reasons: ["over60", "overLimit"],
  over60: "1240.00",
  available: "-310.00",
  toCollect: "1240.00",
  collected: [],
  ...extra,
});

const shown = (collect: CollectStop[] | undefined, scope: KeyScope = { keyType: "Employee", role: "owner" }) =>
  text(
    renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <KeyScopeContext.Provider value={scope}>
          <TodayCollect collect={collect} today="2026-11-25" queryKey={["backroom", "today", 1, "2026-11-25"]} />
        </KeyScopeContext.Provider>
      </QueryClientProvider>,
    ),
  );

describe("TodayCollect", () => {
  it("is absent when no delivery has anything to collect", () => {
    expect(shown([])).toBe("");
  });

  it("says when the list could not be read", () => {
    expect(shown(undefined)).toContain("could not be read");
  });

  it("gives each stop's amount, the delivery's day and why", () => {
    const page = shown([stop({})]);
    expect(page).toContain("Collect before the drop (1)");
    expect(page).toContain("Valley Cannabis - Oakland");
    expect(page).toContain("Collect $1,240.00 · delivery tomorrow");
    expect(page).toContain("over 60 days: $1,240.00 · over its limit by $310.00");
    expect(page).toContain("Record a collection");
  });

  it("lists what was recorded with its match, each state in its words", () => {
    const page = shown([
      stop({
        collected: [
          record({}),
          record({
            id: "c-2",
            amount: "80.00",
            method: "cash",
            reference: null,
            status: "matched",
            payment: { paymentId: 9, paymentInvoiceNum: "PMT-812", amount: "80.00", postDate: "2026-11-26T00:00:00Z" },
          }),
          record({ id: "c-3", amount: "15.00", status: "unmatched" }),
        ],
      }),
    ]);
    expect(page).toContain("$420.00 by check 4417 : waiting for its payment in the ERP (by Dec 2, 2026)");
    expect(page).toContain("$80.00 in cash : matched to payment PMT-812 of Nov 26, 2026");
    expect(page).toContain("$15.00 by check 4417 : not matched: no payment of this amount in 5 business days");
  });

  it("shows a record's check photo as a thumbnail opening it, and none where there is no photo", () => {
    const href = "/api/collections/30001/collected/c-1/photos/0b0c5f6e-7a0d-4f7e-9c39-1f6a7a0e2b11";
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <KeyScopeContext.Provider value={{ keyType: "Employee", role: "owner" }}>
          <TodayCollect
            collect={[
              stop({
                collected: [
                  record({ photo: { href, type: "image/png", bytes: 2000 } }),
                  record({ id: "c-2", amount: "15.00" }),
                ],
              }),
            ]}
            today="2026-11-25"
            queryKey={["backroom", "today", 1, "2026-11-25"]}
          />
        </KeyScopeContext.Provider>
      </QueryClientProvider>,
    );
    expect(html.match(/data-testid="collected-photo"/g)).toHaveLength(1);
    expect(html).toContain(`href="${href}"`);
    expect(html).toContain('alt="Photo of the check: $420.00 by check 4417"');
  });

  it("offers no form to a viewer, who writes nothing", () => {
    expect(shown([stop({})], { keyType: "Employee", role: "viewer" })).not.toContain("Record a collection");
  });
});
