"use client";

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
  const id = `today-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
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
