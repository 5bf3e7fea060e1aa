/** How many of a list's columns a card shows on a phone: the first is its title, the others labelled lines. */
export const CARD_COLUMNS = 5;

/** A column's part in a card: its title, or a labelled line. A column without one is in the whole table only. */
export type CardPart = "title" | "field";

/**
 * The columns a list's card shows on a phone (under 640 px), from the columns the table draws (the visible ones, in
 * their order, without those empty on the page): the view's own choice first (`ListViewSpec.card`, those of it drawn),
 * then the drawn columns in order, `count` in all; the first is the card's title.
 *
 * @example
 * cardColumns(["InvoiceNum", "CustomerName", "Date", "DueDate", "Status", "OpenBalance"], ["InvoiceNum", "OpenBalance"], 3);
 * // Map { "InvoiceNum" => "title", "OpenBalance" => "field", "CustomerName" => "field" }
 */
export function cardColumns(
  drawn: readonly string[],
  preferred: readonly string[] = [],
  count = CARD_COLUMNS,
): Map<string, CardPart> {
  const chosen = [
    ...preferred.filter((id) => drawn.includes(id)),
    ...drawn.filter((id) => !preferred.includes(id)),
  ].slice(0, count);
  return new Map(chosen.map((id, index) => [id, index === 0 ? "title" : "field"]));
}

/**
 * The address's choice of the whole table over cards on a phone (`?table=whole`): kept in the address, as a list's
 * other choices are, so a reload or Back shows what the person chose; no request reads it, and a saved view leaves it
 * out (it keeps the operation's parameters, the columns and the paging). At a desk the table is always whole.
 */
export const TABLE_PARAM = "table";
export const WHOLE_TABLE = "whole";
