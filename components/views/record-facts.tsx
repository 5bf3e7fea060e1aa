"use client";

import { useTimeZone } from "@/components/shell/providers";
import { renderCell } from "@/components/table/cell";
import { NamesProvider, useNames } from "@/components/table/names";
import type { ColumnSpec } from "@/lib/ui/views/columns";

/**
 * Every field of a record as a definition list, each formatted by kind; a field the API left out shows "—".
 * `columns` are the list view's, so a field reads the same on its list and on its own page.
 */
export function RecordFacts<R>({ row, columns, skip = [] }: { row: R; columns: ColumnSpec<R>[]; skip?: string[] }) {
  const timeZone = useTimeZone();
  const names = useNames(columns, [row]);
  return (
    <NamesProvider value={names}>
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {columns
        .filter((c) => !skip.includes(c.id))
        .map((c) => (
          <div key={c.id} className="contents">
            <dt className="font-semibold" title={c.help}>
              {c.header}
            </dt>
            <dd className="break-words">{renderCell(c, row, timeZone)}</dd>
          </div>
        ))}
    </dl>
    </NamesProvider>
  );
}
