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
 * browser hydrates it instead of fetching again). A key type that may not call the operation is told so, and nothing is requested.
 */
export async function ListPage({ name, searchParams, children }: { name: ListViewName; searchParams: SearchParams; children?: React.ReactNode }) {
  const view = LIST_VIEWS[name] as unknown as ListViewSpec;
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, view.operation)) return <NotForThisKey title={view.title} keyType={active.keyType} />;
  // The title at once; the table (its filters with it) streams in when its first page has answered.
  return (
    <div className="space-y-4">
      <PageTitle title={view.title} intro={view.intro} />
      {children}
      <Suspense fallback={<TableSkeleton label={`Loading ${view.title.toLowerCase()}`} />}>
        <Prefetched requests={[{ request: listRequest(view, params), staleTime: view.staleTime }]}>
          <ListView name={name} />
        </Prefetched>
      </Suspense>
    </div>
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
      <p>
        {keyType} keys may not see {title.toLowerCase()}: the Data API answers 403. Switch to another key to see this page.
      </p>
    </div>
  );
}
