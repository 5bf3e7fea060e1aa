import "server-only";
import { pageHref } from "@/lib/domain/page-href";
import { type PlanInput, planRows } from "@/lib/domain/replenishment/plan";
import type { NewNotification } from "../core/notify/notification-store";
import { candidates, type WatchMember } from "./recipients";

/**
 * What a Supplier key's watch finds in the brand's stock: the products the replenishment planner (`/purchases/plan`)
 * marks below their target days of cover, by the planner's own rows (`planRows`, `belowTarget`): one rule, not a
 * second copy of it. Pure: the clock is an argument.
 */

export interface StockContext {
  workspaceId: string;
  /** The key watched: a workspace with two brands' keys gets a summary for each. */
  keyId: string;
  members: readonly WatchMember[];
  now: Date;
}

/**
 * The products below target for each plan (one per supplier of the key): product ids, each once, and the day they
 * were counted on (the first such row's warehouse day).
 *
 * @example
 * belowCover([world], new Date("2026-11-21T23:00:00Z")); // { productIds: [7], day: "2026-11-21" }
 */
export function belowCover(plans: readonly PlanInput[], now: Date): { productIds: number[]; day?: string } {
  const rows = plans.flatMap((plan) => planRows(plan, { now })).filter((row) => row.belowTarget);
  return { productIds: [...new Set(rows.map((row) => row.productId))].sort((a, b) => a - b), day: rows[0]?.today };
}

/**
 * One summary a day per member and key: "5 products below target days of cover", linking to the plan; none when no product is.
 *
 * @example
 * belowCoverNotifications([world], { workspaceId, keyId, members, now });
 * // [{ kind: "below-cover", title: "1 product below target days of cover", link: "/purchases/plan", effectKey: "below-cover:<userId>:<keyId>:2026-11-21", ... }]
 */
export function belowCoverNotifications(plans: readonly PlanInput[], context: StockContext): NewNotification[] {
  const { productIds, day } = belowCover(plans, context.now);
  if (productIds.length === 0 || !day) return [];
  const title = `${productIds.length} ${productIds.length === 1 ? "product" : "products"} below target days of cover`;
  return candidates("below-cover", "Supplier", context.members).map((m) => ({
    userId: m.userId,
    workspaceId: context.workspaceId,
    kind: "below-cover",
    effectKey: `below-cover:${m.userId}:${context.keyId}:${day}`,
    title,
    link: pageHref.purchasePlan(),
  }));
}
