import { parseDecimal, toDecimalString } from "@/lib/format/decimal";

/**
 * What the ERP credited against disputed lines. A dispute ends by itself when the API shows the outcome: a credit memo
 * or return for the store (an invoice in status 4, Returned) that references the disputed invoice (its `PONum` is the
 * invoice's number, or its `Memo` names it) with lines of the disputed products. The credits are shared out afresh on
 * every match, so the outcome never depends on the order matches ran in:
 *
 * - the invoice's disputes in the order they were opened, each line in its order, get what credits of the same product
 *   hold, up to the line's amount; a credit's line is used once, in part by one line and the rest by the next;
 * - a credit issued before a dispute was opened is not for it (it settled something else);
 * - a dispute is credited in full when each of its lines is; a partial credit leaves the rest open.
 *
 * Pure and deterministic: the server reads the credits, keeps the outcome, the pages show it.
 */

/** A credit memo or return as the API reads it (an invoice with Status 4 and its lines), amounts as credited (> 0). */
export interface CreditMemo {
  invoiceId: number;
  invoiceNum: string;
  customerId: number;
  /** `PONum`. */
  reference: string | null;
  memo: string | null;
  /** `InvoiceTimeCreated` (ISO). */
  createdAt: string;
  lines: { invoiceLineId: number; productId: number; amount: string }[];
}

/** A dispute as the matcher needs it: its store, invoice, when it was opened, and its lines' products and amounts. */
export interface DisputeToMatch {
  id: string;
  customerId: number;
  invoiceNum: string;
  openedAt: string;
  lines: { invoiceLineId: number; productId: number; amount: string }[];
}

/** A part of a credit given to a dispute's line. */
export interface CreditPart {
  creditInvoiceId: number;
  creditInvoiceNum: string;
  creditLineId: number;
  amount: string;
}

/** What a dispute was credited: per line (by invoice line id), the total and the parts, and whether in full. */
export interface DisputeCredit {
  id: string;
  lines: { invoiceLineId: number; credited: string; parts: CreditPart[] }[];
  credited: string;
  full: boolean;
}

/** Whether a credit references an invoice: its PONum is the number, or its memo names it as a word. */
export function references(credit: Pick<CreditMemo, "reference" | "memo">, invoiceNum: string): boolean {
  const num = invoiceNum.trim();
  if (!num) return false;
  if (credit.reference?.trim() === num) return true;
  if (!credit.memo) return false;
  const escaped = num.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9-])${escaped}($|[^A-Za-z0-9-])`).test(credit.memo);
}

const micros = (text: string) => {
  const m = parseDecimal(text);
  return m === undefined ? 0n : m < 0n ? -m : m;
};

/**
 * The credits shared out to the disputes (every dispute of the store's invoices not closed by staff, open or
 * credited): one answer a dispute, in the disputes' order.
 *
 * @example
 * matchCredits([dispute], [credit]); // [{ id, credited: "45.00", full: true, lines: [...] }]
 */
export function matchCredits(disputes: readonly DisputeToMatch[], credits: readonly CreditMemo[]): DisputeCredit[] {
  const ordered = [...credits].sort((a, b) =>
    a.createdAt === b.createdAt ? a.invoiceId - b.invoiceId : a.createdAt < b.createdAt ? -1 : 1,
  );
  // What is left of each credit line (by "invoiceId:lineId").
  const left = new Map<string, bigint>();
  for (const c of ordered) for (const l of c.lines) left.set(`${c.invoiceId}:${l.invoiceLineId}`, micros(l.amount));
  const byOpening = [...disputes].sort((a, b) =>
    a.openedAt === b.openedAt ? (a.id < b.id ? -1 : 1) : a.openedAt < b.openedAt ? -1 : 1,
  );
  const answers = new Map<string, DisputeCredit>();
  for (const dispute of byOpening) {
    const mine = ordered.filter(
      (c) =>
        c.customerId === dispute.customerId &&
        Date.parse(c.createdAt) >= Date.parse(dispute.openedAt) &&
        references(c, dispute.invoiceNum),
    );
    let total = 0n;
    let full = true;
    const lines = dispute.lines.map((line) => {
      let want = micros(line.amount);
      let got = 0n;
      const parts: CreditPart[] = [];
      for (const credit of mine)
        for (const cl of credit.lines) {
          if (want === 0n) break;
          if (cl.productId !== line.productId) continue;
          const key = `${credit.invoiceId}:${cl.invoiceLineId}`;
          const have = left.get(key) ?? 0n;
          if (have === 0n) continue;
          const take = have < want ? have : want;
          left.set(key, have - take);
          want -= take;
          got += take;
          parts.push({
            creditInvoiceId: credit.invoiceId,
            creditInvoiceNum: credit.invoiceNum,
            creditLineId: cl.invoiceLineId,
            amount: toDecimalString(take),
          });
        }
      if (want > 0n) full = false;
      total += got;
      return { invoiceLineId: line.invoiceLineId, credited: toDecimalString(got), parts };
    });
    // A dispute worth nothing (a free sample's line) is never credited in full: staff close it.
    answers.set(dispute.id, { id: dispute.id, lines, credited: toDecimalString(total), full: full && total > 0n });
  }
  return disputes.map((d) => answers.get(d.id) as DisputeCredit);
}
