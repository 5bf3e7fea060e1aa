"use client";

import { useEffect, useId, useRef, useState } from "react";

export interface Option {
  value: string;
  label: string;
}

interface MultiSelectProps {
  label: string;
  options: Option[];
  selected: string[];
  onApply: (values: string[]) => void;
  /** What the button says when nothing is chosen ("Any", or the API's default). */
  placeholder: string;
  /** What the API applies when nothing is chosen: the list opens with them ticked, so ticking one more keeps them. */
  defaults?: string[];
  /** Called the first time the list opens (to load options on demand). */
  onOpen?: () => void;
  loading?: boolean;
  /** Shown in the list when options could not be loaded. */
  problem?: string;
}

/**
 * A searchable multi-select: a button naming what is chosen, opening a panel of checkboxes with a search box.
 * Choices apply together ("Apply"), so ticking five boxes makes one request, not five. Escape closes without applying.
 */
export function MultiSelect({
  label,
  options,
  selected,
  onApply,
  placeholder,
  defaults,
  onOpen,
  loading,
  problem,
}: MultiSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>(selected);
  const [search, setSearch] = useState("");
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const names = new Map(options.map((o) => [o.value, o.label]));
  const summary =
    selected.length === 0
      ? placeholder
      : selected.length <= 2
        ? selected.map((v) => names.get(v) ?? v).join(", ")
        : `${selected.length} chosen`;
  const needle = search.trim().toLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLowerCase().includes(needle) || o.value === needle) : options;

  function toggle() {
    if (!open) {
      setDraft(selected.length > 0 ? selected : (defaults ?? []));
      setSearch("");
      onOpen?.();
    }
    setOpen(!open);
  }
  function close(apply: boolean) {
    setOpen(false);
    if (apply) onApply(draft);
    button.current?.focus();
  }
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!panel.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener("mousedown", outside);
    return () => document.removeEventListener("mousedown", outside);
  }, [open]);

  return (
    <div className="relative">
      <span id={`${id}-label`} className="block text-xs font-semibold text-slate-700 dark:text-slate-300">
        {label}
      </span>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={toggle}
        className="mt-0.5 flex max-w-64 min-w-32 items-center justify-between gap-2 rounded border border-slate-400 bg-white px-2 py-1 text-left text-sm dark:bg-slate-900"
      >
        <span id={`${id}-value`} className="truncate">
          {summary}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={panel}
          id={`${id}-panel`}
          role="group"
          aria-labelledby={`${id}-label`}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              close(false);
            }
          }}
          // On a phone a sheet along the screen's foot (a panel at the field's side would run past the screen's edge).
          className="fixed inset-x-2 bottom-2 z-30 rounded border border-slate-400 bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:bottom-auto sm:z-20 sm:mt-1 sm:w-72 dark:bg-slate-900"
        >
          {options.length > 8 && (
            <input
              type="search"
              aria-label={`Search ${label.toLowerCase()}`}
              placeholder="Search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="mb-2 w-full rounded border border-slate-400 bg-white px-2 py-1 text-sm dark:bg-slate-950"
              autoFocus
            />
          )}
          <div className="max-h-64 overflow-y-auto">
            {loading && <p className="p-1 text-sm">Loading…</p>}
            {problem && <p className="p-1 text-sm text-red-800 dark:text-red-300">{problem}</p>}
            {!loading && shown.length === 0 && !problem && <p className="p-1 text-sm">Nothing matches.</p>}
            {shown.slice(0, 300).map((option) => (
              <label
                key={option.value}
                className="flex min-h-11 items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-100 md:min-h-0 dark:hover:bg-slate-800"
              >
                <input
                  type="checkbox"
                  checked={draft.includes(option.value)}
                  onChange={(e) =>
                    setDraft((d) => (e.target.checked ? [...d, option.value] : d.filter((v) => v !== option.value)))
                  }
                  autoFocus={options.length <= 8 && option === shown[0]}
                />
                <span className="truncate">{option.label}</span>
              </label>
            ))}
            {shown.length > 300 && <p className="p-1 text-xs">Showing 300 of {shown.length}: search to narrow.</p>}
          </div>
          <div className="mt-2 flex justify-between gap-2 border-t border-slate-300 pt-2 dark:border-slate-700">
            <button type="button" onClick={() => setDraft([])} className="rounded px-2 py-1 text-sm underline">
              Clear
            </button>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => close(false)}
                className="rounded border border-slate-400 px-2 py-1 text-sm"
              >
                Cancel
              </button>
              <button
                type="button"
                onClick={() => close(true)}
                className="rounded bg-slate-800 px-2 py-1 text-sm font-semibold text-white dark:bg-slate-200 dark:text-slate-950"
              >
                Apply
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
