import { describe, expect, it } from "vitest";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { CreatePurchaseBody } from "@/lib/data-api/writes";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { MemoryStorage } from "@/lib/ui/test-storage";
import {
  createSignature,
  type DraftApi,
  draftApiOf,
  draftJobs,
  draftRunner,
  type DraftJob,
  type DraftOrder,
  knownPoNumbers,
  MAX_NUMBER_TRIES,
  nextPoNumber,
  NotReadyError,
  progressText,
  runDraftJobs,
  type ValidateAnswer,
} from "./draft-runner";

// Three orders as the replenishment planner makes them (lib/ui/replenishment/drafts.ts): Oakland (1), chocolate 7
// from vendor 40; Oakland, berry 10 from vendor 41 (batch codes required); Fresno (2), chocolate 7 from vendor 40
// again: PLAN-20261121-40-1, PLAN-20261121-41-1, PLAN-20261121-40-2.
const order = (
  vendor: number,
  location: number,
  delivery: string,
  poNum: string,
  line: { product_id: number; units: number },
  requiresBatchCodes = false,
): DraftOrder => ({
  body: {
    vendor_id: vendor,
    to_location_id: location,
    supplier_id: 12,
    delivery_date: delivery,
    po_num: poNum,
    purchase_transactions: [line],
  },
  requiresBatchCodes,
});
const drafts: DraftOrder[] = [
  order(40, 1, "2026-12-01", "PLAN-20261121-40-1", { product_id: 7, units: 444 }),
  order(41, 1, "2026-11-25", "PLAN-20261121-41-1", { product_id: 10, units: 36 }, true),
  order(40, 2, "2026-12-01", "PLAN-20261121-40-2", { product_id: 7, units: 120 }),
];

describe("nextPoNumber", () => {
  it.each([
    ["the next suffix after a DUPLICATE_PO_NUMBER", "PLAN-20261121-40-1", [], "PLAN-20261121-40-2"],
    ["past two digits", "PLAN-20261121-40-9", [], "PLAN-20261121-40-10"],
    [
      "skipping numbers other drafts of the batch hold",
      "PLAN-20261121-40-1",
      ["PLAN-20261121-40-2", "PLAN-20261121-40-3"],
      "PLAN-20261121-40-4",
    ],
    ["a number without a suffix gets -2", "PO-ABC", [], "PO-ABC-2"],
  ] as const)("%s", (_name, current, taken, expected) => {
    expect(nextPoNumber(current, taken)).toBe(expected);
  });
});

/**
 * The API as the sandbox answers: po_num unique per vendor (409 DUPLICATE_PO_NUMBER at the check and the create),
 * batch codes required by vendor 41 (the check answers not ready, naming them), and Idempotency-Keys replayed.
 */
class FakeApi implements DraftApi {
  readonly calls: { kind: "validate" | "create"; po: string; key?: string }[] = [];
  /** vendor:po_num of every purchase, made here or before. */
  readonly taken = new Set<string>();
  readonly drafts = new Map<string, CreatePurchaseBody>();
  private readonly replies = new Map<string, string>();
  /** The next creates are made but their answer is lost (the network drops it): 502. */
  dropAnswers = 0;
  /** The next creates are refused on their merits. */
  refuse = 0;
  /** Someone else takes the PO number between the check and the create, this many times. */
  raceOnCreate = 0;
  /** Vendors whose check answers not ready for something other than batch codes. */
  notReady = new Set<number>();

  validate(body: CreatePurchaseBody): Promise<ValidateAnswer> {
    this.calls.push({ kind: "validate", po: body.po_num });
    if (this.taken.has(`${body.vendor_id}:${body.po_num}`)) return Promise.reject(duplicate(body.po_num));
    if (this.notReady.has(body.vendor_id))
      return Promise.resolve({
        valid: false,
        problems: [
          {
            code: "QUANTITY_NOT_POSITIVE",
            field: "purchase_transactions[0].units",
            detail: "Quantities must be positive",
          },
        ],
      });
    const missing = body.vendor_id === 41 ? (body.purchase_transactions ?? []).filter((l) => !l.batch_code) : [];
    return Promise.resolve({
      valid: missing.length === 0,
      problems: missing.map((_, i) => ({
        code: "BATCH_CODE_REQUIRED",
        field: `purchase_transactions[${i}].batch_code`,
        detail: "The vendor requires a batch code on every line",
      })),
    });
  }

