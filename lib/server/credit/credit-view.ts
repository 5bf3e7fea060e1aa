import "server-only";
import type { Kysely } from "kysely";
import type { DataApiClient } from "@/lib/data-api/client";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import { availableCredit, usedShare } from "@/lib/domain/credit/available";
import { toCollect } from "@/lib/domain/credit/collect";
import type { CreditRow, CreditSide, CreditView, Reliability } from "@/lib/domain/credit/view";
import { requireDecimal, toDecimalString } from "@/lib/format/decimal";
import { parseRole } from "@/lib/session/roles";
import { keyTypeRefusal } from "../core/define-route";
import type { BackroomDatabase } from "../core/db/schema";
import { type KeyActor, partyTo, type SharedPlace, sharedPlace } from "../core/parties";
import { collectionsView } from "../collections/collections-view";
import { collectionsPending } from "../collections/errors";
import type { CollectionsTables } from "../collections/tables";
import { storeAccount, storeAging, storeOpenInvoices } from "./credit-reads";
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
    let account = open.find((i) => i.CustomerID === customerId)?.ARAccountID ?? undefined;
    if (account === undefined) {
      const accounts = [...new Set((await storeAging(api, signal)).map((a) => a.ARAccountID!))];
      const inScope = (actor.key.scope.customers ?? []).some((c) => c.id === customerId);
      if (accounts.length === 1 && inScope) account = accounts[0]!;
    }
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

  return { creditFor, creditForCustomer, creditRows, limits, lists };
}

export type CreditViews = ReturnType<typeof createCreditViews>;
