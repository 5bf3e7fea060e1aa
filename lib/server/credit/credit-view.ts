import "server-only";
import type { Kysely } from "kysely";
import type { DataApiClient } from "@/lib/data-api/client";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import { type EntryOf, entryOf } from "@/lib/domain/collections/collections-input";
import { availableCredit, usedShare } from "@/lib/domain/credit/available";
import { toCollect } from "@/lib/domain/credit/collect";
import type { CreditRow, CreditSide, CreditView, Reliability } from "@/lib/domain/credit/view";
import { requireDecimal, toDecimalString } from "@/lib/format/decimal";
import { parseRole } from "@/lib/session/roles";
import { keyTypeRefusal } from "../core/route-errors";
import type { BackroomDatabase } from "../core/db/schema";
import { type KeyActor, partyTo, type SharedPlace, sharedPlace } from "../core/parties";
import { collectionsView } from "../collections/collections-view";
import { collectionsPending } from "../collections/errors";
import type { CollectionsTables } from "../collections/tables";
import { storeAccount, storeAccountOf, storeAging, storeOpenInvoices, storeRowOf } from "./credit-reads";
import { noSuchAccount } from "./errors";
import { createLimitStore, type LimitNow } from "./limits-store";
import { type OpenLists, openListsFor, sumOpenLists } from "./open-lists";

/**
 * An AR account's credit as each side reads it (`GET /api/credit/{arAccountId}`, and the pages' prefetch):
 * - **staff** (an Employee key: owners, admins, accounts, and every role that reads Collections) and **the store's rep**
 *   (an Employee-key member linked to the `SalesRepUserID` of one of the account's stores, who is not an owner, admin
 *   or accounts): from the key's collections snapshot (balance, over-60, score), the place's limit, its history and
 *   the stores' open reorder lists; 409 `COLLECTIONS_PENDING` before the first walk, 404 for an account it lacks;
 * - **the store** (a Customer key whose `/arAging` lists the account): figures read live with its own key
 *   (`credit-reads.ts`), the place's limit, no history;
 * - anyone else: 404 (a Supplier key: 403 `NOT_FOR_THIS_KEY`).
 */

/** What the views read: the database and the clock. */
/**
 * How much of an account a read takes: `score: false` leaves out the store's score (its `reliability` null), the
 * history a Customer key reads live (every page of the account's applications and of the year's invoices), for the
 * pages that show only what is available (the store's overview, the order guide, a reorder list). Staff and reps read
 * the score from the snapshot: it costs nothing either way.
 */
export interface CreditReadOptions {
  score?: boolean;
}

export interface CreditViewDeps {
  db: Kysely<BackroomDatabase>;
  now?: () => number;
}

/** Roles that set limits, and read credit as staff whatever their rep link. */
export const STAFF_ROLES = new Set(["owner", "admin", "accounts"]);

const cents = (text: string): string => toDecimalString(requireDecimal(text), 2);

/** The figures of an account from its balance, over-60, limit and open lists (cents). */
export function creditFigures(balance: string, over60: string, limit: LimitNow | undefined, lists: OpenLists) {
  const limitCents = limit?.limit ?? null;
  const available = availableCredit(limitCents, balance, lists.amount);
  const over = cents(over60);
  return {
    limit: limitCents,
    balance: cents(balance),
    openLists: lists.amount,
    openListCount: lists.count,
    available,
    over60: over,
    toCollect: toCollect(over, available),
    used: usedShare(limitCents, balance, lists.amount),
  };
}

/** The view of one account from its parts. */
function viewOf(
  row: CollectionRow,
  side: CreditSide,
  parts: { limit: LimitNow | undefined; lists: OpenLists; reliability: Reliability | null; asOf: string | null },
  history: CreditView["history"],
): CreditView {
  const { used: _used, ...figures } = creditFigures(row.total, row.over60, parts.limit, parts.lists);
  return {
    arAccountId: row.arAccountId,
    name: row.name,
    customerIds: row.customerIds,
    side,
    ...figures,
    reliability: parts.reliability,
    history,
    asOf: parts.asOf,
  };
}

/**
 * What a store's key has read of its AR accounts (its whole `/arAging` and `/payments/openInvoices`: the overview's own
 * walks), the stores it asks about (in order; at most `max`), its scope and the day.
 */
export interface StoreReads {
  scope: readonly { id: number; name: string }[];
  /** The key's aging and open invoices, as the API answered them (each record read with `entryOf`). */
  aging: readonly unknown[];
  openInvoices: readonly unknown[];
  customerIds: readonly number[];
  today: string;
  max?: number;
}

/** The lists as the collections keep them (a record naming no account is left out). */
function entries(reads: StoreReads) {
  return {
    aging: reads.aging.flatMap((r) => entryOf("aging", r) ?? []) as EntryOf<"aging">[],
    open: reads.openInvoices.flatMap((r) => entryOf("openInvoices", r) ?? []) as EntryOf<"openInvoices">[],
  };
}

