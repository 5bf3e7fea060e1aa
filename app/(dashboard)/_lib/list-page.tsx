import "server-only";
import { Suspense } from "react";
import { ListFilters, ListView } from "@/components/views/list-view";
import { SaveView } from "@/components/views/save-view";
import { mayCall } from "@/lib/domain/navigation";
import { LIST_VIEWS, type ListViewName } from "@/lib/ui/views/list-views";
import { listRequest, type ListViewSpec } from "@/lib/ui/views/list-view-spec";
import { Prefetched, TableSkeleton } from "./streamed";
import { requireSession } from "./session";
import { NotForThisKey, PageTitle } from "./page-title";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A list page: its title and filters at once (the filters need only the address), then its table streamed in with
 * the first page already fetched on the server (the browser hydrates it instead of fetching again). A key type that may
 * not call the operation is told so, and nothing is requested.
 */
export async function ListPage({
  name,
  searchParams,
  children,
}: {
  name: ListViewName;
  searchParams: SearchParams;
  children?: React.ReactNode;
}) {
  const view = LIST_VIEWS[name] as unknown as ListViewSpec;
  // The layout has read the session already (one read per request): this waits for nothing the API says.
  const { active } = await requireSession();
  if (!mayCall(active.keyType, view.operation)) return <NotForThisKey title={view.title} keyType={active.keyType} />;
  return (
    <div className="space-y-4">
      <PageTitle title={view.title} intro={view.intro} />
      {children}
      <ListFilters name={name} />
      <SaveView />
      <Suspense fallback={<TableSkeleton label={`Loading ${view.title.toLowerCase()}`} />}>
        <ListRegion view={view} name={name} searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

/** The table of a list page, with its first page fetched on the server. */
async function ListRegion({
  view,
  name,
  searchParams,
}: {
  view: ListViewSpec;
  name: ListViewName;
  searchParams: SearchParams;
}) {
  return (
    <Prefetched requests={[{ request: listRequest(view, await searchParams), staleTime: view.staleTime }]}>
      <ListView name={name} />
    </Prefetched>
  );
}
