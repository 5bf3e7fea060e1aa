/**
 * The bordered frame that scrolls a wide table sideways. It is a labelled region in the tab order, so a keyboard user
 * can scroll it with the arrow keys even when the table holds no link or button (axe: scrollable-region-focusable).
 */
export function TableFrame({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="table-scroll rounded border border-slate-300 dark:border-slate-700">
      {children}
    </div>
  );
}
