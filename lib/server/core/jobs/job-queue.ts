import "server-only";

/**
 * Work that runs without a browser tab (a write's follow-up, a notification, an email): one interface, two
 * implementations chosen by the database (`index.ts`): pg-boss on PostgreSQL, shared by every instance; a table and a
 * timer on SQLite, for the one process of the embedded profile. Both run a job once at a time (one runner claims it),
 * retry a throw with exponential backoff, and run again a job whose runner died mid-run once its lease has passed: a
 * handler may therefore run twice for one job, and must be idempotent or guard its effects with an `EffectLedger`.
 */

export interface Job<T> {
  id: string;
  kind: string;
  data: T;
  /** 1 on the first run */
  attempt: number;
}

export interface JobOptions {
  /** At most one job of this kind and key is queued (not yet started) at a time: a second send while one waits is dropped (answers null). */
  key?: string;
  /** Not before this many seconds from now. */
  delaySeconds?: number;
  /** Retries after a throw (default 5), with exponential backoff starting at retryDelaySeconds (default 5). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface JobQueue {
  send<T extends object>(kind: string, data: T, options?: JobOptions): Promise<string | null>;
  /** Registers the handler of a kind (before or after start). A throw retries the job with backoff until retryLimit. */
  work<T>(kind: string, handler: (job: Job<T>) => Promise<void>): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded, e.g. 10 s) for those in flight. */
  stop(): Promise<void>;
  /** For /api/ready: "ok" when it can take and run jobs, "unavailable" otherwise. */
  check(): Promise<"ok" | "unavailable">;
}

/**
 * Effects that must happen once even when a job runs twice (an email): the first caller of a key runs it.
 *
 * At most once, not at least once: a claim left `running` by a process that died in the middle of the effect is never
 * run again, since nobody can tell whether the mail went out before the process died, and a person would rather miss
 * one mail (and ask for it again) than get it twice.
 */
export interface EffectLedger {
  /**
   * Runs `effect` unless an effect with this key already ran or is running; answers whether it ran it now. If `effect`
   * throws, the claim is released (so a retry may run it) and the error rethrown. A claim left by a process that died
   * mid-effect is NOT run again (at most once: an email is never sent twice).
   *
   * @example
   * await effects.once(`invitation-mail:${job.data.invitationId}`, () => mailer.send(mail));
   */
  once(key: string, effect: () => Promise<void>): Promise<boolean>;
  /**
   * Which of these keys have been claimed: their effect ran, or is running (a mail sent, or being sent, or lost with a
   * process that died while sending it): a later mail can leave out what was emailed already.
   *
   * @example
   * await effects.claimed(["mail:n1", "mail:n2"]); // Set { "mail:n1" }
   */
  claimed(keys: readonly string[]): Promise<Set<string>>;
}
