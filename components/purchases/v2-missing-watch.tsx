"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { V2_LIST_CHECK } from "@/lib/ui/purchases/v1-purchases";
import { watchForMissingV2 } from "@/lib/ui/purchases/v2-watch";

/**
 * Around a page built on the v2 purchase endpoints, with DATA_API_V2=auto: when one of its v2 reads meets a service
 * without them (`watchForMissingV2`; the proxy has marked v2 missing before the answer came), the page is rendered
 * again on the server, which now draws the v1 view, instead of showing the error. A single purchase's 404 is checked
 * first with a list read of one row, so a purchase that does not exist keeps its "not found". Meanwhile the page's
 * content is hidden (not unmounted: nothing is asked again) behind a status line. It switches once: if the server
 * still draws v2 (the mark could not be kept), the page's own error shows.
 */
export function V2MissingWatch({ children }: { children: React.ReactNode }) {
  const client = useQueryClient();
  const router = useRouter();
  const [phase, setPhase] = useState<"watching" | "checking" | "switching">("watching");
  const [refreshing, startRefresh] = useTransition();

  useEffect(
    () =>
      watchForMissingV2(
        client.getQueryCache(),
        () => client.fetchQuery(apiQueryOptions(browserApi, V2_LIST_CHECK, STALE.working)),
        {
          checking: () => setPhase("checking"),
          settled: () => setPhase("watching"),
          missing: () => {
            setPhase("switching");
            startRefresh(() => router.refresh());
          },
        },
      ),
    [client, router],
  );

  const hidden = phase === "checking" || (phase === "switching" && refreshing);
  return (
    <>
      {hidden && (
        <p role="status" className="text-sm">
          {phase === "checking"
            ? "Checking whether this Data API service offers the v2 purchase endpoints…"
            : "This Data API service does not offer the v2 purchase endpoints: loading the posted purchases from v1…"}
        </p>
      )}
      <div hidden={hidden}>{children}</div>
    </>
  );
}
