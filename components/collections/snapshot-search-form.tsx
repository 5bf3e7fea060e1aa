import type { Route } from "next";
import { fieldClass, PRIMARY } from "@/lib/ui/styles";

interface SnapshotSearchFormProps {
  /** The page the search is of: a GET form, so the address holds it and the page needs no script for it. */
  action: Route;
  /** The search landmark's name ("Find a store"). */
  name: string;
  /** The field's id, its label and what it takes. */
  id: string;
  label: string;
  hint: string;
  /** The address's parameter (`q`) and its value now. */
  param: string;
  q: string;
}

/**
 * The search of a staff key's collections snapshot that the pages which need one account or store share (Statements,
 * Books export): one field, its hint of what it takes (names only once the key's collections list is in), and Find. It
 * searches Backroom's database, never the API; the page reads `q` and draws the matches.
 */
export function SnapshotSearchForm({ action, name, id, label, hint, param, q }: SnapshotSearchFormProps) {
  return (
    <form method="get" action={action} role="search" aria-label={name} className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col text-sm font-medium sm:max-w-md">
        <label htmlFor={id}>{label}</label>
        <span id={`${id}-hint`} className="text-xs font-normal text-slate-700 dark:text-slate-300">
          {hint}
        </span>
        <input
          id={id}
          name={param}
          type="search"
          required
          maxLength={200}
          defaultValue={q}
          aria-describedby={`${id}-hint`}
          className={fieldClass(false, "mt-1 min-h-11 w-full text-base sm:min-h-0 sm:text-sm")}
        />
      </div>
      <button type="submit" className={`${PRIMARY} min-h-11 sm:min-h-0`}>
        Find
      </button>
    </form>
  );
}
