"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiQueryOptions, STALE } from "@/lib/domain/api-query";
import { browserApi } from "@/lib/ui/browser-api";
import { useKeyScope } from "@/lib/ui/key-scope-context";
import { supplierUserOptions, supplierUsersRequest } from "./created-by";
import type { DraftHeader } from "@/lib/domain/purchases/draft";
import { locationsRequest, suppliersRequest, vendorChoices, vendorsRequest } from "@/lib/domain/purchases/requests";
import { statesRequest } from "@/lib/domain/delivery/requests";
import { vendorArrival } from "@/lib/domain/replenishment/arrival";
import { catalogQuery } from "./catalog-query";

/**
 * What the purchase-order editor reads around the order being typed: the key's suppliers (from the session for a
 * Supplier key) and warehouses, the chosen
 * supplier's vendors (the vendor's row for the chosen warehouse: lead time, pickup days, batch codes) and the catalog
 * for the destination's state, and, for an order made on behalf of someone (`onBehalf`: an Employee key creating one),
 * the chosen supplier's users. A key with one supplier has it chosen: `header` is the typed header with it.
 */
export function useDraftLookups(typed: DraftHeader, { onBehalf = false }: { onBehalf?: boolean } = {}) {
  // A Supplier key's suppliers are in the session: only other keys ask the API for them.
  const scoped = useKeyScope().suppliers;
  const suppliers = useQuery({
    ...apiQueryOptions(browserApi, suppliersRequest, STALE.directory),
    enabled: scoped === undefined,
  });
  const locations = useQuery(apiQueryOptions(browserApi, locationsRequest, STALE.reference));
  // The states' time zones: a vendor's arrival is counted on the warehouse's clock, as the planner counts it.
  const states = useQuery(apiQueryOptions(browserApi, statesRequest, STALE.reference));
  const supplierList = useMemo(
    () => (scoped ? scoped.map((s) => ({ SupplierID: s.id, Supplier: s.name })) : (suppliers.data?.records ?? [])),
    [scoped, suppliers.data],
  );
  const header: DraftHeader = {
    ...typed,
    supplierId:
      typed.supplierId ?? (supplierList.length === 1 ? (supplierList[0]!.SupplierID ?? undefined) : undefined),
  };
  const vendors = useQuery({
    ...apiQueryOptions(browserApi, vendorsRequest(header.supplierId ?? 0), STALE.directory),
    enabled: header.supplierId !== undefined,
  });
  const vendorRows = useMemo(() => vendors.data?.records ?? [], [vendors.data]);
  const choices = useMemo(() => vendorChoices(vendorRows), [vendorRows]);
  const vendor = choices.find((v) => v.vendorId === header.vendorId);
  const vendorRow =
    vendorRows.find((v) => v.VendorID === header.vendorId && v.LocationID === header.locationId) ??
    vendorRows.find((v) => v.VendorID === header.vendorId);
  const locationName = (id: number) =>
    locations.data?.records.find((l) => l.LocationID === id)?.Location ?? `Warehouse ${id}`;
  const state = locations.data?.records.find((l) => l.LocationID === header.locationId)?.State ?? undefined;
  const catalog = useQuery(catalogQuery(header.supplierId, state));
  const timeZone = states.data?.records.find((s) => s.StateAbbreviation === state)?.TimeZone;
  const arrival = vendorRow
    ? vendorArrival(new Date(), timeZone, { pickupDates: vendorRow.PickupDates, leadTimeDays: vendorRow.LeadTimeDays })
    : undefined;
  const products = catalog.data?.products;
  const unitsPerCase = useMemo(
    () => new Map((products ?? []).flatMap((p) => (p.unitsPerCase ? [[p.productId, p.unitsPerCase] as const] : []))),
    [products],
  );
  const users = useQuery({
    ...apiQueryOptions(browserApi, supplierUsersRequest(header.supplierId ?? 0), STALE.directory),
    enabled: onBehalf && header.supplierId !== undefined,
  });
  const userOptions = supplierUserOptions(users.data?.records, header.supplierId);
  return {
    header,
    supplierList,
    suppliersPending: scoped === undefined && suppliers.isPending,
    choices,
    vendor,
    vendorRow,
    /** When an order placed now from the chosen vendor reaches the chosen warehouse (the planner's reading). */
    arrival,
    vendorsPending: vendors.isPending,
    requiresBatchCodes: vendorRow?.RequirePOBatchCodes === true,
    locationName,
    catalog,
    products,
    unitsPerCase,
    /** The chosen supplier's users to order on behalf of (none unless `onBehalf`). */
    users: {
      options: onBehalf ? userOptions : [],
      pending: onBehalf && header.supplierId !== undefined && users.isPending,
      error: users.error,
    },
  };
}
