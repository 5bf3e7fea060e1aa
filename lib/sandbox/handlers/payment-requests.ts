import { nextId } from "../db/counters";
import { money, parseMoney } from "../format";
import { forbidden, rejection, type WriteHandlers } from "../handler";
import { arAccountScope } from "../scope";
import { availableBalanceSql } from "./payments";

const invalid = (code: string, field: string, detail: string) =>
  rejection(400, code, detail, [{ field, code, detail }]);

export const paymentRequestHandlers: WriteHandlers = {
  // POST /payments/applications: a request to apply a payment's credit to an invoice of the same AR account. The
  // amount is held at once (Pending counts against AvailableBalance); the export job takes it to the ERP.
  async createPaymentApplication({ db, scope, query, now }) {
    const accountId = query.ARAccountID;
    const accounts = await arAccountScope(db, scope);
    if (accounts && !accounts.includes(accountId))
      throw forbidden(`This key may not request allocations for AR account ${accountId}`);

    if (!/^\d+(\.\d{1,6})?$/.test(query.Amount))
      throw invalid("INVALID_AMOUNT", "Amount", "Amount has more than 6 decimal places");
    const amount = parseMoney(query.Amount);

    const payment = await db
      .selectFrom("payments")
      .selectAll()
      .where("payment_invoice_num", "=", query.PaymentInvoiceNum)
      .executeTakeFirst();
    // One answer for "no such payment" and "another account's payment": a key learns nothing about other accounts.
    if (!payment || payment.ar_account_id !== accountId) {
      throw invalid(
        "PAYMENT_NOT_IN_ACCOUNT",
        "PaymentInvoiceNum",
        `No payment ${query.PaymentInvoiceNum} in AR account ${accountId}`,
      );
    }
    const invoice = await db
      .selectFrom("invoices as i")
      .innerJoin("customers as c", "c.customer_id", "i.customer_id")
      .select(["i.invoice_id", "i.invoice_num", "i.open_balance_micros", "c.ar_account_id"])
      .where("i.invoice_num", "=", query.TargetInvoiceNum)
      .executeTakeFirst();
    if (!invoice || invoice.ar_account_id !== accountId) {
      throw invalid(
        "INVOICE_NOT_IN_ACCOUNT",
        "TargetInvoiceNum",
        `No invoice ${query.TargetInvoiceNum} in AR account ${accountId}`,
      );
    }
    // A payment pays what an invoice owes: a paid invoice, or a credit (a return: a negative open balance) owes
    // nothing. The documentation is silent; the ERP would refuse it, so the request is refused now (docs/sandbox.md).
    if (invoice.open_balance_micros <= 0) {
      const what =
        invoice.open_balance_micros < 0 ? `is a credit of ${money(-invoice.open_balance_micros)}` : "is paid";
      throw invalid(
        "INVOICE_NOT_OPEN",
        "TargetInvoiceNum",
        `Invoice ${invoice.invoice_num} ${what}: only an invoice with an open balance above zero can take a payment`,
      );
    }
    // A brand's credit pays only invoices carrying that brand's goods, as in the ERP.
    if (payment.supplier_id !== null) {
      const carries = await db
        .selectFrom("invoice_supplier_totals")
        .select("invoice_id")
        .where("invoice_id", "=", invoice.invoice_id)
        .where("supplier_id", "=", payment.supplier_id)
        .executeTakeFirst();
      if (!carries) {
        throw invalid(
          "INVOICE_NOT_ELIGIBLE",
          "TargetInvoiceNum",
          `Payment ${payment.payment_invoice_num} is a supplier credit and invoice ${invoice.invoice_num} carries none of that supplier's goods`,
        );
      }
    }

    // Writing to the payment row first takes its lock (SQLite's one writer; a row lock on PostgreSQL), so the balance
    // read below cannot be stale: concurrent requests against one payment are checked one after another.
    const stamp = now.toISOString();
    await db
      .updateTable("payments")
      .set({ time_updated: stamp })
      .where("payment_id", "=", payment.payment_id)
      .execute();
    const { available } = await db
      .selectFrom("payments as p")
      .select(availableBalanceSql(db).as("available"))
      .where("p.payment_id", "=", payment.payment_id)
      .executeTakeFirstOrThrow();
    if (amount > Number(available)) {
      throw invalid(
        "INSUFFICIENT_BALANCE",
        "Amount",
        `Amount ${query.Amount} exceeds the available balance of payment ${payment.payment_invoice_num} (${money(Number(available))})`,
      );
    }

    const requestId = await nextId(db, "request_id");
    await db
      .insertInto("payment_applications")
      .values({
        payment_application_id: null,
        request_id: requestId,
        payment_id: payment.payment_id,
        payment_invoice_num: payment.payment_invoice_num,
        target_invoice_id: invoice.invoice_id,
        target_invoice_num: invoice.invoice_num,
        ar_account_id: accountId,
        amount_micros: amount,
        status: "Pending",
        requested_by_user_id: scope.userId,
        applied_by: null,
        time_requested: stamp,
        time_exported: null,
        time_applied: null,
        time_confirmed: null,
        time_updated: stamp,
      })
      .execute();
    return {
      record: {
        RequestID: requestId,
        ARAccountID: accountId,
        RequestedByUserID: scope.userId,
        PaymentInvoiceNum: payment.payment_invoice_num,
        TargetInvoiceNum: invoice.invoice_num,
        Amount: money(amount),
        Status: "Pending",
        TimeRequested: stamp,
        TimeUpdated: stamp,
        TimeExported: null,
        TimeConfirmed: null,
        MatchedPaymentApplicationID: null,
      },
    };
  },
};
