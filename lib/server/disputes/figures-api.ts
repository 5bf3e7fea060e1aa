import "server-only";
import * as z from "zod";
import type { RecordOf } from "@/lib/data-api/client";
import { apiWalkOptions } from "@/lib/domain/api-query";
import { DISPUTE_REASONS, type DisputeStatus, sumAmounts } from "@/lib/domain/disputes/dispute";
import { type DisputeFigures, disputeFigures } from "@/lib/domain/disputes/figures";
import { defineRoute } from "../core/define-route";
import { requestApi } from "../core/page-api";
import type { DisputeDeps } from "./dispute-deps";
import { disputesSeen } from "./disputes-api";

export interface DisputeFiguresJson extends DisputeFigures {
  side: "rep" | "brand";
}

const tally = {
  count: z.number().describe("Disputes with at least one line of the kind."),
  amount: z.string().describe("The amount of those lines (cents)."),
};

const DisputeFiguresAnswer = z.object({
  side: z.enum(["rep", "brand"]),
  openByAge: z
    .array(
      z.object({
        label: z.string(),
        fromDays: z.number().describe("The bucket's first day since opened."),
        toDays: z.number().nullable().describe("Its last (null: open-ended)."),
        count: z.number(),
        amount: z.string().describe("Still in dispute (the amounts less what was credited), cents."),
      }),
    )
    .describe("The open disputes by age in days since opened: 0–2, 3–7, 8–14, 15+."),
  open: z.object(tally),
  resolved: z.number(),
  medianDaysToResolve: z
    .number()
    .nullable()
    .describe("The median days from opened to resolved of the resolved disputes (one decimal), null when none."),
  byReason: z.array(z.object({ reason: z.enum(DISPUTE_REASONS), ...tally })),
  byBrand: z.array(z.object({ supplierId: z.number().nullable(), name: z.string().nullable(), ...tally })),
  byProduct: z.array(z.object({ productId: z.number(), name: z.string(), ...tally })),
}) satisfies z.ZodType<DisputeFiguresJson>;

export const getDisputeFigures = defineRoute(
  {
    method: "GET",
    path: "/api/disputes/figures",
    summary: "Counts the disputes the asker sees: open by age, time to resolve, by reason, brand and product.",
    description: [
      'Over the newest 500 disputes the asker sees: for the distributor\'s side (`side: "rep"`), those of the stores',
      "it sees (the member's rep's, every store's for owners and admins); for a brand, its products' quality lines only.",
      "The brands are named from `/suppliers` (one request with the distributor's key; a brand's key names its own from",
      "its scope).",
    ].join("\n"),
    answer: DisputeFiguresAnswer,
    need: "key",
    keyTypes: ["Employee", "Supplier"],
    what: "Dispute figures",
  },
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
