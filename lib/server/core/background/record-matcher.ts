import "server-only";
import type { OperationId } from "@/lib/data-api/registry";
import { type ApiRequest, apiWalkOptions } from "@/lib/domain/api-query";
import { workspaceOfOwner } from "../auth/demo-visitor";
import type { WorkspaceKeyStore } from "../auth/workspace-keys";
import type { JobQueue } from "../jobs/job-queue";
import type { StoredKeyInfo } from "../session/types";
import { type Background, backgroundClient, deferredIn } from "./background-reads";

/**
 * What a feature's records that wait for the API to show their outcome have in common (the reorder lists' invoices,
 * the disputes' credit memos, what reps collected at the door and its payment): a sweep queues one match job per
 * workspace key that reads records still waiting; a record's read asks for a match when the last is old; the job
 * matches with the key's background reads (purpose `sync`: paced, within the syncs' share of its hour) and is queued
 * again for when the budget allows. What a match reads and keeps is the feature's (`matchKey`); this is the rest.
 */

/** A match job: the records one key of a workspace reads. */
export interface MatchJob {
  workspaceId: string;
  keyId: string;
}

/** What a match did: the feature's counts, the requests it read, and the seconds to wait when the budget said so. */
export interface MatchOutcome {
  requests: number;
  waitSeconds?: number;
}

export interface RecordMatcherSpec<R extends { workspace_id: string }, O extends MatchOutcome> {
  jobs: JobQueue;
  keys: Pick<WorkspaceKeyStore, "list">;
  now: () => number;
  /** A record's read asks for a match when the last is older than this (300 unless given). */
  onViewSeconds?: number;
  /** The job's name. */
  kind: string;
  /** The records waiting for a match: a workspace's, or every workspace's (the sweep). */
  waiting: (workspaceId?: string) => Promise<readonly R[]>;
  /** The workspace key a record is matched with, if the workspace holds one. */
  keyFor: (keys: readonly StoredKeyInfo[], record: R) => StoredKeyInfo | undefined;
  /** Matches the records one key reads, and keeps what changed. */
  matchKey: (workspaceId: string, keyId: string) => Promise<O>;
  /** A match that did nothing. */
  none: O;
}

/** Outcomes added up: every count summed, the longest wait kept (an outcome's fields are all numbers). */
function added<O extends MatchOutcome>(total: O, outcome: O): O {
  const sum = { ...total } as unknown as Record<string, number>;
  for (const [field, value] of Object.entries(outcome) as [string, number | undefined][]) {
    if (value === undefined) continue;
    sum[field] = field === "waitSeconds" ? Math.max(sum[field] ?? 0, value) : (sum[field] ?? 0) + value;
  }
  return sum as unknown as O;
}

/**
 * @example
 * const matcher = createRecordMatcher({ jobs, keys, now, kind: DISPUTE_MATCH, waiting, keyFor, matchKey, none });
 * recurring: [{ name: DISPUTE_MATCH_SWEEP, seconds, run: () => matcher.sweep() }]
 * jobs: { [DISPUTE_MATCH]: (job: MatchJob) => matcher.run(job) }
 */
