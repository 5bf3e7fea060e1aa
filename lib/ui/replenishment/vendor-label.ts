/**
 * A vendor as the replenishment planner names it: its whole name and its VendorID (a supplier can have two vendors of
 * one name: "Mojave Sun Distribution"), and, where a choice spans warehouses (the filter), the warehouses it delivers
 * to. One function for the row's picker, the filter and the drafts' summary.
 */

/** What a label is made from: the vendor's id and name (the name may be missing: records are sparse). */
export interface LabelledVendor {
  vendorId: number;
  name?: string;
}

/**
 * "Mojave Sun Distribution · vendor 40", with the warehouses it delivers to when given ("· to Oakland, Fresno"); a
 * vendor without a name is "Vendor 40".
 *
 * @example
 * vendorLabel({ vendorId: 40, name: "Mojave Sun Distribution" }); // "Mojave Sun Distribution · vendor 40"
 * vendorLabel({ vendorId: 41, name: "Mojave Sun Distribution" }, ["Fresno DC"]); // "Mojave Sun Distribution · vendor 41 · to Fresno DC"
 */
export function vendorLabel(vendor: LabelledVendor, warehouses: readonly string[] = []): string {
  const name = vendor.name?.trim();
  const who = name ? `${name} · vendor ${vendor.vendorId}` : `Vendor ${vendor.vendorId}`;
  return warehouses.length ? `${who} · to ${warehouses.join(", ")}` : who;
}

/**
 * The vendors of some planner rows for a choice across warehouses: each VendorID once, labelled with the warehouses its
 * rows deliver to, sorted by name, then id.
 *
 * @example
 * vendorOptions(rows); // [{ id: 40, name: "Mojave Sun Distribution · vendor 40 · to Oakland DC" }, { id: 41, … · to Fresno DC }]
 */
export function vendorOptions(
  rows: readonly { vendorChoices: readonly LabelledVendor[]; locationId: number; warehouseName?: string }[],
): { id: number; name: string }[] {
  const vendors = new Map<number, { vendor: LabelledVendor; warehouses: Set<string> }>();
  for (const row of rows)
    for (const vendor of row.vendorChoices) {
      const entry = vendors.get(vendor.vendorId) ?? { vendor, warehouses: new Set<string>() };
      entry.warehouses.add(row.warehouseName ?? `Warehouse ${row.locationId}`);
      vendors.set(vendor.vendorId, entry);
    }
  return [...vendors.values()]
    .map(({ vendor, warehouses }) => ({
      id: vendor.vendorId,
      sortName: vendor.name?.trim() || `Vendor ${vendor.vendorId}`,
      name: vendorLabel(
        vendor,
        [...warehouses].sort((a, b) => a.localeCompare(b)),
      ),
    }))
    .sort((a, b) => a.sortName.localeCompare(b.sortName) || a.id - b.id)
    .map(({ id, name }) => ({ id, name }));
}
