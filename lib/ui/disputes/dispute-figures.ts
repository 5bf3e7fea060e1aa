import type { Route } from "next";
import type { DisputeReason, DisputeStatus } from "@/lib/domain/disputes/dispute";
import { AGE_BUCKETS as DOMAIN_BUCKETS, type DisputeFigures } from "@/lib/domain/disputes/figures";
import type { DisputeSummary } from "@/lib/domain/disputes/view";

/**
 * The disputes list's filters, in the address (`status`, `reason`, `supplierId`, `productId`, `age`), and what
 * `GET /api/disputes/figures` answers: each figure a count that opens the list it counts. Pure.
 */

/** Open disputes by age in days, as the figures count them: the list's `age` filter ("0-2", "15+"). */
export const AGE_BUCKETS = DOMAIN_BUCKETS.map((b) => ({
  id: b.toDays === null ? `${b.fromDays}+` : `${b.fromDays}-${b.toDays}`,
  label: b.label,
  from: b.fromDays,
  to: b.toDays ?? Number.POSITIVE_INFINITY,
}));

/** `GET /api/disputes/figures`: the distributor's side's figures, or a brand's (its products' quality lines). */
export type DisputeFiguresJson = DisputeFigures & { side: "rep" | "brand" };

export interface ListFilter {
  status?: DisputeStatus;
  reason?: DisputeReason;
  supplierId?: number;
  productId?: number;
  age?: string;
}

const STATUSES: readonly string[] = ["open", "acknowledged", "resolved"];
const REASONS: readonly string[] = ["short", "damaged", "not-compliant", "wrong-price"];

/** The filter the address names (anything it does not know is left out). */
export function filterOf(params: URLSearchParams): ListFilter {
  const id = (name: string) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const status = params.get("status") ?? "";
  const reason = params.get("reason") ?? "";
  const age = params.get("age") ?? "";
  return {
    ...(STATUSES.includes(status) ? { status: status as DisputeStatus } : {}),
    ...(REASONS.includes(reason) ? { reason: reason as DisputeReason } : {}),
    ...(id("supplierId") !== undefined ? { supplierId: id("supplierId") } : {}),
    ...(id("productId") !== undefined ? { productId: id("productId") } : {}),
    ...(AGE_BUCKETS.some((b) => b.id === age) ? { age } : {}),
  };
}

/** The list's address for a filter (a figure's link). */
export function listHref(filter: ListFilter): Route {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return `/disputes${search ? `?${search}` : ""}` as Route;
}

/** Whole days a dispute has been open (from `openedAt` to `now`, or to when it was resolved). */
export function ageDays(dispute: Pick<DisputeSummary, "openedAt" | "resolvedAt">, now: Date): number {
  const end = dispute.resolvedAt ? Date.parse(dispute.resolvedAt) : now.getTime();
  return Math.max(0, Math.floor((end - Date.parse(dispute.openedAt)) / 86_400_000));
}

/**
 * The disputes the filter keeps: the API filtered status and brand; reason, product and age are the page's own
 * (an age bucket counts open disputes, not acknowledged or resolved ones, as its figure does).
 */
export function applyFilter(disputes: readonly DisputeSummary[], filter: ListFilter, now: Date): DisputeSummary[] {
  const bucket = AGE_BUCKETS.find((b) => b.id === filter.age);
  return disputes.filter(
    (d) =>
      (!filter.status || d.status === filter.status) &&
      (!filter.reason || d.lines.some((l) => l.reason === filter.reason)) &&
      (!filter.productId || d.lines.some((l) => l.productId === filter.productId)) &&
      (!filter.supplierId || d.lines.some((l) => l.supplierId === filter.supplierId)) &&
      (!bucket || (d.status === "open" && ageDays(d, now) >= bucket.from && ageDays(d, now) <= bucket.to)),
  );
}
