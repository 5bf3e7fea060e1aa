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
