import "server-only";
import type { AuditEvent } from "@/lib/audit/audit-types";
import type { Version } from "@/lib/data-api/operation";
import type { AuditTrail, PendingEntry } from "../core/audit/audit-trail";
import type { LearnedOutcome } from "../core/audit/write-audit";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { JobQueue } from "../core/jobs/job-queue";
import type { Notifier } from "../core/notify/notifier";
import { outcomeNotification } from "./outcomes";
import type { Background } from "../core/background/background-reads";
import type { OutcomeListener } from "../core/proxy";

/**
 * Follow-ups: Backroom looks, for the person who made a write, until the ERP settles it. A payment allocation request
 * (Confirmed or Rejected) and a submitted purchase order (imported with its ERP id) are followed by a job of the
 * workspace's key, on a schedule that backs off, reading what the pages read through the same proxy (its cache, its
 * rate-limit book, and the audit trail's `learnOutcomes`: one mechanism), with every open item of the key in as few
 * requests as the filters allow. Whoever learns a final outcome first (a page or a follow-up, on any instance) tells
 * the person: one notification (`outcomeNotification`).
 */

export const FOLLOW_UP = "follow-up";

/** The waits between looks, in seconds: 1, 2, 5, 15, then every 60 minutes (the first is `FOLLOW_UP_INTERVAL_SECONDS`). */
export const FOLLOW_UP_STEPS_SECONDS = [60, 120, 300, 900, 3600] as const;

/** The writes followed: those whose outcome a person waits for. A draft's create is not (it may wait for weeks). */
export const FOLLOWED_EVENTS: readonly AuditEvent[] = ["payment-allocation", "purchase-submit"];

export interface FollowUpJob {
  workspaceId: string;
  keyId: string;
  /** How many looks came before this one (0: the first). */
  step: number;
}

export interface FollowUpDeps {
  jobs: JobQueue;
  audit: AuditTrail;
  keys: Pick<WorkspaceKeyStore, "open">;
  notifier: Notifier;
  /** Backroom's own reads for the key: through the proxy, within the background's share of the key's budget. */
  background: Background;
  /** The first wait, in seconds (`FOLLOW_UP_INTERVAL_SECONDS`); the later ones are the schedule's. */
  firstSeconds?: number;
}

export interface FollowUps extends OutcomeListener {
  /** A write was done for a key: when it is one followed, look after the first wait (one first look queued per key at a time). */
  written(workspaceId: string, keyId: string, event: string): Promise<void>;
  /** Final outcomes learned by any read: each becomes a notification to the person whose write it was, once. */
  learned(outcomes: readonly LearnedOutcome[]): Promise<void>;
  /** The job: looks once, and queues the next look while anything is still open. */
  run(job: FollowUpJob): Promise<void>;
}

/**
 * The wait before look `step` (0-based): the schedule's, the first replaced by `firstSeconds`.
 *
 * @example
 * followUpDelay(0, 60); // 60
 * followUpDelay(3, 5); // 900
 * followUpDelay(9, 60); // 3600
 */
export function followUpDelay(step: number, firstSeconds: number = FOLLOW_UP_STEPS_SECONDS[0]): number {
  if (step <= 0) return firstSeconds;
  return FOLLOW_UP_STEPS_SECONDS[Math.min(step, FOLLOW_UP_STEPS_SECONDS.length - 1)]!;
}

/**
 * The reads that tell every open item's outcome, fewest first: one payment applications page for all the key's
 * open requests (by their AR accounts and payments), one v2 purchases page for all its submitted orders (by global id).
 *
 * @example
 * followUpReads([{ event: "payment-allocation", reference: { arAccountId: 7, paymentInvoiceNum: "P-1" } }, ...]);
 * // [{ version: "v1", path: "/payments/applications?ARAccountIDs=7&PaymentInvoiceNums=P-1&PageSize=500" }]
 */
export function followUpReads(
  pending: readonly Pick<PendingEntry, "event" | "reference">[],
): { version: Version; path: string }[] {
  const reads: { version: Version; path: string }[] = [];
  const payments = pending.filter((e) => e.event === "payment-allocation" && e.reference.arAccountId !== undefined);
  if (payments.length) {
    const accounts = unique(payments.map((e) => String(e.reference.arAccountId)));
    const invoices = unique(
      payments.flatMap((e) => (e.reference.paymentInvoiceNum ? [e.reference.paymentInvoiceNum] : [])),
    );
    const query = new URLSearchParams({
      ARAccountIDs: accounts.join(","),
      ...(invoices.length ? { PaymentInvoiceNums: invoices.join(",") } : {}),
      PageSize: "500",
    });
    reads.push({ version: "v1", path: `/payments/applications?${query}` });
  }
  const purchases = unique(
    pending.flatMap((e) =>
      e.event !== "payment-allocation" && e.reference.purchaseGlobalId ? [e.reference.purchaseGlobalId] : [],
    ),
  );
  // The filter's list is read in pages of 100 ids, well within a URL's length.
  for (let i = 0; i < purchases.length; i += 100) {
    const query = new URLSearchParams({
      purchase_ids: purchases.slice(i, i + 100).join(","),
      include_transactions: "false",
      page_size: "100",
    });
    reads.push({ version: "v2", path: `/purchases?${query}` });
  }
  return reads;
}

const unique = (values: readonly string[]) => [...new Set(values)].sort();

export function createFollowUps(deps: FollowUpDeps): FollowUps {
  const firstSeconds = deps.firstSeconds ?? FOLLOW_UP_STEPS_SECONDS[0];
  const queue = (job: FollowUpJob, delaySeconds: number) =>
    deps.jobs.send(FOLLOW_UP, job, { key: `${job.keyId}:${job.step}`, delaySeconds });

  return {
    async written(workspaceId, keyId, event) {
      if (FOLLOWED_EVENTS.includes(event as AuditEvent)) await queue({ workspaceId, keyId, step: 0 }, firstSeconds);
    },

    async learned(outcomes) {
      for (const learned of outcomes) {
        const notification = outcomeNotification(learned);
        if (notification) await deps.notifier.notify(notification);
      }
    },

    async run(job) {
      const key = await deps.keys.open(job.workspaceId, job.keyId);
      // The key was removed from the workspace: nothing can be looked at for it any more.
      if (!key) return;
      const pending = await deps.audit.pending(key.fingerprint, FOLLOWED_EVENTS);
      if (pending.length === 0) return;
      const reads = await deps.background.open(job.workspaceId, key, "follow-up");
      for (const read of [undefined, ...followUpReads(pending)]) {
        // Before anything is read, and again whenever the hour's background share is spent: look later.
        const response = read && (await reads.read(read.version, read.path));
        const wait = reads.wait();
        if (wait !== undefined) {
          await queue(job, wait);
          return;
        }
        // Read whole, so the store stage has learned what it told; an error answer is tried again at the next look.
        await response?.arrayBuffer();
      }
      if ((await deps.audit.pending(key.fingerprint, FOLLOWED_EVENTS)).length > 0)
        await queue({ ...job, step: job.step + 1 }, followUpDelay(job.step + 1, firstSeconds));
    },
  };
}
