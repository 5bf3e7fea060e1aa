import "server-only";
import { agingCloseDay, invoicesToName } from "@/lib/domain/collections/collections";
import { type CollectionsInput, entryOf, type ListName } from "@/lib/domain/collections/collections-input";
import { SCORE_WINDOW_DAYS } from "@/lib/domain/credit/score";
import { finishScores, publishCollections } from "./collections-snapshot";
import {
  type CollectionsContext,
  type CollectionsState,
  keepPage,
  keptLists,
  saveCollectionsState,
} from "./collections-state";

/** Rows a page of the API holds at most. */
const PAGE_SIZE = 500;
/** Invoice ids per `/invoices` request: about 2.8 kB of query, as the history's line batches. */
const INVOICE_BATCH = 400;
/** Every status but Canceled (the API's default is New only). */
const STATUSES = "1,2,3,4,5,7";

/**
 * Days before the score's window the invoices are read from: `/invoices`' StartDate bounds the invoice's day, the
 * score's window its due day, so an invoice dated up to this many days before the window and due in it is read too
 * (the longest credit term the API's terms list is Net 45; 90 leaves room).
 */
export const SCORE_TERMS_DAYS = 90;

/**
 * The first invoice day the score's invoices are read from: the aging's close less the score's window (365 days) and
 * the terms' room (`SCORE_TERMS_DAYS`).
 *
 * @example
 * scoredSince("2026-11-21"); // "2025-08-23"
 */
export function scoredSince(close: string): string {
  const day = new Date(`${close}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - SCORE_WINDOW_DAYS - SCORE_TERMS_DAYS);
  return day.toISOString().slice(0, 10);
}

/**
 * The lists a walk reads whole, in order; then the invoices by id, and the snapshot is published (the Collections and
 * AR aging pages show it); then the score's lists, and the scores are kept on its rows. A first walk shows its rows
 * after some 54 requests at scale 1, not the 164 the scores add up to (at the live service's pace, within the hour
 * rather than in three: docs/benchmarks.md).
 */
const LISTS = [
  { list: "aging", path: () => "/arAging" },
  { list: "customers", path: () => "/customers?AccountStatuses=Active,Inactive,OutOfBus" },
  { list: "openInvoices", path: () => "/payments/openInvoices" },
  { list: "payments", path: () => "/payments" },
  // The stores' people: a few pages for every store at once, not a request per account.
  { list: "users", path: () => "/users?Roles=Customer&Active=true" },
] as const satisfies readonly { list: ListName; path: (close: string) => string }[];

/**
 * The payment-reliability score's (`lib/domain/credit/score.ts`), read once the snapshot is published: what paid
 * which invoice, and the year's invoices delivered or credited, as of the aging's close.
 */
const SCORE_LISTS = [
  { list: "applications", path: () => "/payments/applications?Statuses=Confirmed" },
  {
    list: "scored",
    path: (close: string) => `/invoices?${new URLSearchParams({ Statuses: "3,4,5,7", StartDate: scoredSince(close) })}`,
  },
] as const satisfies readonly { list: ListName; path: (close: string) => string }[];

/** One page's read in a step: its records. */
type Read = (path: string, headers?: Record<string, string>) => Promise<unknown[]>;

/**
 * One step of a walk: a page of the list it stands at, or the walk's end.
 *
 * @example
 * await collectionsStep(ctx, keyId, state, read);
 */
export async function collectionsStep(
  ctx: CollectionsContext,
  keyId: string,
  state: CollectionsState,
  read: Read,
): Promise<void> {
  const list = state.list!;
  if (list === "invoices") return invoiceStep(ctx, keyId, state, read);
  const score = SCORE_LISTS.some((l) => l.list === list);
  const lists: readonly { list: ListName; path: (close: string) => string }[] = score ? SCORE_LISTS : LISTS;
  const at = lists.findIndex((l) => l.list === list);
  const close = (score ? state.asOf : state.walkCloseDate) ?? new Date(ctx.now()).toISOString().slice(0, 10);
  const path = lists[at]!.path(close);
  const fresh = list === "aging" && state.freshAging ? { "Cache-Control": "no-cache" } : undefined;
  const records = await read(
    `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams({ PageSize: String(PAGE_SIZE), Page: String(state.page) })}`,
    fresh,
  );
  const entries = records.flatMap((r) => entryOf(list, r) ?? []);
  const page = state.page;
  if (list === "aging") {
    const close = agingCloseDay(entries as CollectionsInput["aging"]) ?? null;
    if (state.walkCloseDate && close && close !== state.walkCloseDate) return restartAging(ctx, keyId, state);
    state.walkCloseDate ??= close;
  }
  if (records.length === PAGE_SIZE) state.page++;
  else if (at + 1 < lists.length) Object.assign(state, { list: lists[at + 1]!.list, page: 1 });
  else if (score) {
    await keepPage(ctx, keyId, list, page, entries, state);
    return finishScores(ctx, keyId, state);
  } else {
    const input = await keptLists(ctx.db, keyId, ["aging", "openInvoices"]);
    Object.assign(state, {
      list: "invoices",
      page: 1,
      pending: [...invoicesToName(input.aging, input.openInvoices).keys()].sort((a, b) => a - b),
    });
  }
  await keepPage(ctx, keyId, list, page, entries, state);
}

/** A batch of the invoices no open invoice names, by id; the walk's end once none is left. */
async function invoiceStep(ctx: CollectionsContext, keyId: string, state: CollectionsState, read: Read) {
  if (state.pending.length === 0) return publishCollections(ctx, keyId, state, SCORE_LISTS[0].list);
  const ids = state.pending.slice(0, INVOICE_BATCH);
  const records = await read(
    `/invoices?${new URLSearchParams({ InvoiceIDs: ids.join(","), Statuses: STATUSES, PageSize: String(PAGE_SIZE) })}`,
  );
  const page = state.page;
  state.pending = state.pending.slice(ids.length);
  state.page++;
  return keepPage(
    ctx,
    keyId,
    "invoices",
    page,
    records.flatMap((r) => entryOf("invoices", r) ?? []),
    state,
  );
}

/**
 * The aging was recalculated between its pages: read it again from its first page, as of one close, past the proxy's
 * copies (kept until the next UTC midnight, they would hold the earlier close).
 */
async function restartAging(ctx: CollectionsContext, keyId: string, state: CollectionsState) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("collections_pages").where("key_id", "=", keyId).execute();
    Object.assign(state, { page: 1, walkCloseDate: null, freshAging: true });
    await saveCollectionsState(trx, ctx.now, keyId, state);
  });
}
