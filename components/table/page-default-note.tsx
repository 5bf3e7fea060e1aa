"use client";

import { useSearchParams } from "next/navigation";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { pagingParams } from "@/lib/data-api/values";
import { pushParams } from "@/lib/ui/address";
import { type ListOperationId, type ListViewSpec, pageDefaultInForce, todayUtc } from "@/lib/ui/views/list-view-spec";

interface PageDefaultNoteProps<K extends ListOperationId> {
  view: ListViewSpec<K>;
}

/**
 * What a list with a page default shows, in words above its table: the page's default while it is in
 * force ("Showing invoices of every status … the last 90 days"), or the API's own when the address asks for exactly
 * that, each with a link to the other. Nothing for a list without one, or with filters of the person's choosing.
 */
export function PageDefaultNote<K extends ListOperationId>({ view }: PageDefaultNoteProps<K>) {
  const params = useSearchParams();
  const chosen = view.pageDefault;
  if (!chosen) return null;
  const inForce = pageDefaultInForce(view, params);
  if (!inForce && Object.entries(chosen.api.query).some(([name, value]) => params.get(name) !== value)) return null;
  const { page: pageName } = pagingParams(OPERATION_META[view.operation].version);
  return (
    <p className="text-sm" data-testid="page-default">
      {inForce ? chosen.words(todayUtc()) : `Showing ${chosen.api.describe}.`}{" "}
      <button
        type="button"
        className="link cursor-pointer font-semibold"
        onClick={() =>
          pushParams((p) => {
            p.delete(pageName);
            if (inForce) for (const [name, value] of Object.entries(chosen.api.query)) p.set(name, value);
            else for (const name of chosen.unless) p.delete(name);
          })
        }
      >
        Show {inForce ? chosen.api.describe : chosen.name}
      </button>
    </p>
  );
}
