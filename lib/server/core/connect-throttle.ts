import "server-only";
import { createHmac } from "node:crypto";
import type { Redis } from "ioredis";
import { RateLimiterMemory, type RateLimiterAbstract, RateLimiterRedis } from "rate-limiter-flexible";

/**
 * Counts failed sign-ins (a wrong password or second factor) and refused keys (a key the Data API refused when an owner
 * adds it), so that neither can be used to guess:
 * - per client address, and per account (the email tried), 5 failures in 15 minutes earn a wait (1 minute), and every
 *   further failure after a wait doubles it, up to an hour; the escalation is forgotten a day after the last wait, or
 *   at a success;
 * - a second step (a two-factor code) failed also counts for its account alone: the sixth wrong code within ten
 *   minutes (`secondStepFailures` in `secondStepWindowSeconds`) locks that account's second step for the rest of the
 *   window, whatever the address tried from, right code or not;
 * - over all addresses, more than `globalPerMinute` refused keys in a minute (default 100) make every key check wait for
 *   the rest of the minute: the upstream API is not asked to check a flood of guesses. Failed sign-ins are not counted
 *   there: a flood of them from anywhere would otherwise lock every honest person out.
 * The counters are rate-limiter-flexible's: in Redis when it is configured (every instance counts together), in memory
 * otherwise, and in memory while Redis does not answer (its insurance limiter). Redis sees an HMAC of the address,
 * never the address.
 */
export interface ConnectThrottle {
  /**
   * Before a sign-in (or a key checked upstream): the wait still to run for this address, account, or (a key only)
   * everyone. `what` is "key" unless told: the global ceiling protects the Data API from a flood of keys to check, and
   * never holds up sign-ins (a flood of failed sign-ins from anywhere must not lock everyone out).
   */
  check(address: string, account?: string, what?: ThrottledAttempt): Promise<ThrottleWait | undefined>;
  /** A sign-in failed (or a key was refused): counts it, and answers the wait it has earned, if any. */
  failed(address: string, account?: string, what?: ThrottledAttempt): Promise<ThrottleWait | undefined>;
  /**
   * A sign-in succeeded (or a key was accepted): the address's and account's failures are forgotten; the account's wrong
   * second-step codes only when it is the second step that succeeded (a password does not unlock it).
   */
  succeeded(address: string, account?: string, what?: ThrottledAttempt): Promise<void>;
}

/** What is being tried: a key checked with the Data API, a sign-in, or a sign-in's second step (a two-factor code). */
export type ThrottledAttempt = "key" | "sign-in" | "second-step";

export interface ThrottleWait {
  /** Whole seconds until a connect is taken again (the `Retry-After`). */
  seconds: number;
  /** Whether this address earned it, the account tried, or the global ceiling was reached. */
  scope: "address" | "account" | "global";
}

export interface ConnectThrottleOptions {
  /** Failures from one address that are free within `windowSeconds`. Default 5. */
  freeFailures?: number;
  /** Default 15 minutes. */
  windowSeconds?: number;
  /** The first wait; each further failure doubles it. Default 60 s. */
  firstWaitSeconds?: number;
  /** Default one hour. */
  maxWaitSeconds?: number;
  /** Wrong second-step codes of one account that are free within `secondStepWindowSeconds`; one more locks. Default 5. */
  secondStepFailures?: number;
  /** Default 10 minutes. */
  secondStepWindowSeconds?: number;
  /** Failures a minute over all addresses before every key connect waits. Default 100. */
  globalPerMinute?: number;
  /** Counters in Redis (shared by every instance); in memory without. */
  redis?: Redis;
  /** Put before the counters' names in Redis. */
  prefix?: string;
  /** The secret the addresses are hashed under (the session secret). */
  secret: string;
}

/** How long an address's escalation is remembered after its last wait. */
const ESCALATION_SECONDS = 24 * 60 * 60;
const GLOBAL = "all";

