import { defineOperation } from "../operation";
import { PaymentApplicationRequest } from "../records/payments";
import { paymentApplicationParams } from "../writes";

export const v1Writes = {
  createPaymentApplication: defineOperation({
    id: "createPaymentApplication",
    method: "POST",
    version: "v1",
    path: "/payments/applications",
    resource: "Payments",
    summary: "Request a payment allocation to an invoice",
    query: paymentApplicationParams,
    record: PaymentApplicationRequest,
    envelope: "v1-object",
    access: { Customer: "scoped", Supplier: "forbidden" },
    // The documentation does not show the success status; the sandbox answers 201 (a request was created).
    success: 201,
    statuses: [201, 400, 401, 403, 409, 429, 500],
    headers: ["Idempotency-Key", "X-Request-Id"],
    notes: [
      "Not available to Supplier keys (403). Customer keys may request only against their authorized AR accounts.",
      "The four inputs are query parameters, all required.",
      "Validated: the payment has sufficient available balance, and the target invoice belongs to the same AR account.",
      "Answers {Data: PaymentApplicationRequest} with Status Pending; the request is exported to the ERP on the next export run.",
      "Success status: not shown in the documentation; the sandbox answers 201. Clients should accept any 2xx.",
    ],
  }),
};