  create(body: CreatePurchaseBody, key: string): Promise<string> {
    this.calls.push({ kind: "create", po: body.po_num, key });
    const replay = this.replies.get(key);
    if (replay) return Promise.resolve(replay);
    if (this.refuse > 0) {
      this.refuse -= 1;
      return Promise.reject(
        new DataApiError({ status: 422, code: "UNPROCESSABLE", detail: "Product 7 is discontinued" }),
      );
    }
    if (this.raceOnCreate > 0) {
      this.raceOnCreate -= 1;
      this.taken.add(`${body.vendor_id}:${body.po_num}`);
    }
    if (this.taken.has(`${body.vendor_id}:${body.po_num}`)) return Promise.reject(duplicate(body.po_num));
    const id = `g-${this.drafts.size + 1}`;
    this.taken.add(`${body.vendor_id}:${body.po_num}`);
    this.drafts.set(id, body);
    this.replies.set(key, id);
    if (this.dropAnswers > 0) {
      this.dropAnswers -= 1;
      return Promise.reject(new DataApiError({ status: 502, detail: "Bad gateway" }));
    }
    return Promise.resolve(id);
  }
}

const duplicate = (po: string) =>
  new DataApiError({ status: 409, code: "DUPLICATE_PO_NUMBER", detail: `po_num ${po} is already used` });

let keys = 0;
function setup() {
  const api = new FakeApi();
  const storage = new MemoryStorage();
  const store = sessionKeyStore(storage);
  return { api, storage, store, options: { api, store, newKey: () => `key-${++keys}` } };
}

const states = (jobs: DraftJob[]) => jobs.map((j) => [j.poNumber, j.state.phase]);

