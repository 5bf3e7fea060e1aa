import { DataApiError } from "@/lib/data-api/data-api-error";
import type { StaleNote } from "@/lib/data-api/response-meta";
import { formatClock } from "@/lib/format/display";

/**
 * What kind of failure a request met, as the person can act on it:
 * - `offline`: no answer at all (status 0, or `fetch` itself failing);
 * - `session-ended` (401), `forbidden` (403), `not-found` (404), `conflict` (409), `in-progress` (409 with
 *   IDEMPOTENCY_KEY_IN_PROGRESS: the first try of the same write is still running), `invalid` (400, 413, 415, 422),
 *   `refused` (any other 4xx);
 * - `rate-limited` (429), `server` (5xx, or an answer that could not be read), `unexpected` (not the API's answer: a
 *   bug in the page).
 */
export type FailureKind =
  | "offline"
  | "session-ended"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "in-progress"
  | "invalid"
  | "refused"
  | "rate-limited"
  | "server"
  | "unexpected";

export interface FailureContext {
  /** What was asked for, as a noun phrase: "the payments", "this invoice", "the purchase order". */
  what: string;
  /** What was being done with it, a verb: "load" (the default), "export", "save", "send". */
  doing?: string;
  /**
   * A write sent with an Idempotency-Key (`lib/ui/idempotency.ts`): where it got no settled answer, trying again sends
   * the same request, which the API carries out at most once, and the words say so.
   */
  write?: boolean;
  /** The seconds still to wait on a 429, for a component that counts down; the error's Retry-After otherwise. */
  waitLeft?: number;
  /** Who was asked: the Data API (through the proxy, the default), or Backroom itself (its session endpoints). */
  service?: "the Data API" | "Backroom";
}

/** A failure in words: the same failure reads the same on every page and form. */
export interface Failure {
  kind: FailureKind;
  /** What went wrong, ending with a full stop: "Could not load the payments. The Data API failed (500): Boom." */
  title: string;
  /**
   * Why, without "Could not load …": for a place whose own words already say what failed (a line of the allocation's
   * outcomes, the export dialog).
   */
  reason: string;
  /** What the person can do about it, one or two sentences. */
  nextStep: string;
  /** The title and the next step: what most places show. */
  message: string;
  /** Whether the very same request may succeed if tried again (no answer, 429 after its wait, 5xx, a first try still running). */
  retry: boolean;
  /** How long the API asked to wait (429, sometimes 503), in seconds. */
  retryAfterSeconds?: number;
  /** The `X-Request-Id` of the answer: support asks for it. */
  requestId?: string;
}

/** What a retried write can promise: the same Idempotency-Key, so one effect at most. */
export const WRITE_AGAIN = "Nothing is lost: trying again sends the same request, and it takes effect at most once.";

/**
 * A wait in words, as short as it reads well: "42 s", "3 min 5 s", "29 min".
 *
 * @example
 * waitInWords(185); // "3 min 5 s"
 */
