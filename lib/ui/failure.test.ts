import { describe, expect, it } from "vitest";
import { DataApiError, type DataApiErrorInit } from "@/lib/data-api/data-api-error";
import { describeFailure, describeStale, waitInWords, WRITE_AGAIN } from "./failure";

// Every kind of failure in words, read and write alike: the same failure reads the same on every page and form.

const api = (init: Partial<DataApiErrorInit> & { status: number }) => new DataApiError({ detail: "", ...init });
const read = { what: "the payments" };
const save = { what: "the purchase order", doing: "save", write: true };

describe("describeFailure", () => {
  it("no answer at all: check the connection; a write adds that trying again is safe", () => {
    const offline = api({ status: 0, code: "NETWORK_ERROR", detail: "The page could not load what it needs" });
    expect(describeFailure(offline, read)).toMatchObject({
      kind: "offline",
      title: "The Data API could not be reached.",
      nextStep: "Check your connection and try again.",
      message: "The Data API could not be reached. Check your connection and try again.",
      retry: true,
    });
    expect(describeFailure(offline, save).message).toBe(
      `The Data API could not be reached. Check your connection and try again. ${WRITE_AGAIN}`,
    );
    // fetch itself failing (a page's own fetch, not the typed client) is the same failure.
    expect(describeFailure(new TypeError("Failed to fetch"), read).kind).toBe("offline");
  });

  it("401: the session ended, connect again", () => {
    expect(
      describeFailure(api({ status: 401, detail: "Not connected: connect an API key at /connect" }), read),
    ).toMatchObject({
      kind: "session-ended",
      message: "Your session has ended: it expired, or it was signed out. Connect your key again to go on.",
      retry: false,
    });
  });

  it("403: this key may not, with the API's words, and the way out", () => {
    const refused = api({ status: 403, detail: "Customer keys cannot list purchases", requestId: "r3" });
    expect(describeFailure(refused, read)).toMatchObject({
      kind: "forbidden",
      title: "This key may not see the payments. Customer keys cannot list purchases.",
      reason: "This key may not do this. Customer keys cannot list purchases.",
      nextStep: "Switch to a key that may, or connect one.",
      requestId: "r3",
      retry: false,
    });
    expect(describeFailure(refused, save).title).toBe(
      "This key may not save the purchase order. Customer keys cannot list purchases.",
    );
  });

  it("404 and 409: what the API said, and where to look", () => {
    expect(
      describeFailure(api({ status: 404, detail: "Invoice 7 was not found" }), { what: "this invoice" }),
    ).toMatchObject({
      kind: "not-found",
      message:
        "Could not load this invoice. Invoice 7 was not found. It may have been removed, or the link may be wrong: look for it again from its list.",
    });
    expect(describeFailure(api({ status: 409, code: "CONFLICT", detail: "It was changed." }), save)).toMatchObject({
      kind: "conflict",
      message:
        "Could not save the purchase order. It was changed. It changed meanwhile: reload the page to see it as it is now.",
      retry: false,
    });
  });

  it("409 IDEMPOTENCY_KEY_IN_PROGRESS: the first try still runs; trying again is the same request", () => {
    expect(
      describeFailure(api({ status: 409, code: "IDEMPOTENCY_KEY_IN_PROGRESS", detail: "running" }), save),
    ).toMatchObject({
      kind: "in-progress",
      message:
        "The first try of this request is still being processed. Try again in a moment: it is the same request, and it takes effect once.",
      retry: true,
    });
  });

  it("400 and 422: the API's detail; the next step depends on field errors and on reading or writing", () => {
    const fields = api({
      status: 422,
      detail: "The purchase order is not valid.",
      fieldErrors: [{ field: "po_num", code: "X", detail: "Taken" }],
    });
    expect(describeFailure(fields, save)).toMatchObject({
      kind: "invalid",
      title: "Could not save the purchase order. The purchase order is not valid.",
      nextStep: "Correct the marked fields and try again.",
      retry: false,
    });
    expect(describeFailure(api({ status: 422, detail: "Amount too large" }), save).nextStep).toBe(
      "Correct it and try again.",
    );
    expect(
      describeFailure(api({ status: 400, detail: "from must not be after to" }), { what: "the activity" }).message,
    ).toBe(
      "Could not load the activity. from must not be after to. Check the filters and the address, then try again.",
    );
    expect(describeFailure(api({ status: 413, detail: "Too large" }), save).kind).toBe("invalid");
  });

  it("another 4xx: refused, with its status and the request id to quote", () => {
    expect(
      describeFailure(api({ status: 405, detail: "Method PUT is not allowed here", requestId: "r5" }), save),
    ).toMatchObject({
      kind: "refused",
      message:
        "Could not save the purchase order. Method PUT is not allowed here. The Data API refused it (405). If it keeps failing, give support the request id.",
      retry: false,
    });
  });

  it("429: the rate limit, and the wait (the API's, or what a countdown has left)", () => {
    const limited = api({ status: 429, detail: "slow down", retryAfter: 185, requestId: "r4" });
    expect(describeFailure(limited, read)).toMatchObject({
      kind: "rate-limited",
      message: "The API's rate limit for this key is used up for now. You can try again in 3 min 5 s.",
      retryAfterSeconds: 185,
      requestId: "r4",
      retry: true,
    });
    expect(describeFailure(limited, { ...read, waitLeft: 3 }).nextStep).toBe("You can try again in 3 s.");
    expect(describeFailure(limited, { ...read, waitLeft: 0 }).nextStep).toBe("You can try again now.");
    expect(describeFailure(api({ status: 429, detail: "slow down" }), read).nextStep).toBe(
      "Wait a minute and try again.",
    );
    expect(describeFailure(limited, { ...save, waitLeft: 30 }).nextStep).toBe(
      `You can try again in 30 s. ${WRITE_AGAIN}`,
    );
  });

  it("5xx: the API's fault, its status and words, and the request id for support; a write says nothing is lost", () => {
    const failed = api({ status: 500, detail: "Unexpected server error", requestId: "r9" });
    expect(describeFailure(failed, { what: "payment types" })).toMatchObject({
      kind: "server",
      title: "Could not load payment types. The Data API failed (500): Unexpected server error.",
      reason: "The Data API failed (500): Unexpected server error.",
      nextStep: "Try again in a moment. If it keeps failing, give support the request id.",
      requestId: "r9",
      retry: true,
    });
    expect(describeFailure(api({ status: 502, detail: "Bad gateway" }), save).message).toBe(
      `Could not save the purchase order. The Data API failed (502): Bad gateway. ${WRITE_AGAIN}`,
    );
    expect(describeFailure(api({ status: 503, detail: "", retryAfter: 5 }), read)).toMatchObject({
      title: "Could not load the payments. The Data API failed (503): The Data API answered 503.",
      retryAfterSeconds: 5,
    });
    expect(
      describeFailure(api({ status: 200, code: "INVALID_RESPONSE", detail: "not a v1-list envelope" }), read).reason,
    ).toBe("The Data API's answer could not be read: not a v1-list envelope.");
  });

  it("anything else (a bug in the page): its message, and try again", () => {
    expect(describeFailure(new Error("boom"), { what: "the export", doing: "write" })).toMatchObject({
      kind: "unexpected",
      message: "Could not write the export. boom. Try again; if it keeps failing, reload the page.",
      retry: true,
    });
    expect(describeFailure("???", read).title).toBe("Could not load the payments. Unknown error.");
  });

  it("Backroom's own session endpoints are named as such", () => {
    const backroom = { what: "the key", doing: "remove", service: "Backroom" as const };
    expect(describeFailure(api({ status: 0, detail: "" }), backroom).title).toBe("Backroom could not be reached.");
    expect(
      describeFailure(api({ status: 500, detail: "Something went wrong on Backroom's side (request r1)." }), backroom)
        .title,
    ).toBe("Could not remove the key. Backroom failed (500): Something went wrong on Backroom's side (request r1).");
    expect(describeFailure(api({ status: 405, detail: "No" }), backroom).nextStep).toBe("Backroom refused it (405).");
  });
});

