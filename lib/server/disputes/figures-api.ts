import "server-only";
import type { RecordOf } from "@/lib/data-api/client";
import { apiWalkOptions } from "@/lib/domain/api-query";
import { type DisputeStatus, sumAmounts } from "@/lib/domain/disputes/dispute";
import { type DisputeFigures, disputeFigures } from "@/lib/domain/disputes/figures";
import { defineRoute } from "../core/define-route";
import { requestApi } from "../core/page-api";
import type { DisputeDeps } from "./dispute-deps";
import { disputesSeen } from "./disputes-api";

/**
 * The disputes counted (`GET /api/disputes/figures`, `lib/domain/disputes/figures.ts`): for the distributor's side,
 * the disputes of the stores it sees (`disputesSeen`: the member's rep's, every store's for owners and admins); for a
 * brand, its products' quality lines. The brands are named from `/suppliers` (one request, the distributor's key; a
 * brand's key names its own from its scope).
 */

export interface DisputeFiguresJson extends DisputeFigures {
  side: "rep" | "brand";
}

// GET /api/disputes/figures: open by age, median days to resolve, by reason, by brand and by product (the newest 500).
export const getDisputeFigures = defineRoute(
  { need: "key", keyTypes: ["Employee", "Supplier"], what: "Dispute figures" },
  async ({ request, actor }, deps: DisputeDeps): Promise<DisputeFiguresJson> => {
    const seen = await disputesSeen(request, actor, deps, {});
    const names = new Map<number, string>((actor.key.scope.suppliers ?? []).map((s) => [s.id, s.name]));
    if (seen.side === "rep" && seen.rows.length) {
      const walked = await apiWalkOptions(requestApi(request, deps), { operation: "listSuppliers" }, 0, 2)
        .queryFn({ signal: request.signal })
        .catch(() => undefined);
      for (const s of (walked?.records ?? []) as Partial<RecordOf<"listSuppliers">>[])
        if (typeof s.SupplierID === "number" && typeof s.Supplier === "string") names.set(s.SupplierID, s.Supplier);
    }
    const disputes = seen.rows.map((row) => ({
      status: row.status as DisputeStatus,
      openedAt: row.opened_at,
      resolvedAt: row.resolved_at,
      lines: seen.lines.get(row.id) ?? [],
      credited: sumAmounts((seen.lines.get(row.id) ?? []).map((l) => l.credited)),
    }));
    return {
      side: seen.side === "brand" ? "brand" : "rep",
      ...disputeFigures(disputes, deps.now?.() ?? Date.now(), names),
    };
  },
);
