import type { PaymentApplicationTable, PaymentTable, PaymentTypeTable } from "../db/schema";
import { businessStamp, dayFromToday, type SeedContext, stampAfter } from "./context";
import type { CustomerInfo } from "./customers";
import type { InvoiceInfo } from "./invoices";
import { AR_NOTES } from "./names";
import type { SupplierInfo } from "./suppliers";
import type { Staff } from "./users";

export const GENERIC_PAYMENT_TYPE_ID = -1;
export const FIRST_PAYMENT_TYPE_ID = 11;
export const FIRST_PAYMENT_ID = 600001;
export const FIRST_PAYMENT_INVOICE_ID = 800001;
export const FIRST_PAYMENT_NUM = 200001;
export const FIRST_PAYMENT_APPLICATION_ID = 900001;
export const FIRST_REQUEST_ID = 5001;

export type ApplicationStatus = PaymentApplicationTable["status"];
export type ApplicationRow = Omit<PaymentApplicationTable, "id"> & { id: number };

/** A payment being simulated; ids are given once all are made, in date order. */
export interface PaymentDraft {
  customer: CustomerInfo;
  day: string;
  time: string;
  amount: number;
  typeId: number;
  supplierId: number | null;
  memo: string;
  arNote: string | null;
  applications: ApplicationDraft[];
}

export interface ApplicationDraft {
  invoice: InvoiceInfo;
  amount: number;
  status: ApplicationStatus;
  viaApi: boolean;
  requestedBy: number;
  appliedBy: string | null;
  timeRequested: string;
  timeExported: string | null;
  timeApplied: string | null;
  timeConfirmed: string | null;
  timeUpdated: string;
}

/** Records a payment (a receipt, a brand credit or a reversal) on a day, at a business hour. */
export function createPayment(
  ctx: SeedContext,
  drafts: PaymentDraft[],
  customer: CustomerInfo,
  day: string,
  amount: number,
  memo: string,
  typeId = GENERIC_PAYMENT_TYPE_ID,
  supplierId: number | null = null,
): PaymentDraft {
  const { rng } = ctx;
  const draft: PaymentDraft = {
    customer,
    day,
    time: businessStamp(ctx, day),
    amount,
    typeId,
    supplierId,
    memo,
    arNote: rng.chance(0.03) ? rng.pick(AR_NOTES) : null,
    applications: [],
  };
  drafts.push(draft);
  return draft;
}

/** What a payment still has to give: its amount less its Pending, Exported and Confirmed applications. */
export function available(payment: PaymentDraft): number {
  let used = 0;
  for (const a of payment.applications) if (a.status !== "Rejected") used += a.amount;
  return payment.amount - used;
}

/**
 * The generic type (-1), named SupplierCredit as on the live service, and one type per supplier and product group,
 * "GreenLeaf Farms Flower credit". Receipts (checks, ACH, COD cash) carry the generic type, the only one of no supplier.
 */
export function seedPaymentTypes(
  ctx: SeedContext,
  suppliers: SupplierInfo[],
): { rows: PaymentTypeTable[]; bySupplier: Map<number, PaymentTypeTable[]> } {
  const { rng } = ctx;
  const rows: PaymentTypeTable[] = [
    {
      payment_type_id: GENERIC_PAYMENT_TYPE_ID,
      name: "SupplierCredit",
      supplier_id: null,
      time_created: businessStamp(ctx, dayFromToday(ctx, -900)),
      time_updated: ctx.syncStamp,
    },
  ];
  const bySupplier = new Map<number, PaymentTypeTable[]>();
  for (const s of suppliers) {
    const list: PaymentTypeTable[] = [];
    for (const group of s.groups) {
      const row = {
        payment_type_id: FIRST_PAYMENT_TYPE_ID + rows.length - 1,
        name: `${s.row.supplier} ${group} credit`,
        supplier_id: s.row.supplier_id,
        time_created: businessStamp(ctx, dayFromToday(ctx, -rng.int(560, 900))),
        time_updated: ctx.syncStamp,
      };
      rows.push(row);
      list.push(row);
    }
    bySupplier.set(s.row.supplier_id, list);
  }
  return { rows, bySupplier };
}

/**
 * Applies an amount of a payment to an invoice. Confirmed applications change the invoice's open balance at once;
 * Pending and Exported ones only hold the payment's balance; Rejected ones count for nothing.
 */
