"use client";

import { useEffect, useMemo, useSyncExternalStore } from "react";

export interface SearchEntry {
  /** The element id of the operation's section. */
  id: string;
  /** The element id of its resource group's section. */
  group: string;
  /** Lower-case text to match: method, path, id, summary, resource, parameter and field names. */
  text: string;
}

interface OperationSearchProps {
  entries: readonly SearchEntry[];
}

// The search term lives in the URL (`?q=`), so that a filtered view can be bookmarked and survives a reload.
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
}

function readQuery(): string {
  return new URLSearchParams(window.location.search).get("q") ?? "";
}

function writeQuery(value: string) {
  const url = new URL(window.location.href);
  if (value) url.searchParams.set("q", value);
  else url.searchParams.delete("q");
  window.history.replaceState(window.history.state, "", url);
  for (const listener of listeners) listener();
}

/** Every whitespace-separated word of the term must occur in the entry's text (case-insensitive). */
function matcher(term: string): (entry: SearchEntry) => boolean {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return (entry) => words.every((word) => entry.text.includes(word));
}

/**
 * Filters the server-rendered operation sections as you type: hides the sections (and resource groups, and their
 * table-of-contents links) that do not match.
 */
export function OperationSearch({ entries }: OperationSearchProps) {
  const query = useSyncExternalStore(subscribe, readQuery, () => "");
  const matches = useMemo(() => {
    const isMatch = matcher(query);
    return new Set(entries.filter(isMatch).map((e) => e.id));
  }, [entries, query]);

  useEffect(() => {
    const visibleGroups = new Set<string>();
    for (const entry of entries) {
      const visible = matches.has(entry.id);
      if (visible) visibleGroups.add(entry.group);
      const element = document.getElementById(entry.id);
      if (element) element.hidden = !visible;
    }
    for (const group of new Set(entries.map((e) => e.group))) {
      const section = document.getElementById(group);
      if (section) section.hidden = !visibleGroups.has(group);
      for (const link of document.querySelectorAll<HTMLElement>(`[data-toc-group="${group}"]`))
        link.hidden = !visibleGroups.has(group);
    }
    for (const none of document.querySelectorAll<HTMLElement>("[data-toc-none]")) none.hidden = visibleGroups.size > 0;
  }, [entries, matches]);

  const total = entries.length;
  const trimmed = query.trim();
  return (
    <div className="sticky top-0 z-10 -mx-1 mb-6 border-b border-slate-300 bg-slate-50/95 px-1 py-3 backdrop-blur dark:border-slate-700 dark:bg-slate-950/95">
      <label htmlFor="operation-search" className="block text-sm font-semibold">
        Search operations
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
        <input
          id="operation-search"
          type="search"
          value={query}
          onChange={(event) => writeQuery(event.target.value)}
          placeholder="Path, parameter, field, method…"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="operation-search-count"
          className="w-full max-w-md rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-600 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <p id="operation-search-count" aria-live="polite" className="text-sm text-slate-800 dark:text-slate-200">
          {matches.size} of {total} operations
        </p>
      </div>
      {matches.size === 0 && (
        <p className="mt-3 text-base">
          No operations match <strong>&ldquo;{trimmed}&rdquo;</strong>. Try a path like{" "}
          <code className="code-chip">/invoices</code>, a parameter like <code className="code-chip">CustomerIDs</code>{" "}
          or a field like <code className="code-chip">PONum</code>.
        </p>
      )}
    </div>
  );
}
