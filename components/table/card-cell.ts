// Not a client module: a table drawn on the server (Collections) marks its cells for a phone's cards as the browser's do.

/**
 * The attributes of a cell in a phone's card (`.data-table.cards` in app/globals.css): with a label, a labelled value;
 * `false`, a value of its own (a row's button); without, the card's title. `wide`: across the card (a control, a long
 * value), not half of it. A cell without them is in the whole table only.
 *
 * @example
 * <td {...cardCell("Due")}>{due}</td>
 */
export function cardCell(
  label?: string | false,
  { wide = false }: { wide?: boolean } = {},
): { "data-card": "title" | "field" | "wide"; "data-label"?: string } {
  if (label === undefined) return { "data-card": "title" };
  const part = wide ? "wide" : "field";
  return label === false ? { "data-card": part } : { "data-card": part, "data-label": label };
}
