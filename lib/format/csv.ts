/**
 * CSV text as RFC 4180 writes it (CRLF line ends, fields quoted only when they must be, quotes doubled), made safe
 * to open in a spreadsheet: a text cell that a spreadsheet would run as a formula is prefixed with "'".
 * Pure and universal: the browser's export (lib/export/) and the server's audit CSV both write with it. The output is
 * built row by row so a long export can be written as it arrives. A file a program imports rather than a person opens
 * (the books' files) is written with the guard off (`{ formulaGuard: false }`): the program reads the "'" as part of
 * the name.
 */

/** One column of an export: its header and how a row's value becomes text. */
export interface ExportColumn {
  id: string;
  header: string;
  value: (row: Record<string, unknown>) => string;
}

/** The UTF-8 byte order mark: without it, Excel reads a UTF-8 file as the system's legacy code page ("CafÃ©"). */
export const CSV_BOM = "\uFEFF";

const LINE_END = "\r\n";
/** First characters that make a spreadsheet read a cell as a formula (or, for tab and CR, hide the one that does). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number ("-12.50", "+3", "1e-7" is not one): a spreadsheet reads it as a number, so it is left alone. */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;
const MUST_QUOTE = /[",\r\n]/;

/** How a field is written: `formulaGuard` (the default) makes formula-like text inert for a spreadsheet. */
export interface CsvFieldOptions {
  formulaGuard?: boolean;
}

/**
 * One field as CSV: formula-like text is made inert with a leading "'" (unless `formulaGuard: false`), and the field
 * is quoted when it holds a comma, a quote, CR or LF (quotes doubled).
 *
 * @example
 * csvField('Say "hi", then'); // "\"Say \"\"hi\"\", then\""
 * csvField("=HYPERLINK(\"http://x\")"); // "\"'=HYPERLINK(\"\"http://x\"\")\""
 * csvField("@Home", { formulaGuard: false }); // "@Home"
 * csvField("-12.50"); // "-12.50"
 */
export function csvField(value: string, options: CsvFieldOptions = {}): string {
  const guard = options.formulaGuard ?? true;
  const safe = guard && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return MUST_QUOTE.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * One record as a CSV line, ending in CRLF.
 *
 * @example
 * csvLine(["@Home", "Smith, J"], { formulaGuard: false }); // "@Home,\"Smith, J\"\r\n"
 */
export function csvLine(fields: readonly string[], options: CsvFieldOptions = {}): string {
  return fields.map((field) => csvField(field, options)).join(",") + LINE_END;
}

/**
 * The header line, ending in CRLF; with `bom`, preceded by the UTF-8 byte order mark (for Excel).
 *
 * @example
 * csvHeader([{ id: "InvoiceNum", header: "Invoice no.", value: (r) => String(r.InvoiceNum ?? "") }], { bom: true });
 * // "\uFEFFInvoice no.\r\n"
 */
export function csvHeader(columns: readonly ExportColumn[], options: { bom?: boolean } = {}): string {
  return (options.bom ? CSV_BOM : "") + csvLine(columns.map((c) => c.header));
}

/**
 * The lines of some rows, each ending in CRLF (an empty string for no rows), so that header and pages concatenate.
 *
 * @example
 * csvRows(columns, page.rows); // "1001,Acme\r\n1002,\"Smith, J\"\r\n"
 */
export function csvRows(columns: readonly ExportColumn[], rows: readonly Record<string, unknown>[]): string {
  let text = "";
  for (const row of rows) {
    // Defensive: a value function is application code, and an undefined must not become the text "undefined".
    text += csvLine(columns.map((c) => String(c.value(row) ?? "")));
  }
  return text;
}
