import "server-only";
import type { Kysely } from "kysely";
import { matchChanged, matchLists } from "@/lib/domain/order-guide/invoice-match";
import { sharedLines } from "@/lib/domain/order-guide/shared-list";
import type { ListMatch } from "@/lib/domain/order-guide/shared-list";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { Background } from "../core/background/background-reads";
import { allowed, createRecordMatcher, type MatchJob, matchReads } from "../core/background/record-matcher";
import type { BackroomDatabase } from "../core/db/schema";
import type { JobQueue } from "../core/jobs/job-queue";
import type { SharedStore } from "../core/shared/shared-store";
import {
  type KeptLines,
  LINES_KEPT_MS,
  linesKept,
  linesToKeep,
  matchingKey,
  mayCount,
  readInvoices,
  readLines,
} from "./match-reads";
import { createMatchStore, isOpen, keptMatch, type ListRow } from "./match-store";

/**
 * Matched to the invoice: every `ORDER_LIST_MATCH_SECONDS` a sweep queues one job per workspace key that has open
 * reorder lists (not withdrawn, sent in the last `MATCH_OPEN_DAYS` days, not yet "invoiced"); the job reads those
 * stores' invoices since the oldest list's sent day and the lines of those that may count (`match-reads.ts`), through
 * the background's reads of the key (its budget, people first), and keeps what `matchLists`
 * (`lib/domain/order-guide/invoice-match.ts`) answers on each list (`match-store.ts`): a changed match with a new
 * version, its invoices and a line of history; an unchanged one with only the time it was checked. Each key's invoices'
 * lines are kept in the shared store from one match to the next (`linesKept`): a match reads the lines of the invoices
 * new or changed since (their header tells), and all of them again once an hour.
 */

export const ORDER_LIST_MATCH = "order-list-match";
export const ORDER_LIST_MATCH_SWEEP = "order-list-match-sweep";
/** Pages of 500 walked per batch of 400 ids at most: 400 stores' 30 days of invoices, or 400 invoices' lines, take a few. */
const MATCH_PAGES = 20;

export type ListMatchJob = MatchJob;

/** A list's match changed: what it was (null: none kept) and what it is now. */
export type Told = (listId: string, before: ListMatch | null, after: ListMatch) => Promise<void>;

export interface ListMatcherDeps {
  db: Kysely<BackroomDatabase>;
  jobs: JobQueue;
  keys: Pick<WorkspaceKeyStore, "list" | "open">;
  /** Backroom's own reads for the key: through the proxy, within the background's share of the key's budget. */
  background: Background;
  /** Where each key's invoices' lines are kept between matches (`linesKept`); without it, every match reads them all. */
  shared?: SharedStore;
  now?: () => number;
  /** Called after each list's changed match is kept (the order guide's notifications). */
  told?: Told;
  /** A list's page read asks for a match when the last is older than this (`ORDER_LIST_MATCH_ON_VIEW_SECONDS`). */
  onViewSeconds?: number;
}

/** What a match of a key's lists did. */
export interface MatchOutcome {
  /** Lists matched (the open ones and the others of their stores, which take an invoice's cases first when older). */
  lists: number;
  /** Lists whose match changed, kept with a new version. */
  changed: number;
  /** Requests read (pages of the lists). */
  requests: number;
  /** Set when the key's background budget said to wait: the seconds until it may read again. */
  waitSeconds?: number;
}

const NONE: MatchOutcome = { lists: 0, changed: 0, requests: 0 };

const asMatched = (r: ListRow) => ({
  id: r.id,
  customerId: r.customer_id,
  sentAt: r.sent_at,
  lines: sharedLines(r.lines_json),
});

/**
 * Each key's invoices' lines as last read, in the shared store; a shared store that does not answer (Redis down) costs
 * only their reads.
 */
function keptLines(shared: SharedStore | undefined) {
  const linesKey = (keyId: string) => `order-list-match-lines\n${keyId}`;
  return {
    async lastLines(keyId: string): Promise<Map<number, KeptLines>> {
      const [kept] = (await shared?.get([linesKey(keyId)]).catch(() => undefined)) ?? [];
      if (!kept) return new Map();
      try {
        return new Map(JSON.parse(kept.toString("utf8")) as [number, KeptLines][]);
      } catch {
        return new Map();
      }
    },
    keepLines: (keyId: string, lines: Map<number, KeptLines>) =>
      shared?.set(linesKey(keyId), Buffer.from(JSON.stringify([...lines])), 2 * LINES_KEPT_MS).catch(() => false),
  };
}

