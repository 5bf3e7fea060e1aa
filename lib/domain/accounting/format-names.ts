/**
 * The six files of the books' exports by name, label and kind: all the page needs of them, apart from the
 * writers (`formats.ts`), which the browser never runs. One list for the server, the page, the mail and the API's
 * checks; the page's choices come in this order, by the tool first, as a bookkeeper looks for them.
 */

export const EXPORT_FORMATS = [
  "qbo-bills",
  "qbo-vendor-credits",
  "qbo-payments",
  "xero-bills",
  "xero-payments",
  "iif",
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface FormatChoice {
  format: ExportFormat;
  /** "QuickBooks Online — bills". */
  label: string;
  /** What the file holds: the invoices (as bills, vendor credits or both), or the bill payments. */
  kind: "bills" | "payments";
}

export const FORMAT_CHOICES: readonly FormatChoice[] = [
  { format: "qbo-bills", label: "QuickBooks Online — bills", kind: "bills" },
  { format: "qbo-vendor-credits", label: "QuickBooks Online — vendor credits", kind: "bills" },
  { format: "qbo-payments", label: "QuickBooks Online — bill payments", kind: "payments" },
  { format: "xero-bills", label: "Xero — bills", kind: "bills" },
  { format: "xero-payments", label: "Xero — payments", kind: "payments" },
  { format: "iif", label: "QuickBooks Desktop — bills (IIF)", kind: "bills" },
];

export function isExportFormat(text: string): text is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(text);
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
 * A format's label by its name as the ledger keeps it (a name no choice has is shown as it is).
 *
 * @example
 * formatLabel("xero-bills"); // "Xero — bills"
 */
export function formatLabel(format: string): string {
  return isExportFormat(format) ? formatChoice(format).label : format;
}
