import "server-only";
import type { LearnedOutcome } from "../audit/write-audit";
import type { NewNotification } from "./notification-store";

/**
 * The notification a write's final outcome is to the person who made it, or undefined when nobody is to be told (an
 * entry from before accounts, a draft's create, a purchase the person deleted themselves). Made once per entry: the
 * effect key is the entry's.
 *
 * @example
 * outcomeNotification({ entry: { id: "41", event: "payment-allocation", userId: "u1", ... }, outcome: "Confirmed" });
 * // { kind: "payment-confirmed", title: "Payment request 9001 confirmed: 25.00 from P-1 to I-9", link: "/payments", effectKey: "outcome:41", ... }
 */
export function outcomeNotification({ entry, outcome }: LearnedOutcome): NewNotification | undefined {
  if (!entry.userId) return undefined;
  const base = { userId: entry.userId, workspaceId: entry.workspaceId, effectKey: `outcome:${entry.id}` };
  const r = entry.reference;
  if (entry.event === "payment-allocation" && (outcome === "Confirmed" || outcome === "Rejected")) {
    const what = [r.amount, r.paymentInvoiceNum && `from ${r.paymentInvoiceNum}`, r.targetInvoiceNum && `to ${r.targetInvoiceNum}`].filter(Boolean).join(" ");
    const request = r.paymentRequestId === undefined ? "Payment request" : `Payment request ${r.paymentRequestId}`;
    const link = r.arAccountId === undefined ? "/payments" : `/payments?ARAccountIDs=${r.arAccountId}`;
    return { ...base, kind: outcome === "Confirmed" ? "payment-confirmed" : "payment-rejected", title: `${request} ${outcome.toLowerCase()}${what ? `: ${what}` : ""}`, link };
  }
  if (entry.event === "purchase-submit" && outcome === "Imported" && r.purchaseGlobalId) {
    const name = r.poNum ? `Purchase order ${r.poNum}` : "Purchase order";
    const erp = r.erpId === undefined ? "" : ` as ERP purchase ${r.erpId}`;
    return { ...base, kind: "purchase-imported", title: `${name} imported${erp}`, link: `/purchases/${encodeURIComponent(r.purchaseGlobalId)}` };
  }
  return undefined;
}
