import Link from "next/link";
import { FilterDisclosure } from "@/components/table/filter-disclosure";
import { type InsightsView, PERIODS } from "@/lib/domain/insights/insights-tables";
import { BUTTON, fieldClass, PRIMARY } from "@/lib/ui/styles";
import { filtersSet } from "@/lib/ui/views/filter-count";
import { INSIGHTS_DEFAULTS, insightsHref } from "./insights-href";
import { KeptOrders } from "./insights-kept-orders";

interface InsightsFiltersProps {
  view: Extract<InsightsView, { ready: true }>;
  staff: boolean;
}

interface StaffFiltersProps {
  view: Extract<InsightsView, { ready: true }>;
}

/** The period and retailer form (and for an Employee key, rep and supplier): a GET form, so the address holds it. */
export function InsightsFilters({ view, staff }: InsightsFiltersProps) {
  const { query } = view;
  const retailer = view.retailers.find((r) => r.customerId === query.customer);
  return (
    <FilterDisclosure
      count={filtersSet({
        weeks: query.weeks === INSIGHTS_DEFAULTS.weeks ? undefined : query.weeks,
        customer: query.customer?.toString(),
        rep: query.rep?.toString(),
        supplier: query.supplier?.toString(),
      })}
    >
      <form method="get" action="/insights" className="flex flex-wrap items-end gap-3" aria-label="Period and retailer">
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="insights-weeks">Period</label>
          <select id="insights-weeks" name="weeks" defaultValue={query.weeks} className={fieldClass(false, "mt-1")}>
            {PERIODS.map((weeks) => (
              <option key={weeks} value={weeks}>
                Last {weeks} weeks
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col text-sm font-medium">
          <label htmlFor="insights-customer">Retailer</label>
          <select
            id="insights-customer"
            name="customer"
            defaultValue={query.customer === undefined ? "" : String(query.customer)}
            className={fieldClass(false, "mt-1 max-w-xs")}
          >
            <option value="">All retailers</option>
            {view.retailers.map((r) => (
              <option key={r.customerId} value={r.customerId}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        {staff && <StaffFilters view={view} />}
        {query.tier && <input type="hidden" name="tier" value={query.tier} />}
        <KeptOrders query={query} names={["sort", "dir", "dsort", "ddir"]} />
        <button type="submit" className={PRIMARY}>
          Show
        </button>
        {retailer && (
          <Link href={insightsHref(query, { customer: undefined }) as never} prefetch={false} className={BUTTON}>
            All retailers
          </Link>
        )}
      </form>
    </FilterDisclosure>
  );
}

/** An Employee key's rep and supplier choices. */
function StaffFilters({ view }: StaffFiltersProps) {
  const { query } = view;
  const scope = view.state.scope;
  const distributor = scope?.distributor === true;
  // Every rep for the whole distributor's history, else those the workspace's members are linked to.
  const repChoices = distributor ? view.reps : view.reps.filter((r) => scope?.repUserIds.includes(r.userId));
  return (
    <>
      <div className="flex flex-col text-sm font-medium">
        <label htmlFor="insights-rep">Rep</label>
        <select
          id="insights-rep"
          name="rep"
          defaultValue={query.rep === undefined ? "" : String(query.rep)}
          className={fieldClass(false, "mt-1 max-w-xs")}
        >
          <option value="">{distributor ? "Every rep" : "Every linked rep"}</option>
          {repChoices.map((r) => (
            <option key={r.userId} value={r.userId}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col text-sm font-medium">
        <label htmlFor="insights-supplier">Supplier</label>
        <select
          id="insights-supplier"
          name="supplier"
          defaultValue={query.supplier === undefined ? "" : String(query.supplier)}
          className={fieldClass(false, "mt-1 max-w-xs")}
        >
          {!distributor && <option value="">Every supplier</option>}
          {view.suppliers.map((s) => (
            <option key={s.supplierId} value={s.supplierId}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
