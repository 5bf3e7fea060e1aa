import "server-only";
import { HydrationBoundary } from "@tanstack/react-query";
import { ListView } from "@/components/views/list-view";
import { mayCall } from "@/lib/ui/navigation";
import { LIST_VIEWS, type ListViewName } from "@/lib/ui/views/catalogue";
import { listRequest, type ListView as ListViewSpec } from "@/lib/ui/views/list-view";
import { prefetched } from "./prefetch";
import { requireSession } from "./session";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A list page: its title, and its table with the first page already fetched on the server (the browser hydrates it
 * instead of showing a spinner). A key type that may not call the operation is told so, and nothing is requested.
 */
export async function ListPage({ name, searchParams, children }: { name: ListViewName; searchParams: SearchParams; children?: React.ReactNode }) {
  const view = LIST_VIEWS[name] as unknown as ListViewSpec;
  const [{ active }, params] = await Promise.all([requireSession(), searchParams]);
  if (!mayCall(active.keyType, view.operation)) return <NotForThisKey title={view.title} keyType={active.keyType} />;
  const state = await prefetched([{ request: listRequest(view, params), staleTime: view.staleTime }]);
  return (
    <div className="space-y-4">
      <PageTitle title={view.title} intro={view.intro} />
      {children}
      <HydrationBoundary state={state}>
        <ListView name={name} />
      </HydrationBoundary>
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
