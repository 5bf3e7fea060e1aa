/**
 * How many of a list's filters the address sets (a filter of several values counts once; an empty one not at all).
 *
 * @example
 * filtersSet({ Statuses: "1,2", States: undefined, CustomerIDs: "" }); // 1
 */
export function filtersSet(values: Readonly<Record<string, string | readonly string[] | null | undefined>>): number {
  return Object.values(values).filter((v) =>
    Array.isArray(v) ? v.length > 0 : typeof v === "string" && v.trim() !== "",
  ).length;
}

/**
 * The words of a phone's filters disclosure: its name ("Filters", or a page's several: "Payment filters"), and how
 * many are set.
 *
 * @example
 * filtersLabel(0); // "Filters"
 * filtersLabel(2); // "Filters · 2 set"
 */
export function filtersLabel(count: number, name = "Filters"): string {
  return count > 0 ? `${name} · ${count} set` : name;
}
