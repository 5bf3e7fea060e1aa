import "server-only";
import type { Kysely } from "kysely";
import type { RecordOf } from "@/lib/data-api/client";
import { type CollectedRecord, matchCollected, type PaymentSeen } from "@/lib/domain/credit/collect";
import { idBatches } from "@/lib/domain/today/requests";
import { formatMoney } from "@/lib/format/display";
import { workspaceOfOwner } from "../core/auth/demo-visitor";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { Background } from "../core/background/background-reads";
import { allowed, createRecordMatcher, type MatchJob, matchReads } from "../core/background/record-matcher";
import type { BackroomDatabase } from "../core/db/schema";
import type { JobQueue } from "../core/jobs/job-queue";
import type { Notifier } from "../core/notify/notifier";
import type { StoredKeyInfo } from "../core/session/types";
import { createCollectedStore, type MatchedPayment } from "./collected-store";
import type { CollectedTable } from "./tables";

/**
 * What a rep collected finds its payment by itself: every `COLLECTED_MATCH_SECONDS` a sweep queues one job per
 * workspace key with records not matched (the workspace's Employee key of the record's environment, the oldest: the
 * records were written with one); the job reads the accounts' payments (`/payments?ARAccountIDs=`, every page, through
 * the background's reads of the key: purpose `sync`, paced, past the proxy's fresh copies with `Cache-Control:
 * no-cache`, so a payment posted seconds before a record's page is read is seen by the match that read asks for) and
 * keeps `matchCollected`'s outcome in one transaction: a matched record its payment and `matched_at`; every record
 * looked at its status and `checked_at`. A record turned "unmatched" (no payment within 5 business days) tells its
 * recorder (`collected-unmatched`), never a demo visitor (the demo's people share one inbox).
 */

export const COLLECTED_MATCH = "collected-match";
export const COLLECTED_MATCH_SWEEP = "collected-match-sweep";
/** Pages of 500 payments per batch of accounts at most: an account's payments of years fit in far fewer. */
const MATCH_PAGES = 20;

export type CollectedMatchJob = MatchJob;

export interface CollectedMatcherDeps {
  db: Kysely<BackroomDatabase>;
  jobs: JobQueue;
  keys: Pick<WorkspaceKeyStore, "list" | "open">;
  background: Background;
  notifier?: Notifier;
  now?: () => number;
  /** A record's read asks for a match when the last is older than this (`COLLECTED_MATCH_ON_VIEW_SECONDS`). */
  onViewSeconds?: number;
}

export interface CollectedOutcome {
  records: number;
  matched: number;
  unmatched: number;
  requests: number;
  waitSeconds?: number;
}

const NONE: CollectedOutcome = { records: 0, matched: 0, unmatched: 0, requests: 0 };

/** The key a workspace's records are matched with: its Employee key of the environment, the first the store lists. */
const matchingKey = (keys: readonly StoredKeyInfo[], environment: string) =>
  keys.find((k) => k.environment === environment && k.keyType === "Employee");

const recordOf = (row: CollectedTable, paymentId: number | null): CollectedRecord => ({
  id: row.id,
  arAccountId: row.ar_account_id,
  amount: row.amount,
  reference: row.reference,
  recordedDay: row.recorded_at.slice(0, 10),
  paymentId,
});

const paymentOf = (p: RecordOf<"listPayments">): PaymentSeen | undefined =>
  typeof p.PaymentID === "number" && typeof p.ARAccountID === "number" && typeof p.Amount === "string"
    ? {
        paymentId: p.PaymentID,
        arAccountId: p.ARAccountID,
        amount: p.Amount,
        memo: p.Memo ?? null,
        paymentInvoiceNum: p.PaymentInvoiceNum ?? "",
        postDate: p.PostDate ?? "",
      }
    : undefined;

