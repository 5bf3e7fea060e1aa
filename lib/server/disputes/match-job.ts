import "server-only";
import type { Kysely } from "kysely";
import { sumAmounts } from "@/lib/domain/disputes/dispute";
import { type CreditMemo, type DisputeCredit, matchCredits } from "@/lib/domain/disputes/resolution";
import type { DisputeResolution } from "@/lib/domain/disputes/view";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { Background } from "../core/background/background-reads";
import { allowed, createRecordMatcher, type MatchJob, matchReads } from "../core/background/record-matcher";
import type { BackroomDatabase } from "../core/db/schema";
import type { JobQueue } from "../core/jobs/job-queue";
import type { Notifier } from "../core/notify/notifier";
import { matchingKey } from "../order-guide/match-reads";
import { readCredits } from "./credit-reads";
import { tellResolved } from "./dispute-tell";
import { createDisputeStore, type DisputeStore } from "./disputes-store";
import { resolutionOf } from "./dispute-view";
import type { DisputeTable } from "./tables";

/**
 * A dispute ends by itself when the API shows the outcome: every `DISPUTE_MATCH_SECONDS` a sweep queues one job per
 * workspace key that reads stores with disputes not resolved (the store's Customer key, else an Employee key:
 * `matchingKey`); the job reads those stores' credit memos and returns since their oldest open dispute
 * (`credit-reads.ts`, through the background's reads of the key: purpose `sync`, paced, within the syncs' share of its
 * hour) and shares them out to every dispute of those stores not closed by staff (`matchCredits`, stateless: the
 * outcome never depends on the order matches ran in). A dispute whose credit changed keeps each line's credited
 * amount and parts, one version on with an event by "Backroom" ("credited" in part, "resolved" in full), in one
 * transaction conditional on the version it was read at; one credited in full is resolved with
 * `resolution: {kind: "credit"}` and its opener told. One whose credit says the same gets only `matched_at`.
 */

export const DISPUTE_MATCH = "dispute-match";
export const DISPUTE_MATCH_SWEEP = "dispute-match-sweep";
const MATCH_PAGES = 20;
/** How far before a store's oldest open dispute its credited ones still take part in a match (days). */
const POOL_DAYS = 180;

export type DisputeMatchJob = MatchJob;

export interface CreditMatcherDeps {
  db: Kysely<BackroomDatabase>;
  jobs: JobQueue;
  keys: Pick<WorkspaceKeyStore, "list" | "open">;
  background: Background;
  notifier?: Notifier;
  now?: () => number;
  /** A dispute's read asks for a match when the last is older than this (`DISPUTE_MATCH_ON_VIEW_SECONDS`). */
  onViewSeconds?: number;
}

export interface CreditOutcome {
  disputes: number;
  changed: number;
  resolved: number;
  requests: number;
  waitSeconds?: number;
}

const NONE: CreditOutcome = { disputes: 0, changed: 0, resolved: 0, requests: 0 };

/** Whether a dispute takes part in a match: not closed by staff (an open one, or one the credits resolved). */
const inPlay = (row: DisputeTable) => resolutionOf(row)?.kind !== "closed";

