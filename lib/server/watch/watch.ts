import "server-only";
import type { Kysely } from "kysely";
import { KIND_NAMES } from "@/lib/session/notification-kinds";
import { pageHref, readPageHref } from "@/lib/domain/page-href";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { Background } from "../core/background/background-reads";
import type { BackroomDatabase } from "../core/db/schema";
import type { JobQueue } from "../core/jobs/job-queue";
import type { NewNotification } from "../core/notify/notification-store";
import type { Notifier, Summarize } from "../core/notify/notifier";
import { DUE_WITHIN_DAYS } from "./account-findings";
import { createHoldStore, workspaceMembers } from "./hold-store";
import { type WatchContext, watchCustomer, watchEmployee, watchSupplier } from "./key-watches";
import { ReadLater } from "./paged-reads";
import { candidates } from "./recipients";

/**
 * Watches: once an hour, Backroom reads what each workspace key may see and tells its members what changed for them
 * (invoices falling due or overdue, credit to apply, products below target days of cover, customers put on hold, a
 * rep's deliveries tomorrow and their cut-off). A recurring `watch-sweep` queues one `watch` job per workspace key and
 * hour; the job reads through the proxy as a viewer (`background-reads.ts`: its cache, its rate-limit book, a tenth of
 * the key's hour at most, and nothing while people have under a fifth left: the job is queued again for later), a
 * handful of filtered lists of 500, then hands every finding to the notifier for every candidate member. Each finding
 * has an effect key naming the person and the fact, so an hourly re-run tells nothing twice and a new fact tells again;
 * more than a few new findings of a kind for a person in one run are told as one summary (`summaryOf`).
 */

export const WATCH = "watch";
export const WATCH_SWEEP = "watch-sweep";
/** How often every key is watched. */
export const WATCH_PERIOD_SECONDS = 3600;

export interface WatchJob {
  workspaceId: string;
  keyId: string;
  /** The sweep's hour (slots of `WATCH_PERIOD_SECONDS` from the epoch): one job per key and hour. */
  slot: number;
}

export interface WatchDeps {
  jobs: JobQueue;
  db: Kysely<BackroomDatabase>;
  keys: Pick<WorkspaceKeyStore, "open">;
  notifier: Notifier;
  /** Backroom's own reads for the key: through the proxy, within the background's share of the key's budget. */
  background: Background;
  now?: () => number;
  periodSeconds?: number;
}

/**
 * @example
 * const watch = createWatch({ jobs, db, keys, notifier, background });
 * jobs.work<WatchJob>(WATCH, (job) => watch.run(job.data));
 * recurrences.push(recurring(jobs, effects, WATCH_SWEEP, WATCH_PERIOD_SECONDS, (slotStart) => watch.sweep(slotStart)));
 */
export function createWatch(deps: WatchDeps) {
  const now = deps.now ?? Date.now;
  const periodMs = (deps.periodSeconds ?? WATCH_PERIOD_SECONDS) * 1000;
  const holdStore = createHoldStore(deps.db);
  const queue = (job: WatchJob, delaySeconds: number) =>
    deps.jobs.send(WATCH, job, { key: `${job.keyId}:${job.slot}`, delaySeconds });

  return {
    /** The sweep: one watch job per workspace key for the slot starting at `slotStart` (now by default). */
    async sweep(slotStart: Date = new Date(now())): Promise<number> {
      const slot = Math.floor(slotStart.getTime() / periodMs);
      const keys = await deps.db.selectFrom("workspace_keys").select(["id", "workspace_id"]).orderBy("id").execute();
      for (const key of keys) await queue({ workspaceId: key.workspace_id, keyId: key.id, slot }, 0);
      return keys.length;
    },

    /** The job: watches one key once, and is queued again for later when the key's budget says to wait. */
    async run(job: WatchJob): Promise<void> {
      const key = await deps.keys.open(job.workspaceId, job.keyId);
      // The key was removed from the workspace: nothing to watch.
      if (!key) return;
      const members = await workspaceMembers(deps.db, job.workspaceId);
      if (!KIND_NAMES.some((kind) => candidates(kind, key.keyType, members).length > 0)) return;
      const reads = await deps.background.open(job.workspaceId, key, "watch");
      const waitFirst = reads.wait();
      if (waitFirst !== undefined) return void (await queue(job, waitFirst));
      const at = new Date(now());
      const context: WatchContext = {
        workspaceId: job.workspaceId,
        keyId: key.id,
        members,
        now: at,
        holds: (ids) => holdStore.seen(key.id, ids, at),
      };
      let found: NewNotification[];
      try {
        found =
          key.keyType === "Customer"
            ? await watchCustomer(reads, context)
            : key.keyType === "Supplier"
              ? await watchSupplier(reads, key, context)
              : await watchEmployee(reads, context);
      } catch (error) {
        if (error instanceof ReadLater) return void (await queue(job, error.seconds));
        throw error;
      }
      await deps.notifier.notifyAll(found, summaryOf);
    },
  };
}

/**
 * A run's many new findings of a kind for one person, as one notification (`GROUP_ABOVE`): a watch's first run finds
 * every invoice already overdue, and the inbox gets "14 invoices are overdue" rather than fourteen lines. The kinds
 * that are summaries already (below cover, tomorrow's cut-off) and a write's outcomes are never grouped.
 *
 * @example
 * summaryOf("invoice-overdue", items); // { title: "14 invoices are overdue", link: "/statements" }
 * summaryOf("credit-available", items); // { title: "4 payments have credit to apply", link: "/payments?account=50001" } (one account's)
 * summaryOf("customer-on-hold", items); // { title: "5 customers are on hold", link: "/customers?CustomerIDs=20001,20007,…&OnHold=true" }
 */
export const summaryOf: Summarize = (kind, items) => {
  const count = items.length;
  // What each finding's link names (`pageHref`, read back): the summary links to a page showing them all.
  const links = items.map((n) => (n.link === null ? undefined : readPageHref(n.link)));
  switch (kind) {
    case "invoice-overdue":
      return { title: `${count} invoices are overdue`, link: pageHref.statements() };
    case "invoice-due":
      return { title: `${count} invoices fall due within ${DUE_WITHIN_DAYS} days`, link: pageHref.statements() };
    case "credit-available": {
      // The payments of one AR account open on it; of several, the page asks which.
      const accounts = new Set(links.map((l) => (l?.page === "payments" ? l.params.account : undefined)));
      const [account] = accounts;
      return {
        title: `${count} payments have credit to apply`,
        link: pageHref.payments({ account: accounts.size === 1 ? account : undefined }),
      };
    }
    case "customer-on-hold": {
      // Each finding links to its customer's page: the summary lists those customers, on hold.
      const ids = links.map((l) => (l?.page === "customer" ? l.id : undefined));
      const customerIds = ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
      return { title: `${count} customers are on hold`, link: pageHref.customers({ customerIds, onHold: true }) };
    }
    default:
      return undefined;
  }
};
