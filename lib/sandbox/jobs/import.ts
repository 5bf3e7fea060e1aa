import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { isoDay } from "../clock";
import { nextId } from "../db/counters";
import type { Database } from "../db/schema";
import { plusDays, roundCents } from "../seed/context";
import { termDays, termName } from "../seed/places";
import { FIRST_PURCHASE_ID } from "../seed/purchases";

/** What one import run did: purchases moved by each step. */
export interface ImportSummary {
  job: "import";
  /** Submitted API purchase orders posted into the ERP (now New). */
  imported: number;
  /** New purchases accepted (posted on an earlier day). */
  accepted: number;
  /** Accepted purchases received (delivery date reached). */
  received: number;
  /** Received purchases confirmed (received on an earlier day). */
  confirmed: number;
}

/** Term of a supplier with no supplier credit terms: Net 30, as the seed gives purchases. */
const DEFAULT_TERM_ID = 4;
/** FOB of an imported line: 55% of the product's wholesale unit price. */
const FOB_PERCENT = 55;

/** Units to add to a warehouse's inventory row. */
interface StockMove {
  location_id: number;
  product_id: number;
  purchase_trans_id: number;
  received: number;
  inventory: number;
}

/**
 * The ERP's purchasing sync: posts submitted API orders, then moves purchases New → Accepted → Received → Confirmed.
 *
 * Runs in one transaction (or in the caller's). The steps run latest first (confirm, receive, accept, import), so each
 * acts on the statuses as they were when the run started and a purchase moves at most one step per run.
 *
 * @example
 * const summary = await runImport(db, new Date("2026-11-21T18:00:00.000Z")); // { job: "import", imported: 1, ... }
 */
export async function runImport(db: Kysely<Database>, now: Date): Promise<ImportSummary> {
  if (!db.isTransaction) return db.transaction().execute((trx) => runImport(trx, now));
  const today = isoDay(now);
  const stamp = now.toISOString();
  const confirmed = await confirmReceived(db, today, stamp);
  const received = await receiveDelivered(db, today, stamp);
  const accepted = await acceptPosted(db, today, stamp);
  const imported = await importSubmitted(db, today, stamp);
  return { job: "import", imported, accepted, received, confirmed };
}

/** Step 1: Submitted API orders get an ERP id, terms, a PDF link and posted lines; their draft lines go. */
async function importSubmitted(db: Kysely<Database>, today: string, stamp: string): Promise<number> {
  const orders = await db
    .selectFrom("purchases as p")
    .leftJoin("vendors as v", (join) =>
      join.onRef("v.vendor_id", "=", "p.vendor_id").onRef("v.location_id", "=", "p.to_location_id"),
    )
    .select(["p.purchase_global_id", "p.supplier_id", "p.supplier_name", "p.memo", "p.submitted_at", "v.vendor_name"])
    .where("p.status", "=", "Submitted")
    .where("p.source", "=", "api")
    .where("p.purchase_id", "is", null)
    .execute();
  // Sorted here rather than in SQL: SQLite and PostgreSQL place nulls differently. A missing submitted_at goes first.
  orders.sort(
    (a, b) =>
      compare(a.submitted_at ?? "", b.submitted_at ?? "") || compare(a.purchase_global_id, b.purchase_global_id),
  );

  for (const order of orders) {
    const purchaseId = await nextId(db, "purchase_id");
    const termId = await supplierTermId(db, order.supplier_id);
    const name = order.supplier_name ?? order.vendor_name;
    await db
      .updateTable("purchases")
      .set({
        purchase_id: purchaseId,
        status: "New",
        post_date: today,
        term_id: termId,
        terms: termName(termId),
        memo: name === null ? order.memo : `Supplier: ${name}`,
        public_pdf_link: `assets/purchases/${order.purchase_global_id}.pdf?token=${randomBytes(16).toString("hex")}`,
        freight_micros: 0,
        tax_micros: 0,
        other_cost_micros: 0,
        last_edit_time: stamp,
        last_calc_time: stamp,
        time_updated: stamp,
      })
      .where("purchase_global_id", "=", order.purchase_global_id)
      .execute();

    const drafts = await db
      .selectFrom("draft_lines as d")
      .leftJoin("products as pr", "pr.product_id", "d.product_id")
      .select([
        "d.product_id",
        "d.num_units",
        "d.cases_centi",
        "d.expiration_date",
        "d.batch_code",
        "pr.unit_price_micros",
      ])
      .where("d.purchase_global_id", "=", order.purchase_global_id)
      .orderBy("d.position")
      .orderBy("d.id")
      .execute();
    for (const line of drafts) {
      // A product gone from the catalog has no price to derive the FOB from: the line is posted at zero.
      const fob = roundCents(((line.unit_price_micros ?? 0) * FOB_PERCENT) / 100);
      await db
        .insertInto("purchase_lines")
        .values({
          purchase_trans_id: await nextId(db, "purchase_trans_id"),
          purchase_global_id: order.purchase_global_id,
          product_id: line.product_id,
          ordered: line.num_units,
          num_units: line.num_units,
          cases_centi: line.cases_centi,
          fob_micros: fob,
          deposit_cost_micros: 0,
          laid_in_cost_micros: fob,
          weight_centi: null,
          expiration_date: line.expiration_date,
          code_date: null,
          batch_code: line.batch_code,
          pallet_tag: null,
          time_updated: stamp,
        })
        .execute();
    }
    await db.deleteFrom("draft_lines").where("purchase_global_id", "=", order.purchase_global_id).execute();
  }
  return orders.length;
}

