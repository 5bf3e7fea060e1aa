import type { DraftLineTable, PurchaseLineTable, PurchaseTable, VendorTable } from "../db/schema";
import { businessStamp, dayFromToday, type SeedContext } from "./context";
import type { ProductInfo } from "./products";
import type { SupplierInfo } from "./suppliers";

type DraftLineRow = Omit<DraftLineTable, "id" | "cases_centi"> & { id: number; cases_centi: number };

/**
 * Purchase orders the demo brand has started through the API and not yet submitted: one ready to submit, and one for
 * a vendor that requires batch codes with a line still missing its code, so a draft editor has both to show. Their
 * products are ones the warehouse has received before (no activation needed).
 */
export function seedDraftOrders(
  ctx: SeedContext,
  supplier: SupplierInfo,
  vendors: VendorTable[],
  products: ProductInfo[],
  purchases: PurchaseTable[],
  lines: PurchaseLineTable[],
  createdBy: number,
): { purchases: PurchaseTable[]; lines: DraftLineRow[] } {
  const { rng } = ctx;
  const id = supplier.row.supplier_id;
  const mine = vendors.filter((v) => v.supplier_id === id && v.active === 1);
  const plans = [mine.find((v) => !v.require_po_batch_codes), mine.find((v) => v.require_po_batch_codes)].filter(
    (v): v is VendorTable => v !== undefined,
  );
  const perCase = new Map(products.map((p) => [p.row.product_id, p.row.wholesale_units_per_case]));
  const active = new Set(
    products.filter((p) => p.row.supplier_id === id && p.row.status_id === 1).map((p) => p.row.product_id),
  );

  const out: { purchases: PurchaseTable[]; lines: DraftLineRow[] } = { purchases: [], lines: [] };
  plans.forEach((vendor, k) => {
    const atWarehouse = new Set(
      purchases
        .filter((p) => p.to_location_id === vendor.location_id && p.supplier_id === id)
        .map((p) => p.purchase_global_id),
    );
    const stocked = [
      ...new Set(
        lines.filter((l) => atWarehouse.has(l.purchase_global_id) && active.has(l.product_id)).map((l) => l.product_id),
      ),
    ];
    const chosen = rng.sample(stocked, Math.min(stocked.length, k === 0 ? 4 : 3));
    if (chosen.length === 0) return;
    const globalId = rng.uuid();
    const created = businessStamp(ctx, dayFromToday(ctx, k === 0 ? -2 : -1));
    out.purchases.push({
      purchase_global_id: globalId,
      purchase_id: null,
      source: "api",
      supplier_id: id,
      supplier_name: supplier.row.supplier,
      vendor_id: vendor.vendor_id,
      to_location_id: vendor.location_id,
      po_num: `PO-${supplier.prefix}-D${k + 1}`,
      status: "InProgress",
      delivery_date: dayFromToday(ctx, vendor.lead_time_days + 7 + k * 7),
      shipment_id: null,
      shipment_num: null,
      receiving_num: null,
      public_pdf_link: null,
      memo: `Supplier: ${supplier.row.supplier}`,
      terms: null,
      term_id: null,
      freight_micros: null,
      tax_micros: null,
      other_cost_micros: null,
      purchase_pdf_url_api_key_id: null,
      created_by_user_id: createdBy,
      receive_date: null,
      post_date: null,
      invoice_date: null,
      due_date: null,
      last_edit_time: created,
      last_calc_time: null,
      submitted_at: null,
      time_created: created,
      time_updated: created,
    });
    chosen.forEach((productId, position) => {
      const cases = rng.int(2, 12);
      const units = cases * (perCase.get(productId) ?? 1);
      // The second order's last line has no batch code yet: that order is not ready to submit.
      const batch =
        vendor.require_po_batch_codes && position < chosen.length - 1
          ? `${supplier.prefix}${rng.hex(4).toUpperCase()}`
          : null;
      out.lines.push({
        id: out.lines.length + 1,
        purchase_global_id: globalId,
        position,
        product_id: productId,
        cases,
        units: null,
        num_units: units,
        cases_centi: cases * 100,
        batch_code: batch,
        expiration_date: null,
        needs_activation: 0,
        activation_task_id: null,
      });
    });
  });
  return out;
}
