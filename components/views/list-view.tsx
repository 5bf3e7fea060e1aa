"use client";

import { ListFilters as Filters, ResourceTable } from "@/components/table/resource-table";
import { LIST_VIEWS, type ListViewName } from "@/lib/ui/views/list-views";
import type { ListViewSpec } from "@/lib/ui/views/list-view-spec";

/** A list page's table, by the view's name (a server page can pass a name; it cannot pass the view's functions). */
export function ListView({ name }: { name: ListViewName }) {
  return <ResourceTable view={LIST_VIEWS[name] as unknown as ListViewSpec} />;
}

/** A list page's filters, by the view's name: drawn with the title, before the table streams in. */
export function ListFilters({ name }: { name: ListViewName }) {
  return <Filters view={LIST_VIEWS[name] as unknown as ListViewSpec} />;
}
