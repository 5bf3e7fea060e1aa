import "server-only";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import * as z from "zod";
import type { DataApiClient, RecordOf } from "@/lib/data-api/client";
import { apiWalkOptions } from "@/lib/domain/api-query";
import { amountsOf, type AgingRow, sumAmounts } from "@/lib/domain/ar-aging/aging";
import { CollectedBody } from "@/lib/domain/credit/input";
import type { CollectedView, CollectionMethod } from "@/lib/domain/credit/view";
import { compareDecimals } from "@/lib/format/decimal";
import { formatMoney } from "@/lib/format/display";
import { parseRole } from "@/lib/session/roles";
import { recordOwner, workspaceOfOwner } from "../core/auth/demo-visitor";
import type { BackroomDatabase } from "../core/db/schema";
import { type ActorOf, defineRoute } from "../core/define-route";
import { RouteError } from "../core/route-errors";
import { requestApi } from "../core/page-api";
import { partyTo, repStores, sharedPlace } from "../core/parties";
import type { PhotoStore } from "../core/photos/photo-store";
import type { ProxyDeps } from "../core/proxy/context";
import { NO_STORE } from "../core/route-errors";
import { CollectedViewAnswer } from "../credit/answers";
import { collectedView, createCollectedStore } from "./collected-store";
import { collectedKeyReused, noSuchAccount } from "./errors";
import type { CollectionsTables } from "./tables";

/**
 * What a rep collected at the door (`POST /api/collections/{arAccountId}/collected`) and an account's records of it
 * (`GET`), for an Employee key's people on the account's side: the store's rep (`partyTo` on the store given, or the
 * rep's stores among the account's: `repStores`), owners and admins (every store), and the accounts role (the
 * distributor's receivables). Anyone else is answered as for no account (404): a record never says it exists to one
 * who is no side of it.
 */

export interface CollectedDeps extends ProxyDeps {
  db: Kysely<BackroomDatabase>;
  now?: () => number;
  /** The collections feature's services: a record read asks for its match when the last is old (`collected-match.ts`). */
  collections?: {
    collected?: { viewed(workspaceId: string, checkedAt: string | null): Promise<void> };
    /** Where the checks' photos are kept (`collected-photos-api.ts`). */
    photos?: PhotoStore;
  };
}

export type Asker = ActorOf["key"];

/** Who writes: every role that writes visit notes (a collection is a visit); viewers read. */
export const WRITE = { notes: ["write"] } as const;
/** Roles that see every account's collections, whichever rep: the workspace's owners and admins, and accounts. */
const STAFF_ROLES = new Set(["owner", "admin", "accounts"]);

const MAX_ACCOUNT_ID = 2_147_483_647;

/** The AR account of the address, or 404 (a malformed id is no account's). */
export function accountOf(params: Record<string, string>): number {
  const text = params.arAccountId ?? "";
  const id = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > MAX_ACCOUNT_ID) throw noSuchAccount();
  return id;
}

/** The account as the asker's key reads it now: its aging rows (one request) and its stores. */
export interface AccountRead {
  /** Decimal dollars as the API gives them (6 decimals). */
  balance: string;
  customerIds: number[];
}

/**
 * The account's balance (`TotalBalanceOutstanding`, its suppliers' rows added) from `/arAging` read now with the
 * asker's key (one request), and its stores: from the key's collections snapshot when it holds the account, else from
 * `/payments/openInvoices` (one more request). Undefined when the key reads neither: no such account for it.
 */
