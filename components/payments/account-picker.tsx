"use client";

import { useId, useState } from "react";

/** An AR account to choose, named by its customer when the key may see it. */
export interface AccountOption {
  id: number;
  label: string;
}

/**
 * The AR account: a list of the accounts with open invoices, and an id field for any other. `anyAccount`: keys that
 * see many customers' accounts (Employee, Supplier) may also open one by its id.
 */
export function AccountPicker({
  options,
  value,
  valueLabel,
  onChange,
  loading,
  anyAccount,
}: {
  options: AccountOption[];
  value: number | undefined;
  /** The chosen account's name, also when the list does not hold it. */
  valueLabel: string;
  onChange: (id: number | undefined) => void;
  loading: boolean;
  anyAccount: boolean;
}) {
  const ids = { select: useId(), other: useId() };
  const [other, setOther] = useState("");
  const listed = value === undefined || options.some((o) => o.id === value);
  return (
    <div className="flex max-w-full flex-wrap items-end gap-4">
      <div className="max-w-full min-w-0">
        <label htmlFor={ids.select} className="block text-xs font-semibold text-slate-700 dark:text-slate-300">
          AR account
        </label>
        <select
          id={ids.select}
          value={value === undefined ? "" : String(value)}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
          className="mt-0.5 max-w-[min(28rem,100%)] rounded border border-slate-400 bg-white px-2 py-1 text-sm dark:bg-slate-900"
        >
          <option value="">{loading ? "Loading accounts…" : "Choose an AR account"}</option>
          {!listed && value !== undefined && <option value={String(value)}>{valueLabel}</option>}
          {options.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {anyAccount && (
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (/^\d{1,12}$/.test(other.trim())) onChange(Number(other.trim()));
          }}
        >
          <div>
            <label htmlFor={ids.other} className="block text-xs font-semibold text-slate-700 dark:text-slate-300">
              Or an AR account id
            </label>
            <input
              id={ids.other}
              inputMode="numeric"
              pattern="\d*"
              value={other}
              onChange={(e) => setOther(e.target.value)}
              className="mt-0.5 w-32 rounded border border-slate-400 bg-white px-2 py-1 text-sm dark:bg-slate-900"
            />
          </div>
          <button type="submit" className="pager-button">
            Open
          </button>
        </form>
      )}
    </div>
  );
}
