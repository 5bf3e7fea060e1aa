import "server-only";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { CreditQuery, creditListRows, LimitBody } from "@/lib/domain/credit/input";
import type { CreditList } from "@/lib/domain/credit/view";
import type { BackroomDatabase } from "../core/db/schema";
import { defineRoute } from "../core/define-route";
import { invalidField } from "../core/route-errors";
import { requestApi } from "../core/page-api";
import { sharedPlace } from "../core/parties";
import type { ProxyDeps } from "../core/proxy";
import { NO_STORE } from "../core/route-errors";
import { collectionsView } from "../collections/collections-view";
import { collectionsPending } from "../collections/errors";
import { CreditListAnswer, CreditViewAnswer } from "./answers";
import { createCreditViews } from "./credit-view";
import { keyReused, noSuchAccount, staleLimit } from "./errors";

/**
 * Credit's routes: the staff's list, each side's view of an account, and the staff's limit. Who sees what is
 * `credit-view.ts`'s; the limit's writes are `limits-store.ts`'s. Money is a decimal string with 2 decimals (cents),
 * null where nothing is known.
 */

/** What the credit's routes are handed. */
export interface CreditDeps extends ProxyDeps {
  db: Kysely<BackroomDatabase>;
  now?: () => number;
  /** The collections' walk: the list starts a key's first, as the Collections page does. */
  collections: { start(workspaceId: string, keyId: string): Promise<void> };
}

/** Who sets limits: owners, admins and accounts (`lib/session/roles.ts`). */
export const SET_LIMIT = { credit: ["set"] } as const;

const views = (deps: CreditDeps) => createCreditViews({ db: deps.db, now: deps.now });

/** An AR account id of the address, or 404 (never looked up). */
function accountId(params: Record<string, string>): number {
  const raw = params.arAccountId ?? "";
  if (!/^\d{1,12}$/.test(raw) || Number(raw) <= 0) throw noSuchAccount();
  return Number(raw);
}

/** The version an `If-Match` names (`"3"`, `W/"3"` or `3`), undefined when absent; 400 when not one. */
function ifMatch(request: Request): number | undefined {
  const header = request.headers.get("If-Match")?.trim();
  if (!header) return undefined;
  const m = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  if (!m) throw invalidField("If-Match", "If-Match: the limit's ETag, as GET answered it.");
  return Number(m[1]);
}

const etag = (version: number) => `"${version}"`;

/** The view, with the limit's version as its `ETag` (0: none set yet). */
async function answerView(
  request: Request,
  actor: Parameters<ReturnType<typeof views>["creditFor"]>[1],
  deps: CreditDeps,
  id: number,
) {
  const v = views(deps);
  const [view, limit] = await Promise.all([
    v.creditFor(requestApi(request, deps), actor, id, request.signal),
    v.limits.limitsFor(sharedPlace(actor), [id]),
  ]);
  return Response.json(view, { headers: { ...NO_STORE, ETag: etag(limit.get(id)?.version ?? 0) } });
}

export const listCredit = defineRoute(
  {
    method: "GET",
    path: "/api/credit",
    summary: "Lists the staff's credit: every account of the Employee key's snapshot with its limit and score.",
    description: [
      "Every role that reads Collections. The key's collections snapshot's accounts with their limit, balance (the",
      "aging's `TotalBalanceOutstanding`), open reorder lists, available (limit − balance − open lists), used ((balance +",
      "open lists) / limit), score and its components, 50 a page, sorted by used, descending, by default. While the",
      "key's first walk is not in: `pending: true` and no rows (and the walk is queued, as the Collections page does).",
      "A bad value is refused on its field (400); other parameters are ignored.",
    ].join("\n"),
    answer: CreditListAnswer,
    need: "key",
    keyTypes: ["Employee"],
    what: "The credit list",
    query: CreditQuery,
  },
  async ({ actor, query }, deps: CreditDeps): Promise<CreditList> => {
    const found = await views(deps).creditRows(actor);
    if (!found) {
      const view = await collectionsView(deps.db, actor.key.id);
      if (!view.ready && !view.state) await deps.collections.start(actor.workspace.id, actor.key.id);
      return { rows: [], total: 0, page: 1, asOf: null, pending: true };
    }
    const listed = creditListRows(found.rows, query);
    return { ...listed, asOf: found.asOf, pending: false };
  },
);

