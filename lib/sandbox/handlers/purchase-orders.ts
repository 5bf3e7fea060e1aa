import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { isoDay } from "../clock";
import { nextId } from "../db/counters";
import { isUniqueViolation } from "../db/errors";
import type { Database } from "../db/schema";
import { inIds, notFound, rejection, type WriteHandlers } from "../handler";
import type { KeyScope } from "../keys";
import {
  type CheckedLine,
  checkPurchaseOrder,
  duplicatePoNumber,
  readinessOf,
  type WriteLine,
} from "../purchase-checks";
import { supplierScope } from "../scope";
import { findPurchaseV2 } from "./purchasing";

/** The purchase a write addresses, by global id (or numeric ERP id), if the key may see it: 404 otherwise. */
async function purchaseFor(db: Kysely<Database>, scope: KeyScope, ref: string) {
  const suppliers = supplierScope(scope);
  // A numeric ERP id finds the purchase too: a write to it then answers 409 (not a draft) rather than a misleading 404.
  const byId = /^\d+$/.test(ref);
  const row = await db
    .selectFrom("purchases")
    .selectAll()
    .where(byId ? "purchase_id" : "purchase_global_id", "=", byId ? Number(ref) : ref)
    .$if(suppliers !== undefined, (q) => q.where("supplier_id", "in", inIds(suppliers!)))
    .executeTakeFirst();
  if (!row) throw notFound(`Purchase ${ref}`);
  return row;
}

/** 409 for a write to a purchase that is no longer an editable draft. */
function assertDraft(row: { status: string; purchase_global_id: string }, action: string) {
  if (row.status !== "InProgress") {
    const submitted = row.status === "Submitted" ? "it was submitted" : `it is in the ERP (status ${row.status})`;
    throw rejection(
      409,
      "PURCHASE_NOT_DRAFT",
      `Purchase ${row.purchase_global_id} cannot be ${action}: ${submitted}.`,
      undefined,
      { status: row.status },
    );
  }
}

async function insertLines(db: Kysely<Database>, globalId: string, lines: CheckedLine[]) {
  if (lines.length === 0) return;
  await db
    .insertInto("draft_lines")
    .values(lines.map((l, position) => ({ purchase_global_id: globalId, position, ...l, activation_task_id: null })))
    .execute();
}

/** Stored draft lines as write lines, for a PATCH that keeps them while it changes the header. */
async function storedLines(db: Kysely<Database>, globalId: string): Promise<WriteLine[]> {
  const rows = await db
    .selectFrom("draft_lines")
    .selectAll()
    .where("purchase_global_id", "=", globalId)
    .orderBy("position")
    .execute();
  return rows.map((r) => ({
    product_id: r.product_id,
    cases: r.cases,
    units: r.cases === null ? (r.units ?? r.num_units) : null,
    batch_code: r.batch_code,
    expiration_date: r.expiration_date,
  }));
}

/**
 * A po_num taken between the check and the write (another request won the race): the unique index says so. No
 * query follows the failed statement (PostgreSQL would refuse one in the aborted transaction), so the winner is not
 * named; the client's re-read finds it.
 */
async function onDuplicate<T>(vendorId: number, poNum: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw duplicatePoNumber(vendorId, poNum, undefined);
  }
}

/** Products new to the warehouse get an activation task once the order is real (submitted), one per line. */
async function assignActivationTasks(db: Kysely<Database>, globalId: string) {
  const lines = await db
    .selectFrom("draft_lines")
    .select("id")
    .where("purchase_global_id", "=", globalId)
    .where("needs_activation", "=", 1)
    .where("activation_task_id", "is", null)
    .orderBy("position")
    .execute();
  for (const line of lines) {
    await db
      .updateTable("draft_lines")
      .set({ activation_task_id: await nextId(db, "activation_task_id") })
      .where("id", "=", line.id)
      .execute();
  }
}

async function answer(db: Kysely<Database>, scope: KeyScope, globalId: string, assetUrl: (p: string) => string) {
  const record = await findPurchaseV2(db, scope, globalId, true, assetUrl);
  if (!record) throw new Error(`purchase ${globalId} vanished inside its own write`);
  return { record, location: `/purchases/${globalId}` };
}

