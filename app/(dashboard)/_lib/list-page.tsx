import "server-only";
import { Suspense } from "react";
import { ListView } from "@/components/views/list-view";
import { mayCall } from "@/lib/ui/navigation";
import { LIST_VIEWS, type ListViewName } from "@/lib/ui/views/list-views";
import { listRequest, type ListViewSpec } from "@/lib/ui/views/list-view-spec";
import { Prefetched, TableSkeleton } from "./streamed";
import { requireSession } from "./session";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A list page: its title at once, then its table streamed in with the first page already fetched on the server (the
 * browser hydrates it instead of fetching again). A key type that may not call the operation is told so, and nothing
 * is requested.
 *
 * The page itself waits for nothing (no session, no address): its title is then part of the first HTML the server
 * sends, not a later swap (React reveals streamed regions at most every 300 ms, so a title that streams in costs a
 * reveal before the table's).
 */
export function ListPage({ name, searchParams, children }: { name: ListViewName; searchParams: SearchParams; children?: React.ReactNode }) {
  const view = LIST_VIEWS[name] as unknown as ListViewSpec;
  return (
    <div className="space-y-4">
      <PageTitle title={view.title} intro={view.intro} />
      {children}
      <Suspense fallback={<TableSkeleton label={`Loading ${view.title.toLowerCase()}`} />}>
        <ListRegion view={view} name={name} searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

/** The table of a list page, with its first page fetched on the server; or why this key may not see it. */
async function ListRegion({ view, name, searchParams }: { view: ListViewSpec; name: ListViewName; searchParams: SearchParams }) {
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, view.operation)) return <NotForThisKeyText title={view.title} keyType={active.keyType} />;
  return (
    <Prefetched requests={[{ request: listRequest(view, params), staleTime: view.staleTime }]}>
      <ListView name={name} />
    </Prefetched>
  );
}

export function PageTitle({ title, intro }: { title: string; intro?: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {intro && <p className="mt-1 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{intro}</p>}
    </div>
  );
}

export function NotForThisKey({ title, keyType }: { title: string; keyType: string }) {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <NotForThisKeyText title={title} keyType={keyType} />
    </div>
  );
}

/** Why the page shows nothing, under a title already drawn. */
export function NotForThisKeyText({ title, keyType }: { title: string; keyType: string }) {
  return (
    <p>
      {keyType} keys may not see {title.toLowerCase()}: the Data API answers 403. Switch to another key to see this page.
    </p>
  );
}
