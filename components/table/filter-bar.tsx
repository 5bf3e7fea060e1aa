"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiQueryOptions } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { filtersSet } from "@/lib/ui/views/filter-count";
import type { FilterSpec, Lookup } from "@/lib/domain/views/filters";
import { FilterDisclosure } from "./filter-disclosure";
import { MultiSelect } from "./multi-select";

interface FilterBarProps {
  filters: FilterSpec[];
  values: Record<string, string | undefined>;
  onChange: (name: string, value: string | undefined) => void;
  /** A label per coded default ("New" for "1"), to say what the API shows when a filter is left empty. */
  defaultLabel: (filter: FilterSpec) => string | undefined;
  /** The search landmark's name, when a page has more than one filter bar ("Filters" by default). */
  label?: string;
}

const inputClass = "mt-0.5 rounded border border-slate-400 bg-white px-2 py-1 text-sm dark:bg-slate-900";
const labelClass = "block text-xs font-semibold text-slate-700 dark:text-slate-300";

/**
 * The filters of a list, one control per API parameter; every change goes to the URL (and so to the request). On a
 * phone they fold behind one "Filters" button that says how many are set (`FilterDisclosure`).
 */
export function FilterBar({ filters, values, onChange, defaultLabel, label = "Filters" }: FilterBarProps) {
  return (
    <FilterDisclosure
      label={label}
      count={filtersSet(Object.fromEntries(filters.map((f) => [f.name, values[f.name]])))}
    >
      <div role="search" aria-label={label} className="flex flex-wrap items-end gap-3">
        {filters.map((filter) => (
          <FilterControl
            key={filter.name}
            filter={filter}
            value={values[filter.name]}
            onChange={(v) => onChange(filter.name, v)}
            placeholder={defaultLabel(filter) ?? "Any"}
          />
        ))}
      </div>
    </FilterDisclosure>
  );
}

function FilterControl({
  filter,
  value,
  onChange,
  placeholder,
}: {
  filter: FilterSpec;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  placeholder: string;
}) {
  const id = useId();
  const { control } = filter;
  const list = value ? value.split(",") : [];
  switch (control.control) {
    case "multi":
      return (
        <MultiSelect
          label={filter.label}
          options={control.options}
          selected={list}
          placeholder={placeholder}
          defaults={filter.defaultValue?.split(",")}
          onApply={(v) => onChange(v.length ? v.join(",") : undefined)}
        />
      );
    case "lookup":
      return (
        <LookupSelect
          filter={filter}
          lookup={control.lookup}
          wholeNumbers={control.wholeNumbers === true}
          selected={list}
          placeholder={placeholder}
          onApply={(v) => onChange(v.length ? v.join(",") : undefined)}
        />
      );
    case "date":
      return (
        <div>
          <label htmlFor={id} className={labelClass}>
            {filter.label}
          </label>
          <input
            id={id}
            type="date"
            value={value ?? ""}
            onChange={(e) => onChange(e.target.value || undefined)}
            className={inputClass}
          />
        </div>
      );
    case "boolean":
      return (
        <div>
          <label htmlFor={id} className={labelClass}>
            {filter.label}
          </label>
          <select
            id={id}
            value={value ?? ""}
            onChange={(e) => onChange(e.target.value || undefined)}
            className={inputClass}
          >
            <option value="">{placeholder === "Any" ? "Any" : `Default (${placeholder})`}</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </select>
        </div>
      );
    default:
      return <TextFilter id={id} filter={filter} value={value} onChange={onChange} placeholder={control.placeholder} />;
  }
}

/** A typed list (ids, batch codes): applied on Enter or when the field is left, not on every keystroke. */
function TextFilter({
  id,
  filter,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  filter: FilterSpec;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  placeholder: string;
}) {
  const [draft, setDraft] = useState(value ?? "");
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // The URL changed under the field (back button, clear): show what it holds now.
    setSeen(value);
    setDraft(value ?? "");
  }
  const apply = () => {
    const cleaned = draft
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .join(",");
    if (cleaned !== (value ?? "")) onChange(cleaned || undefined);
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {filter.label}
      </label>
      <input
        id={id}
        type="text"
        value={draft}
        placeholder={placeholder}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => e.key === "Enter" && apply()}
        className={`${inputClass} w-40`}
      />
    </div>
  );
}

/** Ids with names: the options come from the API (one page of up to 500), loaded when the list first opens. */
function LookupSelect({
  filter,
  lookup,
  wholeNumbers,
  selected,
  placeholder,
  onApply,
}: {
  filter: FilterSpec;
  lookup: Lookup;
  wholeNumbers: boolean;
  selected: string[];
  placeholder: string;
  onApply: (v: string[]) => void;
}) {
  const [wanted, setWanted] = useState(false);
  const query = useQuery({
    ...apiQueryOptions(browserApi, { operation: lookup.operation, query: lookup.query }, lookup.staleTime),
    enabled: wanted || selected.length > 0,
  });
  const seen = new Set<string>();
  const options = [];
  for (const row of (query.data?.records ?? []) as Record<string, unknown>[]) {
    const value = String(row[lookup.id] ?? "");
    // An id the parameter cannot carry (the generic payment type's -1) would be refused with a 400: not offered.
    if (!value || seen.has(value) || (wholeNumbers && !/^\d+$/.test(value))) continue;
    seen.add(value);
    options.push({ value, label: lookup.name(row) || value });
  }
  options.sort((a, b) => a.label.localeCompare(b.label));
  return (
    <MultiSelect
      label={filter.label}
      options={options}
      selected={selected}
      placeholder={placeholder}
      onOpen={() => setWanted(true)}
      loading={query.isFetching && !query.data}
      problem={query.error ? "The list of names could not be loaded; ids still work in the address." : undefined}
      onApply={onApply}
    />
  );
}