export function createCollectedMatcher(deps: CollectedMatcherDeps) {
  const now = deps.now ?? Date.now;
  const store = createCollectedStore(deps.db, () => new Date(now()));

  /** Matches the records of a workspace in its key's environment, and keeps what each came to. */
  async function matchKey(workspaceId: string, keyId: string): Promise<CollectedOutcome> {
    const key = await deps.keys.open(workspaceId, keyId);
    if (!key) return NONE;
    const rows = (await store.unmatched(workspaceId)).filter((r) => r.environment === key.environment);
    if (!rows.length) return NONE;
    const reads = await matchReads(deps.background, workspaceId, key, { maxPages: MATCH_PAGES, fresh: true });
    if ("waitSeconds" in reads) return { ...NONE, waitSeconds: reads.waitSeconds };
    const read = await allowed(async () => {
      const payments: PaymentSeen[] = [];
      for (const ARAccountIDs of idBatches(rows.map((r) => r.ar_account_id)))
        for (const p of await reads.walk({ operation: "listPayments", query: { ARAccountIDs } })) {
          const seen = paymentOf(p as RecordOf<"listPayments">);
          if (seen) payments.push(seen);
        }
      return payments;
    });
    if ("waitSeconds" in read) return { ...NONE, requests: reads.requests(), waitSeconds: read.waitSeconds };
    const payments = read.value;
    const outcome = { ...NONE, records: rows.length, requests: reads.requests() };
    const today = new Date(now()).toISOString().slice(0, 10);
    // Each place's records among themselves (a demo visitor's are their own), with the payments its matched ones took.
    const byVisitor = new Map<string | null, CollectedTable[]>();
    for (const row of rows) byVisitor.set(row.visitor, [...(byVisitor.get(row.visitor) ?? []), row]);
    for (const [visitor, group] of byVisitor) {
      const place = { environment: key.environment, visitor };
      const taken = (await store.ofAccounts(place, [...new Set(group.map((r) => r.ar_account_id))], "")).filter(
        (r) => r.status === "matched" && r.payment_json,
      );
      const records = [
        ...group.map((r) => recordOf(r, null)),
        ...taken.map((r) => recordOf(r, (JSON.parse(r.payment_json!) as MatchedPayment).paymentId)),
      ];
      const answers = matchCollected(records, payments, today);
      const kept = await keep(group, answers, payments);
      outcome.matched += kept.matched;
      outcome.unmatched += kept.turned.length;
      if (visitor === null && deps.notifier)
        for (const row of kept.turned) await tellUnmatched(deps.notifier, row).catch(() => undefined);
    }
    return outcome;
  }

  /** Keeps the outcome of each record looked at, in one transaction; answers the matched and those turned unmatched. */
  async function keep(
    rows: readonly CollectedTable[],
    answers: ReturnType<typeof matchCollected>,
    payments: readonly PaymentSeen[],
  ): Promise<{ matched: number; turned: CollectedTable[] }> {
    const at = new Date(now()).toISOString();
    const byId = new Map(payments.map((p) => [p.paymentId, p]));
    let matched = 0;
    const turned: CollectedTable[] = [];
    await store.db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const answer = answers.get(row.id);
        if (!answer) continue;
        const payment = answer.paymentId === null ? undefined : byId.get(answer.paymentId);
        const json: MatchedPayment | null = payment
          ? {
              paymentId: payment.paymentId,
              paymentInvoiceNum: payment.paymentInvoiceNum,
              amount: payment.amount,
              postDate: payment.postDate,
            }
          : null;
        // Conditional on its status as read: a record matched by another run meanwhile is left as that run kept it.
        const changed = await trx
          .updateTable("collections_collected")
          .set({
            status: answer.status,
            checked_at: at,
            ...(json ? { payment_json: JSON.stringify(json), matched_at: at } : {}),
          })
          .where("id", "=", row.id)
          .where("status", "=", row.status)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) continue;
        if (json) matched += 1;
        if (answer.status === "unmatched" && row.status !== "unmatched") turned.push(row);
      }
    });
    return { matched, turned };
  }

  return createRecordMatcher({
    jobs: deps.jobs,
    keys: deps.keys,
    now,
    onViewSeconds: deps.onViewSeconds,
    kind: COLLECTED_MATCH,
    waiting: (workspaceId?: string) => store.unmatched(workspaceId),
    keyFor: (keys, row) => matchingKey(keys, row.environment),
    matchKey,
    none: NONE,
  });
}

/** A record no payment matched within 5 business days: its recorder, in their workspace. */
async function tellUnmatched(notifier: Notifier, row: CollectedTable): Promise<void> {
  await notifier.notify({
    userId: row.recorded_by_id,
    workspaceId: workspaceOfOwner(row.workspace_id),
    kind: "collected-unmatched",
    effectKey: `collected-unmatched:${row.id}`,
    title: `${formatMoney(row.amount)} collected ${row.recorded_at.slice(0, 10)}${row.reference ? ` (${row.reference})` : ""}: no matching payment after 5 business days`,
    link: `/collections?q=${row.ar_account_id}`,
  });
}
