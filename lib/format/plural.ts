import { parseDecimal } from "./decimal";
import { formatQuantity } from "./display";

/**
 * Counts with their nouns, one way everywhere: "1 day", "2 days", "0 days", "1,234 invoices", "7.5 cases". The count
 * is written as `formatQuantity` writes it (exact, thousands grouped), and the noun is singular exactly when that text
 * is 1. Browser-safe and pure.
 */

type Count = number | string;

/** The count as shown: a number or decimal string formatted, any other text (already formatted) as it is. */
function countText(count: Count): string {
  return typeof count === "number" || parseDecimal(count) !== undefined ? formatQuantity(count) : count;
}

/**
 * The noun alone for a count, for a count shown apart from it (`<strong>3</strong> cases`).
 *
 * @example
 * pluralNoun(1, "case"); // "case"
 * pluralNoun("1.000000", "case"); // "case"
 * pluralNoun(1.5, "case"); // "cases"
 * pluralNoun(2, "entry", "entries"); // "entries"
 */
export function pluralNoun(count: Count, one: string, many = `${one}s`): string {
  return countText(count).replace(/^[-\u2212]/, "") === "1" ? one : many;
}

/**
 * A count with its noun.
 *
 * @example
 * plural(1, "day"); // "1 day"
 * plural(0, "day"); // "0 days"
 * plural(2103, "invoice"); // "2,103 invoices"
 * plural("7.500000", "case"); // "7.5 cases"
 * plural(casesText(1.25), "case"); // "1.25 cases" (text already formatted is kept)
 */
export function plural(count: Count, one: string, many = `${one}s`): string {
  return `${countText(count)} ${pluralNoun(count, one, many)}`;
}
