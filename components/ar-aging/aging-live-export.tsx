"use client";

import { useSearchParams } from "next/navigation";
import { TableExport } from "@/components/table/table-export";
import { LIST_VIEWS } from "@/lib/ui/views/list-views";
import { listRequest, type ListViewSpec } from "@/lib/ui/views/list-view-spec";

const view = LIST_VIEWS.arAging as unknown as ListViewSpec;

/**
 * "Export CSV" of a live AR aging: the list's own export (every page of the address's filters, paced, the list view's
 * columns). Loaded after the report (`ArAgingReport`): few visits export.
 */
export function AgingLiveExport({ timeZone }: { timeZone: string | undefined }) {
  const params = useSearchParams();
  return (
    <TableExport
      view={view}
      request={listRequest(view, params)}
      timeZone={timeZone}
      visible={[...view.defaultColumns]}
    />
  );
}
