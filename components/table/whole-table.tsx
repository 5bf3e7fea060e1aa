"use client";

import { useSearchParams } from "next/navigation";
import { pushParams } from "@/lib/ui/address";
import { TABLE_PARAM, WHOLE_TABLE } from "@/lib/ui/views/card-columns";

/** Whether the address asks for the whole table rather than cards on a phone (`?table=whole`). */
export function useWholeTable(): boolean {
  // Null outside Next's router (a component rendered by a unit test): cards, as a phone's first view.
  const params = useSearchParams() as URLSearchParams | null;
  return params?.get(TABLE_PARAM) === WHOLE_TABLE;
}

/**
 * The phone's switch between a list's cards and its whole table (not drawn at 640 px and up, where the table is whole).
 * `tables`: a page of several tables, switched together.
 */
export function WholeTableToggle({ tables = false }: { tables?: boolean }) {
  const whole = useWholeTable();
  return (
    <button
      type="button"
      className="pager-button text-sm sm:hidden"
      onClick={() => pushParams((p) => (whole ? p.delete(TABLE_PARAM) : p.set(TABLE_PARAM, WHOLE_TABLE)))}
    >
      {whole ? "Show as cards" : tables ? "Show the whole tables" : "Show the whole table"}
    </button>
  );
}

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
