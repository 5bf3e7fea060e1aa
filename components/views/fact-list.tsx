import type { ReactNode } from "react";

/**
 * Terms and their values as a definition list, two columns: a record's facts (the term in bold, its value beside it)
 * or, with `figures`, its totals (the figures right-aligned, in tabular digits).
 *
 * @example
 * <FactList facts={[["Vendor", "Mojave Sun"], ["Requested delivery", "Dec 14, 2026"]]} />
 * <FactList figures facts={[["Cases", "16"], ["Total", "$20,984.54"]]} />
 */
export function FactList({ facts, figures = false }: { facts: [string, ReactNode][]; figures?: boolean }) {
  return (
    <dl
      className={`grid gap-x-4 gap-y-1 text-sm ${figures ? "grid-cols-[1fr_max-content] tabular-nums" : "grid-cols-[max-content_1fr]"}`}
    >
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className={figures ? undefined : "font-semibold"}>{term}</dt>
          <dd className={figures ? "text-right" : "break-words"}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