/**
 * The accounts of the stores asked, in their order, each once: the account `creditForCustomer` finds for each store
 * (`storeAccountOf`) with its row (`storeRowOf`); a store with no account its aging lists is left out, as the pages
 * leave out the one `creditForCustomer` refuses.
 */
export function storeRows(reads: StoreReads): { row: CollectionRow; asOf: string }[] {
  const { aging, open } = entries(reads);
  const seen = new Set<number>();
  const rows: { row: CollectionRow; asOf: string }[] = [];
  for (const customerId of reads.customerIds.slice(0, reads.max ?? 4)) {
    const account = storeAccountOf(reads.scope, aging, open, customerId);
    if (account === undefined || seen.has(account)) continue;
    const found = storeRowOf(reads.scope, aging, open, account, reads.today);
    if (!found) continue;
    seen.add(account);
    rows.push(found);
  }
  return rows;
}

/**
 * The store's credit of each of its stores' accounts, without the score, from what its key has read (`StoreReads`),
 * the place's limits and the stores' open reorder lists: the figures `creditFor` answers the store for the same lists
 * (`score: false`), with no request of its own. Pure: the overview's card and its tests combine here.
 *
 * @example
 * storeCreditsOf(reads, new Map([[50001, { limit: "10000.00", version: 1 }]]), new Map());
 * // [{ arAccountId: 50001, limit: "10000.00", available: "2140.00", side: "store", reliability: null, ... }]
 */
export function storeCreditsOf(
  reads: StoreReads,
  limits: ReadonlyMap<number, LimitNow>,
  lists: ReadonlyMap<number, OpenLists>,
): CreditView[] {
  return storeRows(reads).map(({ row, asOf }) =>
    viewOf(
      row,
      "store",
      {
        limit: limits.get(row.arAccountId),
        lists: sumOpenLists(lists, row.customerIds),
        reliability: null,
        asOf,
      },
      [],
    ),
  );
}

/** The snapshot's row of an account, its score and the snapshot's close; 409 while pending, 404 without it. */
async function snapshotAccount(db: Kysely<BackroomDatabase>, keyId: string, arAccountId: number) {
  const view = await collectionsView(db, keyId);
  if (!view.ready) throw collectionsPending();
  const row = view.rows.find((r) => r.arAccountId === arAccountId);
  if (!row) throw noSuchAccount();
  const kept = await db
    .withTables<CollectionsTables>()
    .selectFrom("collections_accounts")
    .select("reliability_json")
    .where("key_id", "=", keyId)
    .where("ar_account_id", "=", arAccountId)
    .executeTakeFirst();
  const score = kept?.reliability_json ? (JSON.parse(kept.reliability_json) as Reliability) : null;
  return { row, reliability: score, asOf: view.state.asOf };
}

/** An Employee key's side: the rep's for a member linked to a store's rep (not an owner, admin or accounts), else staff. */
async function employeeSide(api: DataApiClient, actor: KeyActor, customerIds: readonly number[], signal?: AbortSignal) {
  const role = parseRole(actor.membership.role);
  if ((role && STAFF_ROLES.has(role)) || actor.membership.salesRepUserId === null) return "staff" as const;
  for (const id of customerIds) if (await partyTo(api, actor, id, undefined, signal)) return "rep" as const;
  return "staff" as const;
}

/**
 * A Customer key's credit of its stores' accounts from its aging and open invoices already read (the overview's own
 * walks, `StoreReads`): the place's limits and the stores' open lists read here, from Backroom's tables, and no request
 * to the API. Each figure is the one `creditForCustomer` answers (`score: false`) for the same lists. [] for any other
 * key.
 *
 * @example
 * const views = await storeCreditsFrom({ db, now }, actor, { aging, openInvoices, customerIds: [20001] });
 */
export async function storeCreditsFrom(
  deps: Required<CreditViewDeps>,
  actor: KeyActor,
  reads: Omit<StoreReads, "scope" | "today">,
): Promise<CreditView[]> {
  if (actor.key.keyType !== "Customer") return [];
  const today = new Date(deps.now()).toISOString().slice(0, 10);
  const asked: StoreReads = { ...reads, scope: actor.key.scope.customers ?? [], today };
  const rows = storeRows(asked);
  if (!rows.length) return [];
  const place = sharedPlace(actor);
  const [limits, lists] = await Promise.all([
    createLimitStore(deps.db).limitsFor(
      place,
      rows.map((r) => r.row.arAccountId),
    ),
    openListsFor(
      deps.db,
      place,
      rows.flatMap((r) => r.row.customerIds),
      deps.now,
    ),
  ]);
  return storeCreditsOf(asked, limits, lists);
}

