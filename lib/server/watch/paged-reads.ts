import "server-only";
import type { Version } from "@/lib/data-api/operation";
import { pagingParams } from "@/lib/data-api/values";
import type { BackgroundReads } from "../core/background/background-reads";
import type { SyncReader } from "../core/jobs/resumable-sync";

/**
 * A watch's reads: whole lists, page by page, through the background's reads of the key; stopped (ReadLater) as soon
 * as the key's budget says the background must wait.
 */

/** Thrown inside a watch when the key's budget says to stop reading: the job is queued again after `seconds`. */
export class ReadLater {
  constructor(readonly seconds: number) {}
}

type Row = Record<string, unknown>;

/**
 * Every record of a list, page by page up to `maxPages` (v1 `Page`/`HasNextPage`, v2 `page`/`has_next_page`), or the
 * status of the first answer that is an error. Throws ReadLater when the background may not read now. `headers` go
 * with every page's request (`background-reads.ts`).
 *
 * @example
 * await pages(reads, "v2", "/purchases?statuses=Submitted&page_size=500", 4); // { records: [...] }, or { status: 404 } without v2
 */
export async function pages<T>(
  reads: BackgroundReads,
  version: Version,
  path: string,
  maxPages: number,
  headers?: Record<string, string>,
): Promise<{ records: T[] } | { status: number }> {
  const paging = pagingParams(version);
  const [base, query = ""] = path.split("?");
  const records: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const params = new URLSearchParams(query);
    if (page > 1) params.set(paging.page, String(page));
    const response = await reads.read(version, `${base}?${params}`, headers);
    const wait = reads.wait();
    if (!response || wait !== undefined) throw new ReadLater(wait ?? 60);
    if (!response.ok) {
      await response.arrayBuffer();
      return { status: response.status };
    }
    const body = (await response.json().catch(() => undefined)) as
      | { Data?: unknown; data?: unknown; HasNextPage?: unknown; has_next_page?: unknown }
      | undefined;
    const data = version === "v2" ? body?.data : body?.Data;
    // A 200 without its list is no answer either (502: what the proxy says of a malformed upstream answer).
    if (!Array.isArray(data)) return { status: 502 };
    records.push(...(data as T[]));
    if ((version === "v2" ? body?.has_next_page : body?.HasNextPage) !== true) break;
  }
  return { records };
}

/**
 * Every record of a list (see `pages`); undefined when an answer is an error: the findings that need it are left for
 * the next watch.
 *
 * @example
 * await list(reads, "v1", "/payments?PageSize=500", 4); // every payment, up to 2,000
 */
export async function list<T = Row>(
  reads: BackgroundReads,
  version: Version,
  path: string,
  maxPages = 1,
): Promise<T[] | undefined> {
  const answer = await pages<T>(reads, version, path, maxPages);
  return "records" in answer ? answer.records : undefined;
}

/**
 * A query string from its parameters.
 *
 * @example
 * q({ PageSize: "500", CustomerIDs: "1,2" }); // "PageSize=500&CustomerIDs=1%2C2"
 */
export const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * How the syncs (the history, the collections: `jobs/resumable-sync.ts`) read: a v1 list's one page a request, and the
 * budget's stop (ReadLater) told from any other failure.
 */
export const syncReader: SyncReader = {
  page: (reads, path, headers) => pages(reads, "v1", path, 1, headers),
  later: (error) => (error instanceof ReadLater ? error.seconds : undefined),
};
