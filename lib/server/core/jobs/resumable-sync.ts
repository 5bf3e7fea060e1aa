import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Background, BackgroundReads } from "../background/background-reads";
import type { ActiveKey } from "../session";
import type { JobQueue } from "./job-queue";

/**
 * The resumable sync (a feature's copy of a key's lists, in the database), written once: a walk of a workspace key's
 * lists, a step at a time (a page, a batch, a window's end), whose state is saved after each request, so that a job
 * that dies, or waits for the key's budget, goes on from there. Every read is the background's (`background-reads.ts`,
 * purpose `sync`: the syncs' share of the key's hour, people first, one a second at most, none before a 429's
 * `Retry-After`); a run takes some steps and queues itself again at once, and waits only when the budget says so. One
 * job per key waits at a time (its key is the key's id). A sweep starts each key's walk when it has none or its last
 * ended a day ago, queues again a walk whose job was lost, and forgets what a key no longer in a workspace kept.
 *
 * What a feature writes is only what differs: its state and where it is kept, how a walk starts, and its steps (what
 * each reads, in which windows, and what it keeps).
 */

/** A sync's job: the workspace's key whose walk goes on. */
export interface SyncJob {
  workspaceId: string;
  keyId: string;
}

/** A state a sync counts its requests in. */
export interface SyncState {
  /** Requests of every walk of the key. */
  requests: number;
}

/** How a sync reads a page, and tells the budget's "read later" (its seconds) from any other failure. */
export interface SyncReader {
  page(
    reads: BackgroundReads,
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ records: unknown[] } | { status: number }>;
  later(error: unknown): number | undefined;
}

/** One page's read in a step: its records; throws (the budget's "later", or an answer that is an error). */
export type SyncRead = <T = unknown>(path: string, headers?: Record<string, string>) => Promise<T[]>;

/** Where a key's walk stands, as the sweep looks at it. */
export interface SyncStanding {
  walking: boolean;
  /** When its state last moved (ms). */
  movedAt: number;
  /** When its last walk ended (ms), if one did. */
  endedAt?: number;
}

/** What a sync runs on (a feature's own deps hold them). */
export interface ResumableSyncDeps {
  jobs: JobQueue;
  keys: { open(workspaceId: string, keyId: string): Promise<ActiveKey | undefined> };
  background: Background;
}

export interface ResumableSyncSpec<S extends SyncState> {
  /** The job's kind. */
  kind: string;
  /** What the errors call it ("the snapshot's"). */
  name: string;
  reader: SyncReader;
  now: () => number;
  /** Steps a run takes at most before it gives the queue back. */
  stepsPerRun: number;
  /** Requests after which a run gives the queue back (a step is not cut); none by default. */
  requestsPerRun?: number;
  /** Whether an opened key walks (else what it kept is forgotten); every key by default. */
  walks?(key: ActiveKey): boolean;
  load(keyId: string): Promise<S | undefined>;
  walking(state: S): boolean;
  /** One step: reads with `read` and saves the state after it (with what it kept). */
  step(job: SyncJob, key: ActiveKey, state: S, read: SyncRead): Promise<void>;
  /** After each request is counted (a feature counting its clock hour). */
  counted?(state: S): void;
  /** A run resumes (a feature forgetting when it said it would). */
  resumed?(state: S): void;
  /** A run put off for `seconds` (a feature saving when it resumes, for its page's estimate). */
  putOff?(job: SyncJob, state: S, seconds: number): Promise<void>;
  forget(keyId: string): Promise<void>;
  /** The sweep's part: the keys that keep a walk, where each stands, and a walk's start. */
  kept(): Promise<{ id: string; workspace_id: string }[]>;
  standings(): Promise<Map<string, SyncStanding>>;
  start(workspaceId: string, keyId: string): Promise<void>;
}