export async function readAccount(
  api: DataApiClient,
  db: Kysely<BackroomDatabase>,
  keyId: string,
  arAccountId: number,
  signal: AbortSignal,
): Promise<AccountRead | undefined> {
  const snapshot = await db
    .withTables<CollectionsTables>()
    .selectFrom("collections_accounts")
    .select("customer_ids_json")
    .where("key_id", "=", keyId)
    .where("ar_account_id", "=", arAccountId)
    .executeTakeFirst();
  let customerIds = snapshot ? (JSON.parse(snapshot.customer_ids_json) as number[]) : [];
  if (!snapshot) {
    const open = await apiWalkOptions(
      api,
      { operation: "listOpenInvoices", query: { ARAccountIDs: String(arAccountId) } },
      0,
      1,
    ).queryFn({ signal });
    customerIds = [
      ...new Set(
        (open.records as RecordOf<"listOpenInvoices">[]).flatMap((i) =>
          i.ARAccountID === arAccountId && typeof i.CustomerID === "number" ? [i.CustomerID] : [],
        ),
      ),
    ].sort((a, b) => a - b);
  }
  // `/arAging` filters by CustomerIDs, SupplierIDs and States, not by AR account (an ARAccountIDs filter is ignored:
  // the answer's first page, which need not hold the account, read its balance as $0.00): its stores' rows, kept to it.
  const aging = customerIds.length
    ? await apiWalkOptions(
        api,
        { operation: "listArAging", query: { CustomerIDs: customerIds.join(",") } },
        0,
        1,
      ).queryFn({ signal })
    : { records: [] };
  const rows = (aging.records as AgingRow[]).filter((r) => r.ARAccountID === arAccountId);
  const sum = sumAmounts(rows.map(amountsOf));
  if (!rows.length && !customerIds.length) return undefined;
  return { balance: sum.total, customerIds };
}

/**
 * The asker's part in the account, and the store a record is of: the store given (which must be the account's; the
 * asker its rep, or staff), or the asker's own store of the account (a rep), or the account's only store (staff).
 * Throws 404 when the asker is no side of the account; 422 on `customerId` for a store not the account's.
 */
export async function sideOf(
  api: DataApiClient,
  actor: Asker,
  account: AccountRead,
  customerId: number | undefined,
  signal: AbortSignal,
): Promise<{ customerId: number | null }> {
  const staff = STAFF_ROLES.has(parseRole(actor.membership.role) ?? "");
  if (customerId !== undefined) {
    if (!account.customerIds.includes(customerId))
      throw notAccepted("customerId", `Customer ${customerId} is not a store of this AR account.`);
    if (staff || (await partyTo(api, actor, customerId, undefined, signal))) return { customerId };
    throw noSuchAccount();
  }
  if (!staff) {
    const reach = await repStores(api, actor, undefined, signal);
    const mine =
      reach.customerIds === "every"
        ? account.customerIds
        : account.customerIds.filter((id) => (reach.customerIds as number[]).includes(id));
    if (!mine.length) throw noSuchAccount();
    return { customerId: mine[0]! };
  }
  return { customerId: account.customerIds.length === 1 ? account.customerIds[0]! : null };
}

function notAccepted(field: string, detail: string): RouteError {
  return new RouteError(422, "VALIDATION_FAILED", detail, {
    fieldErrors: [{ field, code: "INVALID_VALUE", detail }],
  });
}

const METHOD_WORDS: Record<CollectionMethod, string> = {
  check: "check",
  cash: "cash",
  "money-order": "money order",
  ach: "ACH",
  card: "card",
  other: "other",
};

/**
 * The visit note a collection writes on the store: "Collected $420.00, check 4417".
 *
 * @example
 * collectedWords({ amount: "420.00", method: "check", reference: "4417" }); // "Collected $420.00, check 4417"
 */
export function collectedWords(c: { amount: string; method: CollectionMethod; reference?: string | null }): string {
  return `Collected ${formatMoney(c.amount)}, ${METHOD_WORDS[c.method]}${c.reference ? ` ${c.reference}` : ""}`;
}

const digestOf = (arAccountId: number, body: CollectedBody) =>
  createHash("sha256")
    .update(JSON.stringify([arAccountId, body]))
    .digest("base64url");

export const answer = (body: CollectedView | CollectedView[], status = 200) =>
  Response.json(body, { status, headers: NO_STORE });

/** Who may record and read an account's collections, and who is answered as for no account: both routes' words. */
const WHO = [
  "For an Employee key's people on the account's side: the store's rep (a member linked to the rep of the store given,",
  "or of one of the account's stores), owners, admins and the accounts role; anyone else 404 `NO_SUCH_ACCOUNT`, as for",
  "no account (a record never says it exists to one who is no side of it).",
].join("\n");

