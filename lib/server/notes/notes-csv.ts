import "server-only";
import { csvHeader, csvRows, type ExportColumn } from "@/lib/format/csv";
import { NO_STORE } from "../core/route-errors";
import type { StoredNote } from "./notes-store";

/** The CSV's columns: when, on whom, by whom, what. Times as ISO 8601 UTC, as the Activity CSV writes them. */
const COLUMNS: ExportColumn[] = (
  [
    ["createdAt", "Written (UTC)", (n) => n.createdAt],
    ["customerId", "Customer", (n) => String(n.customerId)],
    ["author", "Author", (n) => n.authorName],
    ["text", "Note", (n) => n.text],
  ] satisfies [string, string, (n: StoredNote) => string][]
).map(([id, header, value]) => ({ id, header, value: (row) => value(row as unknown as StoredNote) }));

/**
 * One customer's notes as a CSV download (newest first, with the byte order mark Excel needs), named after the
 * customer and the day: `visit-notes-customer-20001-2026-11-21.csv`.
 */
export function notesCsv(customerId: number, notes: readonly StoredNote[], today: Date): Response {
  const text = csvHeader(COLUMNS, { bom: true }) + csvRows(COLUMNS, notes as unknown as Record<string, unknown>[]);
  const name = `visit-notes-customer-${customerId}-${today.toISOString().slice(0, 10)}.csv`;
  return new Response(text, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
    },
  });
}
