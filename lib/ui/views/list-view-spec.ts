/**
 * The list views' spec as the browser draws it: the domain's (lib/domain/views/list-view-spec.ts: the shape, its
 * requests and visible columns) with React cells. Only the type's flavour is named here; every rule is the domain's.
 */
import type { ReactNode } from "react";
import type { ListOperationId, ListViewSpec as DomainListViewSpec } from "@/lib/domain/views/list-view-spec";

export * from "@/lib/domain/views/list-view-spec";

/** A list page whose columns' richer cells are drawn by React (`lib/ui/views/list-views.tsx` adds them). */
export type ListViewSpec<K extends ListOperationId = ListOperationId> = DomainListViewSpec<K, ReactNode>;