export const recordCollected = defineRoute(
  {
    method: "POST",
    path: "/api/collections/{arAccountId}/collected",
    summary: "Records what a rep collected at the door for an AR account.",
    description: [
      WHO,
      "",
      'Answers the record, `status: "waiting"` and `dueBy` 5 business days on. The same `Idempotency-Key` and body',
      "again: 200 and the same record (before anything is read again); another body 409 `IDEMPOTENCY_KEY_REUSED`.",
      "",
      "- `amount`: above zero with at most 2 decimals, up to 1,000,000.00 (400 `VALIDATION_FAILED` on the field",
      "  otherwise); 422 `VALIDATION_FAILED` on `amount` above the account's balance (`TotalBalanceOutstanding` as the",
      "  key's `/arAging` reads it now, one request).",
      "- `customerId`: the store it was collected at; 422 `VALIDATION_FAILED` on it for a store not the account's.",
      "  Without it: the rep's own store of the account, or the account's only store.",
      "",
      'It writes a visit note on the store ("Collected $420.00, check 4417") in the same transaction.',
    ].join("\n"),
    answer: CollectedViewAnswer,
    status: 201,
    idempotencyKey: "required",
    need: "key",
    keyTypes: ["Employee"],
    what: "Collections",
    permission: WRITE,
    body: CollectedBody,
    maxBodyBytes: 8 * 1024,
    invalid:
      "Send {amount, method: check, cash, money-order, ach, card or other, reference?, deliveryDate?: YYYY-MM-DD, customerId?}.",
  },
  async ({ request, actor, params, body, idempotencyKey }, deps: CollectedDeps) => {
    const arAccountId = accountOf(params);
    const store = createCollectedStore(deps.db, () => new Date(deps.now?.() ?? Date.now()));
    const owner = recordOwner(actor);
    const digest = digestOf(arAccountId, body);
    // A repeat answers the first's record before anything is read again (the balance has fallen since, perhaps).
    const seen = await store.byKey(owner, idempotencyKey);
    if (seen) {
      if (seen.request_digest !== digest) throw collectedKeyReused();
      return answer(collectedView(seen));
    }
    const api = requestApi(request, deps);
    const account = await readAccount(api, deps.db, actor.key.id, arAccountId, request.signal);
    if (!account) throw noSuchAccount();
    const { customerId } = await sideOf(api, actor, account, body.customerId, request.signal);
    if (compareDecimals(body.amount, account.balance) > 0)
      throw notAccepted(
        "amount",
        `${formatMoney(body.amount)} is more than the account's balance of ${formatMoney(account.balance)}.`,
      );
    const recorded = await store.record({
      owner,
      place: sharedPlace(actor),
      arAccountId,
      customerId,
      amount: body.amount,
      method: body.method,
      reference: body.reference ?? null,
      deliveryDate: body.deliveryDate ?? null,
      recordedBy: { id: actor.person.id, name: actor.person.name },
      idempotencyKey,
      digest,
      note: customerId === null ? null : { customerId, text: collectedWords(body) },
    });
    if (recorded.outcome === "conflict") throw collectedKeyReused();
    const view = collectedView(recorded.row);
    return recorded.outcome === "created" ? view : answer(view);
  },
);

export const listCollected = defineRoute(
  {
    method: "GET",
    path: "/api/collections/{arAccountId}/collected",
    summary: "Lists an AR account's recorded collections, newest first, with their match.",
    description: [
      WHO,
      "",
      "A read asks for a match against the API's payments when the last look is older than",
      "`COLLECTED_MATCH_ON_VIEW_SECONDS`.",
    ].join("\n"),
    answer: z.array(CollectedViewAnswer),
    need: "key",
    keyTypes: ["Employee"],
    what: "Collections",
  },
  async ({ request, actor, params }, deps: CollectedDeps) => {
    const arAccountId = accountOf(params);
    const api = requestApi(request, deps);
    const account = await readAccount(api, deps.db, actor.key.id, arAccountId, request.signal);
    if (!account) throw noSuchAccount();
    await sideOf(api, actor, account, undefined, request.signal);
    const store = createCollectedStore(deps.db, () => new Date(deps.now?.() ?? Date.now()));
    const rows = await store.ofAccount(sharedPlace(actor), arAccountId);
    const waiting = rows.filter((r) => r.status !== "matched");
    if (waiting.length && deps.collections?.collected) {
      const checked = waiting.map((r) => r.checked_at);
      const oldest = checked.includes(null) ? null : (checked as string[]).sort()[0]!;
      await deps.collections.collected.viewed(workspaceOfOwner(recordOwner(actor)), oldest).catch(() => undefined);
    }
    return rows.map(collectedView);
  },
);
