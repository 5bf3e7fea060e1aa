import "server-only";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { CreditQuery, creditListRows, LimitBody } from "@/lib/domain/credit/input";
import type { CreditList } from "@/lib/domain/credit/view";
import type { BackroomDatabase } from "../core/db/schema";
import { defineRoute, invalidField, requiredIdempotencyKey } from "../core/define-route";
import { requestApi } from "../core/page-api";
import { sharedPlace } from "../core/parties";
import type { ProxyDeps } from "../core/proxy";
import { NO_STORE } from "../core/route-errors";
import { collectionsView } from "../collections/collections-view";
import { collectionsPending } from "../collections/errors";
import { createCreditViews } from "./credit-view";
import { keyReused, noSuchAccount, staleLimit } from "./errors";

/**
 * Credit's routes (`docs/endpoints.md`, "Credit"): the staff's list, each side's view of an account, and the staff's
 * limit. Who sees what is `credit-view.ts`'s; the limit's writes are `limits-store.ts`'s.
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

// GET /api/credit?sort=&over=&q=&page=: the staff's credit list (Employee key, every role that reads Collections): the
// snapshot's accounts with their limit, balance, open lists, available, used and score, 50 a page. While the key's
// first walk is not in: `pending`, no rows (and the walk is queued, as the Collections page does).
export const listCredit = defineRoute(
  { need: "key", keyTypes: ["Employee"], what: "The credit list", query: CreditQuery },
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

// GET /api/credit/{arAccountId}: the account's credit as the asker's side sees it (`credit-view.ts`): staff and the
// store's rep from the Employee key's snapshot, the store from its own key live; anyone else 404. ETag: the limit's
// version.
export const getCredit = defineRoute(
  { need: "key", keyTypes: ["Employee", "Customer"], what: "Credit" },
  async ({ request, actor, params }, deps: CreditDeps) => answerView(request, actor, deps, accountId(params)),
);

const digestOf = (arAccountId: number, limit: string | null) =>
  createHash("sha256")
    .update(JSON.stringify([arAccountId, limit]))
    .digest("base64url");

// PUT /api/credit/{arAccountId} {limit} with an Idempotency-Key (and If-Match, optional): the staff (owners, admins,
// accounts) set or remove (null) an account's limit; the limit and its change in one transaction. The same key again
// answers as the first; with another body 409; If-Match on a version the limit has left 412.
export const putCreditLimit = defineRoute(
  {
    need: "key",
    keyTypes: ["Employee"],
    what: "Credit limits",
    permission: SET_LIMIT,
    body: LimitBody,
    invalid: 'Send {limit: "10000.00"}: dollars and cents, at least 0 and at most 10,000,000; null removes it.',
  },
  async ({ request, actor, params, body }, deps: CreditDeps) => {
    const id = accountId(params);
    const idempotencyKey = requiredIdempotencyKey(request, "one change of the limit");
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
