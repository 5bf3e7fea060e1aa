import "server-only";
import { HydrationBoundary } from "@tanstack/react-query";
import { type ReactNode, Suspense } from "react";
import type { OperationId } from "@/lib/data-api/registry";
import type { ApiRequest } from "@/lib/domain/api-query";
import { prefetched } from "./prefetch";

type Prefetch = Parameters<typeof prefetched>[0];

/**
 * A region of a page whose data the server fetches: put it inside `<Suspense>` so the page's shell (sidebar, header,
 * title, skeletons) is sent at once and this region streams in when its requests have answered. `requests` may be a
 * function of nothing that answers them (computed from what the session holds), or a list. `then` is a second round
 * that starts beside the first and asks what the first's answers name (`serverAnswer` of a request in the list waits
 * for that one answer, not for the whole list): the browser gets both rounds with the region rather than asking the
 * second itself after it has loaded its code, a round trip and a hydration later.
 *
 * @example
 * <Suspense fallback={<TableSkeleton />}>
 *   <Prefetched requests={[{ request: listRequest(view, params), staleTime: view.staleTime }]}>
 *     <ListView name={name} />
 *   </Prefetched>
 * </Suspense>
 */
export async function Prefetched({
  requests,
  then,
  children,
}: {
  requests: Prefetch | (() => Promise<Prefetch>);
  then?: () => Promise<Prefetch>;
  children: React.ReactNode;
}) {
  const [first, second] = await Promise.all([
    typeof requests === "function" ? requests().then(prefetched) : prefetched(requests),
    then ? then().then(prefetched) : undefined,
  ]);
  const state = second ? { ...first, queries: [...first.queries, ...second.queries] } : first;
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}

/** A table's place while its rows stream in: a toolbar's height, then `rows` lines, so nothing moves when it comes. */
export function TableSkeleton({ rows = 10, label = "Loading the table" }: { rows?: number; label?: string }) {
  return (
    <div aria-busy="true" aria-label={label} role="status" className="space-y-3">
      <span className="skeleton block h-9 w-full max-w-2xl" />
      <div className="space-y-2 rounded border border-slate-300 p-3 dark:border-slate-700">
        {Array.from({ length: rows }, (_, i) => (
          <span key={i} className="skeleton block h-5 w-full" />
        ))}
      </div>
    </div>
  );
}

/** A block's place (a chart, a form, a card's body) while it streams in. */
export function BlockSkeleton({ height = "h-48", label }: { height?: string; label: string }) {
  return <span role="status" aria-busy="true" aria-label={label} className={`skeleton block w-full ${height}`} />;
}

/** One prefetched request, as `Prefetched` takes it. */
export type PrefetchRequest = {
  request: ApiRequest<OperationId>;
  staleTime: number;
  pages?: number;
  fields?: readonly string[];
};

/** A record's page while it streams in: its title's place, its facts' and a table's, in the page's own layout. */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="space-y-4">
      <span className="skeleton block h-8 w-72" />
      <span className="skeleton block h-32 w-full max-w-3xl" />
      <span className="skeleton block h-48 w-full" />
    </div>
  );
}

/**
 * A region streamed after the page's first bytes (its fallback first), or drawn in them when the page is kept whole
 * ("Save for offline": its data is in the proxy's fresh copies). A kept page has no boundary to reveal, so offline its
 * cards are drawn as the HTML is read, not when React reveals a streamed boundary (batched, up to 300 ms after the
 * first paint).
 */
export function Streamed({ whole, fallback, children }: { whole: boolean; fallback: ReactNode; children: ReactNode }) {
  return whole ? children : <Suspense fallback={fallback}>{children}</Suspense>;
}
