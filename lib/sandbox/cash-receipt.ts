import type { Kysely } from "kysely";
import type { FieldError } from "@/lib/data-api/error-read";
import { isoDay } from "./clock";
import { nextId } from "./db/counters";
import type { Database } from "./db/schema";
import { rejection } from "./handler";
import {
  FIRST_PAYMENT_ID,
  FIRST_PAYMENT_INVOICE_ID,
  FIRST_PAYMENT_NUM,
  GENERIC_PAYMENT_TYPE_ID,
} from "./seed/payment-model";

/** A store's payment as the ERP's cash receipt posts it: a check, cash or a transfer, received on an AR account. */
export interface CashReceipt {
  arAccountId: number;
  /** Micro-dollars, above zero. */
  amountMicros: bigint;
  /** The payment's `Memo`: how the money came, "Check #4417". */
  reference: string;
  /** The payment's `PostDate`, YYYY-MM-DD; the environment's UTC today when left out. */
  date?: string;
  /** Apply it to the account's open invoices at once, as the ERP's clerk does (the default); false leaves it unapplied. */
  apply?: boolean;
}

/** Invoice statuses a payment is applied to: delivered (Shipped, Balanced, Verified), as the seed's payments are. */
const PAYABLE = [3, 5, 7];
/** A payment's load sheet: Balanced (5) when posted, as the seed's recent payments; the end of day verifies it later. */
const BALANCED = 5;
/** Who applies a receipt in the ERP: the seed's AR clerk. */
const AR_CLERK_TITLE = "Accounts Receivable Specialist";

/**
 * Posts a payment as the ERP's cash receipt does (`POST /{env}/operator/payments`): a Payment of the AR account of the
 * generic type (-1, the type of every receipt in the seed), numbered after the last (`PaymentID`, `PaymentInvoiceID`
 * and `PAY-` number in the seed's one sequence), `Memo` the reference, `PostDate` its day, its load sheet Balanced.
 * Applied (unless `apply` is false) as a clerk applies a receipt directly in the ERP: Confirmed applications with no
 * `RequestID`, to the account's delivered invoices with an open balance, oldest due date first (then the lowest
 * invoice id), each taking what it still owes until the payment is spent; what is left is the payment's
 * `AvailableBalance`. Open credits are not netted in (the clerk would; a test wanting that applies the credit with
 * `POST /payments/applications`). The invoices' open balances fall at once; the aging follows at the next end of day.
 *
 * Refuses with 422 UNPROCESSABLE, before writing anything, an AR account no customer has. Run it in a transaction.
 *
 * @example
 * const { paymentId } = await postCashReceipt(trx, { arAccountId: 30001, amountMicros: 420_000_000n, reference: "Check #4417" }, now);
 */
export async function postCashReceipt(
  db: Kysely<Database>,
  receipt: CashReceipt,
  now: Date,
): Promise<{ paymentId: number }> {
  const known = await db
    .selectFrom("customers")
    .select("customer_id")
    .where("ar_account_id", "=", receipt.arAccountId)
    .executeTakeFirst();
  if (!known)
    throw invalid({
      field: "arAccountId",
      code: "UNKNOWN_AR_ACCOUNT",
      detail: `No customer has AR account ${receipt.arAccountId}.`,
    });

  const stamp = now.toISOString();
  const paymentId = await nextId(db, "payment_id");
  const k = paymentId - FIRST_PAYMENT_ID;
  const paymentInvoiceNum = `PAY-${FIRST_PAYMENT_NUM + k}`;
  await db
    .insertInto("payments")
    .values({
      payment_id: paymentId,
      payment_invoice_id: FIRST_PAYMENT_INVOICE_ID + k,
      payment_invoice_num: paymentInvoiceNum,
      ar_account_id: receipt.arAccountId,
      payment_type_id: GENERIC_PAYMENT_TYPE_ID,
      supplier_id: null,
      load_sheet_status_id: BALANCED,
      memo: receipt.reference,
      ar_note: null,
      amount_micros: Number(receipt.amountMicros),
      post_date: receipt.date ?? isoDay(now),
      time_created: stamp,
      time_updated: stamp,
    })
    .execute();
  if (receipt.apply !== false) await applyReceipt(db, { paymentId, paymentInvoiceNum, ...receipt }, stamp);
  return { paymentId };
}

/** The receipt's Confirmed applications, oldest due first, and the invoices' open balances after them. */
async function applyReceipt(
  db: Kysely<Database>,
  receipt: CashReceipt & { paymentId: number; paymentInvoiceNum: string },
  stamp: string,
): Promise<void> {
  const open = await db
    .selectFrom("invoices as i")
    .innerJoin("customers as c", "c.customer_id", "i.customer_id")
    .select(["i.invoice_id", "i.invoice_num", "i.open_balance_micros"])
    .where("c.ar_account_id", "=", receipt.arAccountId)
    .where("i.status", "in", PAYABLE)
    .where("i.open_balance_micros", ">", 0)
    .orderBy("i.due_date")
    .orderBy("i.invoice_id")
    .execute();
  const clerk = await db
    .selectFrom("users")
    .select(["user_id", "full_name"])
    .where("role", "=", "Admin")
    .where("user_active", "=", 1)
    .orderBy((eb) => eb.case().when("job_title", "=", AR_CLERK_TITLE).then(0).else(1).end())
    .orderBy("user_id")
    .executeTakeFirstOrThrow();
  let left = receipt.amountMicros;
  for (const invoice of open) {
    if (left <= 0n) break;
    const owed = BigInt(invoice.open_balance_micros);
    const part = owed < left ? owed : left;
    left -= part;
    await db
      .insertInto("payment_applications")
      .values({
        payment_application_id: await nextId(db, "payment_application_id"),
        request_id: null,
        payment_id: receipt.paymentId,
        payment_invoice_num: receipt.paymentInvoiceNum,
        target_invoice_id: invoice.invoice_id,
        target_invoice_num: invoice.invoice_num,
        ar_account_id: receipt.arAccountId,
        amount_micros: Number(part),
        status: "Confirmed",
        requested_by_user_id: clerk.user_id,
        applied_by: clerk.full_name,
        time_requested: stamp,
        time_exported: null,
        time_applied: stamp,
        time_confirmed: stamp,
        time_updated: stamp,
      })
      .execute();
    await db
      .updateTable("invoices")
      .set((eb) => ({ open_balance_micros: eb("open_balance_micros", "-", Number(part)), invoice_last_updated: stamp }))
      .where("invoice_id", "=", invoice.invoice_id)
      .execute();
  }
}

function invalid(fieldError: FieldError) {
  return rejection(422, "UNPROCESSABLE", fieldError.detail, [fieldError]);
}
