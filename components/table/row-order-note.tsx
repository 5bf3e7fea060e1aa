"use client";

import { useSearchParams } from "next/navigation";
import { pushParams } from "@/lib/ui/address";
import { API_ORDER, type ListViewSpec, ORDER_PARAM, rowOrderInForce } from "@/lib/ui/views/list-view-spec";

interface RowOrderNoteProps {
  view: Pick<ListViewSpec, "order">;
}

/**
 * A list with an order of its own says it above its table ("Newest first: …"), or that it shows the API's order when
 * the address asks for that (`order=api`), each with a link to the other. Nothing for a list without one.
 */
export function RowOrderNote({ view }: RowOrderNoteProps) {
  const params = useSearchParams();
  const order = view.order;
  if (!order) return null;
  const inForce = rowOrderInForce(view, params) !== undefined;
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
