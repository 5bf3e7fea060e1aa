import { type DisputeStatus, STATUS_WORDS } from "@/lib/domain/disputes/dispute";

const TONE: Record<DisputeStatus, string> = {
  open: "border-amber-700 bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  acknowledged: "border-sky-700 bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50",
  resolved: "border-emerald-700 bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50",
};

/** Where a dispute stands, in a word. */
export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return (
    <span className={`rounded border px-2 py-0.5 text-sm font-semibold ${TONE[status]}`} data-status={status}>
      {STATUS_WORDS[status]}
    </span>
  );
}