/** Step 2: New purchases posted on an earlier day are Accepted. */
async function acceptPosted(db: Kysely<Database>, today: string, stamp: string): Promise<number> {
  const result = await db
    .updateTable("purchases")
    .set({ status: "Accepted", time_updated: stamp })
    .where("status", "=", "New")
    .where("purchase_id", "is not", null)
    .where("post_date", "<", today)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Step 3: Accepted purchases whose delivery date has come are Received: dated, numbered, and their units received. */
async function receiveDelivered(db: Kysely<Database>, today: string, stamp: string): Promise<number> {
  const purchases = await db
    .selectFrom("purchases")
    .select(["purchase_global_id", "purchase_id", "to_location_id", "term_id", "receiving_num"])
    .where("status", "=", "Accepted")
    .where("purchase_id", "is not", null)
    .where("delivery_date", "is not", null)
    .where("delivery_date", "<=", today)
    .orderBy("purchase_id")
    .$narrowType<{ purchase_id: number }>()
    .execute();
  for (const p of purchases) {
    await db
      .updateTable("purchases")
      .set({
        status: "Received",
        receive_date: today,
        invoice_date: today,
        due_date: plusDays(today, termDays(p.term_id ?? DEFAULT_TERM_ID)),
        receiving_num: p.receiving_num ?? `RCV-${300000 + p.purchase_id - FIRST_PURCHASE_ID}`,
        time_updated: stamp,
      })
      .where("purchase_global_id", "=", p.purchase_global_id)
      .execute();
    const lines = await linesOf(db, p.purchase_global_id);
    for (const [k, line] of lines.entries()) {
      if (line.code_date === null || line.batch_code === null) {
        await db
          .updateTable("purchase_lines")
          .set({
            code_date: line.code_date ?? today,
            batch_code: line.batch_code ?? `B${p.purchase_id}-${k + 1}`,
            time_updated: stamp,
          })
          .where("purchase_trans_id", "=", line.purchase_trans_id)
          .execute();
      }
      await moveStock(
        db,
        {
          location_id: p.to_location_id,
          product_id: line.product_id,
          purchase_trans_id: line.purchase_trans_id,
          received: line.num_units,
          inventory: 0,
        },
        stamp,
      );
    }
  }
  return purchases.length;
}

/** Step 4: Received purchases received on an earlier day are Confirmed: their units go from received to the floor. */
async function confirmReceived(db: Kysely<Database>, today: string, stamp: string): Promise<number> {
  const purchases = await db
    .selectFrom("purchases")
    .select(["purchase_global_id", "to_location_id"])
    .where("status", "=", "Received")
    .where("purchase_id", "is not", null)
    .where("receive_date", "<", today)
    .orderBy("purchase_id")
    .execute();
  for (const p of purchases) {
    await db
      .updateTable("purchases")
      .set({ status: "Confirmed", time_updated: stamp })
      .where("purchase_global_id", "=", p.purchase_global_id)
      .execute();
    for (const line of await linesOf(db, p.purchase_global_id)) {
      await moveStock(
        db,
        {
          location_id: p.to_location_id,
          product_id: line.product_id,
          purchase_trans_id: line.purchase_trans_id,
          received: -line.num_units,
          inventory: line.num_units,
        },
        stamp,
      );
    }
  }
  return purchases.length;
}

function linesOf(db: Kysely<Database>, purchaseGlobalId: string) {
  return db
    .selectFrom("purchase_lines")
    .select(["purchase_trans_id", "product_id", "num_units", "code_date", "batch_code"])
    .where("purchase_global_id", "=", purchaseGlobalId)
    .orderBy("purchase_trans_id")
    .execute();
}

/**
 * Adds units to the warehouse's inventory row of the product, creating the row (every quantity 0) when missing. A
 * missing row has nothing received to take units from, so a new row never starts below zero.
 */
async function moveStock(db: Kysely<Database>, move: StockMove, stamp: string): Promise<void> {
  await db
    .insertInto("inventory")
    .values({
      location_id: move.location_id,
      product_id: move.product_id,
      purchase_trans_id: move.purchase_trans_id,
      inventory: Math.max(move.inventory, 0),
      received: Math.max(move.received, 0),
      loaded: 0,
      picked: 0,
      pending_sales: 0,
      delivered: 0,
      unsellable: 0,
      pre_sales: 0,
      allocated: 0,
      not_authorized: 0,
      doi_centi: 0,
      avg_daily_sales_90d_centi: 0,
      time_updated: stamp,
    })
    .onConflict((oc) =>
      oc.columns(["location_id", "product_id"]).doUpdateSet((eb) => ({
        received: eb("inventory.received", "+", move.received),
        inventory: eb("inventory.inventory", "+", move.inventory),
        time_updated: stamp,
      })),
    )
    .execute();
}

/** The supplier's first credit term (lowest id), or Net 30 when it has none. */
async function supplierTermId(db: Kysely<Database>, supplierId: number): Promise<number> {
  const row = await db
    .selectFrom("supplier_credit_terms")
    .select((eb) => eb.fn.min<number | null>("term_id").as("term_id"))
    .where("supplier_id", "=", supplierId)
    .executeTakeFirst();
  return row?.term_id == null ? DEFAULT_TERM_ID : Number(row.term_id);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
