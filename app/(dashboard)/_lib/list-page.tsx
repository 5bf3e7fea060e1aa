import "server-only";
import { Suspense } from "react";
import { ListFilters, ListView } from "@/components/views/list-view";
import { SaveView } from "@/components/views/save-view";
import { mayCall } from "@/lib/domain/navigation";
import { LIST_VIEWS, type ListViewName } from "@/lib/ui/views/list-views";
import type { ListViewSpec } from "@/lib/ui/views/list-view-spec";
import { WHOLE_LIST_PAGES, walkRequest } from "@/lib/domain/views/whole-list";
import { Prefetched, TableSkeleton } from "./streamed";
import { requireSession } from "./session";
import { NotForThisKey, PageTitle } from "./page-title";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A list page: its title and filters at once (the filters need only the address), then its table streamed in with
 * its whole filtered list already read on the server (pages of 500, up to `WHOLE_LIST_PAGES`: the browser hydrates it
 * instead of reading it again, and counts, orders, totals and pages it). A key type that may not call the operation
 * is told so, and nothing is requested.
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

/** The table of a list page, with its whole list read on the server. */
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
    <Prefetched
      requests={[
        { request: walkRequest(view, await searchParams), staleTime: view.staleTime, pages: WHOLE_LIST_PAGES },
      ]}
    >
      <ListView name={name} />
    </Prefetched>
  );
}