describe("waitInWords", () => {
  it.each([
    [0, "0 s"],
    [42, "42 s"],
    [59.2, "1 min"],
    [60, "1 min"],
    [185, "3 min 5 s"],
    [1740, "29 min"],
  ])("%d seconds: %s", (seconds, words) => expect(waitInWords(seconds)).toBe(words));
});

describe("describeStale", () => {
  const LA = "America/Los_Angeles";
  const now = new Date("2026-11-23T22:10:00Z"); // 2:10 PM in Los Angeles
  it.each([
    [
      { reason: "rate-limited", at: "2026-11-23T22:02:00.000Z", until: "2026-11-23T23:00:00.000Z" },
      "Shown as of 2:02 PM · the API's hourly limit is spent until 3:00 PM",
    ],
    [
      { reason: "rate-limited", at: "2026-11-23T22:02:00.000Z" },
      "Shown as of 2:02 PM · the API's hourly limit is spent",
    ],
    // A budget that has returned since is not promised again.
    [
      { reason: "rate-limited", at: "2026-11-23T21:02:00.000Z", until: "2026-11-23T22:00:00.000Z" },
      "Shown as of 1:02 PM · the API's hourly limit is spent",
    ],
    [{ reason: "timeout", at: "2026-11-23T22:02:00.000Z" }, "Shown as of 2:02 PM · the API did not answer"],
    [{ reason: "unreachable", at: "2026-11-22T17:30:00.000Z" }, "Shown as of Nov 22, 9:30 AM · the API did not answer"],
    [{ reason: "api-error", at: "2026-11-23T22:02:00.000Z" }, "Shown as of 2:02 PM · the API failed"],
  ] as const)("%j reads %j", (note, words) => {
    expect(describeStale(note, LA, now)).toBe(words);
  });
});