/** A walk whose state has not moved for this long has lost its job (it failed for good): the sweep queues it again. */
export const STALLED_MS = 3_600_000;
/** How long after a walk's end the sweep starts the next (a daily refresh). */
export const REFRESH_MS = 86_400_000;

/**
 * @example
 * const sync = resumableSync({ jobs, keys, background }, { kind: "snapshot-sync", name: "the snapshot's", reader,
 *   now, stepsPerRun: 25, load, walking, step, forget, kept, standings, start });
 * jobs.work<SyncJob>("snapshot-sync", (job) => sync.run(job.data));
 */
export function resumableSync<S extends SyncState>(deps: ResumableSyncDeps, spec: ResumableSyncSpec<S>) {
  const { now } = spec;
  const queue = (job: SyncJob, delaySeconds = 0) => deps.jobs.send(spec.kind, job, { key: job.keyId, delaySeconds });
  const putOff = async (job: SyncJob, state: S, seconds: number) => {
    await spec.putOff?.(job, state, seconds);
    await queue(job, seconds);
  };

  return {
    queue,

    /** The job: walks on from where the key's state stands, some requests, then queues itself again at once. */
    async run(job: SyncJob): Promise<void> {
      const key = await deps.keys.open(job.workspaceId, job.keyId);
      if (!key || (spec.walks && !spec.walks(key))) return void (await spec.forget(job.keyId));
      const state = await spec.load(job.keyId);
      if (!state || !spec.walking(state)) return;
      const reads = await deps.background.open(job.workspaceId, key, "sync");
      const first = reads.wait();
      if (first !== undefined) return void (await putOff(job, state, first));
      spec.resumed?.(state);
      const began = state.requests;
      const read: SyncRead = async <T>(path: string, headers?: Record<string, string>) => {
        const answer = await spec.reader.page(reads, path, headers);
        state.requests++;
        spec.counted?.(state);
        if (!("records" in answer))
          throw new Error(`${spec.name} read of ${path.split("?")[0]} answered ${answer.status}`);
        return answer.records as T[];
      };
      const requests = spec.requestsPerRun ?? Number.POSITIVE_INFINITY;
      try {
        for (let n = 0; n < spec.stepsPerRun && spec.walking(state) && state.requests - began < requests; n++) {
          await spec.step(job, key, state, read);
          // The embedded sandbox and SQLite answer through promises alone: without a turn of the event loop between
          // steps, a run would hold the process's I/O (every page and API answer) until its last step.
          await nextTurn();
        }
      } catch (error) {
        // The budget says to wait: what the steps read before is saved (a step changes the walk only once its reads are in).
        const later = spec.reader.later(error);
        if (later !== undefined) return void (await putOff(job, state, later));
        throw error;
      }
      if (spec.walking(state)) await queue(job);
    },

    /**
     * The sweep: a key that keeps a walk and has none starts its first, one whose last walk ended over a day ago its
     * refresh, a walk whose job was lost (its state still for an hour) is queued again, and what a key no longer kept
     * (removed, or no longer walking) kept is forgotten.
     */
    async sweep(): Promise<{ started: number; forgotten: number }> {
      const keys = await spec.kept();
      const standings = await spec.standings();
      let started = 0;
      for (const key of keys) {
        const standing = standings.get(key.id);
        if (standing?.walking) {
          // Its job is queued (the queue keeps one per key: this send is then dropped), or it failed for good.
          if (now() - standing.movedAt > STALLED_MS) await queue({ workspaceId: key.workspace_id, keyId: key.id });
          continue;
        }
        if (standing?.endedAt !== undefined && now() - standing.endedAt < REFRESH_MS) continue;
        await spec.start(key.workspace_id, key.id);
        started++;
      }
      const live = new Set(keys.map((k) => k.id));
      const gone = [...standings.keys()].filter((id) => !live.has(id));
      for (const keyId of gone) await spec.forget(keyId);
      return { started, forgotten: gone.length };
    },
  };
}
