"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTimeZone } from "@/components/shell/providers";
import { localDay } from "@/lib/format/days";
import { formatDay } from "@/lib/format/display";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { invoiceListsQueryOptions } from "@/lib/ui/order-guide/shared-list-client";

interface InvoiceReordersProps {
  customerId: number | null | undefined;
  invoiceNum: string | null | undefined;
}

/**
 * The invoice's link back to the reorder list(s) it was matched to ("From reorder request (sent Nov 27, 2026 by
 * Pat)"), for the store's and the rep's side (`GET /api/order-guide/lists/by-invoice`). Nothing when none is, or
 * the lookup fails: the invoice is the page.
 */
export function InvoiceReorders({ customerId, invoiceNum }: InvoiceReordersProps) {
  const { keyType } = useKeyScope();
  const timeZone = useTimeZone();
  const asks = keyType !== "Supplier" && customerId != null && Boolean(invoiceNum);
  const lists = useQuery({ ...invoiceListsQueryOptions(customerId ?? 0, invoiceNum ?? ""), enabled: asks });
  if (!asks || !lists.data?.lists.length) return null;
  return (
    <ul className="space-y-1 text-sm" aria-label="Reorder requests of this invoice">
      {lists.data.lists.map((list) => (
        <li key={list.id}>
          <Link href={`/order-guide/lists/${list.id}`} className="link inline-flex min-h-11 items-center">
            From reorder request (sent {formatDay(localDay(new Date(list.sentAt), timeZone))} by {list.sentBy})
          </Link>
        </li>
      ))}
    </ul>
  );
}