export function waitInWords(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** A text as a sentence: a full stop added unless it ends with one (or ! or ?). */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The browser's own words for a `fetch` that got no answer (Chrome, Firefox, Safari). */
const FETCH_FAILED = /failed to fetch|networkerror|load failed|network request failed/i;

function kindOf(error: unknown): FailureKind {
  if (!(error instanceof DataApiError))
    return error instanceof TypeError && FETCH_FAILED.test(error.message) ? "offline" : "unexpected";
  const { status, code } = error;
  if (status === 0) return "offline";
  if (code === "INVALID_RESPONSE" || status >= 500) return "server";
  if (status === 401) return "session-ended";
  if (status === 403) return "forbidden";
  if (status === 404) return "not-found";
  if (code === "IDEMPOTENCY_KEY_IN_PROGRESS") return "in-progress";
  if (status === 409) return "conflict";
  if (status === 429) return "rate-limited";
  if ([400, 413, 415, 422].includes(status)) return "invalid";
  return "refused";
}

const RETRIED: ReadonlySet<FailureKind> = new Set(["offline", "in-progress", "rate-limited", "server", "unexpected"]);

/**
 * Turns any failure of a request into words: what went wrong, why, and what to do next, the same on every page and
 * form (the tables' `RequestError`, the export dialog, the allocation form, the purchase editor, the key ring). A
 * write that got no settled answer says that trying again is safe. Counting a 429's wait down is the component's job:
 * it passes the seconds left as `waitLeft`. Field errors (a 400 or 422 naming fields) are placed on their fields by
 * each form; this gives the general message only.
 *
 * @example
 * describeFailure(new DataApiError({ status: 0, code: "NETWORK_ERROR", detail: "" }), { what: "the payments" }).message;
 * // "The Data API could not be reached. Check your connection and try again."
 * describeFailure(new DataApiError({ status: 502, detail: "Bad gateway", requestId: "r1" }), { what: "the purchase order", doing: "save", write: true }).message;
 * // "Could not save the purchase order. The Data API failed (502): Bad gateway. Nothing is lost: trying again sends the same request, and it takes effect at most once. If it keeps failing, give support the request id."
 */
export function describeFailure(error: unknown, context: FailureContext): Failure {
  const kind = kindOf(error);
  const api = error instanceof DataApiError ? error : undefined;
  const { what, doing = "load", write = false, service = "the Data API" } = context;
  const Service = service === "Backroom" ? service : "The Data API";
  const lead = `Could not ${doing} ${what}.`;
  const detail = api
    ? sentence(api.detail || `${Service} answered ${api.status}`)
    : sentence(error instanceof Error && error.message ? error.message : "Unknown error");
  const again = write && RETRIED.has(kind) && kind !== "in-progress" ? WRITE_AGAIN : "";
  const support =
    api?.requestId && (kind === "server" || kind === "refused")
      ? "If it keeps failing, give support the request id."
      : "";
  const wait = context.waitLeft ?? api?.retryAfter;

  let title = `${lead} ${detail}`;
  let reason = detail;
  let nextStep: string;
  switch (kind) {
    case "offline":
      title = reason = `${Service} could not be reached.`;
      nextStep = "Check your connection and try again.";
      break;
    case "session-ended":
      title = reason = "Your session has ended: it expired, or it was signed out.";
      nextStep = "Connect your key again to go on.";
      break;
    case "forbidden":
      title = `This key may not ${doing === "load" ? "see" : doing} ${what}. ${detail}`;
      reason = `This key may not do this. ${detail}`;
      nextStep = "Switch to a key that may, or connect one.";
      break;
    case "not-found":
      nextStep = "It may have been removed, or the link may be wrong: look for it again from its list.";
      break;
    case "conflict":
      nextStep = "It changed meanwhile: reload the page to see it as it is now.";
      break;
    case "in-progress":
      title = reason = "The first try of this request is still being processed.";
      nextStep = "Try again in a moment: it is the same request, and it takes effect once.";
      break;
    case "invalid":
      nextStep = api?.fieldErrors.length
        ? "Correct the marked fields and try again."
        : write
          ? "Correct it and try again."
          : "Check the filters and the address, then try again.";
      break;
    case "refused":
      nextStep = `${Service} refused it (${api?.status ?? "?"}).`;
      break;
    case "rate-limited":
      title = reason = "The API's rate limit for this key is used up for now.";
      nextStep =
        wait === undefined
          ? "Wait a minute and try again."
          : wait > 0
            ? `You can try again in ${waitInWords(wait)}.`
            : "You can try again now.";
      break;
    case "server":
      reason =
        api?.code === "INVALID_RESPONSE"
          ? `${Service}'s answer could not be read: ${detail}`
          : `${Service} failed (${api?.status ?? "?"}): ${detail}`;
      title = `${lead} ${reason}`;
      nextStep = write ? "" : "Try again in a moment.";
      break;
    case "unexpected":
      nextStep = "Try again; if it keeps failing, reload the page.";
      break;
  }
  nextStep = [nextStep, again, support].filter(Boolean).join(" ");
  return {
    kind,
    title,
    reason,
    nextStep,
    message: `${title} ${nextStep}`.trim(),
    retry: RETRIED.has(kind),
    ...(api?.retryAfter !== undefined ? { retryAfterSeconds: api.retryAfter } : {}),
    ...(api?.requestId ? { requestId: api.requestId } : {}),
  };
}

/** Why an answer was a last-known one, as the end of its note. */
const STALE_WHY: Record<StaleNote["reason"], string> = {
  "rate-limited": "the API's hourly limit is spent",
  "api-error": "the API failed",
  timeout: "the API did not answer",
  unreachable: "the API did not answer",
};

/**
 * The one quiet line of a region drawn from a last-known answer (the proxy's `stale-if-error`): how old it is and
 * why, the times in the person's zone, with the day when it is not today.
 *
 * @example
 * describeStale({ reason: "rate-limited", at: "2026-11-23T22:02:00Z", until: "2026-11-23T23:00:00Z" }, "America/Los_Angeles", new Date("2026-11-23T22:10:00Z"));
 * // "Shown as of 2:02 PM · the API's hourly limit is spent until 3:00 PM"
 */
export function describeStale(note: StaleNote, timeZone: string, now: Date): string {
  const until =
    note.reason === "rate-limited" && note.until && Date.parse(note.until) > now.getTime()
      ? ` until ${formatClock(note.until, timeZone, now)}`
      : "";
  return `Shown as of ${formatClock(note.at, timeZone, now)} · ${STALE_WHY[note.reason]}${until}`;
}