/** Reads credit for the services and the routes. */
export function createCreditViews(deps: CreditViewDeps) {
  const limits = createLimitStore(deps.db);
  const now = deps.now ?? Date.now;
  const today = () => new Date(now()).toISOString().slice(0, 10);
  const lists = (place: SharedPlace, customerIds: readonly number[]) => openListsFor(deps.db, place, customerIds, now);

  /**
   * What `GET /api/credit/{arAccountId}` answers the asker (throws its refusals: `RouteError`).
   *
   * @example
   * const view = await views.creditFor(api, actor, 50001); // { side: "staff", limit: "10000.00", available: ... }
   */
  async function creditFor(
    api: DataApiClient,
    actor: KeyActor,
    arAccountId: number,
    signal = new AbortController().signal,
    { score = true }: CreditReadOptions = {},
  ): Promise<CreditView> {
    const type = actor.key.keyType;
    if (type === "Supplier") throw keyTypeRefusal("Credit", ["Employee", "Customer"], type);
    const place = sharedPlace(actor);
    if (type === "Customer") {
      const account = await storeAccount(api, actor, arAccountId, signal, today(), score);
      if (!account) throw noSuchAccount();
      const [limit, open] = await Promise.all([
        limits.limitsFor(place, [arAccountId]),
        lists(place, account.row.customerIds),
      ]);
      return viewOf(
        account.row,
        "store",
        {
          limit: limit.get(arAccountId),
          lists: sumOpenLists(open, account.row.customerIds),
          reliability: account.reliability,
          asOf: account.asOf,
        },
        [],
      );
    }
    const account = await snapshotAccount(deps.db, actor.key.id, arAccountId);
    const [side, limit, open, history] = await Promise.all([
      employeeSide(api, actor, account.row.customerIds, signal),
      limits.limitsFor(place, [arAccountId]),
      lists(place, account.row.customerIds),
      limits.history(place, arAccountId),
    ]);
    return viewOf(
      account.row,
      side,
      {
        limit: limit.get(arAccountId),
        lists: sumOpenLists(open, account.row.customerIds),
        reliability: account.reliability,
        asOf: account.asOf,
      },
      history,
    );
  }

  /**
   * The credit of a store's AR account (the order guide's and the store's overview): for a Customer key, the account
   * its open invoices name for the store (else the one account its aging lists); for an Employee key, the snapshot's
   * account holding the store. 404 when none.
   *
   * @example
   * const view = await views.creditForCustomer(api, actor, 20001);
   */
  async function creditForCustomer(
    api: DataApiClient,
    actor: KeyActor,
    customerId: number,
    signal = new AbortController().signal,
    options: CreditReadOptions = {},
  ): Promise<CreditView> {
    const type = actor.key.keyType;
    if (type === "Supplier") throw keyTypeRefusal("Credit", ["Employee", "Customer"], type);
    if (type === "Employee") {
      const view = await collectionsView(deps.db, actor.key.id);
      if (!view.ready) throw collectionsPending();
      const row = view.rows.find((r) => r.customerIds.includes(customerId));
      if (!row) throw noSuchAccount();
      return creditFor(api, actor, row.arAccountId, signal, options);
    }
    const open = await storeOpenInvoices(api, signal);
    const named = open.find((i) => i.CustomerID === customerId)?.ARAccountID ?? undefined;
    // The aging is read only for a store no open invoice names (the proxy's copy when the view reads it next).
    const account =
      named ?? storeAccountOf(actor.key.scope.customers ?? [], await storeAging(api, signal), open, customerId);
    if (account === undefined) throw noSuchAccount();
    return creditFor(api, actor, account, signal, options);
  }

  /**
   * The staff's rows of every account of the key's snapshot, or undefined while its first walk is not in. `score:
   * false` leaves the scores unread (each row's `score` null, `components` empty): the Collections page and its export
   * show the limit and what is available only.
   */
  async function creditRows(
    actor: KeyActor,
    { score: withScores = true }: CreditReadOptions = {},
  ): Promise<{ rows: CreditRow[]; asOf: string } | undefined> {
    const view = await collectionsView(deps.db, actor.key.id);
    if (!view.ready) return undefined;
    const place = sharedPlace(actor);
    const [all, open, scores] = await Promise.all([
      limits.allLimits(place),
      lists(
        place,
        view.rows.flatMap((r) => r.customerIds),
      ),
      withScores
        ? deps.db
            .withTables<CollectionsTables>()
            .selectFrom("collections_accounts")
            .select(["ar_account_id", "reliability_json"])
            .where("key_id", "=", actor.key.id)
            .execute()
        : [],
    ]);
    const score = new Map(
      scores.map((s) => [s.ar_account_id, s.reliability_json ? (JSON.parse(s.reliability_json) as Reliability) : null]),
    );
    const rows = view.rows.map((row): CreditRow => {
      const reliability = score.get(row.arAccountId) ?? null;
      return {
        arAccountId: row.arAccountId,
        name: row.name,
        customerIds: row.customerIds,
        ...creditFigures(row.total, row.over60, all.get(row.arAccountId), sumOpenLists(open, row.customerIds)),
        asOf: view.state.asOf,
        score: reliability?.score ?? null,
        components: reliability?.components ?? [],
      };
    });
    return { rows, asOf: view.state.asOf };
  }

  return {
    creditFor,
    creditForCustomer,
    creditRows,
    storeCreditsFrom: (actor: KeyActor, reads: Omit<StoreReads, "scope" | "today">) =>
      storeCreditsFrom({ db: deps.db, now }, actor, reads),
    limits,
    lists,
  };
}
