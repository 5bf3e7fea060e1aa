import "server-only";
import type { ActiveKey } from "../core/session";
import type { SyncJob, SyncRead } from "../core/jobs/resumable-sync";
import { type InvoiceRow, invoicePage, type LineRow, lineBatch } from "./history-invoices";
import { readGroupings } from "./history-groupings";
import { readReference } from "./history-reference";
import { readScope } from "./history-scope";
import {
  addDays,
  type HistoryContext,
  type HistoryState,
  LINES_VERSION,
  REFRESH_DAYS,
  type ReadAll,
  saveHistoryState,
  WINDOW_DAYS,
} from "./history-state";

/**
 * The state a key's new walk starts from: the first backfill; a refresh of the last `REFRESH_DAYS` once it has one;
 * or, for a history whose lines lack what a line keeps now, a backfill again whole that keeps its figures.
 *
 * @example
 * const next = beginWalk(await loadHistoryState(db, keyId), "2025-06-01", 365);
 */
export function beginWalk(state: HistoryState | undefined, today: string, historyDays: number): HistoryState {
  const walk = { day: today, requests: state?.requests ?? 0, windowRequests: state?.requests ?? 0 };
  const newest = { from: addDays(today, -(WINDOW_DAYS - 1)), to: today, page: 1 };
  const stale = state?.backfilledAt !== undefined && (state.linesVersion ?? 1) < LINES_VERSION;
  if (stale)
    return {
      ...state!,
      horizon: addDays(today, -historyDays),
      phase: "backfill",
      window: newest,
      seen: [],
      pendingLines: [],
      scope: undefined,
      walk,
      resumesAt: undefined,
      referencedAt: undefined,
    };
  if (state)
    return {
      ...state,
      phase: "refresh",
      window: { from: addDays(today, -(REFRESH_DAYS - 1)), to: today, page: 1 },
      seen: [],
      pendingLines: [],
      scope: undefined,
      walk,
      resumesAt: undefined,
    };
  return {
    horizon: addDays(today, -historyDays),
    phase: "backfill",
    window: newest,
    seen: [],
    pendingLines: [],
    requests: 0,
    walk,
  };
}

/**
 * The walk's end: when it ended is the history's "as of".
 *
 * @example
 * finishWalk(state, Date.now()); // state.phase === "idle"
 */
export function finishWalk(state: HistoryState, now: number): void {
  const at = new Date(now).toISOString();
  if (state.phase === "backfill") {
    state.backfilledAt = at;
    state.linesVersion = LINES_VERSION;
  }
  state.refreshedAt = at;
  state.phase = "idle";
  state.window = undefined;
  state.walk = undefined;
  state.resumesAt = undefined;
}

/** After a window: the next one back (backfill), or the walk's end. */
async function nextWindow(ctx: HistoryContext, keyId: string, state: HistoryState, readAll: ReadAll) {
  const window = state.window!;
  state.seen = [];
  if (state.phase === "backfill" && window.from > state.horizon) {
    const to = addDays(window.from, -1);
    const from = addDays(to, -(WINDOW_DAYS - 1));
    state.window = { from: from < state.horizon ? state.horizon : from, to, page: 1, batch: 0 };
    if (state.walk) state.walk.windowRequests = state.requests;
    return;
  }
  await readReference(ctx, keyId, state, readAll);
  finishWalk(state, ctx.now());
}

/**
 * A backfill's opening: what the pages name and group by (the products, the retailers with their zone, the reps, the
 * promotions), read before the first window rather than after the last, so that the page's figures of the days read
 * so far carry their names, groups and zones. Its requests are left out of the windows' (the estimate's rate per day).
 */
async function readOpening(ctx: HistoryContext, keyId: string, state: HistoryState, readAll: ReadAll) {
  const before = state.requests;
  await readGroupings(ctx.db, keyId, state, readAll);
  state.referencedAt = new Date(ctx.now()).toISOString();
  const spent = state.requests - before;
  if (state.walk)
    state.walk = {
      ...state.walk,
      requests: state.walk.requests + spent,
      windowRequests: state.walk.windowRequests + spent,
    };
}

/**
 * One step of a key's walk, as the resumable sync runs it: an Employee key's scope first, a backfill's opening (what
 * the pages name and group by), then the window's invoice pages, its lines a batch at a time, and the next window (or
 * the retailers' stock, the rest of the reference when due, and the walk's end). Saves the state.
 *
 * @example
 * await walkStep(ctx, job, key, state, read);
 */
export async function walkStep(
  ctx: HistoryContext,
  job: SyncJob,
  key: ActiveKey,
  state: HistoryState,
  read: SyncRead,
): Promise<void> {
  const readPage = async <T>(path: string) => {
    const records = await read<T>(path);
    return { records, more: records.length === 500 };
  };
  const readAll = async <T>(path: string): Promise<T[]> => {
    const all: T[] = [];
    for (let page = 1; ; page++) {
      const { records, more } = await readPage<T>(`${path}&Page=${page}`);
      all.push(...records);
      if (!more) return all;
    }
  };
  if (key.keyType === "Employee" && !state.scope) await readScope(ctx.db, job.keyId, job.workspaceId, state, readAll);
  // No member linked to a rep (or no customers of theirs): nothing to walk; the page says why.
  else if (state.scope && !state.scope.distributor && state.scope.customerIds.length === 0)
    finishWalk(state, ctx.now());
  else if (state.phase === "backfill" && !state.referencedAt) await readOpening(ctx, job.keyId, state, readAll);
  else if (state.window!.page > 0) await invoicePage(ctx.db, job.keyId, state, readPage<InvoiceRow>);
  else if (state.pendingLines.length > 0) await lineBatch(ctx.db, job.keyId, state, readAll<LineRow>);
  else await nextWindow(ctx, job.keyId, state, readAll);
  await saveHistoryState(ctx, job.keyId, state);
}
