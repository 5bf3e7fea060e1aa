"use client";

import { type UseQueryResult, useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { RecordOf } from "@/lib/data-api/client";
import type { OperationId } from "@/lib/data-api/registry";
import { apiQueryOptions, apiWalkOptions, type Walked } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import type { Answered } from "@/lib/domain/stale";
import type { PlanInput } from "@/lib/domain/replenishment/plan";
import {
  inventoryRead,
  linesV1Reads,
  locationsRead,
  type PlanRead,
  productsRead,
  purchasesRead,
  purchasesV1Read,
  statesRead,
  vendorIdsOf,
  vendorsRead,
} from "@/lib/domain/replenishment/requests";

function walkOf<K extends OperationId>(read: PlanRead<K>) {
  return apiWalkOptions(browserApi, read.request, read.staleTime, read.pages ?? 1);
}

type LineWalks = UseQueryResult<Walked<RecordOf<"listPurchaseTransactions">>>[];

/** The v1 lines' walks as one answer: every batch's records once all have come (stable while none changes). */
function joinLines(walks: LineWalks) {
  const failed = walks.find((w) => w.error);
  return {
    records: walks.every((w) => w.data) ? walks.flatMap((w) => w.data!.records) : undefined,
    complete: walks.every((w) => w.data?.complete !== false),
    error: failed?.error ?? undefined,
    refetch: () => walks.filter((w) => w.error).forEach((w) => void w.refetch()),
  };
}

/** A list the plan read only in part: its walk stopped at its bound. */
export type CutShort = "inventory" | "products" | "vendors" | "purchases";

export interface PlanData {
  /** Everything planRows needs, once every read has answered. */
  input?: PlanInput;
  /** The first read that failed, and a retry of the failed ones. */
  error?: unknown;
  retry: () => void;
  /** Lists whose walk stopped at its bound: the plan says so. */
  cutShort: CutShort[];
  /** The plan's reads, for the note of how old it is when any was a last-known answer (`StaleNote`). */
  answers: Answered[];
}

/**
 * The plan's reads in the browser, under the keys the server prefetched them with (so the first render has them and
 * asks nothing): a supplier's inventory, products and vendors, every warehouse and state, and its open purchases, v2's
 * or, without v2, v1's posted ones and their lines. For a key that sees other suppliers' purchases (`narrow`), the
 * purchases wait for the vendors, whose ids narrow them; a supplier without vendors has nothing on order.
 */
export function usePlanData({
  supplierId,
  narrow,
  v2,
}: {
  supplierId: number;
  narrow: boolean;
  v2: boolean;
}): PlanData {
  const inventory = useQuery(walkOf(inventoryRead(supplierId)));
  const products = useQuery(walkOf(productsRead(supplierId)));
  const vendors = useQuery(walkOf(vendorsRead(supplierId)));
  const locations = useQuery(apiQueryOptions(browserApi, locationsRead.request, locationsRead.staleTime));
  const states = useQuery(apiQueryOptions(browserApi, statesRead.request, statesRead.staleTime));

  // undefined: waiting for the vendors; null: not narrowed (the key sees only this supplier's purchases).
  const vendorIds = !narrow ? null : vendors.data ? vendorIdsOf(vendors.data.records) : undefined;
  const purchasesWanted = vendorIds === null || (vendorIds !== undefined && vendorIds.length > 0);
  const noPurchases = vendorIds !== undefined && vendorIds !== null && vendorIds.length === 0;
  const purchases = useQuery({ ...walkOf(purchasesRead(vendorIds ?? undefined)), enabled: v2 && purchasesWanted });
  const posted = useQuery({ ...walkOf(purchasesV1Read(vendorIds ?? undefined)), enabled: !v2 && purchasesWanted });
  const lines = useQueries({
    queries: (posted.data ? linesV1Reads(posted.data.records) : []).map((read) => walkOf(read)),
    combine: joinLines,
  });

  const reads = [
    inventory,
    products,
    vendors,
    locations,
    states,
    ...(purchasesWanted ? (v2 ? [purchases] : [posted, lines]) : []),
  ];
  const failed = reads.filter((r) => r.error);
  const retry = () => failed.forEach((r) => void r.refetch());
  const purchasesDone =
    noPurchases || (v2 ? purchases.data !== undefined : posted.data !== undefined && lines.records !== undefined);

  const cutShort: CutShort[] = [];
  if (inventory.data && !inventory.data.complete) cutShort.push("inventory");
  if (products.data && !products.data.complete) cutShort.push("products");
  if (vendors.data && !vendors.data.complete) cutShort.push("vendors");
  if ((purchases.data && !purchases.data.complete) || (posted.data && !posted.data.complete) || !lines.complete)
    cutShort.push("purchases");

  const ready = Boolean(
    inventory.data && products.data && vendors.data && locations.data && states.data && purchasesDone,
  );
  // One object while no answer changes: the page's plan is worked out again only when one does.
  const input = useMemo(
    (): PlanInput | undefined =>
      ready
        ? {
            inventory: inventory.data!.records,
            products: products.data!.records,
            vendors: vendors.data!.records,
            locations: locations.data!.records,
            states: states.data!.records,
            ...(v2
              ? { purchases: purchases.data?.records ?? [] }
              : { purchasesV1: { purchases: posted.data?.records ?? [], lines: lines.records ?? [] } }),
          }
        : undefined,
    [
      ready,
      v2,
      inventory.data,
      products.data,
      vendors.data,
      locations.data,
      states.data,
      purchases.data,
      posted.data,
      lines.records,
    ],
  );
  const answers = [
    inventory.data,
    products.data,
    vendors.data,
    locations.data,
    states.data,
    purchases.data,
    posted.data,
  ];
  return { input, error: failed[0]?.error ?? undefined, retry, cutShort, answers };
}
