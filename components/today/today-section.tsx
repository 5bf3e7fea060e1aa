"use client";

import { useState } from "react";

/** Cards a section shows before "Show all": the first screen of a phone holds the strip and the first stops. */
export const FIRST_SHOWN = 5;

/** The id of a section's heading: what the strip links to. */
export const sectionId = (title: string) => `today-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;

/** The spacing of each of Today's sections. */
export const TODAY_SECTION = "space-y-3";

interface TodaySectionProps {
  title: string;
  count: number;
  empty: string;
  note?: string;
  /** What the section's cards are, in "Show all N …": the section folds to its first five when it has more. */
  what: string;
  /** The section's cards, the first `limit` of them (every one once "Show all" is pressed). */
  children: (limit: number) => React.ReactNode;
}

/**
 * One of Today's sections: its heading with its count and, when it holds more than five, "Show all N …" beside it (on a
 * phone the heading's row, not a row of its own under the cards); a note when it has anything, else what it says when
 * empty.
 */
export function TodaySection({ title, count, empty, note, what, children }: TodaySectionProps) {
  const [all, setAll] = useState(false);
  const id = sectionId(title);
  const folded = !all && count > FIRST_SHOWN;
  return (
    <section aria-labelledby={id} className={TODAY_SECTION}>
      <div className="flex flex-wrap items-center gap-x-3">
        <h2 id={id} className="text-lg font-semibold">
          {title} <span className="text-base font-normal text-slate-700 dark:text-slate-300">({count})</span>
        </h2>
        {folded && (
          <button
            type="button"
            onClick={() => setAll(true)}
            aria-label={`Show all ${count} ${what}`}
            className="link min-h-11 px-1 text-sm font-semibold"
          >
            Show all {count}
          </button>
        )}
      </div>
      {note && count > 0 && <p className="max-w-3xl text-sm">{note}</p>}
      {count === 0 ? <p className="text-sm">{empty}</p> : children(folded ? FIRST_SHOWN : Number.POSITIVE_INFINITY)}
    </section>
  );
}
