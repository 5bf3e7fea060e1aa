"use client";

import { pushParams } from "@/lib/ui/address";
import { PAGE_SIZES } from "@/lib/ui/views/list-view-spec";

interface ListPagerProps {
  page: number;
  pageSize: number;
  /** The address's names of the page and its size (they differ by API version). */
  pageName: string;
  sizeName: string;
  /** Whether a next page can be asked for now (the API says there is one, and this page is not a placeholder). */
  canGoOn: boolean;
}

/** Previous and next page and the rows per page, each a change of the address. */
export function ListPager({ page, pageSize, pageName, sizeName, canGoOn }: ListPagerProps) {
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => pushParams((p) => (page - 1 <= 1 ? p.delete(pageName) : p.set(pageName, String(page - 1))))}
        className="pager-button"
      >
        Previous
      </button>
      <span aria-current="page">Page {page}</span>
      <button
        type="button"
        disabled={!canGoOn}
        onClick={() => pushParams((p) => p.set(pageName, String(page + 1)))}
        className="pager-button"
      >
        Next
      </button>
      <label className="ml-2 flex items-center gap-1">
        Rows per page
        <select
          value={pageSize}
          onChange={(e) =>
            pushParams((p) => {
              p.set(sizeName, e.target.value);
              p.delete(pageName);
            })
          }
          className="rounded border border-slate-400 bg-white px-1 py-0.5 dark:bg-slate-900"
        >
          {[...new Set([...PAGE_SIZES, pageSize])]
            .sort((a, b) => a - b)
            .map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
        </select>
      </label>
    </nav>
  );
}
