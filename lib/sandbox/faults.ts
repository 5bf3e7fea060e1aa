/**
 * Fault injection: operator-set rules that make chosen requests of an environment slow, failed, rate-limited, dropped
 * or hung, so a client of the sandbox can be tested against the failures the live service has. Off unless configured.
 * Kept in memory, like the rate limiter: a restart clears every rule.
 */
import { createHash } from "node:crypto";
import * as z from "zod";
import type { Environment } from "./environments";

// The longest a latency fault may delay a request (one minute) and a timeout fault may hold one (five minutes).
const MAX_LATENCY_MS = 60_000;
const MAX_TIMEOUT_MS = 300_000;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY_AFTER = 30;
/** The most rules an environment holds. */
export const MAX_RULES = 50;
// Slack for the share accumulator: ten shares of 0.1 add up to 0.9999999999999999, which must still select.
const EPSILON = 1e-9;

/** One fault rule as the operator sends it: which requests (method, path pattern, share, count) and what they meet. */
export const FaultRuleInput = z
  .strictObject({
    method: z.enum(["GET", "POST", "PATCH", "DELETE", "*"]).default("*"),
    path: z
      .string()
      .max(500)
      .regex(/^\/[^?#\s]*$/, "a path pattern starts with / and holds no query string, fragment or space"),
    kind: z.enum(["latency", "error", "rate-limit", "drop", "timeout"]),
    latencyMs: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional(),
    retryAfter: z.number().int().min(1).max(3600).optional(),
    when: z.enum(["before", "after"]).optional(),
    share: z.number().gt(0).max(1).default(1),
    count: z.number().int().positive().optional(),
    /** Only requests carrying this `x-api-key` (one key's budget spent, while every other key's requests run). */
    key: z.string().min(1).max(500).optional(),
  })
  .superRefine((rule, ctx) => {
    const issue = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
    if (rule.kind === "latency" && rule.latencyMs === undefined) issue("latencyMs", "a latency fault needs latencyMs");
    if (rule.kind === "latency" && rule.latencyMs !== undefined && rule.latencyMs > MAX_LATENCY_MS) {
      issue("latencyMs", `a latency fault waits at most ${MAX_LATENCY_MS} ms`);
    }
    if (rule.latencyMs !== undefined && rule.kind !== "latency" && rule.kind !== "timeout") {
      issue("latencyMs", "only latency and timeout faults take latencyMs");
    }
    if (rule.retryAfter !== undefined && rule.kind !== "rate-limit")
      issue("retryAfter", "only rate-limit faults take retryAfter");
    if (rule.when !== undefined && rule.kind !== "drop") issue("when", "only drop faults take when");
  });

/** A checked rule, defaults filled in: what `Faults.set` takes. */
export type FaultRule = z.output<typeof FaultRuleInput>;

/** Body of the operator's endpoint that replaces an environment's fault rules. */
export const FaultRulesBody = z.strictObject({ rules: z.array(FaultRuleInput).max(MAX_RULES) });

/**
 * A rule as stored: its id, how many requests it matched and affected, and how many more it may affect (null: no
 * limit). A rule for one key keeps only its hash, and lists the key's last four characters (`keyHint`).
 */
export interface StoredFaultRule extends Omit<FaultRule, "key"> {
  keyHint?: string;
  id: number;
  matched: number;
  applied: number;
  remaining: number | null;
}

/** The fault rules of both environments, and the choice of the fault a request meets. */
export interface Faults {
  /** Replaces the environment's rules (their counters start afresh); throws a ZodError, changing nothing, on an invalid rule. */
  set(env: Environment, rules: FaultRule[]): StoredFaultRule[];
  /**
   * Adds one rule after the environment's others, leaving them as they are (tests running side by side each add and
   * remove their own); throws, changing nothing, on an invalid rule (a ZodError) or past MAX_RULES (a RangeError).
   */
  add(env: Environment, rule: FaultRule): StoredFaultRule;
  /** Removes one rule by its id; answers whether there was one. */
  remove(env: Environment, id: number): boolean;
  /** The environment's rules in order, with their counters. */
  list(env: Environment): StoredFaultRule[];
  /** Removes the environment's rules: its requests run normally again. */
  clear(env: Environment): void;
  /**
   * The fault this request meets, if any: the first rule that matches method, path and (for a rule of one key) the
   * request's `x-api-key`, is not spent, and selects this request (counting it).
   */
  pick(env: Environment, method: string, path: string, apiKey?: string): StoredFaultRule | undefined;
}

interface Entry {
  rule: StoredFaultRule;
  pattern: RegExp;
  /** The SHA-256 of the key a rule is for; undefined: every key. */
  keyHash: string | undefined;
  /** The share accumulator: each matching request adds `share`; reaching 1 selects the request. */
  acc: number;
}

/** The router ignores empty segments, so `/api/v1//invoices/` is `/api/v1/invoices`, for rules as for requests. */
function normalizePath(path: string): string {
  const bare = path.split("?")[0]!.replace(/\/{2,}/g, "/");
  return bare.length > 1 ? bare.replace(/\/$/, "") : bare;
}

/** A glob as a regular expression over the whole path: `*` is any run of characters, `/` included; all else is literal. */
function compilePattern(pattern: string): RegExp {
  const literal = (part: string) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${normalizePath(pattern).split("*").map(literal).join(".*")}$`);
}

/**
 * Creates the fault rules of a sandbox, empty in both environments. Paths are relative to the environment
 * (`/api/v1/invoices`), without the query string. Which request a rule selects is counted, not random (`share` feeds
 * an accumulator), so a test meets the same faults on every run.
 *
 * @example
 * const faults = createFaults();
 * faults.set("test", [FaultRuleInput.parse({ method: "POST", path: "/api/v2/purchases*", kind: "error", share: 0.5 })]);
 * faults.pick("test", "POST", "/api/v2/purchases"); // undefined: the first request is let through
 * faults.pick("test", "POST", "/api/v2/purchases"); // the rule: the second meets the error
 */
export function createFaults(): Faults {
  const entries: Record<Environment, Entry[]> = { production: [], test: [] };
  let nextId = 1;

  function list(env: Environment): StoredFaultRule[] {
    return entries[env].map((entry) => ({ ...entry.rule }));
  }

  function set(env: Environment, rules: FaultRule[]): StoredFaultRule[] {
    entries[env] = entriesOf(FaultRulesBody.parse({ rules }).rules);
    return list(env);
  }

  function add(env: Environment, rule: FaultRule): StoredFaultRule {
    if (entries[env].length >= MAX_RULES) throw new RangeError(`an environment holds at most ${MAX_RULES} fault rules`);
    const [entry] = entriesOf([FaultRuleInput.parse(rule)]);
    entries[env].push(entry!);
    return { ...entry!.rule };
  }

  function remove(env: Environment, id: number): boolean {
    const before = entries[env].length;
    entries[env] = entries[env].filter((entry) => entry.rule.id !== id);
    return entries[env].length < before;
  }

  function entriesOf(checked: FaultRule[]): Entry[] {
    return checked.map(({ key, ...rule }) => ({
      rule: {
        ...rule,
        ...(key ? { keyHint: key.slice(-4) } : {}),
        // The defaults of each kind, written out so the operator's listing shows what a rule does.
        ...(rule.kind === "timeout" ? { latencyMs: rule.latencyMs ?? DEFAULT_TIMEOUT_MS } : {}),
        ...(rule.kind === "rate-limit" ? { retryAfter: rule.retryAfter ?? DEFAULT_RETRY_AFTER } : {}),
        ...(rule.kind === "drop" ? { when: rule.when ?? "after" } : {}),
        id: nextId++,
        matched: 0,
        applied: 0,
        remaining: rule.count ?? null,
      },
      pattern: compilePattern(rule.path),
      keyHash: key ? hashOf(key) : undefined,
      acc: 0,
    }));
  }

  function pick(env: Environment, method: string, path: string, apiKey?: string): StoredFaultRule | undefined {
    const upper = method.toUpperCase();
    let requestKey: string | undefined;
    // A HEAD request runs the GET handler, so it meets the GET faults.
    const verb = upper === "HEAD" ? "GET" : upper;
    const target = normalizePath(path);
    for (const entry of entries[env]) {
      const { rule } = entry;
      if (rule.remaining === 0) continue;
      if (rule.method !== "*" && rule.method !== verb) continue;
      if (!entry.pattern.test(target)) continue;
      if (entry.keyHash !== undefined && entry.keyHash !== (requestKey ??= apiKey ? hashOf(apiKey) : "")) continue;
      rule.matched++;
      entry.acc += rule.share;
      if (entry.acc < 1 - EPSILON) continue;
      entry.acc -= 1;
      rule.applied++;
      if (rule.remaining !== null) rule.remaining--;
      return { ...rule };
    }
    return undefined;
  }

  return {
    set,
    add,
    remove,
    list,
    clear: (env) => {
      entries[env] = [];
    },
    pick,
  };
}

const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

/** Response of a dropped connection: its body stream errors at once, so an HTTP client sees the connection fail. */
export function droppedConnection(): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.error(new Error("sandbox fault: connection dropped"));
    },
  });
  return new Response(body);
}

function faultJson(
  kind: FaultRule["kind"],
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "X-Sandbox-Fault": kind, ...headers },
  });
}

/** Waits `ms`, or less if `signal` aborts; answers whether the whole wait passed. */
function wait(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Carries out a fault around a request: `run` answers the request normally; `rateLimit` is the sandbox's, which a
 * rate-limit fault's 429 names as a spent budget's does. latency: wait then run; error / rate-limit: answer without running;
 * drop before: dropped without running; drop after: run, then dropped; timeout: wait (abortable by `signal`) then dropped.
 * A latency wait is abortable too: a request whose client left during it is dropped without running.
 */
export async function withFault(
  rule: StoredFaultRule | undefined,
  run: () => Promise<Response>,
  signal?: AbortSignal,
  rateLimit?: number,
): Promise<Response> {
  if (!rule) return run();
  switch (rule.kind) {
    case "latency":
      return (await wait(rule.latencyMs ?? 0, signal)) ? run() : droppedConnection();
    case "error":
      return faultJson(rule.kind, 500, { Error: "Unexpected server error" });
    case "rate-limit": {
      const seconds = String(rule.retryAfter ?? DEFAULT_RETRY_AFTER);
      // As a spent budget answers (pipeline/rate-limit.ts): the window's limit, none left, and when it returns.
      return faultJson(
        rule.kind,
        429,
        { Error: "Rate limit exceeded" },
        {
          "Retry-After": seconds,
          ...(rateLimit === undefined ? {} : { "RateLimit-Limit": String(rateLimit) }),
          "RateLimit-Remaining": "0",
          "RateLimit-Reset": seconds,
        },
      );
    }
    case "drop": {
      if (rule.when === "before") return droppedConnection();
      // The request runs (a write commits); only its answer is lost.
      const response = await run();
      await response.body?.cancel().catch(() => undefined);
      return droppedConnection();
    }
    case "timeout":
      await wait(rule.latencyMs ?? DEFAULT_TIMEOUT_MS, signal);
      return droppedConnection();
  }
}
