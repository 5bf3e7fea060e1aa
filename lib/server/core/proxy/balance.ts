import "server-only";
import { createDataApiClient } from "@/lib/data-api/client";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { CheckedRequest } from "@/lib/data-api/request-check";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";
import type { WriteRecord } from "../audit/write-audit";
import type { Asking } from "./actor";
import { answer, type ProxyDeps } from "./context";
import { fetchWithin } from "./upstream";

/** Payment requests that are not in the target's open balance yet: asked, or sent to the ERP and not confirmed. */
const OUTSTANDING = ["Pending", "Exported"] as const;

/** What a target invoice can still take: its open balance less the requests already outstanding toward it. */
export interface TargetRoom {
  invoiceNum: string;
  openBalance: bigint;
  outstanding: bigint;
}

/**
 * The room left on a target invoice, read fresh with the key (no cached copy decides money): its open balance
 * (`/payments/openInvoices` of the AR account; an invoice not listed owes nothing) and the amounts of the requests
 * toward it still Pending or Exported (`/payments/applications`).
 *
 * @example
 * const room = await targetRoom(api, 50001, "INV-129150"); // { openBalance: 456000000n, outstanding: 0n, ... }
 */
export async function targetRoom(
  api: ReturnType<typeof createDataApiClient>,
  arAccountId: number,
  invoiceNum: string,
): Promise<TargetRoom> {
  const [target, applications] = await Promise.all([
    openInvoice(api, arAccountId, invoiceNum),
    api.listPaymentApplications({
      query: {
        ARAccountIDs: [arAccountId],
        TargetInvoiceNums: [invoiceNum],
        Statuses: [...OUTSTANDING],
        PageSize: 500,
      },
    }),
  ]);
  const balance = parseDecimal(String(target?.OpenBalance ?? "0")) ?? 0n;
  const outstanding = applications.records
    .filter((a) => a.TargetInvoiceNum === invoiceNum && OUTSTANDING.some((s) => s === a.Status))
    .reduce((sum, a) => sum + (parseDecimal(String(a.Amount ?? "0")) ?? 0n), 0n);
  return { invoiceNum, openBalance: balance > 0n ? balance : 0n, outstanding };
}

/** The AR account's open invoice of that number, page by page (an account holds few), or undefined: it owes nothing. */
async function openInvoice(api: ReturnType<typeof createDataApiClient>, arAccountId: number, invoiceNum: string) {
  for (let page = 1; page <= 20; page++) {
    const answer = await api.listOpenInvoices({ query: { ARAccountIDs: [arAccountId], PageSize: 500, Page: page } });
    const found = answer.records.find((i) => i.InvoiceNum === invoiceNum);
    if (found || !answer.paging?.hasNextPage) return found;
  }
  return undefined;
}

/** The refusal's words: what the invoice owes, what is already asked toward it, and so what may still be allocated. */
export function overBalanceDetail(room: TargetRoom, amount: bigint): string {
  const left = room.openBalance - room.outstanding;
  const asked = room.outstanding > 0n ? ` less ${money(room.outstanding)} already requested toward it` : "";
  return `${room.invoiceNum} owes ${money(room.openBalance)}${asked}: allocate at most ${money(left > 0n ? left : 0n)}, not ${money(amount)}.`;
}

const money = (micros: bigint) => formatMoney(toDecimalString(micros));

/**
 * The balance stage, for `POST /payments/applications` only: an amount above the target invoice's open balance less
 * the requests already outstanding toward it is refused here, 409 `OVER_OPEN_BALANCE` naming the balance, recorded
 * refused, and never reaches the API (which checks the payment's credit, not the invoice's balance). So no page or
 * script over-applies. A balance that cannot be read stops the write too, with the API's failure (502 when it could
 * not be reached). Two reads, with the key, for each allocation: they are rare, and money is not decided from a copy.
 *
 * @example
 * const refused = await balanceRefusal(checked, deps, actor, write, requestId);
 * if (refused) return refused;
 */
export async function balanceRefusal(
  request: Request,
  checked: CheckedRequest,
  deps: ProxyDeps,
  actor: Asking,
  write: WriteRecord | undefined,
  requestId: string,
): Promise<Response | undefined> {
  // A Supplier key's allocation is the API's to refuse (403): nothing of its balance is read for it.
  if (checked.operation.id !== "createPaymentApplication" || actor.key.keyType === "Supplier") return undefined;
  const query = checked.query as { ARAccountID: number; TargetInvoiceNum: string; Amount: string | number };
  const amount = parseDecimal(String(query.Amount)) ?? 0n;
  const upstream = await deps.upstream(actor.key.environment, request);
  const api = createDataApiClient({
    baseUrl: upstream.v1Base,
    apiKey: actor.key.apiKey,
    fetch: fetchWithin(upstream.fetch, deps.timeoutMs),
  });
  let refusal: { status: number; body: unknown };
  try {
    const room = await targetRoom(api, query.ARAccountID, query.TargetInvoiceNum);
    if (amount <= room.openBalance - room.outstanding) return undefined;
    refusal = { status: 409, body: { Error: { code: "OVER_OPEN_BALANCE", detail: overBalanceDetail(room, amount) } } };
  } catch (error) {
    if (!(error instanceof DataApiError)) throw error;
    const detail = `The open balance of ${query.TargetInvoiceNum} could not be read, so nothing was allocated: ${error.detail}`;
    refusal = { status: error.status >= 400 ? error.status : 502, body: { Error: { code: "BALANCE_UNREAD", detail } } };
  }
  await write?.refused(refusal.status, refusal.body);
  return answer(refusal.body, refusal.status, { "X-Request-Id": requestId });
}
