import type { InsightsQuery } from "@/lib/domain/insights/insights-tables";
import { INSIGHTS_DEFAULTS } from "./insights-href";

interface KeptOrdersProps {
  query: InsightsQuery;
  names: ("sort" | "dir" | "dsort" | "ddir")[];
}

/** The tables' orders a form keeps (hidden fields, the defaults left out): choosing a filter does not reset them. */
export function KeptOrders({ query, names }: KeptOrdersProps) {
  return names
    .filter((name) => INSIGHTS_DEFAULTS[name] !== query[name])
    .map((name) => <input key={name} type="hidden" name={name} value={query[name]} />);
}
