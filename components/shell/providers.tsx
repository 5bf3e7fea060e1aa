"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useState } from "react";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { ResponseMeta } from "@/lib/data-api/response-meta";
import { budgetStore } from "@/lib/ui/browser-api";
import { isLowBudget } from "@/lib/ui/budget";
import type { KeyScope } from "@/lib/domain/key-scope";
import { KeyScopeContext } from "@/lib/ui/key-scope-context";
import { PurchasesV2Context } from "@/lib/ui/purchases/v2-context";
import { savePreference, TIME_ZONE_COOKIE } from "@/lib/ui/preferences";
import { OutboxSender } from "@/components/offline/outbox-sender";
import { unpackWalked } from "@/lib/domain/walked-wire";

const TimeZoneContext = createContext<string>("UTC");

/**
 * The zone dates are shown in: the viewer's own, known to the server from the `tz` cookie this provider keeps, so
 * the server's render and the browser's agree (until the cookie exists, the first render uses UTC and is corrected).
 */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

function makeClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // A refused request (4xx) would be refused again; a 429 says when to come back, and the page shows it.
        retry: (count, error) =>
          count < 2 && !(error instanceof DataApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        // Coming back online refetches what is stale, unless the key's budget is low: the person's next click will.
        refetchOnReconnect: () => !isLowBudget(budgetStore.get(), Date.now()),
      },
      // The server's render sends a walk's answer packed (`packWalked`): whole again as it enters the cache.
      hydrate: { deserializeData: unpackWalked },
    },
  });
  // Answers fetched for the first paint on the server carry the rate-limit figures too: the meter shows them.
  client.getQueryCache().subscribe((event) => {
    if (event.type !== "added" && event.type !== "updated") return;
    const meta = (event.query.state.data as { meta?: ResponseMeta } | undefined)?.meta;
    const { limit, remaining, reset } = meta?.rateLimit ?? {};
    const at = event.query.state.dataUpdatedAt;
    if (limit !== undefined && remaining !== undefined && reset !== undefined && at)
      budgetStore.note({ limit, remaining, resetsAt: at + reset * 1000, seenAt: at });
  });
  return client;
}

/**
 * Client-side state of the dashboard: one query cache per key (the layout keys this component by the key's id), the
 * key's scope, and whether the key's service offers the v2 purchase endpoints (`purchasesV2`, `usePurchasesV2`).
 */
export function Providers({
  children,
  timeZone,
  scope,
  purchasesV2,
}: {
  children: React.ReactNode;
  timeZone: string | undefined;
  scope: KeyScope;
  purchasesV2: boolean;
}) {
  const [client] = useState(makeClient);
  // Without the cookie, both renders use UTC (never "the runtime's zone", which differs between them).
  const [zone, setZone] = useState(timeZone ?? "UTC");
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own && own !== zone) {
      savePreference(TIME_ZONE_COOKIE, own);
      // Dates rendered on the server in another zone are corrected once the page is interactive.
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's zone is known only after hydration.
      setZone(own);
    }
  }, [zone]);
  return (
    <TimeZoneContext.Provider value={zone}>
      <KeyScopeContext.Provider value={scope}>
        <PurchasesV2Context.Provider value={purchasesV2}>
          <QueryClientProvider client={client}>
            <OutboxSender />
            {children}
          </QueryClientProvider>
        </PurchasesV2Context.Provider>
      </KeyScopeContext.Provider>
    </TimeZoneContext.Provider>
  );
}