describe("runDraftJobs", () => {
  it("checks each planned order, then creates it as a draft, one after another", async () => {
    const { api, options } = setup();
    const seen: string[] = [];
    const jobs = await runDraftJobs(draftJobs(drafts), options, (now) => seen.push(progressText(now)));
    expect(states(jobs)).toEqual([
      ["PLAN-20261121-40-1", "created"],
      ["PLAN-20261121-41-1", "created"],
      ["PLAN-20261121-40-2", "created"],
    ]);
    expect(api.calls.map((c) => `${c.kind} ${c.po}`)).toEqual([
      "validate PLAN-20261121-40-1",
      "create PLAN-20261121-40-1",
      "validate PLAN-20261121-41-1",
      "create PLAN-20261121-41-1",
      "validate PLAN-20261121-40-2",
      "create PLAN-20261121-40-2",
    ]);
    expect(seen).toContain("Drafting 2 of 3: checking PLAN-20261121-41-1.");
    expect(seen.at(-1)).toBe(
      "Drafted 3 purchase orders. Nothing was submitted: open each draft to check it and submit it.",
    );
    expect(
      [...api.drafts.values()].map((b) => [
        b.vendor_id,
        b.to_location_id,
        b.delivery_date,
        b.purchase_transactions?.length,
      ]),
    ).toEqual([
      [40, 1, "2026-12-01", 1],
      [41, 1, "2026-11-25", 1],
      [40, 2, "2026-12-01", 1],
    ]);
  });

  it("creates a batch-code vendor's draft though the check wants the codes: the editor asks for them", async () => {
    const { api, options } = setup();
    const [berry] = await runDraftJobs(draftJobs([drafts[1]!]), options);
    expect(berry!.state).toEqual({ phase: "created", globalId: "g-1" });
    expect(api.drafts.get("g-1")?.purchase_transactions).toEqual([{ product_id: 10, units: 36 }]);
  });

  it("creates nothing when the check says not ready for another reason, and says why", async () => {
    const { api, options } = setup();
    api.notReady.add(40);
    const [oakland] = await runDraftJobs(draftJobs([drafts[0]!]), options);
    expect(oakland!.state.phase).toBe("failed");
    const error = (oakland!.state as { error: unknown }).error;
    expect(error).toBeInstanceOf(NotReadyError);
    expect((error as Error).message).toBe("The Data API says it is not ready: Quantities must be positive.");
    expect(api.calls.map((c) => c.kind)).toEqual(["validate"]);
  });

  it("moves to the next suffix on DUPLICATE_PO_NUMBER at the check, past the batch's own numbers", async () => {
    const { api, options } = setup();
    // -1 was used earlier today (a draft the plan does not see); -2 is this batch's Fresno order.
    api.taken.add("40:PLAN-20261121-40-1");
    const jobs = await runDraftJobs(draftJobs(drafts), options);
    expect(states(jobs)).toEqual([
      ["PLAN-20261121-40-3", "created"],
      ["PLAN-20261121-41-1", "created"],
      ["PLAN-20261121-40-2", "created"],
    ]);
    expect(api.calls.slice(0, 3).map((c) => `${c.kind} ${c.po}`)).toEqual([
      "validate PLAN-20261121-40-1",
      "validate PLAN-20261121-40-3",
      "create PLAN-20261121-40-3",
    ]);
  });

  it("fails a draft on DUPLICATE_PO_NUMBER when told not to renumber, and goes on with the others", async () => {
    const { api, options } = setup();
    api.taken.add("40:PLAN-20261121-40-1");
    const jobs = await runDraftJobs(draftJobs(drafts), { ...options, renumber: false });
    expect(states(jobs)).toEqual([
      ["PLAN-20261121-40-1", "failed"],
      ["PLAN-20261121-41-1", "created"],
      ["PLAN-20261121-40-2", "created"],
    ]);
    expect((jobs[0]!.state as { error: DataApiError }).error.code).toBe("DUPLICATE_PO_NUMBER");
    expect(api.calls.filter((c) => c.po === "PLAN-20261121-40-1").map((c) => c.kind)).toEqual(["validate"]);
  });

  it("moves to the next suffix on DUPLICATE_PO_NUMBER at the create (taken since the check)", async () => {
    const { api, options } = setup();
    api.raceOnCreate = 1;
    const [oakland] = await runDraftJobs(draftJobs([drafts[0]!]), options);
    expect(oakland).toMatchObject({ poNumber: "PLAN-20261121-40-2", state: { phase: "created" } });
    expect(api.calls.map((c) => `${c.kind} ${c.po}`)).toEqual([
      "validate PLAN-20261121-40-1",
      "create PLAN-20261121-40-1",
      "validate PLAN-20261121-40-2",
      "create PLAN-20261121-40-2",
    ]);
  });

  it("starts past the PO numbers the plan already saw, without asking", async () => {
    const { api, options } = setup();
    const known = knownPoNumbers([
      { vendor_id: 40, po_num: "PLAN-20261121-40-1" },
      { vendor_id: 40, po_num: "PLAN-20261121-40-3" },
      { vendor_id: 41, po_num: "PO-77" },
      { vendor_id: null, po_num: "PLAN-20261121-41-1" },
    ]);
    const jobs = draftJobs(drafts, known);
    // -1 taken: the next suffix held by neither the vendor's purchases nor the batch (-2 is Fresno's, -3 taken).
    expect(jobs.map((j) => j.poNumber)).toEqual(["PLAN-20261121-40-4", "PLAN-20261121-41-1", "PLAN-20261121-40-2"]);
    await runDraftJobs(jobs, { ...options, known });
    expect(api.calls.filter((c) => c.kind === "validate").map((c) => c.po)).toEqual([
      "PLAN-20261121-40-4",
      "PLAN-20261121-41-1",
      "PLAN-20261121-40-2",
    ]);
  });

  it("gives up on a draft after MAX_NUMBER_TRIES taken numbers", async () => {
    const { api, options } = setup();
    for (let n = 1; n <= MAX_NUMBER_TRIES + 1; n++) api.taken.add(`40:PLAN-20261121-40-${n}`);
    const [oakland] = await runDraftJobs(draftJobs([drafts[0]!]), options);
    expect(oakland!.state.phase).toBe("failed");
    expect((oakland!.state as { error: Error }).error.message).toMatch(/No free PO number after 20 tries/);
    expect(api.calls).toHaveLength(MAX_NUMBER_TRIES);
  });

  it("keeps going after a failure: one failed order stops only itself", async () => {
    const { api, options } = setup();
    api.refuse = 1;
    const jobs = await runDraftJobs(draftJobs(drafts), options);
    expect(jobs.map((j) => j.state.phase)).toEqual(["failed", "created", "created"]);
    expect(progressText(jobs)).toBe("Drafted 2 of 3 purchase orders; 1 failed.");
  });

  it("after a lost answer, a retry sends the same Idempotency-Key without checking again: one draft, not two", async () => {
    const { api, storage, options } = setup();
    api.dropAnswers = 1;
    const first = await runDraftJobs(draftJobs([drafts[0]!]), options);
    expect(first[0]!.state.phase).toBe("failed");
    // The key waits in the tab's storage for an answer (a reload keeps it).
    const body = {
      vendor_id: 40,
      to_location_id: 1,
      supplier_id: 12,
      delivery_date: "2026-12-01",
      po_num: "PLAN-20261121-40-1",
      purchase_transactions: [{ product_id: 7, units: 444 }],
    };
    expect(storage.getItem(`backroom.idempotency.${createSignature(body)}`)).toBe(api.calls[1]!.key);

    const retried = await runDraftJobs(first, options);
    expect(retried[0]!.state).toEqual({ phase: "created", globalId: "g-1" });
    expect(api.calls.map((c) => c.kind)).toEqual(["validate", "create", "create"]);
    expect(api.calls[2]!.key).toBe(api.calls[1]!.key);
    expect(api.drafts.size).toBe(1);
    // Answered: the key is gone.
    expect(storage.length).toBe(0);
  });

  it("a retry after a refusal on the merits checks again with a new key", async () => {
    const { api, options } = setup();
    api.refuse = 1;
    const first = await runDraftJobs(draftJobs([drafts[0]!]), options);
    const retried = await runDraftJobs(first, options);
    expect(retried[0]!.state.phase).toBe("created");
    expect(api.calls.map((c) => c.kind)).toEqual(["validate", "create", "validate", "create"]);
    expect(api.calls[3]!.key).not.toBe(api.calls[1]!.key);
  });

  it("leaves the drafts already made alone when the batch runs again", async () => {
    const { api, options } = setup();
    api.refuse = 1;
    const first = await runDraftJobs(draftJobs(drafts), options);
    const calls = api.calls.length;
    const again = await runDraftJobs(first, options);
    expect(again.map((j) => j.state.phase)).toEqual(["created", "created", "created"]);
    expect(api.calls.slice(calls).map((c) => c.po)).toEqual(["PLAN-20261121-40-1", "PLAN-20261121-40-1"]);
    expect(api.drafts.size).toBe(3);
  });
});

