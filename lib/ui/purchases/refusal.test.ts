import { describe, expect, it } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { WRITE_AGAIN } from "../failure";
import { type DraftLine, emptyLine } from "@/lib/domain/purchases/draft";
import { refusalOf } from "./refusal";

// What a failed action says and marks, and which failures lock the editor or offer to try again.

const line = (key: string): DraftLine => ({ ...emptyLine(key), productId: 11, quantity: "2" });
const LINES = [line("a"), emptyLine("gap"), line("b")];
const context = { action: "save" as const, poNum: " PO-7 ", lines: LINES, globalId: "draft-1" };
const refused = (init: ConstructorParameters<typeof DataApiError>[0]) => new DataApiError(init);

describe("refusalOf", () => {
  it("field errors land on their line (blank lines skipped) and header field, counted, the header focused first", () => {
    const error = refused({
      status: 422,
      code: "VALIDATION_FAILED",
      detail: "The purchase order is not valid.",
      requestId: "req-1",
      fieldErrors: [
        { field: "purchase_transactions[1].units", code: "X", detail: "Too many" },
        { field: "vendor_id", code: "X", detail: "Unknown vendor" },
        { field: "not_a_field", code: "X", detail: "Odd" },
      ],
    });
    const outcome = refusalOf(error, context);
    expect(outcome.fields).toEqual({
      lines: [{ key: "b", field: "quantity", message: "Too many" }],
      header: { vendor_id: "Unknown vendor" },
      focus: { header: "vendor_id" },
    });
    expect(outcome.notice).toEqual({
      tone: "error",
      text: "Could not save the purchase order. The purchase order is not valid. See the 3 marked fields.",
      requestId: "req-1",
    });
    expect(outcome.lock).toBeUndefined();
  });

  it("a refusal of the user the order is made for lands on that field (an Employee key's created_by_user_id)", () => {
    const error = refused({
      status: 400,
      code: "VALIDATION_FAILED",
      detail: "Invalid body",
      fieldErrors: [{ field: "created_by_user_id", code: "X", detail: "Unknown user" }],
    });
    const outcome = refusalOf(error, { ...context, globalId: undefined });
    expect(outcome.fields?.header).toEqual({ created_by_user_id: "Unknown user" });
    expect(outcome.fields?.focus).toEqual({ header: "created_by_user_id" });
  });

  it("a PO number already used: marked on the PO number, focused, with the purchase that has it", () => {
    const holder = "0b8e7a3c-1111-4222-8333-944455556666";
    const outcome = refusalOf(
      refused({ status: 409, code: "DUPLICATE_PO_NUMBER", detail: `PO number taken by ${holder}`, requestId: "req-2" }),
      context,
    );
    expect(outcome.fields?.header).toEqual({
      po_num: "This vendor already has a purchase order PO-7. Choose another number.",
    });
    expect(outcome.fields?.focus).toEqual({ header: "po_num" });
    expect(outcome.notice).toEqual({
      tone: "error",
      text: "PO number PO-7 is already used with this vendor.",
      existing: holder,
      requestId: "req-2",
    });
  });

  it("no longer a draft locks the editor: said by its code, or a bare 409 on a saved draft", () => {
    expect(
      refusalOf(refused({ status: 409, code: "PURCHASE_NOT_DRAFT", detail: "it was submitted" }), context),
    ).toMatchObject({
      lock: true,
      notice: { text: "This purchase order is no longer a draft, so it can no longer be changed: it was submitted" },
    });
    expect(refusalOf(refused({ status: 409, code: "CONFLICT", detail: "gone" }), context).lock).toBe(true);
    // Not for a new order, nor for a submit the API finds not ready, nor a 409 naming fields.
    expect(
      refusalOf(refused({ status: 409, code: "CONFLICT", detail: "gone" }), { ...context, globalId: undefined }).lock,
    ).toBeUndefined();
    expect(
      refusalOf(refused({ status: 409, code: "NOT_SUBMITTABLE", detail: "not ready" }), context).lock,
    ).toBeUndefined();
    expect(
      refusalOf(
        refused({
          status: 409,
          code: "CONFLICT",
          detail: "x",
          fieldErrors: [{ field: "po_num", code: "X", detail: "y" }],
        }),
        context,
      ).lock,
    ).toBeUndefined();
  });

  it("a failure with no settled answer offers to try the same action again; a refusal on the merits does not", () => {
    const retry = (error: unknown) => refusalOf(error, { ...context, action: "submit" }).notice.retry;
    expect(retry(refused({ status: 0, code: "NETWORK_ERROR", detail: "unreachable" }))).toBe("submit");
    expect(retry(refused({ status: 429, detail: "slow down", retryAfter: 30 }))).toBe("submit");
    expect(retry(refused({ status: 502, detail: "broke off" }))).toBe("submit");
    expect(retry(refused({ status: 409, code: "IDEMPOTENCY_KEY_IN_PROGRESS", detail: "running" }))).toBe("submit");
    expect(retry(new Error("boom"))).toBe("submit");
    expect(retry(refused({ status: 422, detail: "no" }))).toBeUndefined();
    // The words of every page (lib/ui/failure.ts), with what a write may promise.
    expect(refusalOf(refused({ status: 502, detail: "broke off" }), context).notice.text).toBe(
      `Could not save the purchase order. The Data API failed (502): broke off. ${WRITE_AGAIN}`,
    );
    expect(refusalOf(refused({ status: 429, detail: "slow down", retryAfter: 30 }), context).notice.text).toBe(
      `The API's rate limit for this key is used up for now. You can try again in 30 s. ${WRITE_AGAIN}`,
    );
    // A spent budget: the same request is offered again once the API's wait is over, and not before.
    expect(refusalOf(refused({ status: 429, detail: "slow down", retryAfter: 30 }), context).notice).toMatchObject({
      retry: "save",
      retryAfterSeconds: 30,
    });
    expect(refusalOf(refused({ status: 502, detail: "broke off" }), context).notice.retryAfterSeconds).toBeUndefined();
    expect(refusalOf(refused({ status: 0, code: "NETWORK_ERROR", detail: "unreachable" }), context).notice.text).toBe(
      `The Data API could not be reached. Check your connection and try again. ${WRITE_AGAIN}`,
    );
    // The first try still running is no conflict: the editor does not lock, and offers the same request again.
    const running = refusalOf(
      refused({ status: 409, code: "IDEMPOTENCY_KEY_IN_PROGRESS", detail: "running" }),
      context,
    );
    expect(running.lock).toBeUndefined();
    expect(running).toMatchObject({
      notice: {
        text: "The first try of this request is still being processed. Try again in a moment: it is the same request, and it takes effect once.",
        retry: "save",
      },
    });
  });

  it("an error that is no answer of the API marks nothing", () => {
    const outcome = refusalOf(new Error("boom"), context);
    expect(outcome).toEqual({
      notice: {
        tone: "error",
        text: `Could not save the purchase order. boom. Try again; if it keeps failing, reload the page. ${WRITE_AGAIN}`,
        retry: "save",
      },
    });
  });
});
