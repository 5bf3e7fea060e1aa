import { describe, expect, it } from "vitest";
import { type ApplicationsAnswer, currentStatus, withCurrentStatus } from "./request-status";
import type { Outcome } from "./submission";

const REQUEST = { requestId: 5003, paymentNum: "PMT-1" };
/** The page's list of the account's applications, at `at`. */
const page = (at: number, status?: string): ApplicationsAnswer => ({
  query: { ARAccountIDs: "50001", PageSize: "500" },
  records: status
    ? [
        { RequestID: 5003, Status: status },
        { RequestID: 5001, Status: "Confirmed" },
      ]
    : [],
  complete: true,
  at,
});
/** The follow-up's list of the payment's requests still open, at `at`. */
const open = (at: number, listed: boolean, complete = true): ApplicationsAnswer => ({
  query: { ARAccountIDs: "50001", PaymentInvoiceNums: "PMT-0,PMT-1", Statuses: "Pending,Exported", PageSize: "500" },
  records: listed ? [{ RequestID: 5003, Status: "Exported" }] : [],
  complete,
  at,
});

describe("currentStatus", () => {
  it.each<[string, ApplicationsAnswer[], string | undefined]>([
    ["nothing read since the send: unknown (the POST's answer stands)", [], undefined],
    ["the newest list that names it: Confirmed after Pending", [page(1, "Pending"), page(2, "Confirmed")], "Confirmed"],
    ["not an older list", [page(2, "Exported"), page(1, "Pending")], "Exported"],
    ["the follow-up's open requests naming it", [page(1, "Pending"), open(2, true)], "Exported"],
    [
      "gone from the follow-up's complete list of the payment's open requests: settled, one way or the other",
      [page(1, "Pending"), open(2, false)],
      "Confirmed or Rejected",
    ],
    ["then the page's list read again says which", [open(2, false), page(3, "Rejected")], "Rejected"],
    ["not from a list with more pages (it may be on another)", [page(1, "Pending"), open(2, false, false)], "Pending"],
  ])("%s", (_, answers, expected) => {
    expect(currentStatus(REQUEST, answers)).toBe(expected);
  });

  it("infers nothing from a list of another payment's requests", () => {
    const other = { ...open(2, false), query: { ...open(2, false).query, PaymentInvoiceNums: "PMT-9" } };
    expect(currentStatus(REQUEST, [page(1, "Pending"), other])).toBe("Pending");
  });
});

describe("withCurrentStatus", () => {
  it("shows a sent request's status as it is now, the others as they were", () => {
    const request = { arAccountId: 50001, paymentInvoiceNum: "PMT-1", targetInvoiceNum: "INV-9", amount: "0.11" };
    const outcomes: Outcome<{ RequestID?: number; Status?: string } | undefined>[] = [
      { state: "sent", request, result: { RequestID: 5003, Status: "Pending" } },
      {
        state: "sent",
        request: { ...request, targetInvoiceNum: "INV-8" },
        result: { RequestID: 5004, Status: "Pending" },
      },
      { state: "not sent", request },
    ];
    const now = withCurrentStatus(outcomes, [page(2, "Confirmed")]);
    expect(now.map((o) => (o.state === "sent" ? o.result?.Status : o.state))).toEqual([
      "Confirmed",
      "Pending",
      "not sent",
    ]);
    expect(now[1]).toBe(outcomes[1]);
  });
});
