import { describe, expect, it } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { type KeyStore, sessionKeyStore } from "@/lib/ui/idempotency";
import { MemoryStorage } from "@/lib/ui/test-storage";
import { type AllocationRequest, backToForm, keyFor, type Outcome, sendInOrder, signatureOf } from "./submission";

/** A KeyStore over a Map, that lets a test see what is kept. */
function mapStore(): KeyStore & { keys: Map<string, string> } {
  const keys = new Map<string, string>();
  return { keys, get: (s) => keys.get(s), set: (s, k) => void keys.set(s, k), delete: (s) => void keys.delete(s) };
}

/** key-1, key-2, … */
function counter(prefix = "key-") {
  let n = 0;
  return () => `${prefix}${++n}`;
}

function request(target: string, amount = "10.00", overrides: Partial<AllocationRequest> = {}): AllocationRequest {
  return { arAccountId: 50001, paymentInvoiceNum: "PMT-1", targetInvoiceNum: target, amount, ...overrides };
}

const requests = [request("INV-1", "10.00"), request("INV-2", "20.00"), request("INV-3", "30.00")];

/** Lets every pending promise callback run (no timers, no clock). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** A promise resolved or rejected from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * An API that keeps Idempotency-Keys as the real one does: the first request with a key creates an application and
 * stores the answer; a later one with the same key gets the stored answer again and creates nothing. `failNext` makes
 * the next request fail with the given error, after (`lostAnswer`) or instead of creating.
 */
function fakeApi() {
  const answers = new Map<string, { id: number; request: AllocationRequest }>();
  const created: { id: number; request: AllocationRequest; key: string }[] = [];
  const keysSeen: string[] = [];
  let failure: { error: unknown; lostAnswer: boolean } | undefined;
  const send = async (req: AllocationRequest, key: string) => {
    await Promise.resolve();
    keysSeen.push(key);
    const fail = failure;
    failure = undefined;
    if (fail && !fail.lostAnswer) throw fail.error;
    let answer = answers.get(key);
    if (!answer) {
      answer = { id: created.length + 1, request: req };
      created.push({ ...answer, key });
      answers.set(key, answer);
    }
    if (fail) throw fail.error; // created, but the answer never reached the browser
    return answer;
  };
  return {
    send,
    created,
    keysSeen,
    failNext(error: unknown, lostAnswer = false) {
      failure = { error, lostAnswer };
    },
  };
}

const networkError = () =>
  new DataApiError({ status: 0, code: "NETWORK_ERROR", detail: "The Data API could not be reached." });

describe("signatureOf", () => {
  it("joins the four inputs as sent", () => {
    expect(
      signatureOf({ arAccountId: 50001, paymentInvoiceNum: "PMT-1", targetInvoiceNum: "INV-9", amount: "10.50" }),
    ).toBe("50001|PMT-1|INV-9|10.50");
  });

  it("compares the amount as text: 10.5 and 10.50 are two requests", () => {
    expect(signatureOf(request("INV-9", "10.5"))).not.toBe(signatureOf(request("INV-9", "10.50")));
  });

  it("differs when any input differs and is the same for the same inputs", () => {
    const base = request("INV-9", "10.50");
    expect(signatureOf({ ...base })).toBe(signatureOf(base));
    expect(signatureOf({ ...base, arAccountId: 50002 })).not.toBe(signatureOf(base));
    expect(signatureOf({ ...base, paymentInvoiceNum: "PMT-2" })).not.toBe(signatureOf(base));
    expect(signatureOf({ ...base, targetInvoiceNum: "INV-8" })).not.toBe(signatureOf(base));
  });
});