export function apply(
  ctx: SeedContext,
  staff: Staff,
  payment: PaymentDraft,
  invoice: InvoiceInfo,
  amount: number,
  status: ApplicationStatus,
  viaApi: boolean,
  requestedAt?: string,
): ApplicationDraft {
  const { rng } = ctx;
  const clerk = rng.pick(staff.arClerks);
  const requester = viaApi ? (payment.customer.users[0]?.user_id ?? staff.manager.user_id) : clerk.user_id;
  const requested = requestedAt ?? stampAfter(ctx, payment.time, viaApi ? rng.int(60, 2880) : rng.int(30, 2880));
  const exported = viaApi && status !== "Pending" ? stampAfter(ctx, requested, rng.int(10, 120)) : null;
  const applied =
    status === "Confirmed" ? (viaApi ? stampAfter(ctx, exported ?? requested, rng.int(60, 1440)) : requested) : null;
  const confirmed = applied && viaApi ? stampAfter(ctx, applied, 5) : applied;
  const updated =
    confirmed ?? (status === "Rejected" ? stampAfter(ctx, exported ?? requested, 72 * 60) : (exported ?? requested));
  const draft: ApplicationDraft = {
    invoice,
    amount,
    status,
    viaApi,
    requestedBy: requester,
    appliedBy: status === "Confirmed" ? clerk.full_name : null,
    timeRequested: requested,
    timeExported: exported,
    timeApplied: applied,
    timeConfirmed: confirmed,
    timeUpdated: updated,
  };
  payment.applications.push(draft);
  if (status === "Confirmed") invoice.row.open_balance_micros -= amount;
  return draft;
}

/** Gives payments and applications their ids, in date order, and makes their rows. */
export function finishPayments(
  ctx: SeedContext,
  drafts: PaymentDraft[],
): { payments: PaymentTable[]; applications: ApplicationRow[] } {
  const ordered = [...drafts].sort((a, b) =>
    a.time < b.time ? -1 : a.time > b.time ? 1 : a.customer.row.ar_account_id - b.customer.row.ar_account_id,
  );
  const payments: PaymentTable[] = [];
  const recent = dayFromToday(ctx, -2);
  const pending: { draft: ApplicationDraft; payment: PaymentTable }[] = [];
  ordered.forEach((d, k) => {
    const lastUpdate = d.applications.reduce((max, a) => (a.timeUpdated > max ? a.timeUpdated : max), d.time);
    const row: PaymentTable = {
      payment_id: FIRST_PAYMENT_ID + k,
      payment_invoice_id: FIRST_PAYMENT_INVOICE_ID + k,
      payment_invoice_num: `PAY-${FIRST_PAYMENT_NUM + k}`,
      ar_account_id: d.customer.row.ar_account_id,
      payment_type_id: d.typeId,
      supplier_id: d.supplierId,
      // The load sheet a payment was collected on: Balanced (5) for the last two days, Verified (7) before.
      load_sheet_status_id: d.day >= recent ? 5 : 7,
      memo: d.memo,
      ar_note: d.arNote,
      amount_micros: d.amount,
      post_date: d.day,
      time_created: d.time,
      time_updated: lastUpdate,
    };
    payments.push(row);
    for (const draft of d.applications) pending.push({ draft, payment: row });
  });
  pending.sort((a, b) =>
    a.draft.timeRequested < b.draft.timeRequested
      ? -1
      : a.draft.timeRequested > b.draft.timeRequested
        ? 1
        : a.payment.payment_id - b.payment.payment_id,
  );
  let nextApplicationId = FIRST_PAYMENT_APPLICATION_ID;
  let nextRequestId = FIRST_REQUEST_ID;
  const applications = pending.map(
    ({ draft: a, payment }, k): ApplicationRow => ({
      id: k + 1,
      payment_application_id: a.status === "Confirmed" ? nextApplicationId++ : null,
      request_id: a.viaApi ? nextRequestId++ : null,
      payment_id: payment.payment_id,
      payment_invoice_num: payment.payment_invoice_num,
      target_invoice_id: a.invoice.row.invoice_id,
      target_invoice_num: a.invoice.row.invoice_num,
      ar_account_id: payment.ar_account_id,
      amount_micros: a.amount,
      status: a.status,
      requested_by_user_id: a.requestedBy,
      applied_by: a.appliedBy,
      time_requested: a.timeRequested,
      time_exported: a.timeExported,
      time_applied: a.timeApplied,
      time_confirmed: a.timeConfirmed,
      time_updated: a.timeUpdated,
    }),
  );
  return { payments, applications };
}