export function createRecordMatcher<R extends { workspace_id: string }, O extends MatchOutcome>(
  spec: RecordMatcherSpec<R, O>,
) {
  const queue = (job: MatchJob, delaySeconds: number) =>
    spec.jobs.send(spec.kind, job, { key: job.keyId, delaySeconds });

  /** The keys that match the records given, by workspace (a demo visitor's records are their workspace's). */
  async function jobsFor(records: readonly R[]): Promise<MatchJob[]> {
    const byWorkspace = new Map<string, R[]>();
    for (const record of records) {
      const workspaceId = workspaceOfOwner(record.workspace_id);
      byWorkspace.set(workspaceId, [...(byWorkspace.get(workspaceId) ?? []), record]);
    }
    const jobs: MatchJob[] = [];
    for (const [workspaceId, rows] of byWorkspace) {
      const keys = await spec.keys.list(workspaceId);
      const keyIds = new Set(rows.flatMap((r) => spec.keyFor(keys, r)?.id ?? []));
      for (const keyId of [...keyIds].sort()) jobs.push({ workspaceId, keyId });
    }
    return jobs;
  }

  /** Queues a match of a workspace's waiting records now: one job a key at most is queued. */
  async function soon(workspaceId: string): Promise<void> {
    for (const job of await jobsFor(await spec.waiting(workspaceId))) await queue(job, 0);
  }

  return {
    /** The sweep: one match job per workspace key with records waiting; answers how many. */
    async sweep(): Promise<number> {
      const jobs = await jobsFor(await spec.waiting());
      for (const job of jobs) await queue(job, 0);
      return jobs.length;
    },

    soon,

    /**
     * A record's page was read: its workspace's records are matched soon when its last match (or look) is older than
     * `onViewSeconds`, so a page left open reads the API at most that often.
     */
    async viewed(workspaceId: string, lastAt: string | null): Promise<void> {
      const age = lastAt ? spec.now() - Date.parse(lastAt) : Number.POSITIVE_INFINITY;
      if (age >= (spec.onViewSeconds ?? 300) * 1000) await soon(workspaceId);
    },

    /** The job: matches once, and is queued again for later when the key's budget says to wait. */
    async run(job: MatchJob): Promise<void> {
      const outcome = await spec.matchKey(job.workspaceId, job.keyId);
      if (outcome.waitSeconds !== undefined) await queue(job, outcome.waitSeconds);
    },

    /**
     * Matches a workspace's waiting records now, in this request or test: with one key of the workspace, or every key
     * that matches them. Within the keys' background budget: an outcome with `waitSeconds` read nothing more.
     */
    async matchNow(workspaceId: string, keyId?: string): Promise<O> {
      const keyIds = keyId ? [keyId] : (await jobsFor(await spec.waiting(workspaceId))).map((j) => j.keyId);
      let total = { ...spec.none };
      for (const id of keyIds) total = added(total, await spec.matchKey(workspaceId, id));
      return total;
    },
  };
}

/** A match's reads of the API: every page of a request (up to the match's bound), counted. */
export interface MatchReads {
  walk: <K extends OperationId>(request: ApiRequest<K>) => Promise<unknown[]>;
  /** Requests read so far. */
  requests(): number;
  /** Whether a page was the proxy's last-known copy (the API failed). */
  stale(): boolean;
}

/**
 * A key's reads for one match, through the background's (`sync`), or the seconds to wait when the budget says so.
 * `fresh`: past the proxy's fresh copies (revalidated by ETag: a 304 is no more requests), so what the API shows seconds
 * before a record's page is read is seen by the match that read asks for.
 *
 * @example
 * const reads = await matchReads(background, workspaceId, key, { maxPages: 20, fresh: true });
 * if ("waitSeconds" in reads) return { ...NONE, waitSeconds: reads.waitSeconds };
 * const read = await allowed(reads, () => reads.walk({ operation: "listPayments", query: { ARAccountIDs } }));
 */
export async function matchReads(
  background: Background,
  workspaceId: string,
  key: Parameters<Background["open"]>[1],
  { maxPages, fresh = false }: { maxPages: number; fresh?: boolean },
): Promise<MatchReads | { waitSeconds: number }> {
  const reads = await background.open(workspaceId, key, "sync");
  const wait = reads.wait();
  if (wait !== undefined) return { waitSeconds: wait };
  const api = backgroundClient(reads, fresh ? { "Cache-Control": "no-cache" } : undefined);
  const signal = new AbortController().signal;
  let requests = 0;
  let stale = false;
  return {
    async walk(request) {
      const walked = await apiWalkOptions(api, request, 0, maxPages).queryFn({ signal });
      requests += walked.requests;
      stale ||= walked.stale !== undefined;
      return walked.records;
    },
    requests: () => requests,
    stale: () => stale,
  };
}

/** Runs a match's reads; a budget that said to wait midway answers its seconds instead (other errors are thrown). */
export async function allowed<T>(read: () => Promise<T>): Promise<{ value: T } | { waitSeconds: number }> {
  try {
    return { value: await read() };
  } catch (error) {
    const deferred = deferredIn(error);
    if (deferred) return { waitSeconds: deferred.seconds };
    throw error;
  }
}
