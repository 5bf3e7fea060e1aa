import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { createDataApiClient, type DataApiClient } from "@/lib/data-api/client";
import { type ProxyDeps, proxyRequest } from "./proxy";

/** Headers of the page request that the proxy reads: the session cookie, and the address the browser used. */
const FORWARDED = ["cookie", "host", "x-forwarded-host", "x-forwarded-proto"];
const INTERNAL_BASE = "http://backroom.internal/api/v1";

/**
 * The Data API as a page renders it on the server: the typed client, calling the proxy in-process with the page's own
 * cookie, so the first paint is made with the same checks, cache, rate-limit book and request log as the browser's
 * later calls (and never with a key the page could leak: the proxy reads it from the session store).
 *
 * @example
 * const api = await pageApi(backend);
 * const { records } = await api.listStates();
 */
export const pageApi = cache(async (getDeps: () => Promise<ProxyDeps>): Promise<DataApiClient> => {
  const [incoming, deps] = await Promise.all([headers(), getDeps()]);
  return proxyClient(incoming, deps);
});

/**
 * The same client for a route handler: the proxy in-process with the route's request's cookie (a PDF made of the
 * Data API's answers is read as the person's own page would read them).
 *
 * @example
 * const api = requestApi(request, backend);
 */
export function requestApi(request: Request, deps: ProxyDeps): DataApiClient {
  return proxyClient(request.headers, deps);
}

function proxyClient(incoming: Headers, deps: ProxyDeps): DataApiClient {
  const forwarded = new Headers();
  for (const name of FORWARDED) {
    const value = incoming.get(name);
    if (value !== null) forwarded.set(name, value);
  }
  return createDataApiClient({
    baseUrl: INTERNAL_BASE,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const match = /^\/api\/(v1|v2)\/(.+)$/.exec(url.pathname);
      if (!match) throw new Error(`page API: ${url.pathname} is not a Data API path`);
      const requestHeaders = new Headers(init?.headers);
      forwarded.forEach((value, name) => requestHeaders.set(name, value));
      const segments = match[2]!.split("/").map(decodeURIComponent);
      return proxyRequest(
        new Request(url, { ...init, headers: requestHeaders }),
        match[1] as "v1" | "v2",
        segments,
        deps,
      );
    },
  });
}
