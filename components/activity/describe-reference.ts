import type { AuditEntry } from "@/lib/audit/audit-types";
import { WITHDRAWAL_MAIL_WORDS, type WithdrawalMail } from "@/lib/domain/order-guide/order-list";
import { formatMoney } from "@/lib/format/display";
import { NO_NAMES, type PeopleNames, personByEmail } from "./people-names";
import { plural } from "@/lib/format/plural";

/**
 * What an entry's business reference says, in a line: amounts as money, people by name where the workspace knows them.
 *
 * @example
 * describeReference(exportEntry, names); // "books-2026-11.csv · 12 records · total $2,103,485.00"
 */
export function describeReference(entry: AuditEntry, names: PeopleNames = NO_NAMES): string {
  const r = entry.reference;
  const person = (email: string | undefined) => email && personByEmail(email, names);
  if (entry.event === "payment-allocation") {
    const parts = [
      `${r.amount !== undefined ? formatMoney(r.amount) : "?"} from payment ${r.paymentInvoiceNum ?? "?"} to invoice ${r.targetInvoiceNum ?? "?"}`,
      r.arAccountId !== undefined ? `AR account ${r.arAccountId}` : undefined,
      r.paymentRequestId !== undefined ? `request ${r.paymentRequestId}` : undefined,
    ];
    return parts.filter(Boolean).join(" · ");
  }
  if (entry.event.startsWith("purchase-")) {
    const parts = [
      r.poNum ? `PO ${r.poNum}` : undefined,
      r.purchaseGlobalId,
      r.vendorId !== undefined ? `vendor ${r.vendorId}` : undefined,
      r.warehouseId !== undefined ? `warehouse ${r.warehouseId}` : undefined,
      r.lineCount !== undefined ? plural(r.lineCount, "line") : undefined,
      r.totalCases !== undefined ? plural(r.totalCases, "case") : undefined,
      r.submit ? "submitted at once" : undefined,
      r.erpId !== undefined ? `ERP id ${r.erpId}` : undefined,
    ];
    return parts.filter(Boolean).join(" · ") || "—";
  }
  if (entry.event === "note-added" || entry.event === "note-deleted")
    return r.customerId !== undefined ? `Customer ${r.customerId}` : "—";
  if (entry.event === "accounting-export")
    return [
      r.fileName,
      r.records !== undefined ? plural(r.records, "record") : undefined,
      r.amount !== undefined ? `total ${formatMoney(r.amount)}` : undefined,
      r.customerId !== undefined ? `customer ${r.customerId}` : undefined,
    ]
      .filter(Boolean)
      .join(" · ");
  if (entry.event === "menu-link-made" || entry.event === "menu-link-revoked")
    return r.menuName ? `Menu link "${r.menuName}"` : "—";
  if (entry.event === "order-list-withdrawn")
    return [
      r.customerId !== undefined ? `Customer ${r.customerId}` : undefined,
      r.amount !== undefined ? `total ${formatMoney(r.amount)}` : undefined,
      r.listStatus ? WITHDRAWAL_MAIL_WORDS[r.listStatus as WithdrawalMail] : undefined,
    ]
      .filter(Boolean)
      .join(" · ");
  if (entry.event === "order-list-sent")
    return [
      r.customerId !== undefined ? `Customer ${r.customerId}` : undefined,
      r.subjectEmail && `to ${person(r.subjectEmail)}`,
      r.lineCount !== undefined ? plural(r.lineCount, "line") : undefined,
      r.amount !== undefined ? `total ${formatMoney(r.amount)}` : undefined,
      r.listStatus === "mail-off"
        ? "kept, not mailed (mail is off)"
        : r.listStatus === "mail-failed"
          ? "mail failed"
          : undefined,
    ]
      .filter(Boolean)
      .join(" · ");
  if (entry.event === "accounting-mapping-changed")
    return [r.vendorName && `vendor ${r.vendorName}`, r.dateFormat && `dates ${r.dateFormat}`]
      .filter(Boolean)
      .join(" · ");
  if (r.subjectEmail || r.role || r.method)
    return [person(r.subjectEmail), r.role && `as ${r.role}`, r.method && `by ${r.method}`].filter(Boolean).join(" · ");
  return entry.keyLabel ? `${entry.keyLabel}${entry.keyScope ? ` · ${entry.keyScope}` : ""}` : (entry.keyScope ?? "—");
}
