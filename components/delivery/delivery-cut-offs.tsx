"use client";

import type { DateCutOff } from "@/lib/domain/delivery/schedule";
import { dateWords } from "./delivery-weekdays";

interface DeliveryCutOffsProps {
  headingId: string;
  date: string;
  cutOffs: DateCutOff[];
}

/** Each state's order cut-off for the chosen date's delivery, marked when an order placed now still makes it. */
export function DeliveryCutOffs({ headingId, date, cutOffs }: DeliveryCutOffsProps) {
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {dateWords(date)}: order cut-off
      </h2>
      {cutOffs.length === 0 && <p className="text-sm">No state in view.</p>}
      <ul className="space-y-2">
        {cutOffs.map((c) => (
          <li
            key={c.state}
            data-testid={`cutoff-${c.state}`}
            className={`rounded border p-3 text-sm ${c.open ? "border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50" : "border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"}`}
          >
            <strong>{c.state}</strong> ({c.timeZone}): {c.sentence}
            {c.open && c.delivery.cutOff && <span className="ml-1 font-semibold">Still possible now.</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
