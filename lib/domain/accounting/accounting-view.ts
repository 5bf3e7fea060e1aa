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
  from: string;
  to: string;
  newOnly: boolean;
  counts: { period: number; new: number; changed: number; unchanged: number; inFile: number };
  held: HeldBill[];
  changed: { number: string; exportedAt: string; fileName: string }[];
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
