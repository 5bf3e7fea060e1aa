/**
 * The books' exports by name, label, kind and program: all the page needs of them, apart from the writers
 * (`formats.ts`), which the browser never runs. One list for the server, the page, the mail and the API's checks; the
 * page's choices come in this order, by the program first, as a bookkeeper looks for them. Each program keeps its own
 * "only what is new": what went into QuickBooks Online is not yet in Xero's books.
 */

export const EXPORT_FORMATS = [
  "qbo-bills",
  "qbo-vendor-credits",
  "qbo-payments",
  "xero-bills",
  "xero-bank-statement",
  "iif",
  "iif-payments",
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The programs a bookkeeper imports into, each with its own books (and its own marks of what it holds). */
export const PROGRAMS = { qbo: "QuickBooks Online", qbd: "QuickBooks Desktop", xero: "Xero" } as const;
export type Program = keyof typeof PROGRAMS;

export interface FormatChoice {
  format: ExportFormat;
  /** "QuickBooks Online — bills". */
  label: string;
  /** What the file holds: the invoices (as bills, vendor credits or both), or the payments. */
  kind: "bills" | "payments";
  program: Program;
}

export const FORMAT_CHOICES: readonly FormatChoice[] = [
  { format: "qbo-bills", label: "QuickBooks Online — bills", kind: "bills", program: "qbo" },
  { format: "qbo-vendor-credits", label: "QuickBooks Online — vendor credits", kind: "bills", program: "qbo" },
  { format: "qbo-payments", label: "QuickBooks Online — bill payments", kind: "payments", program: "qbo" },
  { format: "xero-bills", label: "Xero — bills", kind: "bills", program: "xero" },
  { format: "xero-bank-statement", label: "Xero — bank statement (payments)", kind: "payments", program: "xero" },
  { format: "iif", label: "QuickBooks Desktop — bills (IIF)", kind: "bills", program: "qbd" },
  { format: "iif-payments", label: "QuickBooks Desktop — bill payments (IIF)", kind: "payments", program: "qbd" },
];

/**
 * A format's name as stored before it was replaced: a schedule of that time asked for Xero's payments, a file Xero
 * cannot import; its bank statement is what Xero imports of them.
 */
const FORMERLY: Record<string, ExportFormat> = { "xero-payments": "xero-bank-statement" };

export function isExportFormat(text: string): text is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(text);
}

/**
 * A format as stored (a schedule's list), by its name now; undefined when no format is so named.
 *
 * @example
 * storedFormat("xero-payments"); // "xero-bank-statement"
 */
export function storedFormat(text: string): ExportFormat | undefined {
  return isExportFormat(text) ? text : FORMERLY[text];
}

/**
 * A format's choice.
 *
 * @example
 * formatChoice("iif").kind; // "bills"
 */
export function formatChoice(format: ExportFormat): FormatChoice {
  return FORMAT_CHOICES.find((c) => c.format === format)!;
}

/**
 * The program a format's file goes into, by the format's name as the ledger keeps it (an earlier format's too).
 *
 * @example
 * programOf("iif-payments"); // "qbd"
 * programOf("xero-payments"); // "xero"
 */
export function programOf(format: string): Program {
  if (format.startsWith("qbo-")) return "qbo";
  if (format.startsWith("xero-")) return "xero";
  return "qbd";
}

/**
 * A format's label by its name as the ledger keeps it (a name no choice has is shown as it is).
 *
 * @example
 * formatLabel("xero-bills"); // "Xero — bills"
 */
export function formatLabel(format: string): string {
  return isExportFormat(format) ? formatChoice(format).label : format;
}
