/**
 * The bordered frame that scrolls a wide table sideways. It is a labelled region in the tab order, so a keyboard user
 * can scroll it with the arrow keys even when the table holds no link or button (axe: scrollable-region-focusable).
 * `bare`: no border of its own (a small table that has always stood without one), `className` sizes it.
 */
export function TableFrame({
  label,
  bare = false,
  className = "",
  children,
}: {
  label: string;
  bare?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`table-scroll ${bare ? "" : "rounded border border-slate-300 dark:border-slate-700"} ${className}`}
    >
      {children}
    </div>
  );
}
