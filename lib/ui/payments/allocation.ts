// zod's tree-shakable build: the payments page carries only the checks this form uses.
import * as z from "zod/mini";
import { isPositiveDecimalText } from "@/lib/data-api/values";
import {
  addDecimals,
  compareDecimals,
  isPositiveDecimal,
  parseDecimal,
  subtractDecimal,
  toDecimalString,
  toExactDecimalString,
} from "@/lib/format/decimal";
import { formatMoneyExact } from "@/lib/format/display";
import { amountInCents, overRoomWords, roomLeft, subCentWords } from "@/lib/domain/payments/allocation-room";

/**
 * The arithmetic and the rules of allocating a payment's credit to open invoices, like receiving a payment against
 * several invoices in an accounting package. Money stays in decimal strings and is added exactly (never a float).
 * Pure and browser-safe: the allocation form uses it, the unit tests check it.
 */

/** An open invoice as the allocation form needs it. */
export interface OpenInvoiceRef {
  invoiceNum: string;
  /** What is still owed, as a decimal string. */
  openBalance: string;
  /** What requests already Pending or Exported ask toward it (not yet in its open balance); none when left out. */
  outstanding?: string;
  /** The due date as the API sends it (a timestamp, midnight UTC by convention), for "oldest first". */
  dueDate?: string;
}

/** The form's values: one amount per open invoice, in the order shown; an empty amount allocates nothing. */
export interface AllocationValues {
  lines: { invoiceNum: string; amount: string }[];
}

/** Whether a typed amount takes part (an empty or blank field is "not this invoice"). */
export function isEntered(amount: string): boolean {
  return amount.trim() !== "";
}

/**
 * The sum of the amounts typed so far that are positive decimals (others, "-5" or "abc", are flagged on their own
 * field and take no credit), exactly.
 *
 * @example
 * allocatedTotal([{ invoiceNum: "A", amount: "10.10" }, { invoiceNum: "B", amount: "" }, { invoiceNum: "C", amount: "0.20" }]); // "10.300000"
 */
export function allocatedTotal(lines: AllocationValues["lines"]): string {
  return addDecimals(...lines.map((l) => l.amount.trim()).filter((a) => isPositiveDecimal(a)));
}

/**
 * The credit left once the typed amounts are taken: negative when they exceed it.
 *
 * @example
 * creditLeft("100.00", [{ invoiceNum: "A", amount: "40.125" }]); // "59.875000"
 */
export function creditLeft(credit: string, lines: AllocationValues["lines"]): string {
  return subtractDecimal(credit, allocatedTotal(lines));
}

/**
 * Whether an invoice can take a payment: it owes something (an open balance above zero). A paid invoice owes nothing,
 * and a credit (a return: a negative open balance) is money owed to the customer, not by it; the Data API refuses a
 * request toward either (docs/sandbox.md), so the form offers no amount for them.
 *
 * @example
 * owes("120.500000"); // true
 * owes("-25.000000"); // false (a credit)
 * owes("0"); // false
 */
export function owes(openBalance: string | null | undefined): boolean {
  const micros = typeof openBalance === "string" ? parseDecimal(openBalance.trim()) : undefined;
  return micros !== undefined && micros > 0n;
}

/**
 * Why an invoice takes no payment, in the form's words, or undefined when it does. With `outstanding` (what requests
 * not yet settled already ask toward it), an invoice they ask for in full takes none either, until the ERP settles them.
 *
 * @example
 * notPayable("-25.000000"); // "A credit of $25.00: nothing is owed"
 * notPayable("431.60", "431.60"); // "Already requested in full: nothing is left to allocate"
 */
export function notPayable(openBalance: string | null | undefined, outstanding?: string): string | undefined {
  if (owes(openBalance))
    return outstanding !== undefined && compareDecimals(roomLeft(String(openBalance), outstanding), "0") <= 0
      ? "Already requested in full: nothing is left to allocate"
      : undefined;
  const micros = typeof openBalance === "string" ? parseDecimal(openBalance.trim()) : undefined;
  if (micros === undefined) return "Its open balance is not known";
  return micros < 0n
    ? `A credit of ${formatMoneyExact(toDecimalString(-micros, 6))}: nothing is owed`
    : "Paid: nothing is owed";
}

/**
 * Whether the amounts can be judged against the figures at all: at least one is entered and every one entered is a
 * positive decimal. Until then the form says what to fix without reading the credit and the balances again.
 *
 * @example
 * amountsReadable({ lines: [{ invoiceNum: "A", amount: "10.005" }] }); // true (the figures judge its decimals)
 * amountsReadable({ lines: [{ invoiceNum: "A", amount: "abc" }] }); // false
 */
