"use client";

import { useSearchParams } from "next/navigation";
import { ColumnChooser } from "@/components/table/column-chooser";
import { SpecTable } from "@/components/table/spec-table";
import { pushParams } from "@/lib/ui/address";
import {
  type InvoiceLine,
  LINE_COLUMNS_PARAM,
  lineColumns,
  toggledLineColumns,
  visibleLineColumns,
} from "@/lib/ui/invoices/line-columns";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import type { ColumnSpec } from "@/lib/ui/views/columns";

interface InvoiceLinesProps {
  lines: InvoiceLine[] | undefined;
  busy: boolean;
  /** A line's certificate of analysis, from the line or from the invoice's certificates. */
  coaOf: (line: InvoiceLine) => string | null | undefined;
}

/**
 * An invoice's lines, every documented field a column: the everyday ones shown, the others a click away in the column
 * chooser, the choice kept in the address (`columns`) so a reload or a shared link shows the same. Ids without a name
 * on the line (the supplier, the customer) are named as on the list pages, only when their column is shown.
 */
export function InvoiceLines({ lines, busy, coaOf }: InvoiceLinesProps) {
  const params = useSearchParams();
  const columns = lineColumns({ keyType: useKeyScope().keyType, coaOf });
  const visible = visibleLineColumns(columns, params.get(LINE_COLUMNS_PARAM));
  const shown = columns.filter((c) => visible.includes(c.id));
  const rows = lines ?? [];
  // The chooser's view of the columns (it is shared with the list pages' TanStack tables). Each change reads the
  // address as it is then, so ticks made before the page follows the last one are all kept.
  const table = {
    getAllLeafColumns: () =>
      columns.map((c) => ({
        id: c.id,
        columnDef: { header: c.header },
        getIsVisible: () => visible.includes(c.id),
        toggleVisibility: (on?: boolean) =>
          pushParams((p) => {
            const next = toggledLineColumns(columns, p.get(LINE_COLUMNS_PARAM), c.id, on ?? !visible.includes(c.id));
            if (next === undefined) p.delete(LINE_COLUMNS_PARAM);
            else p.set(LINE_COLUMNS_PARAM, next);
          }),
      })),
  };

  return (
    <div className="space-y-2">
      <ColumnChooser table={table} />
      <SpecTable
        label="Invoice lines"
        columns={shown as ColumnSpec<Record<string, unknown>>[]}
        rows={rows as Record<string, unknown>[]}
        rowKey={(line, index) => `${String(line.InvoiceTransID ?? "line")}:${index}`}
        busy={busy}
      >
        {lines && lines.length === 0 && <p className="p-4 text-sm">This invoice has no lines.</p>}
      </SpecTable>
    </div>
  );
}
