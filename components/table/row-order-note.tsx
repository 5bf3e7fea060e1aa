"use client";

import { useSearchParams } from "next/navigation";
import { pushParams } from "@/lib/ui/address";
import { API_ORDER, type ListViewSpec, ORDER_PARAM, rowOrderInForce } from "@/lib/ui/views/list-view-spec";

interface RowOrderNoteProps {
  view: Pick<ListViewSpec, "order">;
  /** Whether the page read its list whole: only then can it put its own order over every row. */
  whole?: boolean;
}

/**
 * A list with an order of its own says it above its table ("Newest first: …"), or that it shows the API's order when
 * the address asks for that (`order=api`), each with a link to the other; or, where the list is longer than the page
 * reads, that it shows the API's order because its newest rows cannot be told. Nothing for a list without one.
 */
export function RowOrderNote({ view, whole = true }: RowOrderNoteProps) {
  const params = useSearchParams();
  const order = view.order;
  if (!order) return null;
  const inForce = rowOrderInForce(view, params) !== undefined;
  if (inForce && !whole)
    return (
      <p className="text-sm" data-testid="row-order">
        Showing {order.api}: the list is longer than Backroom reads at once, so which rows come {order.name} cannot be
        told. Narrow the filters to put them {order.name}.
      </p>
    );
  return (
    <p className="text-sm" data-testid="row-order">
      {inForce ? order.describe : `Showing ${order.api}.`}{" "}
      <button
        type="button"
        className="link cursor-pointer font-semibold"
        onClick={() =>
          pushParams((p) => {
            if (inForce) p.set(ORDER_PARAM, API_ORDER);
            else p.delete(ORDER_PARAM);
          })
        }
      >
        Show {inForce ? order.api : order.name}
      </button>
    </p>
  );
}
