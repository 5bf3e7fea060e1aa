"use client";

import { useEffect, useId, useRef, useState } from "react";

interface ChoosableColumn {
  id: string;
  getIsVisible: () => boolean;
  toggleVisibility: (value?: boolean) => void;
  columnDef: { header?: unknown };
}

/**
 * Which columns show: every field of the record can be turned on; the choice goes into the URL. `empty`: the columns
 * the table does not draw because no row of the page has anything in them (sparse records); they stay offered, and
 * chosen, marked empty on this page, and are not counted as shown.
 */
export function ColumnChooser({
  table,
  empty,
}: {
  table: { getAllLeafColumns: () => ChoosableColumn[] };
  empty?: ReadonlySet<string>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const columns = table.getAllLeafColumns();
  const shown = columns.filter((c) => c.getIsVisible() && !empty?.has(c.id)).length;
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", outside);
    return () => document.removeEventListener("mousedown", outside);
  }, [open]);
  return (
    <div ref={box} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="rounded border border-slate-400 bg-white px-2 py-1 text-sm dark:bg-slate-900"
      >
        Columns ({shown} of {columns.length})
      </button>
      {open && (
        <fieldset
          id={id}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              setOpen(false);
              button.current?.focus();
            }
          }}
          className="absolute z-20 mt-1 max-h-80 w-64 max-w-[calc(100vw-2rem)] overflow-y-auto rounded border border-slate-400 bg-white p-2 shadow-lg dark:bg-slate-900"
        >
          <legend className="sr-only">Visible columns</legend>
          {columns.map((column, index) => (
            <label key={column.id} className="flex min-h-11 items-center gap-2 px-1 py-0.5 text-sm md:min-h-0">
              {/* Uncontrolled: the tick shows at once, while the table follows when the address (its source) updates. The
                  list mounts afresh each time it opens, so it starts from what the table shows. */}
              <input
                type="checkbox"
                defaultChecked={column.getIsVisible()}
                onChange={(e) => column.toggleVisibility(e.target.checked)}
                autoFocus={index === 0}
              />
              {String(column.columnDef.header ?? column.id)}
              {empty?.has(column.id) && (
                <span className="text-slate-600 dark:text-slate-400"> (empty on this page)</span>
              )}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
