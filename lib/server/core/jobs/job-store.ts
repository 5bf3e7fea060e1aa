import "server-only";
import type { Job } from "./job-queue";

/** How a run ended, as `backroom_jobs_total{kind,outcome}` counts it. */
export type JobOutcome = "done" | "retried" | "failed";

/** A job as a store hands it to the runner: claimed for this runner (leased) until it ends. */
export interface ClaimedJob extends Job<unknown> {
  /** Retries the job may have in all: a throw on attempt `retryLimit + 1` fails it for good. */
  retryLimit: number;
}

/** What a send asks of the store, defaults applied and checked. */
export interface SendRequest {
  key?: string;
  delaySeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

/**
 * Where jobs wait and who holds them: the one part that differs between the two implementations (`pg-boss-store.ts`,
 * `table-store.ts`). The runner around it (polling, handlers, counting, stopping) is written once, in `runner.ts`.
 */
export interface JobStore {
  /** Opens what the store needs (pg-boss: its pool, and its schema made or upgraded). */
  start(): Promise<void>;
  /** Adds a job; null when a job of this kind and key is already queued. */
  send(kind: string, data: object, request: SendRequest): Promise<string | null>;
  /** Takes up to `limit` due jobs of these kinds, each leased to this runner; none when there are none. */
  claim(kinds: readonly string[], limit: number): Promise<ClaimedJob[]>;
  complete(job: ClaimedJob): Promise<void>;
  /** Puts the job back after its backoff, or fails it for good once its retries are spent; answers which. */
  fail(job: ClaimedJob, error: unknown): Promise<Exclude<JobOutcome, "done">>;
  /** Closes the store's own connections (pg-boss's pool); jobs are left as they are. */
  close(): Promise<void>;
  /** Resolves when the store answers. */
  ping(): Promise<void>;
}