export function createCreditMatcher(deps: CreditMatcherDeps) {
  const now = deps.now ?? Date.now;
  const store = createDisputeStore(deps.db, () => new Date(now()));
  /** Matches the disputes of the stores one key of a workspace reads, and keeps what changed. */
  async function matchKey(workspaceId: string, keyId: string): Promise<CreditOutcome> {
    const key = await deps.keys.open(workspaceId, keyId);
    if (!key) return NONE;
    const keys = await deps.keys.list(workspaceId);
    const mine = (await store.ofWorkspace(workspaceId)).filter(
      (r) => matchingKey(keys, r.environment, r.customer_id)?.id === keyId,
    );
    const open = mine.filter((r) => r.status !== "resolved");
    if (!open.length) return NONE;
    const stores = new Set(open.map((r) => r.customer_id));
    // The credits the stores' credited disputes took are theirs still (the share-out starts with the oldest): those
    // of the half year before the oldest open one take part, and the credits since the oldest of them are read.
    const from = new Date(Date.parse(open[0]!.opened_at) - POOL_DAYS * 86_400_000).toISOString();
    const pool = mine.filter((r) => stores.has(r.customer_id) && inPlay(r) && r.opened_at >= from);
    const since = pool.map((r) => r.opened_at).sort()[0]!;
    // Past the proxy's fresh copies: a credit memo entered seconds before a dispute's page is read is seen by the match
    // that read asks for.
    const reads = await matchReads(deps.background, workspaceId, key, { maxPages: MATCH_PAGES, fresh: true });
    if ("waitSeconds" in reads) return { ...NONE, waitSeconds: reads.waitSeconds };
    const read = await allowed(() => readCredits(reads.walk, stores, since));
    if ("waitSeconds" in read) return { ...NONE, requests: reads.requests(), waitSeconds: read.waitSeconds };
    const credits = read.value;
    const requests = reads.requests();
    const lines = await store.lines(pool.map((r) => r.id));
    // Each demo visitor's disputes are matched among themselves, as each is a store's record of its own.
    const byVisitor = new Map<string | null, DisputeTable[]>();
    for (const row of pool) byVisitor.set(row.visitor, [...(byVisitor.get(row.visitor) ?? []), row]);
    const outcome = { ...NONE, disputes: pool.length, requests };
    const checked: string[] = [];
    for (const rows of byVisitor.values()) {
      const answers = matchCredits(
        rows.map((r) => ({
          id: r.id,
          customerId: r.customer_id,
          invoiceNum: r.invoice_num,
          openedAt: r.opened_at,
          lines: lines
            .filter((l) => l.dispute_id === r.id)
            .map((l) => ({ invoiceLineId: l.invoice_line_id, productId: l.product_id, amount: l.amount })),
        })),
        credits,
      );
      for (const [i, credit] of answers.entries()) {
        const row = rows[i]!;
        const was = lines.filter((l) => l.dispute_id === row.id).map((l) => `${l.invoice_line_id}:${l.credited}`);
        const is = credit.lines.map((l) => `${l.invoiceLineId}:${l.credited}`);
        const resolves = credit.full && row.status !== "resolved";
        if (was.join() === is.join() && !resolves) {
          checked.push(row.id);
          continue;
        }
        if (!(await keep(store, new Date(now()).toISOString(), row, credit, credits))) continue;
        outcome.changed += 1;
        if (resolves) {
          outcome.resolved += 1;
          const after = await store.byId(row.id);
          if (after && deps.notifier)
            await tellResolved(deps.notifier, after, `credited in full, $${credit.credited}`).catch(() => undefined);
        }
      }
    }
    await store.checked(checked, new Date(now()).toISOString());
    return outcome;
  }

  return createRecordMatcher({
    jobs: deps.jobs,
    keys: deps.keys,
    now,
    onViewSeconds: deps.onViewSeconds,
    kind: DISPUTE_MATCH,
    waiting: (workspaceId?: string) => store.unresolved(workspaceId),
    keyFor: (keys, row) => matchingKey(keys, row.environment, row.customer_id),
    matchKey,
    none: NONE,
  });
}

/** Keeps a dispute's new credit: its lines, its total, and when credited in full its resolution. */
async function keep(
  store: DisputeStore,
  at: string,
  row: DisputeTable,
  credit: DisputeCredit,
  credits: CreditMemo[],
): Promise<boolean> {
  const full = credit.full && row.status !== "resolved";
  const byCredit = new Map<string, { invoiceId: number; invoiceNum: string; micros: string[] }>();
  for (const line of credit.lines)
    for (const part of line.parts) {
      const key = String(part.creditInvoiceId);
      const entry = byCredit.get(key) ?? {
        invoiceId: part.creditInvoiceId,
        invoiceNum: part.creditInvoiceNum,
        micros: [],
      };
      entry.micros.push(part.amount);
      byCredit.set(key, entry);
    }
  const resolution: DisputeResolution = {
    kind: "credit",
    at,
    credits: [...byCredit.values()].map((c) => ({
      invoiceId: c.invoiceId,
      invoiceNum: c.invoiceNum,
      amount: sumAmounts(c.micros),
    })),
  };
  const names = resolution.credits.map((c) => c.invoiceNum).join(", ") || credits[0]?.invoiceNum || "";
  return store.db.transaction().execute(async (trx) => {
    const bumped = await trx
      .updateTable("disputes")
      .set((eb) => ({
        credited: credit.credited,
        matched_at: at,
        version: eb("version", "+", 1),
        ...(full
          ? {
              status: "resolved",
              resolved_at: at,
              resolved_by_name: "Backroom",
              resolution_json: JSON.stringify(resolution),
            }
          : {}),
      }))
      .where("id", "=", row.id)
      .where("version", "=", row.version)
      .returning("version")
      .executeTakeFirst();
    // A side changed it since it was read: matched again at the next sweep.
    if (!bumped) return false;
    await store.keepCredits(
      trx,
      row.id,
      credit.lines.map((l) => ({ invoiceLineId: l.invoiceLineId, credited: l.credited, credits: l.parts })),
    );
    await trx
      .insertInto("dispute_events")
      .values({
        id: crypto.randomUUID(),
        dispute_id: row.id,
        version: bumped.version,
        at,
        by_id: "backroom",
        by_name: "Backroom",
        side: "backroom",
        kind: full ? "resolved" : "credited",
        text: full
          ? `Credited in full by ${names}: $${credit.credited}`
          : `Credited $${credit.credited} of $${row.amount} by ${names}`,
        idempotency_key: null,
      })
      .execute();
    return true;
  });
}
