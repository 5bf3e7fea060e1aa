"use client";

import { useTimeZone } from "@/components/shell/providers";
import { renderCell } from "@/components/table/cell";
import { NamesProvider, useNames } from "@/components/table/names";
import type { ColumnSpec } from "@/lib/ui/views/columns";
import { emptyColumns } from "@/lib/ui/views/empty-columns";

/**
 * Every field of a record as a definition list, each formatted by kind; a field the API left out shows "—".
 * `columns` are the list view's, so a field reads the same on its list and on its own page. `gatherEmpty`: the fields
 * without a value are named together in one line under the list, not each beside a dash.
 */
export function RecordFacts<R>({
  row,
  columns,
  skip = [],
  gatherEmpty = false,
}: {
  row: R;
  columns: ColumnSpec<R>[];
  skip?: string[];
  gatherEmpty?: boolean;
}) {
  const timeZone = useTimeZone();
  const shown = columns.filter((c) => !skip.includes(c.id));
  const empty = gatherEmpty ? emptyColumns(shown, [row]) : new Set<string>();
  const names = useNames(shown, [row]);
  return (
    <NamesProvider value={names}>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {shown
          .filter((c) => !empty.has(c.id))
          .map((c) => (
            <div key={c.id} className="contents">
              <dt className="font-semibold" title={c.help}>
                {c.header}
              </dt>
              <dd className="break-words">{renderCell(c, row, timeZone)}</dd>
            </div>
          ))}
      </dl>
      {empty.size > 0 && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          No value:{" "}
          {shown
            .filter((c) => empty.has(c.id))
            .map((c) => c.header)
            .join(", ")}
          .
        </p>
      )}
    </NamesProvider>
  );
}
