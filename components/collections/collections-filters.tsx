import Link from "next/link";
import { FilterDisclosure } from "@/components/table/filter-disclosure";
import { AGES, type CollectionsQuery, collectionsHref, NO_AGENT } from "@/lib/domain/collections/collections-list";
import { BUTTON, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { filtersSet } from "@/lib/ui/views/filter-count";

interface CollectionsFiltersProps {
  query: CollectionsQuery;
  /** The collection agents the accounts name, and whether some name none. */
  agents: { names: string[]; none: boolean };
}

/** The accounts' filters, a GET form that keeps the sort: age past due, agent, name, holds, unapplied credit and
 * accounts over their credit limit. */
export function CollectionsFilters({ query, agents }: CollectionsFiltersProps) {
  return (
    <FilterDisclosure
      count={filtersSet({
        age: query.age === "any" ? undefined : query.age,
        agent: query.agent,
        q: query.q,
        hold: query.hold,
        credit: query.credit,
        over: query.over,
      })}
    >
      <form
        method="get"
        action="/collections"
        className="flex flex-wrap items-end gap-3"
        aria-label="Filter the accounts"
      >
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="collections-age">Past due</label>
          <select id="collections-age" name="age" defaultValue={query.age} className={fieldClass(false, "mt-1")}>
            {AGES.map((age) => (
              <option key={age.value} value={age.value}>
                {age.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="collections-agent">Collection agent</label>
          <select
            id="collections-agent"
            name="agent"
            defaultValue={query.agent ?? ""}
            className={fieldClass(false, "mt-1 max-w-xs")}
          >
            <option value="">Every agent</option>
            {agents.none && <option value={NO_AGENT}>No agent</option>}
            {agents.names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="collections-q">Customer or account</label>
          <input
            id="collections-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ""}
            className={fieldClass(false, "mt-1 w-56")}
          />
        </div>
        <div className="flex flex-col gap-1 pb-1 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="hold" value="1" defaultChecked={query.hold === "1"} />
            On hold only
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="credit" value="1" defaultChecked={query.credit === "1"} />
            Unapplied credit only
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="over" value="limit" defaultChecked={query.over === "limit"} />
            Over its credit limit
          </label>
        </div>
        {query.sort !== "over90" && <input type="hidden" name="sort" value={query.sort} />}
        {query.dir !== "desc" && <input type="hidden" name="dir" value={query.dir} />}
        {query.table && <input type="hidden" name="table" value={query.table} />}
        <button type="submit" className={PRIMARY}>
          Show
        </button>
        {collectionsHref({ ...query, page: 1, sort: "over90", dir: "desc", table: undefined }) !== "/collections" && (
          <Link
            href={(query.table ? `/collections?table=${query.table}` : "/collections") as never}
            prefetch={false}
            className={BUTTON}
          >
            Clear
          </Link>
        )}
      </form>
    </FilterDisclosure>
  );
}
