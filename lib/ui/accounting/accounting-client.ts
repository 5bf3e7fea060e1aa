import { isDataApiError } from "@/lib/data-api/data-api-error";
import type { ExportsJson, MappingJson, MappingSavedJson, PreviewJson } from "@/lib/domain/accounting/accounting-view";
import type { AccountingMapping } from "@/lib/domain/accounting/mapping";
import { backroomFile, backroomJson } from "../backroom-json";
import { reconnect } from "../browser-api";
import { type KeyStore, sendOnce, sessionKeyStore } from "../idempotency";
import { type ExportRequest, previewPath } from "./export-request";

/**
 * The browser's calls to Backroom's accounting endpoints (`lib/server/accounting/accounting-api.ts`) and the
 * react-query options the Books export page reads them with. Every failure is a `DataApiError` (`backroomJson`), so
 * the queries' retry rule and `describeFailure`'s words apply; a 401 sends the person to sign in again.
 */

export type { MappingJson, PreviewJson };

export const ACCOUNTING_KEY = ["backroom", "accounting"] as const;
export const PREVIEW_KEY = [...ACCOUNTING_KEY, "preview"] as const;
export const MAPPING_KEY = [...ACCOUNTING_KEY, "mapping"] as const;
export const EXPORTS_KEY = [...ACCOUNTING_KEY, "exports"] as const;

/** A call whose 401 sends the person to sign in again (and back here). */
async function signedIn<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isDataApiError(error) && error.status === 401) reconnect();
    throw error;
  }
}

const read = <T>(path: string, signal: AbortSignal) => signedIn(backroomJson<T>("GET", path, { signal }));

export const accountingClient = {
  preview: (request: ExportRequest, signal: AbortSignal) => read<PreviewJson>(previewPath(request), signal),
  mapping: (signal: AbortSignal) => read<MappingJson>("/api/accounting/mapping", signal),
  exports: (signal: AbortSignal) => read<ExportsJson>("/api/accounting/exports", signal),
  /** Sets the workspace's mapping; refused fields come back as the error's `fieldErrors`. */
  saveMapping: (mapping: AccountingMapping) =>
    backroomJson<MappingSavedJson>("PUT", "/api/accounting/mapping", { body: mapping }),
  /**
   * A file remembered in the workspace's ledger: `POST` of its own address (`downloadHref`), with an Idempotency-Key
   * that waits in the tab until an answer settles it (`sendOnce`). Asked again after a lost answer, it sends the same
   * key, and the server answers the export it marked, as it was: never a second mark, nor an empty "only what is new".
   * Answers the file and the name the server gives it, for the page to save.
   */
  markedFile: (href: string, keys: KeyStore = sessionKeyStore()) =>
    sendOnce(keys, `POST ${href}`, (key) =>
      signedIn(backroomFile("POST", href, { headers: { "Idempotency-Key": key } })),
    ),
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
