/**
 * A sent allocation request's status as it is now, not as the POST answered it (Pending): the payments page reads the
 * account's applications again while it follows its requests (`use-follow-up.ts`), and whatever list answered last
 * about a request says its status. Every banner and line that names a request's status reads it here.
 */
import { PAYMENT_APPLICATION_STATUSES } from "@/lib/data-api/values";
import type { Outcome } from "./submission";

/** A cached answer of `/payments/applications`: its query, its records, whether it holds every match, and when it came. */
export interface ApplicationsAnswer {
  query: Readonly<Record<string, string>>;
  records: readonly { RequestID?: number | null; Status?: string | null }[];
  /** No next page: a request the query matches and the answer lacks is not among its statuses. */
  complete: boolean;
  /** When it came (ms since the epoch). */
  at: number;
}

const listed = (value: string | undefined, item: string) => value === undefined || value.split(",").includes(item);

/**
 * What the newest answer that speaks of a request says of its status: the status it lists, or, for a complete
 * answer narrowed to some statuses (the follow-up's "Pending,Exported" of the request's payment) that no longer lists
 * it, the statuses it can only be now ("Confirmed or Rejected"). Undefined when no answer speaks of it.
 *
 * @example
 * currentStatus({ requestId: 5003, paymentNum: "PMT-1" }, [{ query: {}, records: [{ RequestID: 5003, Status: "Confirmed" }], complete: true, at: 2 }]);
 * // "Confirmed"
 */
export function currentStatus(
  request: { requestId: number; paymentNum: string },
  answers: readonly ApplicationsAnswer[],
): string | undefined {
  let newest: { at: number; status: string } | undefined;
  for (const answer of answers) {
    if (newest && answer.at <= newest.at) continue;
    const record = answer.records.find((r) => r.RequestID === request.requestId);
    if (record?.Status) newest = { at: answer.at, status: record.Status };
    else if (
      !record &&
      answer.complete &&
      answer.query.Statuses !== undefined &&
      answer.query.PaymentInvoiceNums !== undefined &&
      listed(answer.query.PaymentInvoiceNums, request.paymentNum)
    ) {
      const others = PAYMENT_APPLICATION_STATUSES.filter((s) => !listed(answer.query.Statuses, s));
      if (others.length) newest = { at: answer.at, status: others.join(" or ") };
    }
  }
  return newest?.status;
}

/**
 * Outcomes with each sent request's status as it is now (as the POST answered it where no answer since speaks of it).
 *
 * @example
 * withCurrentStatus(outcomes, answers)[0].result?.Status; // "Confirmed", where the POST said "Pending"
 */
export function withCurrentStatus<T extends { RequestID?: number | null; Status?: string | null }>(
  outcomes: readonly Outcome<T | undefined>[],
  answers: readonly ApplicationsAnswer[],
): Outcome<T | undefined>[] {
  return outcomes.map((o) => {
    if (o.state !== "sent" || o.result?.RequestID == null) return o;
    const status = currentStatus({ requestId: o.result.RequestID, paymentNum: o.request.paymentInvoiceNum }, answers);
    return status === undefined || status === o.result.Status
      ? o
      : { ...o, result: { ...o.result, Status: status } as T };
  });
}