export function amountsReadable(values: AllocationValues): boolean {
  const entered = values.lines.map((l) => l.amount.trim()).filter(isEntered);
  return entered.length > 0 && entered.every(isPositiveDecimalText);
}

/**
 * What each entered line may clear exactly, beside its invoice's room: the rest of the credit (the credit less every
 * other line), while every other line is in cents or its own invoice's exact room. So at most one line takes the rest
 * of the credit with sub-cent digits, and it is sent last (`sendingOrder`), when the payment's credit left is that rest.
 */
function restOfCredit(
  credit: string,
  lines: AllocationValues["lines"],
  rooms: ReadonlyMap<string, string>,
): (string | undefined)[] {
  const entered = lines.map((l) => l.amount.trim());
  const exact = entered.map((a, i) => !isPositiveDecimal(a) || amountInCents(a, [rooms.get(lines[i]!.invoiceNum)]));
  const total = parseDecimal(allocatedTotal(lines)) ?? 0n;
  const creditMicros = parseDecimal(credit.trim());
  return entered.map((amount, index) => {
    if (creditMicros === undefined || exact.some((ok, j) => j !== index && !ok)) return undefined;
    const own = isPositiveDecimal(amount) ? (parseDecimal(amount) ?? 0n) : 0n;
    return toDecimalString(creditMicros - (total - own), 6);
  });
}

/**
 * The form's schema: each entered amount follows the contract (a positive decimal) and is in cents (`amountInCents`:
 * at most two decimals, but for the exact figure it clears: all its invoice can still take, or the rest of the credit),
 * refused with its field named and never rounded; it goes to an invoice that owes something (`owes`: never a credit
 * or a paid one), and no more than it can still take (`roomLeft`: its open balance less the requests already
 * outstanding toward it; the proxy refuses more in the same words); at least one amount is entered, and together they
 * do not exceed the payment's credit left. `invoices` are the invoices offered, with their open balances; a line naming
 * an invoice not among them is left to the proxy.
 */
export function allocationSchema(
  credit: string,
  invoices: readonly Pick<OpenInvoiceRef, "invoiceNum" | "openBalance" | "outstanding">[],
) {
  const openBalances = new Map(invoices.map((i) => [i.invoiceNum, i.openBalance]));
  const outstanding = new Map(invoices.map((i) => [i.invoiceNum, i.outstanding ?? "0"]));
  const rooms = new Map(invoices.map((i) => [i.invoiceNum, roomLeft(i.openBalance, i.outstanding)]));
  return z
    .object({
      lines: z.array(
        z.object({
          invoiceNum: z.string(),
          amount: z.string().check(
            z.superRefine((value, ctx) => {
              const amount = value.trim();
              // The contract's rule for Amount (a test checks it is the same as the parameter's schema).
              if (isEntered(amount) && !isPositiveDecimalText(amount))
                ctx.addIssue({ code: "custom", message: "Enter a positive amount, like 125.50" });
            }),
          ),
        }),
      ),
    })
    .check(
      z.superRefine((values, ctx) => {
        const rests = restOfCredit(credit, values.lines, rooms);
        for (const [index, line] of values.lines.entries()) {
          const amount = line.amount.trim();
          if (!isEntered(amount) || !isPositiveDecimalText(amount)) continue;
          const path = ["lines", index, "amount"];
          const open = openBalances.get(line.invoiceNum);
          const why = open === undefined ? undefined : notPayable(open);
          if (why) {
            ctx.addIssue({ code: "custom", path, message: `Invoice ${line.invoiceNum} takes no payment. ${why}.` });
            continue;
          }
          if (!amountInCents(amount, [rooms.get(line.invoiceNum), rests[index]])) {
            ctx.addIssue({
              code: "custom",
              path,
              message: subCentWords(`Amount for invoice ${line.invoiceNum}`, amount),
            });
            continue;
          }
          const asked = outstanding.get(line.invoiceNum) ?? "0";
          if (open !== undefined && compareDecimals(amount, roomLeft(open, asked)) > 0)
            ctx.addIssue({ code: "custom", path, message: overRoomWords(line.invoiceNum, open, asked, amount) });
        }
      }),
    )
    .check(
      z.superRefine((values, ctx) => {
        const entered = values.lines.filter((l) => isEntered(l.amount));
        if (entered.length === 0) {
          ctx.addIssue({ code: "custom", path: ["lines"], message: "Enter an amount for at least one invoice" });
          return;
        }
        const left = creditLeft(credit, values.lines);
        if (compareDecimals(left, "0") < 0) {
          // On the last amount entered: the one that took the total past the credit.
          const last = values.lines.findLastIndex((l) => isEntered(l.amount));
          ctx.addIssue({
            code: "custom",
            path: ["lines", last, "amount"],
            message: `Together the amounts exceed the credit left (${formatMoneyExact(credit)}) by ${formatMoneyExact(subtractDecimal("0", left))}`,
          });
        }
      }),
    );
}

