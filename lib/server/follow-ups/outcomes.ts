import "server-only";
import { formatMoney } from "@/lib/format/display";
import { pageHref } from "@/lib/domain/page-href";
import type { LearnedOutcome } from "../core/audit/write-audit";
import type { NewNotification } from "../core/notify/notification-store";

/**
 * What a rejected payment request's notification says of why. The API's PaymentApplication carries a Status and no
 * reason (the documentation defines Rejected as "not confirmed within the timeout window", and lists no field that
 * says why), so Backroom says so rather than leave the person guessing whether it was told.
 */
export const NO_REASON = "The API gave no reason.";

/**
 * The notification a write's final outcome is to the person who made it, or undefined when nobody is to be told (an
 * entry from before accounts, a draft's create, a purchase the person deleted themselves). Made once per entry: the
 * effect key is the entry's. Amounts are money in the pages' words (`formatMoney`), links the pages' own (`pageHref`).
 *
 * @example
 * outcomeNotification({ entry: { id: "41", event: "payment-allocation", userId: "u1", reference: { arAccountId: 50001, amount: "25", ... } }, outcome: "Confirmed" });
 * // { kind: "payment-confirmed", title: "Payment request 9001 confirmed: $25.00 from P-1 to I-9", link: "/payments?account=50001", effectKey: "outcome:41", ... }
 */
export function outcomeNotification({ entry, outcome }: LearnedOutcome): NewNotification | undefined {
  if (!entry.userId) return undefined;
  const base = { userId: entry.userId, workspaceId: entry.workspaceId, effectKey: `outcome:${entry.id}` };
  const r = entry.reference;
  if (entry.event === "payment-allocation" && (outcome === "Confirmed" || outcome === "Rejected")) {
    const what = [
      r.amount && formatMoney(r.amount),
      r.paymentInvoiceNum && `from ${r.paymentInvoiceNum}`,
      r.targetInvoiceNum && `to ${r.targetInvoiceNum}`,
    ]
      .filter(Boolean)
      .join(" ");
    const request = r.paymentRequestId === undefined ? "Payment request" : `Payment request ${r.paymentRequestId}`;
    const title = `${request} ${outcome.toLowerCase()}${what ? `: ${what}` : ""}${outcome === "Rejected" ? `. ${NO_REASON}` : ""}`;
    return {
      ...base,
      kind: outcome === "Confirmed" ? "payment-confirmed" : "payment-rejected",
      title,
      link: pageHref.payments({ account: r.arAccountId }),
    };
  }
  if (entry.event === "purchase-submit" && outcome === "Imported" && r.purchaseGlobalId) {
    const name = r.poNum ? `Purchase order ${r.poNum}` : "Purchase order";
    const erp = r.erpId === undefined ? "" : ` as ERP purchase ${r.erpId}`;
    return {
      ...base,
      kind: "purchase-imported",
      title: `${name} imported${erp}`,
      link: pageHref.purchase(r.purchaseGlobalId),
    };
  }
  return undefined;
}