export function createConnectThrottle(options: ConnectThrottleOptions): ConnectThrottle {
  const free = options.freeFailures ?? 5;
  const first = options.firstWaitSeconds ?? 60;
  const ceiling = options.maxWaitSeconds ?? 3600;
  const globalPerMinute = options.globalPerMinute ?? 100;
  const prefix = options.prefix ?? "backroom:";

  // Each limiter in Redis has a memory twin that counts while Redis is away.
  const limiter = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix: name, points, duration });
    if (!options.redis) return memory;
    return new RateLimiterRedis({
      storeClient: options.redis,
      keyPrefix: `${prefix}throttle:${name}`,
      points,
      duration,
      insuranceLimiter: memory,
    });
  };
  // The failures of an address in the window; a wait is a `block` of this counter (it reads as more than `free`).
  const failures = limiter("connect-failures", free, options.windowSeconds ?? 15 * 60);
  // How many waits an address has earned: the next wait is first × 2^(waits so far).
  const waits = limiter("connect-waits", 1_000_000, ESCALATION_SECONDS);
  const everyone = limiter("connect-failures-all", globalPerMinute, 60);
  // An account's wrong second-step codes in a fixed window from the first: past the free ones, locked until it ends.
  const secondFree = options.secondStepFailures ?? 5;
  const secondSteps = limiter("second-step-failures", secondFree, options.secondStepWindowSeconds ?? 10 * 60);

  const hashed = (address: string) =>
    createHmac("sha256", options.secret).update(`connect throttle ${address}`).digest("base64url").slice(0, 32);
  // An account's counters live beside the addresses', under names of their own.
  const ofAccount = (account: string) =>
    createHmac("sha256", options.secret)
      .update(`sign-in throttle account ${account.trim().toLowerCase()}`)
      .digest("base64url")
      .slice(0, 32);
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  async function globalWait(): Promise<ThrottleWait | undefined> {
    const all = await everyone.get(GLOBAL);
    return all && all.consumedPoints >= globalPerMinute
      ? { seconds: seconds(all.msBeforeNext), scope: "global" }
      : undefined;
  }

  /** The wait a name (an address's or an account's) still has to run, if any. */
  async function waitOf(key: string, scope: "address" | "account"): Promise<ThrottleWait | undefined> {
    const own = await failures.get(key);
    return own && own.consumedPoints > free ? { seconds: seconds(own.msBeforeNext), scope } : undefined;
  }

  /** Counts a failure of a name; answers the wait it earned, if any. */
  async function fail(key: string, scope: "address" | "account"): Promise<ThrottleWait | undefined> {
    const earlier = await waits.get(key);
    const counted = earlier ? undefined : await failures.penalty(key);
    // Within the free failures, and never made to wait before: nothing earned.
    if (counted && counted.consumedPoints < free) return undefined;
    const earned = await waits.penalty(key);
    const wait = Math.min(first * 2 ** (earned.consumedPoints - 1), ceiling);
    await failures.block(key, wait);
    return { seconds: wait, scope };
  }

  const longer = (a: ThrottleWait | undefined, b: ThrottleWait | undefined) =>
    !a ? b : !b ? a : a.seconds >= b.seconds ? a : b;

  /** The rest of an account's second-step window, while it is locked. */
  async function secondStepLock(account: string): Promise<ThrottleWait | undefined> {
    const own = await secondSteps.get(ofAccount(account));
    return own && own.consumedPoints > secondFree
      ? { seconds: seconds(own.msBeforeNext), scope: "account" }
      : undefined;
  }

  return {
    async check(address, account, what = "key") {
      const own = longer(
        longer(
          await waitOf(hashed(address), "address"),
          account ? await waitOf(ofAccount(account), "account") : undefined,
        ),
        account && what === "second-step" ? await secondStepLock(account) : undefined,
      );
      return own ?? (what === "key" ? globalWait() : undefined);
    },

    async failed(address, account, what = "key") {
      if (what === "key") await everyone.penalty(GLOBAL);
      if (what === "second-step" && account) await secondSteps.penalty(ofAccount(account));
      const earned = longer(
        await fail(hashed(address), "address"),
        account ? await fail(ofAccount(account), "account") : undefined,
      );
      // Within the free failures: only the global ceiling may apply (to keys), or the second step's lock.
      if (what === "second-step" && account) return longer(earned, await secondStepLock(account));
      return earned ?? (what === "key" ? globalWait() : undefined);
    },

    async succeeded(address, account, what) {
      const keys = [hashed(address), ...(account ? [ofAccount(account)] : [])];
      await Promise.all(keys.flatMap((key) => [failures.delete(key), waits.delete(key)]));
      if (account && what === "second-step") await secondSteps.delete(ofAccount(account));
    },
  };
}

/**
 * The client's address as the request tells it: `X-Forwarded-For` as Backroom's server settled it (scripts/serve.mjs
 * keeps only the address the trusted proxies saw, or the socket's peer), else "unknown".
 */
export function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim().slice(0, 100) || "unknown";
}
