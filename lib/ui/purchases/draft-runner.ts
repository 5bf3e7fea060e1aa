import type { DataApiClient } from "@/lib/data-api/client";
import { DataApiError } from "@/lib/data-api/data-api-error";
import type { CreatePurchaseBody } from "@/lib/data-api/writes";
import { hashOf, type KeyStore, sendOnce } from "@/lib/ui/idempotency";

/**
 * Drafting several purchase orders, one after another (the replenishment planner's drafts, a spreadsheet's split into
 * drafts of 200 lines): each is checked (v2 POST /purchases/validate), then created as a draft (POST /purchases,
 * never with submit). A PO number the vendor already has (409 DUPLICATE_PO_NUMBER, at the check or at the create)
 * moves to the next suffix. Every create goes through `sendOnce` with the editor's signature, so its Idempotency-Key
 * waits in the tab's store until the create is answered: a retry after a lost answer sends the same key and the API
 * replays the draft it made, and such a retry skips the check (which would meet the draft's own PO number). A vendor that requires batch codes makes the check answer not ready;
 * the draft is created all the same and the editor asks for the codes before it is submitted.
 */

/** What the page needs of the API: the check and the create. Nothing here submits. */
export interface DraftApi {
  validate(body: CreatePurchaseBody): Promise<ValidateAnswer>;
  /** Creates a draft; answers its purchase_global_id. */
  create(body: CreatePurchaseBody, idempotencyKey: string): Promise<string>;
}

/** The check's answer: ready or not, and the problems it named (the sandbox names them; the documentation does not). */
export interface ValidateAnswer {
  valid: boolean;
  problems: { code?: string; field?: string; detail?: string }[];
}

export type DraftJobState =
  | { phase: "waiting" }
  | { phase: "validating" }
  | { phase: "creating" }
  | { phase: "created"; globalId: string }
  | { phase: "failed"; error: unknown };

/**
 * A purchase order to draft: its create body (po_num the number planned for it) and whether its vendor requires batch
 * codes. A caller extends it with what its page shows of the order (the planner's PlannedDraft).
 */
export interface DraftOrder {
  body: CreatePurchaseBody;
  requiresBatchCodes: boolean;
}

/** One purchase order on its way to a draft. */
export interface DraftJob<D extends DraftOrder = DraftOrder> {
  /** Stable within a batch: its place, vendor and planned number. */
  id: string;
  draft: D;
  /** The PO number it goes with: the planned one, or the next free one after a DUPLICATE_PO_NUMBER. */
  poNumber: string;
  state: DraftJobState;
}

/** The check said not ready for a reason other than batch codes the editor asks for: nothing was created. */
export class NotReadyError extends Error {
  readonly problems: ValidateAnswer["problems"];
  constructor(problems: ValidateAnswer["problems"]) {
    const named = problems.map((p) => p.detail).filter(Boolean);
    super(
      named.length ? `The Data API says it is not ready: ${named.join("; ")}.` : "The Data API says it is not ready.",
    );
    this.name = "NotReadyError";
    this.problems = problems;
  }
}

/** PO numbers tried per draft before giving up (each taken one costs a request). */
export const MAX_NUMBER_TRIES = 20;

/**
 * The PO number to try after a 409 DUPLICATE_PO_NUMBER: the suffix plus one, skipping numbers in `taken` (the other
 * drafts of the same batch). A number without a numeric suffix gets "-2".
 *
 * @example
 * nextPoNumber("PLAN-20261121-40-1"); // "PLAN-20261121-40-2"
 * nextPoNumber("PLAN-20261121-40-1", ["PLAN-20261121-40-2"]); // "PLAN-20261121-40-3"
 */