export const getCredit = defineRoute(
  {
    method: "GET",
    path: "/api/credit/{arAccountId}",
    summary: "Reads an account's credit as the asker's side sees it.",
    description: [
      "`side` says the asker's part: staff, rep (the store's rep) or store. Staff and the store's rep read it from the",
      "Employee key's snapshot (409 `COLLECTIONS_PENDING` before its first walk), with the limit's history; the store",
      "from its own key's `/arAging`, `/payments/openInvoices`, `/payments/applications` and `/invoices` (through the",
      "proxy's cache), with no history. The `ETag` header is the limit's version (`\"0\"`: never set), for `PUT`'s",
      "`If-Match`. 404 `NO_SUCH_ACCOUNT` for an account the asker does not see.",
    ].join("\n"),
    answer: CreditViewAnswer,
    need: "key",
    keyTypes: ["Employee", "Customer"],
    what: "Credit",
  },
  async ({ request, actor, params }, deps: CreditDeps) => answerView(request, actor, deps, accountId(params)),
);

const digestOf = (arAccountId: number, limit: string | null) =>
  createHash("sha256")
    .update(JSON.stringify([arAccountId, limit]))
    .digest("base64url");

export const putCreditLimit = defineRoute(
  {
    method: "PUT",
    path: "/api/credit/{arAccountId}",
    summary: "Sets or removes an account's credit limit (the distributor's staff).",
    description: [
      "`limit` is dollars and cents, as text or a number, 0 to 10,000,000 with at most 2 decimals; `null` removes it",
      "(400 on the field `limit` otherwise). The limit and its change are written in one transaction; the answer is the",
      "account's credit as `GET` answers it, with its new `ETag`.",
      "",
      "- `If-Match` (optional): the limit's version as `GET` read it (its `ETag`); 412 `LIMIT_CHANGED` when the limit",
      "  has left it, 400 on `If-Match` when it is not a version.",
      "- The same `Idempotency-Key` again answers the same (two at once make one change); with another body 409",
      "  `IDEMPOTENCY_KEY_REUSED`.",
      "- 404 `NO_SUCH_ACCOUNT` for an account not in the key's snapshot; 409 `COLLECTIONS_PENDING` before its first",
      "  walk is in.",
    ].join("\n"),
    answer: CreditViewAnswer,
    idempotencyKey: "required",
    need: "key",
    keyTypes: ["Employee"],
    what: "Credit limits",
    permission: SET_LIMIT,
    body: LimitBody,
    invalid: 'Send {limit: "10000.00"}: dollars and cents, at least 0 and at most 10,000,000; null removes it.',
  },
  async ({ request, actor, params, body, idempotencyKey }, deps: CreditDeps) => {
    const id = accountId(params);
    const version = ifMatch(request);
    const view = await collectionsView(deps.db, actor.key.id);
    if (!view.ready) throw collectionsPending();
    if (!view.rows.some((r) => r.arAccountId === id)) throw noSuchAccount();
    const outcome = await views(deps).limits.set({
      place: sharedPlace(actor),
      arAccountId: id,
      limit: body.limit,
      by: { id: actor.person.id, name: actor.person.name },
      workspaceId: actor.workspace.id,
      idempotencyKey,
      digest: digestOf(id, body.limit),
      version,
    });
    if (outcome === "conflict") throw keyReused();
    if (outcome === "stale") throw staleLimit();
    return answerView(request, actor, deps, id);
  },
);
