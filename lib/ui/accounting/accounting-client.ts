import { isDataApiError } from "@/lib/data-api/data-api-error";
import type { ExportFormat } from "@/lib/domain/accounting/format-names";
import type { AccountingMapping } from "@/lib/domain/accounting/mapping";
import { backroomJson } from "../backroom-json";
import { reconnect } from "../browser-api";
import { type ExportRequest, previewPath } from "./export-request";

/**
 * The browser's calls to Backroom's accounting endpoints (`lib/server/accounting/accounting-api.ts`) and the
 * react-query options the Books export page reads them with. Every failure is a `DataApiError` (`backroomJson`), so
 * the queries' retry rule and `describeFailure`'s words apply; a 401 sends the person to sign in again.
 */

export interface PreviewJson {
  format: ExportFormat;
  label: string;
  kind: "bills" | "payments";
  from: string;
  to: string;
  newOnly: boolean;
  counts: { period: number; new: number; changed: number; unchanged: number; inFile: number };
  held: { invoiceId?: number; number: string; customerName: string; reason: string }[];
  changed: { number: string; exportedAt: string; fileName: string }[];
  parts: number;
  files: { part: number; name: string; records: number; total: string }[];
  /** The file's total, as a decimal with cents ("1234.50"). */
  total: string;
  preview: { header: string[]; rows: string[][] };
  requests: number;
}

export interface MappingJson {
  mapping: AccountingMapping;
  /** When it was last set; null: never (the defaults). */
  updatedAt: string | null;
  /** Whether the asker may set it (and mark exports): owners, admins, the Accounts role. */
  mayChange: boolean;
  /** The catalogue's product types, each may have its account; null when the catalogue could not be read. */
  productTypes: string[] | null;
}

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
  madeByName: string | null;
  madeAt: string;
}

export const ACCOUNTING_KEY = ["backroom", "accounting"] as const;
export const PREVIEW_KEY = [...ACCOUNTING_KEY, "preview"] as const;
export const MAPPING_KEY = [...ACCOUNTING_KEY, "mapping"] as const;
export const EXPORTS_KEY = [...ACCOUNTING_KEY, "exports"] as const;

async function read<T>(path: string, signal: AbortSignal): Promise<T> {
  try {
    return await backroomJson<T>("GET", path, { signal });
  } catch (error) {
    // The session ended: sign in again, and come back here.
    if (isDataApiError(error) && error.status === 401) reconnect();
    throw error;
  }
}

export const accountingClient = {
  preview: (request: ExportRequest, signal: AbortSignal) => read<PreviewJson>(previewPath(request), signal),
  mapping: (signal: AbortSignal) => read<MappingJson>("/api/accounting/mapping", signal),
  exports: (signal: AbortSignal) => read<{ exports: ExportEntry[] }>("/api/accounting/exports", signal),
  /** Sets the workspace's mapping; refused fields come back as the error's `fieldErrors`. */
  saveMapping: (mapping: AccountingMapping) =>
    backroomJson<Omit<MappingJson, "productTypes">>("PUT", "/api/accounting/mapping", { body: mapping }),
};

/**
 * A preview of one request: its answer comes with the request it answers, so what the page shows (and the links it
 * draws) are the answer's even while the next request's preview is on its way.
 *
 * @example
 * useQuery({ ...previewQueryOptions(request), placeholderData: keepPreviousData });
 */
export function previewQueryOptions(request: ExportRequest) {
  return {
    queryKey: [...PREVIEW_KEY, previewPath(request)] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) => ({
      request,
      answer: await accountingClient.preview(request, signal),
    }),
    // Exports change it (what was marked); the page asks again after one.
    staleTime: 60_000,
  };
}

export const mappingQueryOptions = {
  queryKey: MAPPING_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => accountingClient.mapping(signal),
  staleTime: 5 * 60_000,
};

export const exportsQueryOptions = {
  queryKey: EXPORTS_KEY,
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await accountingClient.exports(signal)).exports,
  staleTime: 60_000,
};