describe("keyFor", () => {
  it("gives the same key for the same request until it is deleted", () => {
    const store = mapStore();
    const newKey = counter();
    const first = keyFor(store, request("INV-1", "10.00"), newKey);
    expect(first).toBe("key-1");
    expect(keyFor(store, request("INV-1", "10.00"), newKey)).toBe("key-1");
    expect(keyFor(store, { ...request("INV-1", "10.00") }, newKey)).toBe("key-1");
    store.delete(signatureOf(request("INV-1", "10.00")));
    expect(keyFor(store, request("INV-1", "10.00"), newKey)).toBe("key-2");
  });

  it("gives a new key for a changed amount, even one of the same value", () => {
    const store = mapStore();
    const newKey = counter();
    expect(keyFor(store, request("INV-1", "10.5"), newKey)).toBe("key-1");
    expect(keyFor(store, request("INV-1", "10.50"), newKey)).toBe("key-2");
    expect(keyFor(store, request("INV-1", "11"), newKey)).toBe("key-3");
    expect(keyFor(store, request("INV-1", "10.5"), newKey)).toBe("key-1");
  });

  it("gives each invoice its own key", () => {
    const store = mapStore();
    const newKey = counter();
    expect(requests.map((r) => keyFor(store, r, newKey))).toEqual(["key-1", "key-2", "key-3"]);
  });

  it("keeps the key in the store under the request's signature", () => {
    const store = mapStore();
    keyFor(store, request("INV-1"), counter());
    expect([...store.keys]).toEqual([[signatureOf(request("INV-1")), "key-1"]]);
  });

  it("keeps the key across a reload through sessionStorage", () => {
    const storage = new MemoryStorage();
    const key = keyFor(sessionKeyStore(storage), request("INV-1"), counter("before-"));
    expect(keyFor(sessionKeyStore(storage), request("INV-1"), counter("after-"))).toBe(key);
  });

  it("makes a random UUID by default", () => {
    const key = keyFor(mapStore(), request("INV-1"));
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyFor(mapStore(), request("INV-1"))).not.toBe(key);
  });
});

