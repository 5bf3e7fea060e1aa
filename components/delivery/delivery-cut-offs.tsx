"use client";

import { weekdayName } from "@/lib/domain/delivery/cutoff";
import type { DayCutOff } from "@/lib/domain/delivery/schedule";

interface DeliveryCutOffsProps {
  headingId: string;
  day: number;
  cutOffs: DayCutOff[];
}

/** Each state's order cut-off for the chosen day, marked when an order placed now still makes it. */
export function DeliveryCutOffs({ headingId, day, cutOffs }: DeliveryCutOffsProps) {
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {weekdayName(day)}: order cut-off
      </h2>
      {cutOffs.length === 0 && <p className="text-sm">No state in view.</p>}
      <ul className="space-y-2">
        {cutOffs.map((c) => {
          const missed = c.nearest && c.next && c.nearest !== c.next;
          return (
            <li
              key={c.state}
              data-testid={`cutoff-${c.state}`}
              className={`rounded border p-3 text-sm ${missed ? "border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50" : "border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50"}`}
            >
              <strong>{c.state}</strong> ({c.timeZone}): {c.sentence}
              {c.next && !missed && <span className="ml-1 font-semibold">Still possible now.</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
