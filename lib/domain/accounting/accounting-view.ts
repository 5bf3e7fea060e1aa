/**
 * What Backroom's books endpoints answer (`lib/server/accounting/accounting-api.ts`), declared once: the server types
 * its answers with them and the Books export page reads them.
 */
import type { HeldBill } from "./bills";
import type { ExportFormat } from "./format-names";
import type { AccountingMapping, MappingGap } from "./mapping";

/** `GET /api/accounting/preview`: what an export would hold, and its first rows as the file writes them. */
export interface PreviewJson {
  format: ExportFormat;
  label: string;
  kind: "bills" | "payments";
  /** The program whose books the file goes into ("QuickBooks Online"): each keeps its own "only what is new". */
  program: string;
  from: string;
  to: string;
  newOnly: boolean;
  /** Bills; or payments and the allocations applied later from a prepayment. */
  counts: { period: number; new: number; changed: number; unchanged: number; inFile: number };
  /** The period's records the program's books hold already as they are (`counts.unchanged`): when, in which files. */
  exportedBefore: { count: number; exportedAt: string[]; fileNames: string[] };
  /** What the period holds and the file does not, and why: invoices held back, allocations waiting for their bill. */
  held: HeldBill[];
  changed: { number: string; exportedAt: string; fileName: string }[];
  /**
   * A payments file's sums, decimals with cents: what left the bank (the payments), the brands' credits, what was
   * applied to bills, what stays in the prepayment, what came back (returned payments): bank + credits = allocated +
   * prepaid + returned.
   */
  sums?: {
    bank: string;
    credits: string;
    allocated: string;
    prepaid: string;
    returned: string;
    /** The file's payments, and the allocations of earlier payments it applies from their prepayment. */
    payments: number;
    applied: number;
  };
  parts: number;
  files: { part: number; name: string; records: number; total: string }[];
  /** The file's total, as a decimal with cents ("1234.50"). */
  total: string;
  preview: { header: string[]; rows: string[][] };
  requests: number;
  /** What the file needs of the mapping and lacks: while any, there are no files (and no rows) to offer. */
  gaps: MappingGap[];
}

/** `GET /api/accounting/mapping`. */
export interface MappingJson {
  mapping: AccountingMapping;
  /** When it was last set; null: never (the defaults). */
  updatedAt: string | null;
  /** Whether the asker may set it (and mark exports): owners, admins, the Accounts role. */
  mayChange: boolean;
  /** The catalogue's product types, each may have its account; null when the catalogue could not be read. */
  productTypes: string[] | null;
}

/** `PUT /api/accounting/mapping`: the mapping as set. */
export type MappingSavedJson = Omit<MappingJson, "productTypes">;

/** An export remembered (marked), as the page lists it. */
export interface ExportEntry {
  id: string;
  kind: string;
  format: string;
  from: string;
  to: string;
  fileName: string;
  records: number;
  /** Whole cents, as text. */
  totalCents: string;
  madeBy: string | null;
  /** The person's name now; null for the schedule, or a former member. */
  madeByName: string | null;
  madeAt: string;
}

/** `GET /api/accounting/exports`: the latest marked exports, newest first. */
export interface ExportsJson {
  exports: ExportEntry[];
}
