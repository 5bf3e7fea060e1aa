import "server-only";
import type { DataApiClient } from "@/lib/data-api/client";
import { agingCloseDay, type CollectionRow, collectionRows } from "@/lib/domain/collections/collections";
import {
  type AgingEntry,
  type EntryOf,
  entryOf,
  type ListName,
  type OpenInvoiceEntry,
} from "@/lib/domain/collections/collections-input";
import { scoreLists } from "@/lib/domain/collections/score-input";
import { reliability } from "@/lib/domain/credit/score";
import type { Reliability } from "@/lib/domain/credit/view";
import { type ApiRequest, apiWalkOptions } from "@/lib/domain/api-query";
import type { OperationId } from "@/lib/data-api/registry";
import type { KeyActor } from "../core/parties";
import { scoredSince } from "../collections/collections-walk";

/**
 * What a store's own key reads of its AR account, live and through the proxy's cache (a repeat within its freshness
 * costs nothing): its `/arAging` (one request: the account must be listed, which is how a Customer key proves it),
 * `/payments/openInvoices?ARAccountIDs=` (its customers), `/payments/applications?ARAccountIDs=&Statuses=Confirmed`
 * and `/invoices?Statuses=3,4,5,7&StartDate=` (the score's), then the same pure rules as the staff's snapshot:
 * `collectionRows` for the balance and the over-60, `scoreLists` and `reliability` for the score.
 */

/** Pages a store's list is read to at most (a store's year of invoices is a page or two). */
const MAX_PAGES = 20;

/** Every record of a list, kept as the collections keep it (`entryOf`). */
async function walked<L extends ListName, K extends OperationId>(
  api: DataApiClient,
  list: L,
  request: ApiRequest<K>,
  signal: AbortSignal,
): Promise<EntryOf<L>[]> {
  const walk = await apiWalkOptions(api, request, 0, MAX_PAGES).queryFn({ signal });
  return walk.records.flatMap((r) => entryOf(list, r) ?? []);
}

/** The store's aging rows (every account its key's aging lists). */
export const storeAging = (api: DataApiClient, signal: AbortSignal) =>
  walked(api, "aging", { operation: "listArAging", query: {} }, signal);

/** The store's open invoices (every account's, or one account's). */
export const storeOpenInvoices = (api: DataApiClient, signal: AbortSignal, arAccountId?: number) =>
  walked(
    api,
    "openInvoices",
    { operation: "listOpenInvoices", query: arAccountId === undefined ? {} : { ARAccountIDs: String(arAccountId) } },
    signal,
  );

/** An account as the store's key reads it: its row (as the collections compute it) and its score. */
export interface StoreAccount {
  row: CollectionRow;
  reliability: Reliability | null;
  asOf: string;
}

/**
 * The account's row from the store's key's aging and open invoices, already read (every account's: the key's whole
 * lists), or undefined when the aging does not list it: the balance and the over-60 as the collections compute them
 * (`collectionRows`), its stores those its open invoices name (or, with no open invoice and one account in the key's
 * aging, the key's stores), and the aging's close. No request: the store's live view and its overview's card (which
 * hands it the overview's own walks of the same lists) compute the same row.
 *
 * @example
 * const account = storeRowOf(actor.key.scope.customers ?? [], aging, openInvoices, 50001, "2026-11-28");
 */
export function storeRowOf(
  scope: readonly { id: number; name: string }[],
  aging: readonly AgingEntry[],
  allOpen: readonly OpenInvoiceEntry[],
  arAccountId: number,
  today: string,
): { row: CollectionRow; asOf: string } | undefined {
  const mine = aging.filter((a) => a.ARAccountID === arAccountId);
  if (!mine.length) return undefined;
  const asOf = agingCloseDay(mine) ?? today;
  const [row] = collectionRows({
    aging: mine,
    customers: scope.map((c) => ({ CustomerID: c.id, CustomerName: c.name })),
    openInvoices: allOpen.filter((i) => i.ARAccountID === arAccountId),
    payments: [],
    users: [],
    invoices: [],
  });
  if (!row) return undefined;
  // An account with no open invoice names no customer: when the key's aging lists this account alone, its stores are
  // the key's.
  const accounts = new Set(aging.map((a) => a.ARAccountID));
  const customerIds = row.customerIds.length || accounts.size > 1 ? row.customerIds : scope.map((c) => c.id);
  return { row: { ...row, customerIds }, asOf };
}

/**
 * The AR account of one of the key's stores: the account its open invoices name for the store, else, when the key's
 * aging lists one account alone and the store is the key's, that one; undefined when neither.
 *
 * @example
 * storeAccountOf(scope, aging, openInvoices, 20001); // 50001
 */
export function storeAccountOf(
  scope: readonly { id: number }[],
  aging: readonly AgingEntry[],
  allOpen: readonly OpenInvoiceEntry[],
  customerId: number,
): number | undefined {
  const named = allOpen.find((i) => i.CustomerID === customerId)?.ARAccountID ?? undefined;
  if (named !== undefined) return named;
  const accounts = [...new Set(aging.map((a) => a.ARAccountID!))];
  return accounts.length === 1 && scope.some((c) => c.id === customerId) ? accounts[0] : undefined;
}

/**
 * The account as the store's key reads it now, or undefined when its aging does not list it.
 *
 * @example
 * const account = await storeAccount(api, actor, 50001, request.signal);
 */
export async function storeAccount(
  api: DataApiClient,
  actor: KeyActor,
  arAccountId: number,
  signal: AbortSignal,
  today: string,
  score = true,
): Promise<StoreAccount | undefined> {
  const aging = await storeAging(api, signal);
  const mine = aging.filter((a) => a.ARAccountID === arAccountId);
  if (!mine.length) return undefined;
  const asOf = agingCloseDay(mine) ?? today;
  // Without the score, the account's figures are two reads (the aging and its open invoices); the score's history is
  // every page of the account's applications and of the year's invoices (some ten more at scale 1).
  // The key's open invoices, all of them (one read its other accounts' views share through the proxy's copy).
  const [allOpen, applications, scored] = await Promise.all([
    storeOpenInvoices(api, signal),
    score
      ? walked(
          api,
          "applications",
          { operation: "listPaymentApplications", query: { ARAccountIDs: String(arAccountId), Statuses: "Confirmed" } },
          signal,
        )
      : [],
    score
      ? walked(
          api,
          "scored",
          { operation: "listInvoices", query: { Statuses: "3,4,5,7", StartDate: scoredSince(asOf) } },
          signal,
        )
      : [],
  ]);
  const found = storeRowOf(actor.key.scope.customers ?? [], aging, allOpen, arAccountId, today);
  if (!found) return undefined;
  const { row } = found;
  if (!score) return { row, reliability: null, asOf };
  const lists = scoreLists(
    [{ arAccountId, customerIds: row.customerIds, aging: bucketsOf(row) }],
    scored,
    applications,
  ).get(arAccountId)!;
  return { row, reliability: reliability(lists, asOf), asOf };
}

/** The aging's buckets of a row, as the score reads them. */
export const bucketsOf = (row: CollectionRow) => ({
  current: row.current,
  due1to30: row.due1to30,
  due31to60: row.due31to60,
  due61to90: row.due61to90,
  due91: row.due91,
});