export const purchaseOrderHandlers: WriteHandlers = {
  // POST /purchases (v2): a draft (InProgress), or with submit=true a purchase order handed to the ERP (Submitted).
  async createPurchase({ db, scope, body, query, now, assetUrl }) {
    const stamp = now.toISOString();
    const checked = await checkPurchaseOrder(
      db,
      scope,
      { ...body, lines: body.purchase_transactions ?? [] },
      { today: isoDay(now), checksDeliveryDate: true },
    );
    if (query.submit && checked.notReady.length) {
      throw rejection(
        422,
        "NOT_SUBMITTABLE",
        "The purchase order is not ready to submit; nothing was created.",
        checked.notReady,
      );
    }
    const vendor = await db
      .selectFrom("vendors")
      .select("vendor_name")
      .where("vendor_id", "=", body.vendor_id)
      .where("location_id", "=", body.to_location_id)
      .executeTakeFirstOrThrow();
    const globalId = randomUUID();
    await onDuplicate(body.vendor_id, body.po_num, () =>
      db
        .insertInto("purchases")
        .values({
          purchase_global_id: globalId,
          purchase_id: null,
          source: "api",
          supplier_id: body.supplier_id,
          supplier_name: body.supplier_name ?? null,
          vendor_id: body.vendor_id,
          to_location_id: body.to_location_id,
          po_num: body.po_num,
          status: query.submit ? "Submitted" : "InProgress",
          delivery_date: body.delivery_date,
          shipment_id: null,
          shipment_num: null,
          receiving_num: null,
          public_pdf_link: null,
          memo: `Supplier: ${body.supplier_name ?? vendor.vendor_name}`,
          terms: null,
          term_id: null,
          freight_micros: null,
          tax_micros: null,
          other_cost_micros: null,
          purchase_pdf_url_api_key_id: null,
          created_by_user_id: scope.type === "Employee" ? (body.created_by_user_id ?? scope.userId) : scope.userId,
          receive_date: null,
          post_date: null,
          invoice_date: null,
          due_date: null,
          last_edit_time: stamp,
          last_calc_time: null,
          submitted_at: query.submit ? stamp : null,
          time_created: stamp,
          time_updated: stamp,
        })
        .execute(),
    );
    await insertLines(db, globalId, checked.lines);
    if (query.submit) await assignActivationTasks(db, globalId);
    return answer(db, scope, globalId, assetUrl);
  },

  // POST /purchases/validate (v2): the checks of a create with submit=true; creates nothing. Readiness problems answer
  // valid: false with them listed in `errors` (a sandbox extra); the rest answer 409/422 as a create would.
  async validatePurchase({ db, scope, body, now }) {
    const checked = await checkPurchaseOrder(
      db,
      scope,
      { ...body, lines: body.purchase_transactions ?? [] },
      { today: isoDay(now), checksDeliveryDate: true },
    );
    return {
      record: { valid: checked.notReady.length === 0, total_cases: checked.totalCases, errors: checked.notReady },
    };
  },

  // PATCH /purchases/{purchaseGlobalID} (v2): drafts only; supplied fields replaced, purchase_transactions replaces every
  // line (an empty array removes them). Status is not a field it takes.
  async updatePurchase({ db, scope, body, path, now, assetUrl }) {
    const row = await purchaseFor(db, scope, path.purchaseGlobalID);
    assertDraft(row, "edited");
    const input = {
      supplier_id: row.supplier_id,
      vendor_id: body.vendor_id ?? row.vendor_id,
      to_location_id: body.to_location_id ?? row.to_location_id,
      delivery_date: body.delivery_date ?? row.delivery_date ?? isoDay(now),
      po_num: body.po_num ?? row.po_num,
      lines: body.purchase_transactions ?? (await storedLines(db, row.purchase_global_id)),
    };
    const checked = await checkPurchaseOrder(db, scope, input, {
      today: isoDay(now),
      checksDeliveryDate: body.delivery_date !== undefined,
      self: row.purchase_global_id,
    });
    const stamp = now.toISOString();
    await onDuplicate(input.vendor_id, input.po_num, () =>
      db
        .updateTable("purchases")
        .set({
          vendor_id: input.vendor_id,
          to_location_id: input.to_location_id,
          delivery_date: input.delivery_date,
          po_num: input.po_num,
          last_edit_time: stamp,
          time_updated: stamp,
        })
        .where("purchase_global_id", "=", row.purchase_global_id)
        .execute(),
    );
    if (body.purchase_transactions === undefined) {
      // Lines not written keep their rows (and ids); only whether the warehouse stocks them can change with it.
      const kept = await db
        .selectFrom("draft_lines")
        .select("id")
        .where("purchase_global_id", "=", row.purchase_global_id)
        .orderBy("position")
        .execute();
      for (const [i, line] of kept.entries()) {
        await db
          .updateTable("draft_lines")
          .set({ needs_activation: checked.lines[i]!.needs_activation })
          .where("id", "=", line.id)
          .execute();
      }
    } else {
      await db.deleteFrom("draft_lines").where("purchase_global_id", "=", row.purchase_global_id).execute();
      await insertLines(db, row.purchase_global_id, checked.lines);
    }
    return answer(db, scope, row.purchase_global_id, assetUrl);
  },

  // DELETE /purchases/{purchaseGlobalID} (v2): drafts only; 204, and 404 from then on.
  async deletePurchase({ db, scope, path }) {
    const row = await purchaseFor(db, scope, path.purchaseGlobalID);
    assertDraft(row, "deleted");
    await db.deleteFrom("draft_lines").where("purchase_global_id", "=", row.purchase_global_id).execute();
    await db.deleteFrom("purchases").where("purchase_global_id", "=", row.purchase_global_id).execute();
    return {};
  },

  // POST /purchases/{purchaseGlobalID}/submit (v2): re-checks the draft and hands it to the ERP; the import job does the rest.
  async submitPurchase({ db, scope, path, now, assetUrl }) {
    const row = await purchaseFor(db, scope, path.purchaseGlobalID);
    assertDraft(row, "submitted");
    const lines = await db
      .selectFrom("draft_lines")
      .selectAll()
      .where("purchase_global_id", "=", row.purchase_global_id)
      .orderBy("position")
      .execute();
    const vendor = await db
      .selectFrom("vendors")
      .select("require_po_batch_codes")
      .where("vendor_id", "=", row.vendor_id)
      .where("location_id", "=", row.to_location_id)
      .executeTakeFirst();
    const problems = readinessOf(lines, vendor?.require_po_batch_codes === 1);
    if (problems.length)
      throw rejection(409, "NOT_SUBMITTABLE", `Purchase ${row.purchase_global_id} is not ready to submit.`, problems);
    const stamp = now.toISOString();
    await assignActivationTasks(db, row.purchase_global_id);
    await db
      .updateTable("purchases")
      .set({ status: "Submitted", submitted_at: stamp, time_updated: stamp })
      .where("purchase_global_id", "=", row.purchase_global_id)
      .execute();
    return answer(db, scope, row.purchase_global_id, assetUrl);
  },
};