/**
 * @example
 * const matcher = createListMatcher({ db, jobs, keys, background, shared });
 * recurrences.push(recurring(jobs, effects, ORDER_LIST_MATCH_SWEEP, 600, () => matcher.sweep()));
 * jobs.work<ListMatchJob>(ORDER_LIST_MATCH, (job) => matcher.run(job.data));
 */
export function createListMatcher(deps: ListMatcherDeps) {
  const now = deps.now ?? Date.now;
  const store = createMatchStore(deps.db, now);
  const { lastLines, keepLines } = keptLines(deps.shared);

  /** Matches the open lists one key of a workspace reads for, and keeps what changed. */
  async function matchKey(workspaceId: string, keyId: string): Promise<MatchOutcome> {
    const key = await deps.keys.open(workspaceId, keyId);
    // The key was removed from the workspace: its lists are matched with another key, if any, at the next sweep.
    if (!key) return NONE;
    const keys = await deps.keys.list(workspaceId);
    const rows = (await store.recent(workspaceId)).filter(
      (r) => matchingKey(keys, r.environment, r.customer_id)?.id === keyId,
    );
    // The stores with an open list, and all their lists: an older list, invoiced in full, takes its invoice's cases first.
    const stores = new Set(rows.filter(isOpen).map((r) => r.customer_id));
    const pool = rows.filter((r) => stores.has(r.customer_id));
    if (!pool.length) return NONE;
    const firstDay = new Map<number, string>();
    for (const r of pool) {
      const day = r.sent_at.slice(0, 10);
      if (!firstDay.has(r.customer_id) || day < firstDay.get(r.customer_id)!) firstDay.set(r.customer_id, day);
    }

    // A sync's share of the key's hour (at most 7 %), paced: a follow-up, a watch or a report always finds the rest.
    const reads = await matchReads(deps.background, workspaceId, key, { maxPages: MATCH_PAGES });
    if ("waitSeconds" in reads) return { ...NONE, waitSeconds: reads.waitSeconds };
    const last = await lastLines(keyId);
    const read = await allowed(async () => {
      const counted = mayCount(await readInvoices(reads.walk, firstDay), firstDay);
      const { kept, toRead } = linesKept(counted, last, now());
      const fresh = await readLines(reads.walk, toRead);
      return {
        counted,
        lines: [...kept, ...fresh],
        toKeep: linesToKeep(counted, last, { invoices: toRead, lines: fresh }, now()),
      };
    });
    if ("waitSeconds" in read) return { ...NONE, requests: reads.requests(), waitSeconds: read.waitSeconds };
    const { counted, lines, toKeep } = read.value;
    const requests = reads.requests();
    // Lines the proxy answered from its last-known copy (the API failed) are not kept: the next match reads them.
    if (!reads.stale()) await keepLines(keyId, toKeep);

    const at = new Date(now());
    // Each demo visitor's lists are a store's requests of their own: one visitor's list never takes the cases of an
    // invoice another's asked first (outside the demo, every list has no visitor: one pool a store).
    const byVisitor = new Map<string | null, typeof pool>();
    for (const row of pool) byVisitor.set(row.visitor, [...(byVisitor.get(row.visitor) ?? []), row]);
    const matches = new Map<string, ListMatch>();
    for (const rows of byVisitor.values())
      for (const [id, match] of matchLists(rows.map(asMatched), counted, lines, at)) matches.set(id, match);
    const checked: string[] = [];
    const told: [string, ListMatch | null, ListMatch][] = [];
    for (const row of pool) {
      const before = keptMatch(row);
      const after = matches.get(row.id)!;
      // A list changed since it was read (a side's edit) is matched again at the next sweep.
      if (!matchChanged(before, after)) checked.push(row.id);
      else if (await store.keep(row, before, after)) told.push([row.id, before, after]);
    }
    await store.checked(checked, at.toISOString());
    for (const [listId, before, after] of told) await deps.told?.(listId, before, after);
    return { lists: pool.length, changed: told.length, requests };
  }

  return createRecordMatcher({
    jobs: deps.jobs,
    keys: deps.keys,
    now,
    onViewSeconds: deps.onViewSeconds,
    kind: ORDER_LIST_MATCH,
    // The open lists: a sweep queues one job a key at most (a page read again and again queues nothing more).
    waiting: async (workspaceId?: string) => (await store.recent(workspaceId)).filter(isOpen),
    keyFor: (keys, row) => matchingKey(keys, row.environment, row.customer_id),
    matchKey,
    none: NONE,
  });
}

export type ListMatcher = ReturnType<typeof createListMatcher>;
