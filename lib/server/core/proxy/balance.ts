import "server-only";
import { createDataApiClient } from "@/lib/data-api/client";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { CheckedRequest } from "@/lib/data-api/request-check";
import {
  amountInCents,
  OUTSTANDING_STATUSES,
  outstandingByTarget,
  overRoomWords,
  roomLeft,
  subCentWords,
} from "@/lib/domain/payments/allocation-room";
import { compareDecimals } from "@/lib/format/decimal";
import { codedErrorBody } from "../route-errors";
import { answer, type Forwarding } from "./context";
import { fetchWithin } from "./upstream";

type Api = ReturnType<typeof createDataApiClient>;

/** The AR account's open invoice of that number, page by page (an account holds few), or undefined: it owes nothing. */
async function openInvoice(api: Api, arAccountId: number, invoiceNum: string) {
  for (let page = 1; page <= 20; page++) {
    const answer = await api.listOpenInvoices({ query: { ARAccountIDs: [arAccountId], PageSize: 500, Page: page } });
    const found = answer.records.find((i) => i.InvoiceNum === invoiceNum);
    if (found || !answer.paging?.hasNextPage) return found;
  }
  return undefined;
}

/**
 * The payment's credit left (its AvailableBalance), read fresh with the key, page by page through the AR account's
 * payments; undefined when the account lists no such payment (the API refuses the request then).
 */
async function creditLeftOf(api: Api, arAccountId: number, paymentNum: string): Promise<string | undefined> {
  for (let page = 1; page <= 20; page++) {
    const answer = await api.listPayments({ query: { ARAccountIDs: [arAccountId], PageSize: 500, Page: page } });
    const found = answer.records.find((p) => p.PaymentInvoiceNum === paymentNum);
    if (found) return found.AvailableBalance == null ? undefined : String(found.AvailableBalance);
    if (!answer.paging?.hasNextPage) return undefined;
  }
  return undefined;
}

/**
 * A target invoice's open balance and the requests outstanding toward it, read fresh with the key (no cached copy
 * decides money): `/payments/openInvoices` of the AR account (an invoice not listed owes nothing) and the requests
 * toward it still Pending or Exported (`/payments/applications`).
 *
 * @example
 * await targetOf(api, 50001, "INV-129150"); // { openBalance: "456.000000", outstanding: "0.000000" }
 */
export async function targetOf(api: Api, arAccountId: number, invoiceNum: string) {
  const [target, applications] = await Promise.all([
    openInvoice(api, arAccountId, invoiceNum),
    api.listPaymentApplications({
      query: {
        ARAccountIDs: [arAccountId],
        TargetInvoiceNums: [invoiceNum],
        Statuses: [...OUTSTANDING_STATUSES],
        PageSize: 500,
      },
    }),
  ]);
  return {
    openBalance: String(target?.OpenBalance ?? "0"),
    outstanding: outstandingByTarget(applications.records).get(invoiceNum) ?? "0",
  };
}

/**
 * The balance stage, for `POST /payments/applications` only. An amount with more than two decimals is refused 400
 * `AMOUNT_NOT_IN_CENTS` on the field `Amount` (the API's error shape), in the allocation form's words, unless it is
 * exactly the figure it clears (`amountInCents`): all the target invoice can still take, or all the payment's credit
 * left (a third read, only for such an amount). An amount above what the target invoice can still take (`roomLeft`:
 * its open balance less the requests outstanding toward it) is refused 409 `OVER_OPEN_BALANCE`, in the form's words.
 * Either is recorded refused and never reaches the API (which checks the payment's credit, not the invoice's balance,
 * and takes up to 6 decimals). So no page or script over-applies or leaves a fraction of a cent behind. A balance that
 * cannot be read stops the write too, with the API's failure (502 when it could not be reached). Two reads, with the
 * key, for each allocation: they are rare, and money is not decided from a copy. A Supplier key's allocation is the
 * API's to refuse (403): nothing is read.
 *
 * @example
 * const refused = await balanceRefusal(forwarding, checked);
 * if (refused) return refused;
 */
export async function balanceRefusal(
  { request, deps, actor, write, requestId }: Pick<Forwarding, "request" | "deps" | "actor" | "write" | "requestId">,
  checked: CheckedRequest,
): Promise<Response | undefined> {
  if (checked.operation.id !== "createPaymentApplication" || actor.key.keyType === "Supplier") return undefined;
  const query = checked.query as {
    ARAccountID: number;
    PaymentInvoiceNum: string;
    TargetInvoiceNum: string;
    Amount: string | number;
  };
  const amount = String(query.Amount);
  const upstream = await deps.upstream(actor.key.environment, request);
  const api = createDataApiClient({
    baseUrl: upstream.v1Base,
    apiKey: actor.key.apiKey,
    fetch: fetchWithin(upstream.fetch, deps.timeoutMs),
  });
  let refusal: { status: number; body: unknown };
  try {
    const { openBalance, outstanding } = await targetOf(api, query.ARAccountID, query.TargetInvoiceNum);
    const room = roomLeft(openBalance, outstanding);
    if (
      !amountInCents(amount, [room]) &&
      !amountInCents(amount, [await creditLeftOf(api, query.ARAccountID, query.PaymentInvoiceNum)])
    ) {
      const detail = subCentWords("Amount", amount);
      const fieldErrors = [{ field: "Amount", code: "AMOUNT_NOT_IN_CENTS", detail }];
      refusal = { status: 400, body: codedErrorBody("AMOUNT_NOT_IN_CENTS", detail, { fieldErrors }) };
    } else if (compareDecimals(amount, room) <= 0) return undefined;
    else {
      const detail = overRoomWords(query.TargetInvoiceNum, openBalance, outstanding, amount);
      refusal = { status: 409, body: codedErrorBody("OVER_OPEN_BALANCE", detail) };
    }
  } catch (error) {
    if (!(error instanceof DataApiError)) throw error;
    const detail = `The open balance of ${query.TargetInvoiceNum} could not be read, so nothing was allocated: ${error.detail}`;
    refusal = { status: error.status >= 400 ? error.status : 502, body: codedErrorBody("BALANCE_UNREAD", detail) };
  }
  await write?.refused(refusal.status, refusal.body);
  return answer(refusal.body, refusal.status, { "X-Request-Id": requestId });
}
