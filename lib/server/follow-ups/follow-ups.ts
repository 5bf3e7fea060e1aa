import "server-only";
import type { AuditEvent } from "@/lib/audit/audit-types";
import type { Version } from "@/lib/data-api/operation";
import type { AuditTrail, PendingEntry } from "../audit/audit-trail";
import type { RateLimitFigures } from "../rate-limit-book";
import type { LearnedOutcome } from "../audit/write-audit";
import type { Actor } from "../auth/actor";
import type { WorkspaceKeyStore } from "../auth/workspace-keys";
import type { JobQueue } from "../jobs/job-queue";
import type { NotificationStore } from "../notifications/notification-store";
import { outcomeNotification } from "../notifications/outcomes";
import { type OutcomeListener, proxyRequest, type ProxyDeps } from "../proxy";
import type { ActiveKey } from "../session";
import type { SharedStore } from "../shared/shared-store";

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

/** Background work may spend this share of a key's hourly limit, and waits while less than `YIELD_SHARE` is left. */
export const BACKGROUND_SHARE = 0.1;
export const YIELD_SHARE = 0.2;
/** The live service's hourly limit (about 1,000), assumed until the API has told a key's own (`RateLimit-Limit`). */
const ASSUMED_LIMIT = 1000;

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
  notifications: NotificationStore;
  /** The proxy's own dependencies: the follow-up's reads go through it as a page's do. */
  proxy: ProxyDeps;
  /** Where the background's spending per key and hour is counted (shared by the instances). */
  shared: SharedStore;
  /** The first wait, in seconds (`FOLLOW_UP_INTERVAL_SECONDS`); the later ones are the schedule's. */
  firstSeconds?: number;
  now?: () => number;
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
export function followUpReads(pending: readonly Pick<PendingEntry, "event" | "reference">[]): { version: Version; path: string }[] {
  const reads: { version: Version; path: string }[] = [];
  const payments = pending.filter((e) => e.event === "payment-allocation" && e.reference.arAccountId !== undefined);
  if (payments.length) {
    const accounts = unique(payments.map((e) => String(e.reference.arAccountId)));
    const invoices = unique(payments.flatMap((e) => (e.reference.paymentInvoiceNum ? [e.reference.paymentInvoiceNum] : [])));
    const query = new URLSearchParams({ ARAccountIDs: accounts.join(","), ...(invoices.length ? { PaymentInvoiceNums: invoices.join(",") } : {}), PageSize: "500" });
    reads.push({ version: "v1", path: `/payments/applications?${query}` });
  }
  const purchases = unique(pending.flatMap((e) => (e.event !== "payment-allocation" && e.reference.purchaseGlobalId ? [e.reference.purchaseGlobalId] : [])));
  // The filter's list is read in pages of 100 ids, well within a URL's length.
  for (let i = 0; i < purchases.length; i += 100) {
    const query = new URLSearchParams({ purchase_ids: purchases.slice(i, i + 100).join(","), include_transactions: "false", page_size: "100" });
    reads.push({ version: "v2", path: `/purchases?${query}` });
  }
  return reads;
}

const unique = (values: readonly string[]) => [...new Set(values)].sort();

/**
 * Who a follow-up's read is made as: nobody signed in, the workspace's key, and the viewer's role (the role stage lets
 * it read and nothing else: a follow-up can never write).
 */
function backgroundActor(workspaceId: string, key: ActiveKey, now: number): Actor {
  return {
    person: { id: "backroom:follow-up", email: "", name: "Backroom", twoFactorEnabled: true },
    session: { id: `follow-up:${key.id}`, createdAt: new Date(now).toISOString() },
    workspace: { id: workspaceId, name: "", slug: "", requireTwoFactor: false, keys: [] },
    membership: { id: "follow-up", role: "viewer", salesRepUserId: null },
    needsTwoFactor: false,
    key,
  };
}

export function createFollowUps(deps: FollowUpDeps): FollowUps {
  const now = deps.now ?? Date.now;
  const firstSeconds = deps.firstSeconds ?? FOLLOW_UP_STEPS_SECONDS[0];
  const queue = (job: FollowUpJob, delaySeconds: number) => deps.jobs.send(FOLLOW_UP, job, { key: `${job.keyId}:${job.step}`, delaySeconds });

  /** Seconds until the key may be read in the background again when people should go first (under a fifth of the hour left); else undefined. */
  function yieldFor(figures: RateLimitFigures | undefined): number | undefined {
    if (!figures || figures.remaining >= figures.limit * YIELD_SHARE) return undefined;
    return Math.max(1, Math.ceil((Date.parse(figures.resetsAt) - now()) / 1000) + 1);
  }

  /** Counts one background request of the key this hour; answers the seconds to the next hour when it would pass a tenth of the limit. */
  async function spend(key: ActiveKey, figures: RateLimitFigures | undefined): Promise<number | undefined> {
    const hour = Math.floor(now() / 3_600_000);
    const spent = await deps.shared.increment(`follow-up-spent\n${key.fingerprint}\n${hour}`, 3_600_000);
    if (spent <= (figures?.limit ?? ASSUMED_LIMIT) * BACKGROUND_SHARE) return undefined;
    return Math.max(1, Math.ceil(((hour + 1) * 3_600_000 - now()) / 1000));
  }

  return {
    async written(workspaceId, keyId, event) {
      if (FOLLOWED_EVENTS.includes(event as AuditEvent)) await queue({ workspaceId, keyId, step: 0 }, firstSeconds);
    },

    async learned(outcomes) {
      for (const learned of outcomes) {
        const notification = outcomeNotification(learned);
        if (notification) await deps.notifications.tell(notification);
      }
    },

    async run(job) {
      const key = await deps.keys.open(job.workspaceId, job.keyId);
      // The key was removed from the workspace: nothing can be looked at for it any more.
      if (!key) return;
      const pending = await deps.audit.pending(key.fingerprint, FOLLOWED_EVENTS);
      if (pending.length === 0) return;
      // The key's figures as the proxy last noted them, read once for the look (its own reads note newer ones).
      const [figures] = await deps.proxy.rateLimits.get([key.fingerprint]);
      const waitForPeople = yieldFor(figures);
      if (waitForPeople !== undefined) {
        await queue(job, waitForPeople);
        return;
      }
      const actor = backgroundActor(job.workspaceId, key, now());
      const proxy: ProxyDeps = { ...deps.proxy, actors: { resolve: async () => actor }, background: "follow-up" };
      for (const read of followUpReads(pending)) {
        const waitForHour = await spend(key, figures);
        if (waitForHour !== undefined) {
          await queue(job, waitForHour);
          return;
        }
        const segments = read.path.split("?")[0]!.split("/").filter(Boolean);
        const response = await proxyRequest(new Request(`http://backroom.internal/api/${read.version}${read.path}`), read.version, segments, proxy);
        // Read whole, so the store stage has learned what it told; an error answer is tried again at the next look.
        await response.arrayBuffer();
      }
      if ((await deps.audit.pending(key.fingerprint, FOLLOWED_EVENTS)).length > 0) await queue({ ...job, step: job.step + 1 }, followUpDelay(job.step + 1, firstSeconds));
    },
  };
}