describe("sendInOrder", () => {
  it("sends every request with its own key and reports each as sent", async () => {
    const api = fakeApi();
    const outcomes = await sendInOrder(requests, api.send, mapStore(), undefined, counter());
    expect(api.keysSeen).toEqual(["key-1", "key-2", "key-3"]);
    expect(outcomes.map((o) => o.state)).toEqual(["sent", "sent", "sent"]);
    expect(outcomes.map((o) => o.request)).toEqual(requests);
    expect(outcomes.map((o) => (o.state === "sent" ? o.result.id : undefined))).toEqual([1, 2, 3]);
  });

  it("sends strictly one after another: a send starts only once the previous one has answered", async () => {
    const calls: { request: AllocationRequest; answer: ReturnType<typeof deferred<string>> }[] = [];
    const send = (req: AllocationRequest) => {
      const answer = deferred<string>();
      calls.push({ request: req, answer });
      return answer.promise;
    };
    const progress: Outcome<string>[][] = [];
    const run = sendInOrder(requests, send, mapStore(), (o) => progress.push(o), counter());

    await settle();
    expect(calls.map((c) => c.request.targetInvoiceNum)).toEqual(["INV-1"]);
    expect(progress).toEqual([]);

    calls[0]!.answer.resolve("first");
    await settle();
    expect(calls.map((c) => c.request.targetInvoiceNum)).toEqual(["INV-1", "INV-2"]);
    expect(progress.map((p) => p.map((o) => o.state))).toEqual([["sent", "not sent", "not sent"]]);

    calls[1]!.answer.resolve("second");
    await settle();
    expect(calls).toHaveLength(3);
    expect(progress).toHaveLength(2);

    calls[2]!.answer.resolve("third");
    const outcomes = await run;
    expect(calls).toHaveLength(3);
    expect(outcomes.map((o) => (o.state === "sent" ? o.result : o.state))).toEqual(["first", "second", "third"]);
  });

  it("never has two sends in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const send = async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await settle();
      inFlight--;
      return "ok";
    };
    const many = Array.from({ length: 8 }, (_, i) => request(`INV-${i}`));
    await sendInOrder(many, send, mapStore(), undefined, counter());
    expect(most).toBe(1);
  });

  it("reports progress after each request, each time as a new list", async () => {
    const api = fakeApi();
    const progress: Outcome<unknown>[][] = [];
    const outcomes = await sendInOrder(requests, api.send, mapStore(), (o) => progress.push(o), counter());
    expect(progress.map((p) => p.map((o) => o.state))).toEqual([
      ["sent", "not sent", "not sent"],
      ["sent", "sent", "not sent"],
      ["sent", "sent", "sent"],
    ]);
    expect(new Set([...progress, outcomes]).size).toBe(4);
  });

  it("stops at the first failure, leaving the rest not sent", async () => {
    const api = fakeApi();
    const refusal = new DataApiError({ status: 422, code: "INSUFFICIENT_CREDIT", detail: "Not enough credit." });
    const send = async (req: AllocationRequest, key: string) => {
      if (req.targetInvoiceNum === "INV-2") throw refusal;
      return api.send(req, key);
    };
    const progress: Outcome<unknown>[][] = [];
    const outcomes = await sendInOrder(
      [...requests, request("INV-4")],
      send,
      mapStore(),
      (o) => progress.push(o),
      counter(),
    );
    expect(outcomes.map((o) => o.state)).toEqual(["sent", "failed", "not sent", "not sent"]);
    expect(outcomes[1]).toEqual({ state: "failed", request: requests[1], error: refusal });
    expect(api.created.map((c) => c.request.targetInvoiceNum)).toEqual(["INV-1"]);
    expect(progress.map((p) => p.map((o) => o.state))).toEqual([
      ["sent", "not sent", "not sent", "not sent"],
      ["sent", "failed", "not sent", "not sent"],
    ]);
  });

  it("sends nothing and reports nothing for no requests", async () => {
    const progress: unknown[] = [];
    const outcomes = await sendInOrder(
      [],
      () => Promise.reject(new Error("not called")),
      mapStore(),
      (o) => progress.push(o),
    );
    expect(outcomes).toEqual([]);
    expect(progress).toEqual([]);
  });

  it("makes the keys of the whole batch before sending", async () => {
    const store = mapStore();
    const seen: number[] = [];
    const send = async () => {
      seen.push(store.keys.size);
      return "ok";
    };
    await sendInOrder(requests, send, store, undefined, counter());
    expect(seen).toEqual([3, 2, 1]);
  });

  it("deletes a key once its request has succeeded", async () => {
    const store = mapStore();
    const api = fakeApi();
    await sendInOrder(requests, api.send, store, undefined, counter());
    expect(store.keys.size).toBe(0);
    // So the same allocation made again later is a new request, with a new key.
    await sendInOrder([requests[0]!], api.send, store, undefined, counter("later-"));
    expect(api.keysSeen.at(-1)).toBe("later-1");
    expect(api.created).toHaveLength(4);
  });

  it("deletes the key of a succeeded request from sessionStorage", async () => {
    const storage = new MemoryStorage();
    await sendInOrder(requests, fakeApi().send, sessionKeyStore(storage), undefined, counter());
    expect(storage.length).toBe(0);
  });

  it("keeps the keys of the failed and the unsent requests", async () => {
    const store = mapStore();
    const api = fakeApi();
    const send = async (req: AllocationRequest, key: string) => {
      if (req.targetInvoiceNum === "INV-2") throw networkError();
      return api.send(req, key);
    };
    await sendInOrder(requests, send, store, undefined, counter());
    expect([...store.keys]).toEqual([
      [signatureOf(requests[1]!), "key-2"],
      [signatureOf(requests[2]!), "key-3"],
    ]);
  });

  describe("after an answer it may not get again, keeps the key so a retry sends the same one", () => {
    it.each<[string, () => unknown]>([
      ["a network failure (DataApiError status 0)", networkError],
      ["a network failure (a plain object with status 0)", () => ({ status: 0 })],
      ["a fetch that threw without a status", () => new TypeError("Failed to fetch")],
      ["an aborted request", () => new DOMException("The operation was aborted.", "AbortError")],
      ["a thrown string", () => "boom"],
      [
        "a 429",
        () => new DataApiError({ status: 429, code: "RATE_LIMITED", detail: "Too many requests", retryAfter: 30 }),
      ],
      ["a 500", () => new DataApiError({ status: 500, code: "INTERNAL_ERROR", detail: "Something went wrong." })],
      ["a 502", () => new DataApiError({ status: 502, detail: "The Data API answered 502." })],
      ["a 503", () => new DataApiError({ status: 503, code: "SERVICE_UNAVAILABLE", detail: "Try later." })],
      [
        "a 409 IDEMPOTENCY_KEY_IN_PROGRESS",
        () => new DataApiError({ status: 409, code: "IDEMPOTENCY_KEY_IN_PROGRESS", detail: "Still running." }),
      ],
      [
        "an unreadable answer to a created request",
        () => new DataApiError({ status: 201, code: "INVALID_RESPONSE", detail: "Not an envelope." }),
      ],
    ])("%s", async (_, error) => {
      const store = mapStore();
      const keys: string[] = [];
      let fail = true;
      const send = async (req: AllocationRequest, key: string) => {
        keys.push(key);
        if (fail) {
          fail = false;
          throw error();
        }
        return req.targetInvoiceNum;
      };
      const first = await sendInOrder([requests[0]!], send, store, undefined, counter("first-"));
      expect(first[0]!.state).toBe("failed");
      expect(store.get(signatureOf(requests[0]!))).toBe("first-1");

      const second = await sendInOrder([requests[0]!], send, store, undefined, counter("second-"));
      expect(second[0]!.state).toBe("sent");
      expect(keys).toEqual(["first-1", "first-1"]);
      expect(store.keys.size).toBe(0);
    });
  });

  describe("after a final refusal, deletes the key so a corrected or repeated request gets a new one", () => {
    it.each<[string, () => unknown]>([
      ["a 400", () => new DataApiError({ status: 400, code: "VALIDATION_ERROR", detail: "Amount must be positive." })],
      [
        "a 400 the client raised before sending",
        () => new DataApiError({ status: 400, code: "INVALID_REQUEST", detail: "Amount must be positive." }),
      ],
      ["a 403", () => new DataApiError({ status: 403, code: "FORBIDDEN", detail: "Not allowed." })],
      ["a 404", () => new DataApiError({ status: 404, code: "NOT_FOUND", detail: "No such invoice." })],
      [
        "a 409 with another code",
        () => new DataApiError({ status: 409, code: "IDEMPOTENCY_KEY_REUSED", detail: "Key reused." }),
      ],
      ["a 409 without a code", () => new DataApiError({ status: 409, detail: "Conflict." })],
      ["a 422", () => new DataApiError({ status: 422, code: "INSUFFICIENT_CREDIT", detail: "Not enough credit." })],
      ["a plain object with status 422", () => ({ status: 422 })],
    ])("%s", async (_, error) => {
      const store = mapStore();
      const keys: string[] = [];
      let fail = true;
      const send = async (_req: AllocationRequest, key: string) => {
        keys.push(key);
        if (fail) {
          fail = false;
          throw error();
        }
        return "ok";
      };
      const first = await sendInOrder([requests[0]!, requests[1]!], send, store, undefined, counter("first-"));
      expect(first.map((o) => o.state)).toEqual(["failed", "not sent"]);
      expect(store.get(signatureOf(requests[0]!))).toBeUndefined();
      // The unsent request keeps its key.
      expect(store.get(signatureOf(requests[1]!))).toBe("first-2");

      await sendInOrder([requests[0]!, requests[1]!], send, store, undefined, counter("second-"));
      expect(keys).toEqual(["first-1", "second-1", "first-2"]);
    });
  });

  it("retrying the rest after a lost answer creates each allocation once", async () => {
    const api = fakeApi();
    const storage = new MemoryStorage();
    const newKey = counter();

    // INV-2 is created, but the answer is lost on the way back.
    let sends = 0;
    const send = (req: AllocationRequest, key: string) => {
      if (++sends === 2) api.failNext(networkError(), true);
      return api.send(req, key);
    };
    const first = await sendInOrder(requests, send, sessionKeyStore(storage), undefined, newKey);
    expect(first.map((o) => o.state)).toEqual(["sent", "failed", "not sent"]);
    expect(api.created.map((c) => c.request.targetInvoiceNum)).toEqual(["INV-1", "INV-2"]);

    // The person retries the rest, after a reload (a new store over the same sessionStorage).
    const rest = first.filter((o) => o.state !== "sent").map((o) => o.request);
    const second = await sendInOrder(rest, api.send, sessionKeyStore(storage), undefined, newKey);
    expect(second.map((o) => o.state)).toEqual(["sent", "sent"]);

    expect(api.keysSeen).toEqual(["key-1", "key-2", "key-2", "key-3"]);
    expect(api.created.map((c) => c.request.targetInvoiceNum)).toEqual(["INV-1", "INV-2", "INV-3"]);
    // The replayed answer is the one of the first try.
    expect(second[0]).toMatchObject({ state: "sent", result: { id: 2 } });
    expect(storage.length).toBe(0);
  });

  it("retrying after a 500 that created nothing sends the same key and creates each allocation once", async () => {
    const api = fakeApi();
    const store = mapStore();
    const newKey = counter();
    let sends = 0;
    const send = (req: AllocationRequest, key: string) => {
      if (++sends === 1) api.failNext(new DataApiError({ status: 500, detail: "Oops." }));
      return api.send(req, key);
    };
    const first = await sendInOrder(requests, send, store, undefined, newKey);
    expect(first.map((o) => o.state)).toEqual(["failed", "not sent", "not sent"]);
    expect(api.created).toHaveLength(0);

    const second = await sendInOrder(requests, send, store, undefined, newKey);
    expect(second.map((o) => o.state)).toEqual(["sent", "sent", "sent"]);
    expect(api.keysSeen).toEqual(["key-1", "key-1", "key-2", "key-3"]);
    expect(api.created.map((c) => c.key)).toEqual(["key-1", "key-2", "key-3"]);
  });

  it("a double-click sends each request under one key and creates each allocation once", async () => {
    const api = fakeApi();
    const store = sessionKeyStore(new MemoryStorage());
    const newKey = counter();
    const [a, b] = await Promise.all([
      sendInOrder(requests, api.send, store, undefined, newKey),
      sendInOrder(requests, api.send, store, undefined, newKey),
    ]);
    expect(a.map((o) => o.state)).toEqual(["sent", "sent", "sent"]);
    expect(b.map((o) => o.state)).toEqual(["sent", "sent", "sent"]);
    expect(new Set(api.keysSeen)).toEqual(new Set(["key-1", "key-2", "key-3"]));
    expect(api.keysSeen).toHaveLength(6);
    expect(api.created.map((c) => c.request.targetInvoiceNum)).toEqual(["INV-1", "INV-2", "INV-3"]);
    // Both clicks see the same allocations.
    expect(b.map((o) => (o.state === "sent" ? o.result.id : 0))).toEqual(
      a.map((o) => (o.state === "sent" ? o.result.id : 0)),
    );
  });

  it("a changed amount on retry is a new request with a new key", async () => {
    const api = fakeApi();
    const store = mapStore();
    const newKey = counter();
    let sends = 0;
    const send = (req: AllocationRequest, key: string) => {
      if (++sends === 1) api.failNext(networkError());
      return api.send(req, key);
    };
    await sendInOrder([request("INV-1", "10.5")], send, store, undefined, newKey);
    await sendInOrder([request("INV-1", "10.50")], send, store, undefined, newKey);
    expect(api.keysSeen).toEqual(["key-1", "key-2"]);
    // The first request's key waits for its own answer.
    expect(store.get(signatureOf(request("INV-1", "10.5")))).toBe("key-1");
  });
});