export function nextPoNumber(current: string, taken: Iterable<string> = []): string {
  const used = new Set(taken);
  const match = /^(.*-)(\d+)$/.exec(current);
  const prefix = match ? match[1]! : `${current}-`;
  let n = match ? Number(match[2]) + 1 : 2;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/** The PO numbers each vendor's purchases already carry, from purchases read (v2 records). */
export function knownPoNumbers(
  purchases: readonly { vendor_id?: number | null; po_num?: string | null }[],
): Map<number, Set<string>> {
  const known = new Map<number, Set<string>>();
  for (const p of purchases) {
    if (typeof p.vendor_id !== "number" || !p.po_num) continue;
    const set = known.get(p.vendor_id) ?? new Set<string>();
    set.add(p.po_num);
    known.set(p.vendor_id, set);
  }
  return known;
}

/**
 * The batch's jobs, each with a PO number its vendor has not used as far as the plan knows: a planned number already
 * among the vendor's purchases moves to the next suffix that neither they nor the batch's other drafts hold (one
 * request saved per number; one the plan does not see is still caught by DUPLICATE_PO_NUMBER).
 *
 * @example
 * draftJobs(drafts, new Map([[9001, new Set(["PLAN-20261121-9001-1"])]]))[0].poNumber; // "PLAN-20261121-9001-2" (when -2 is free)
 */
export function draftJobs<D extends DraftOrder>(
  drafts: readonly D[],
  known: ReadonlyMap<number, ReadonlySet<string>> = new Map(),
): DraftJob<D>[] {
  const planned = new Map<number, Set<string>>();
  for (const { body } of drafts)
    planned.set(body.vendor_id, (planned.get(body.vendor_id) ?? new Set()).add(body.po_num));
  const assigned = new Map<number, Set<string>>();
  return drafts.map((draft, index) => {
    const vendorId = draft.body.vendor_id;
    const mine = assigned.get(vendorId) ?? new Set<string>();
    assigned.set(vendorId, mine);
    const existing = known.get(vendorId) ?? new Set<string>();
    let poNumber = draft.body.po_num;
    if (existing.has(poNumber) || mine.has(poNumber)) {
      poNumber = nextPoNumber(poNumber, [...existing, ...mine, ...(planned.get(vendorId) ?? [])]);
    }
    mine.add(poNumber);
    return { id: `${index}:${vendorId}:${draft.body.po_num}`, draft, poNumber, state: { phase: "waiting" } };
  });
}

function isDuplicateNumber(error: unknown): boolean {
  return error instanceof DataApiError && error.code === "DUPLICATE_PO_NUMBER";
}

/** Whether a not-ready answer only asks for the batch codes the vendor requires (which the editor asks for). */
function onlyBatchCodesMissing(answer: ValidateAnswer, requiresBatchCodes: boolean): boolean {
  return (
    requiresBatchCodes &&
    answer.problems.every((p) => p.code === "BATCH_CODE_REQUIRED" || /batch_code$/.test(p.field ?? ""))
  );
}

export interface RunOptions {
  api: DraftApi;
  /** Where Idempotency-Keys wait for their answer (sessionKeyStore() in the page). */
  store: KeyStore;
  /**
   * Whether a PO number the vendor already has moves to the next suffix (the default: the planner's numbers are its
   * own), or fails its draft with the API's DUPLICATE_PO_NUMBER (a number the person chose: a second run of one sheet
   * meets the drafts of the first, and must not make them again under other numbers).
   */
  renumber?: boolean;
  /** The PO numbers the page saw per vendor (knownPoNumbers): a next suffix skips them too. */
  known?: ReadonlyMap<number, ReadonlySet<string>>;
  newKey?: () => string;
}

/** The signature a create's key waits under: the editor's, so the same body is the same request wherever it is sent. */
export function createSignature(body: CreatePurchaseBody): string {
  return `POST /purchases ${hashOf(JSON.stringify(body))}`;
}

/** One job to its end: created (its global id), or the error that stopped it. Taken numbers are the batch's others. */
async function draftOne(
  job: DraftJob,
  taken: () => string[],
  options: RunOptions,
  step: (update: Partial<Pick<DraftJob, "state" | "poNumber">>) => void,
): Promise<string> {
  let poNumber = job.poNumber;
  for (let attempt = 0; attempt < MAX_NUMBER_TRIES; attempt++) {
    const body: CreatePurchaseBody = { ...job.draft.body, po_num: poNumber };
    const signature = createSignature(body);
    try {
      // A create of this very body still waiting for its answer: send it again (a replay), without the check.
      if (!options.store.get(signature)) {
        step({ state: { phase: "validating" } });
        const answer = await options.api.validate(body);
        if (!answer.valid && !onlyBatchCodesMissing(answer, job.draft.requiresBatchCodes))
          throw new NotReadyError(answer.problems);
      }
      step({ state: { phase: "creating" } });
      return await sendOnce(options.store, signature, (key) => options.api.create(body, key), options.newKey);
    } catch (error) {
      if (!isDuplicateNumber(error) || options.renumber === false) throw error;
      poNumber = nextPoNumber(poNumber, taken());
      step({ poNumber });
    }
  }
  throw new Error(`No free PO number after ${MAX_NUMBER_TRIES} tries (the last tried: ${poNumber}).`);
}

/**
 * Runs the jobs not yet created, one after another (a failure stops only its own job), and answers them all as they
 * ended. `onChange` hears every step with the whole list (a new array each time). Jobs already created are left as
 * they are: running a batch again after failures retries only the failed ones, with their keys and numbers.
 */
export async function runDraftJobs<D extends DraftOrder>(
  jobs: readonly DraftJob<D>[],
  options: RunOptions,
  onChange: (jobs: DraftJob<D>[]) => void = () => {},
): Promise<DraftJob<D>[]> {
  let current = [...jobs];
  const update = (id: string, change: Partial<DraftJob<D>>) => {
    current = current.map((j) => (j.id === id ? { ...j, ...change } : j));
    onChange(current);
  };
  for (const job of jobs) {
    if (job.state.phase === "created") continue;
    const vendorId = job.draft.body.vendor_id;
    const known = [...(options.known?.get(vendorId) ?? [])];
    const taken = () => [
      ...known,
      ...current.filter((j) => j.id !== job.id && j.draft.body.vendor_id === vendorId).map((j) => j.poNumber),
    ];
    try {
      const globalId = await draftOne(job, taken, options, (change) => update(job.id, change));
      update(job.id, { state: { phase: "created", globalId } });
    } catch (error) {
      update(job.id, { state: { phase: "failed", error } });
    }
  }
  return current;
}

/**
 * A runner that runs one batch at a time: a second `run` while one is running answers the first's promise instead of
 * starting another (a double-click drafts each order once).
 *
 * @example
 * const runner = draftRunner();
 * await runner.run(draftJobs(drafts, known), { api: draftApiOf(browserApi), store: sessionKeyStore(), known }, setJobs);
 */
export function draftRunner<D extends DraftOrder = DraftOrder>() {
  let running: Promise<DraftJob<D>[]> | undefined;
  return {
    run(
      jobs: readonly DraftJob<D>[],
      options: RunOptions,
      onChange?: (jobs: DraftJob<D>[]) => void,
    ): Promise<DraftJob<D>[]> {
      running ??= runDraftJobs(jobs, options, onChange).finally(() => {
        running = undefined;
      });
      return running;
    },
    get running(): boolean {
      return running !== undefined;
    },
  };
}

/**
 * The DraftApi over the typed client (the browser's): validate, and create without `submit` (a draft, InProgress).
 *
 * @example
 * runDraftJobs(jobs, { api: draftApiOf(browserApi), store: sessionKeyStore() });
 */
export function draftApiOf(client: Pick<DataApiClient, "validatePurchase" | "createPurchase">): DraftApi {
  return {
    async validate(body) {
      const answer = (await client.validatePurchase({ body })).records[0] as
        | { valid?: unknown; errors?: unknown }
        | undefined;
      const problems = Array.isArray(answer?.errors)
        ? (answer.errors as ValidateAnswer["problems"]).filter((p) => typeof p === "object" && p !== null)
        : [];
      return { valid: answer?.valid === true, problems };
    },
    async create(body, idempotencyKey) {
      const created = await client.createPurchase({ body, idempotencyKey });
      const id = created.records[0]?.purchase_global_id;
      if (!id) throw new Error("The API created the purchase order but did not say its id");
      return id;
    },
  };
}

/** The batch's progress in one sentence, for the live region. */
export function progressText(jobs: readonly DraftJob[]): string {
  const total = jobs.length;
  const created = jobs.filter((j) => j.state.phase === "created").length;
  const failed = jobs.filter((j) => j.state.phase === "failed").length;
  const index = jobs.findIndex((j) => j.state.phase === "validating" || j.state.phase === "creating");
  const orders = (n: number) => `${n} purchase ${n === 1 ? "order" : "orders"}`;
  if (index >= 0) {
    const job = jobs[index]!;
    return `Drafting ${index + 1} of ${total}: ${job.state.phase === "validating" ? "checking" : "creating"} ${job.poNumber}.`;
  }
  if (created + failed < total) return `${orders(total)} to draft.`;
  if (failed === 0)
    return `Drafted ${orders(created)}. Nothing was submitted: open each draft to check it and submit it.`;
  return `Drafted ${created} of ${orders(total)}; ${failed} failed.`;
}