/**
 * "Fill oldest first": the credit goes to the invoices due earliest (then by number), each up to what it can still
 * take (`roomLeft`), until it runs out. Invoices with nothing owed get nothing; amounts have 2 decimals when the
 * figures do.
 *
 * @example
 * fillOldestFirst("100", [{ invoiceNum: "B", openBalance: "80", dueDate: "2026-11-02" }, { invoiceNum: "A", openBalance: "50", dueDate: "2026-11-01" }]);
 * // [{ invoiceNum: "B", amount: "50.00" }, { invoiceNum: "A", amount: "50.00" }]  (A is older: paid in full; B gets the rest)
 */
export function fillOldestFirst(credit: string, invoices: OpenInvoiceRef[]): AllocationValues["lines"] {
  let left = parseDecimal(credit) ?? 0n;
  const order = [...invoices].sort(
    (a, b) =>
      (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") ||
      a.invoiceNum.localeCompare(b.invoiceNum, "en", { numeric: true }),
  );
  const amounts = new Map<string, string>();
  for (const invoice of order) {
    const owed = parseDecimal(roomLeft(invoice.openBalance, invoice.outstanding)) ?? 0n;
    if (left <= 0n || owed <= 0n) continue;
    const take = owed < left ? owed : left;
    amounts.set(invoice.invoiceNum, toWire(take));
    left -= take;
  }
  return invoices.map((i) => ({ invoiceNum: i.invoiceNum, amount: amounts.get(i.invoiceNum) ?? "" }));
}

/**
 * "Fill" on one invoice: all it can still take (`roomLeft`), or the rest of the credit (the credit less the other
 * lines) when that is less; exact, sub-cent digits and all. Empty when it can take nothing or no credit is left.
 *
 * @example
 * fillOne("650.30", [{ invoiceNum: "A", openBalance: "3546.085" }], [{ invoiceNum: "A", amount: "" }], 0); // "650.30"
 * fillOne("5000", [{ invoiceNum: "A", openBalance: "3546.085" }], [{ invoiceNum: "A", amount: "" }], 0); // "3546.085"
 */
export function fillOne(
  credit: string,
  invoices: readonly Pick<OpenInvoiceRef, "invoiceNum" | "openBalance" | "outstanding">[],
  lines: AllocationValues["lines"],
  index: number,
): string {
  const line = lines[index];
  const invoice = invoices.find((i) => i.invoiceNum === line?.invoiceNum);
  if (!line || !invoice) return "";
  const room = parseDecimal(roomLeft(invoice.openBalance, invoice.outstanding)) ?? 0n;
  const others = allocatedTotal(lines.filter((_, i) => i !== index));
  const rest = (parseDecimal(credit.trim()) ?? 0n) - (parseDecimal(others) ?? 0n);
  const take = room < rest ? room : rest;
  return take > 0n ? toWire(take) : "";
}

/**
 * The allocations to request: the entered amounts, in the order shown, each written as the API gets it and the review
 * shows it, exactly (trimmed; cents always, sub-cent digits kept, nothing rounded: "10.5" is "10.50", "3546.085" stays).
 * Text that is not a decimal is left as typed (the form refuses it before).
 */
export function allocationsOf(values: AllocationValues): { invoiceNum: string; amount: string }[] {
  return values.lines
    .filter((l) => isEntered(l.amount))
    .map((l) => {
      const amount = l.amount.trim();
      const micros = parseDecimal(amount);
      return { invoiceNum: l.invoiceNum, amount: micros === undefined ? amount : toWire(micros) };
    });
}

/**
 * The order to send allocations in: as shown, but an amount with sub-cent digits that is not its invoice's exact room
 * (the rest of the credit, which the form allows only as that) goes last, when the payment's credit left is that
 * amount and the proxy and the API take it.
 */
export function sendingOrder<T extends { invoiceNum: string; amount: string }>(
  allocations: readonly T[],
  invoices: readonly Pick<OpenInvoiceRef, "invoiceNum" | "openBalance" | "outstanding">[],
): T[] {
  const rooms = new Map(invoices.map((i) => [i.invoiceNum, roomLeft(i.openBalance, i.outstanding)]));
  const rest = (a: T) => !amountInCents(a.amount, [rooms.get(a.invoiceNum)]);
  return [...allocations.filter((a) => !rest(a)), ...allocations.filter(rest)];
}

/** Micro-units as the wire text: exact, at least 2 decimals ("50.00", "12.345600" → "12.3456"). */
function toWire(micros: bigint): string {
  return toExactDecimalString(micros);
}
