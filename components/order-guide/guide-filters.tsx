import { FilterDisclosure } from "@/components/table/filter-disclosure";
import { DEFAULT_COVER_DAYS } from "@/lib/domain/order-guide/guide";
import type { GuideParams } from "@/lib/domain/order-guide/guide-filter";
import { BUTTON, fieldClass, PRIMARY } from "@/lib/ui/styles";

interface GuideFiltersProps {
  params: GuideParams;
  /** A Customer key's stores (a choice when several); undefined for an Employee key, which types a CustomerID. */
  stores: { id: number; name: string }[] | undefined;
  /** The guide's brands and categories; undefined before a store is chosen. */
  choices: { brands: string[]; categories: string[] } | undefined;
  /** The day the guide was read for: its CSV is read for the same. */
  day?: string;
}

const LABEL = "flex min-w-0 flex-col gap-1 text-sm font-medium";
const FIELD = fieldClass(false, "min-h-11 w-full");

/** The `GET /api/order-guide` address of a guide's CSV, with the page's filters. */
export function csvHref({ customer, coverDays, filter }: GuideParams, day: string): string {
  const query = new URLSearchParams({ customer: String(customer), coverDays: String(coverDays), day });
  if (filter.q) query.set("q", filter.q);
  if (filter.brand) query.set("brand", filter.brand);
  if (filter.category) query.set("category", filter.category);
  if (filter.below) query.set("below", "1");
  if (filter.promo) query.set("promo", "1");
  query.set("format", "csv");
  return `/api/order-guide?${query}`;
}

/** The page's address for its filters (without `show`): where "Show more" goes before the page's script runs. */
export function guideHref({ customer, coverDays, filter }: GuideParams): string {
  const query = new URLSearchParams();
  if (customer !== undefined) query.set("customer", String(customer));
  if (coverDays !== DEFAULT_COVER_DAYS) query.set("cover", String(coverDays));
  if (filter.q) query.set("q", filter.q);
  if (filter.brand) query.set("brand", filter.brand);
  if (filter.category) query.set("category", filter.category);
  if (filter.below) query.set("below", "1");
  if (filter.promo) query.set("promo", "1");
  const search = query.toString();
  return search ? `/order-guide?${search}` : "/order-guide";
}

/** How many of the folded filters the address sets (the phone's "Filters · 2 set"). */
function foldedSet({ coverDays, filter }: GuideParams): number {
  return [coverDays !== DEFAULT_COVER_DAYS, filter.brand, filter.category, filter.below, filter.promo].filter(Boolean)
    .length;
}

/**
 * The order guide's store, search, cover and filters: a GET form, so the address holds them (a filtered guide is a
 * link to share, and works before the page's script). Touch-sized fields, one column on a phone, where the store and
 * the search come first and the rest folds behind "Filters", so the products are on the first screen.
 */
export function GuideFilters({ params, stores, choices, day }: GuideFiltersProps) {
  const { customer, coverDays, filter } = params;
  return (
    <form
      method="get"
      action="/order-guide"
      aria-label="Order guide filters"
      className="grid max-w-5xl grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      {stores === undefined ? (
        <label className={LABEL}>
          Store (CustomerID)
          <input
            name="customer"
            inputMode="numeric"
            pattern="[0-9]*"
            required
            defaultValue={customer ?? ""}
            className={FIELD}
          />
        </label>
      ) : stores.length > 1 ? (
        <label className={LABEL}>
          Store
          <select name="customer" defaultValue={customer} className={FIELD}>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {choices && (
        <label className={LABEL}>
          Search products
          <input
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            placeholder="Name, brand, category or ID"
            enterKeyHint="search"
            className={FIELD}
          />
        </label>
      )}
      <FilterDisclosure count={foldedSet(params)} className="sm:col-span-2 lg:col-span-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className={LABEL}>
            Days to cover
            <input
              name="cover"
              type="number"
              min={1}
              max={90}
              step={1}
              inputMode="numeric"
              defaultValue={coverDays}
              className={FIELD}
            />
          </label>
          {choices && (
            <>
              <label className={LABEL}>
                Brand
                <select name="brand" defaultValue={filter.brand ?? ""} className={FIELD}>
                  <option value="">All brands</option>
                  {choices.brands.map((b) => (
                    <option key={b}>{b}</option>
                  ))}
                </select>
              </label>
              <label className={LABEL}>
                Category
                <select name="category" defaultValue={filter.category ?? ""} className={FIELD}>
                  <option value="">All categories</option>
                  {choices.categories.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              </label>
              <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
                <input type="checkbox" name="below" value="1" defaultChecked={filter.below} className="size-5" />
                Below cover only
              </label>
              <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
                <input type="checkbox" name="promo" value="1" defaultChecked={filter.promo} className="size-5" />
                On promotion only
              </label>
            </>
          )}
        </div>
      </FilterDisclosure>
      <div className="flex flex-wrap items-end gap-2">
        <button type="submit" className={`${PRIMARY} min-h-11`}>
          Show
        </button>
        {customer !== undefined && choices && day && (
          <a href={csvHref(params, day)} download className={`${BUTTON} inline-flex min-h-11 items-center`}>
            Download CSV
          </a>
        )}
      </div>
    </form>
  );
}