describe("backToForm", () => {
  const lines = [{ invoiceNum: "INV-1" }, { invoiceNum: "INV-2" }, { invoiceNum: "INV-3" }];
  const refused = (fieldErrors: { field: string; detail: string; message?: string }[]) =>
    new DataApiError({
      status: 422,
      code: "VALIDATION_FAILED",
      detail: "Invalid",
      fieldErrors: fieldErrors.map((f) => ({ code: "X", ...f })),
    });

  it("puts the API's field errors on the line they concern, clears the sent lines, and keeps the rest for above the form", () => {
    const outcomes: Outcome<unknown>[] = [
      { state: "sent", request: requests[0]!, result: undefined },
      {
        state: "failed",
        request: requests[1]!,
        error: refused([
          { field: "Amount", detail: "too much", message: "More than the open balance" },
          { field: "TargetInvoiceNum", detail: "closed" },
          { field: "ARAccountID", detail: "On hold" },
        ]),
      },
      { state: "not sent", request: requests[2]! },
    ];
    expect(backToForm(outcomes, lines)).toEqual({
      sentLines: [0],
      lineErrors: [
        { index: 1, message: "More than the open balance" },
        { index: 1, message: "closed" },
      ],
      formErrors: ["On hold"],
    });
  });

  it("a request whose invoice is no longer on the form: its errors go above the form", () => {
    const outcomes: Outcome<unknown>[] = [
      { state: "failed", request: request("INV-9"), error: refused([{ field: "Amount", detail: "too much" }]) },
    ];
    expect(backToForm(outcomes, lines)).toEqual({ sentLines: [], lineErrors: [], formErrors: ["too much"] });
  });

  it("is undefined when the batch ended otherwise: all sent, or a failure naming no field (its outcome says why)", () => {
    expect(backToForm([{ state: "sent", request: requests[0]!, result: undefined }], lines)).toBeUndefined();
    expect(
      backToForm(
        [{ state: "failed", request: requests[0]!, error: new DataApiError({ status: 500, detail: "Boom" }) }],
        lines,
      ),
    ).toBeUndefined();
    expect(backToForm([{ state: "failed", request: requests[0]!, error: new Error("boom") }], lines)).toBeUndefined();
  });
});
