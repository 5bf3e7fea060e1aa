"use client";

import { RecordLink } from "@/components/table/record-link";
import { MISSING } from "@/lib/format/display";
import type { RequestedBy } from "@/lib/ui/payments/requested-by";

interface RequestedByCellProps {
  who: RequestedBy;
}

/** A "Requested by" cell: the Backroom person (as such), the ERP user linked where the key can open their page, or a wait. */
export function RequestedByCell({ who }: RequestedByCellProps) {
  switch (who.kind) {
    case "pending":
      return (
        <span
          className="skeleton inline-block h-4 w-24 align-middle"
          role="status"
          aria-label="Loading who requested it"
        />
      );
    case "missing":
      return <>{MISSING}</>;
    case "backroom":
      return (
        <>
          {who.name ?? "A former member"}
          <span className="block text-xs text-slate-600 dark:text-slate-400">in Backroom</span>
        </>
      );
    case "erp":
      return who.name !== undefined ? (
        <RecordLink kind="UserIDs" id={who.userId}>
          {who.name}
        </RecordLink>
      ) : (
        <span title="This key cannot read this ERP user">ERP user {who.userId}</span>
      );
  }
}
