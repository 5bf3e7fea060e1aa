"use client";

import { useState } from "react";

/** Cards a section shows before "Show all": the first screen of a phone holds the strip and the first stops. */
export const FIRST_SHOWN = 5;

/**
 * A section's fold: whether every card is shown, the button that shows them (none when `count` fits), and how many to
 * show (`take`), across the section's groups.
 */
export function useFold(count: number, what: string) {
  const [all, setAll] = useState(false);
  const button =
    !all && count > FIRST_SHOWN ? (
      <button
        type="button"
        onClick={() => setAll(true)}
        className="min-h-11 rounded border border-slate-400 px-3 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        Show all {count} {what}
      </button>
    ) : null;
  return { all, limit: all ? Number.POSITIVE_INFINITY : FIRST_SHOWN, button };
}

/** The id of a section's heading: what the strip links to. */
export const sectionId = (title: string) => `today-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;

/** The spacing of each of Today's sections. */
export const TODAY_SECTION = "space-y-3";

interface TodaySectionProps {
  title: string;
  count: number;
  empty: string;
  note?: string;
  children: React.ReactNode;
}

/** One of Today's sections: its heading with its count, a note when it has anything, else what it says when empty. */
export function TodaySection({ title, count, empty, note, children }: TodaySectionProps) {
  const id = sectionId(title);
  return (
    <section aria-labelledby={id} className={TODAY_SECTION}>
      <h2 id={id} className="text-lg font-semibold">
        {title} <span className="text-base font-normal text-slate-700 dark:text-slate-300">({count})</span>
      </h2>
      {note && count > 0 && <p className="max-w-3xl text-sm">{note}</p>}
      {count === 0 ? <p className="text-sm">{empty}</p> : children}
    </section>
  );
}