describe("draftRunner", () => {
  it("runs one batch at a time: a double-click drafts each order once", async () => {
    const { api, options } = setup();
    const runner = draftRunner();
    const jobs = draftJobs(drafts);
    const [a, b] = [runner.run(jobs, options), runner.run(jobs, options)];
    expect(runner.running).toBe(true);
    expect(await a).toBe(await b);
    expect(runner.running).toBe(false);
    expect(api.calls.filter((c) => c.kind === "create")).toHaveLength(3);
    expect(api.drafts.size).toBe(3);
  });
});

describe("draftApiOf", () => {
  function client(answers: { validate?: unknown; created?: unknown }) {
    const calls: { operation: string; input: Record<string, unknown> }[] = [];
    const result = (record: unknown) => ({
      meta: {},
      notModified: false,
      body: undefined,
      records: record === undefined ? [] : [record],
    });
    return {
      calls,
      validatePurchase: (input: Record<string, unknown>) => {
        calls.push({ operation: "validatePurchase", input });
        return Promise.resolve(result(answers.validate));
      },
      createPurchase: (input: Record<string, unknown>) => {
        calls.push({ operation: "createPurchase", input });
        return Promise.resolve(result(answers.created));
      },
    };
  }
  const body = {
    vendor_id: 40,
    to_location_id: 1,
    supplier_id: 12,
    delivery_date: "2026-12-01",
    po_num: "PLAN-20261121-40-1",
  };

  it("creates a draft: the body and the key, and never the submit parameter", async () => {
    const fake = client({ created: { purchase_global_id: "g-9", status: "InProgress" } });
    const api = draftApiOf(fake as never);
    expect(await api.create(body, "key-1")).toBe("g-9");
    expect(fake.calls).toEqual([{ operation: "createPurchase", input: { body, idempotencyKey: "key-1" } }]);
  });

  it("fails a create whose answer names no purchase", async () => {
    await expect(draftApiOf(client({ created: { status: "InProgress" } }) as never).create(body, "k")).rejects.toThrow(
      "did not say its id",
    );
  });

  it("reads the check's answer and the problems it names, when it names them", async () => {
    expect(await draftApiOf(client({ validate: { valid: true, total_cases: 3 } }) as never).validate(body)).toEqual({
      valid: true,
      problems: [],
    });
    const problems = [{ code: "BATCH_CODE_REQUIRED", field: "purchase_transactions[0].batch_code", detail: "x" }];
    expect(
      await draftApiOf(client({ validate: { valid: false, errors: [...problems, null, "x"] } }) as never).validate(
        body,
      ),
    ).toEqual({ valid: false, problems });
    expect(await draftApiOf(client({}) as never).validate(body)).toEqual({ valid: false, problems: [] });
  });
});

describe("progressText", () => {
  const [job] = draftJobs([drafts[0]!]);
  it.each([
    ["waiting", { phase: "waiting" }, "1 purchase order to draft."],
    ["creating", { phase: "creating" }, "Drafting 1 of 1: creating PLAN-20261121-40-1."],
    [
      "one made",
      { phase: "created", globalId: "g" },
      "Drafted 1 purchase order. Nothing was submitted: open each draft to check it and submit it.",
    ],
    ["one failed", { phase: "failed", error: new Error("x") }, "Drafted 0 of 1 purchase order; 1 failed."],
  ] as const)("%s", (_name, state, text) => {
    expect(progressText([{ ...job!, state }])).toBe(text);
  });
});
