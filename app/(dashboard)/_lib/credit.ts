import "server-only";
import type { PageCredit } from "@/components/credit/customer-credit";
import { backend } from "@/lib/backend";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import type { CreditView } from "@/lib/domain/credit/view";
import { currentSession } from "@/lib/server/core/current-session";
import { type ActorOf, refusalFor } from "@/lib/server/core/define-route";
import { RouteError } from "@/lib/server/core/route-errors";
import { pageApi } from "@/lib/server/core/page-api";
import { sharedPlace } from "@/lib/server/core/parties";
import { createSharedLists } from "@/lib/server/order-guide/shared-lists";
import { createCreditViews } from "@/lib/server/credit/credit-view";
import { withCredit } from "@/lib/server/collections/collections-credit";
import { may } from "@/lib/session/roles";

/**
 * Credit as the pages read it on the server while they render (the feature's services, `deps.credit`: what
 * `GET /api/credit/{arAccountId}` answers, so the page and the route cannot differ), with the party rule of the
 * feature: each asker its own side, nothing for a key that is no side of the account.
 */

type Asked = { state: "shown"; view: CreditView } | { state: "pending" } | { state: "none"; why: string };

async function signedIn() {
  const session = await currentSession(backend);
  if (!session || refusalFor(session.actor, "key")) return undefined;
  const actor = session.actor as ActorOf["key"];
  return { actor, role: actor.membership.role };
}

/** A refusal of the feature's in words (no account of this key's, the first walk not in yet), or a throw. */
function refused(error: unknown): Asked {
  if (!(error instanceof RouteError)) throw error;
  if (error.code === "COLLECTIONS_PENDING") return { state: "pending" };
  // No side of the account (or no account of this key's): nothing is said of it, as the route says nothing.
  if (error.status === 404 || error.status === 403) return { state: "none", why: "" };
  return { state: "none", why: `The credit could not be read (${error.status}): ${error.detail}` };
}

/** An AR account's credit, the asker's side (the full view's page). */
export async function pageCreditOf(arAccountId: number): Promise<Asked | undefined> {
  const who = await signedIn();
  if (!who) return undefined;
  const { credit } = await backend();
  try {
    return { state: "shown", view: await credit.creditFor(await pageApi(backend), who.actor, arAccountId) };
  } catch (error) {
    return refused(error);
  }
}

/**
 * The credit of a store's AR account as its page shows it, and whether the person may set its limit (an Employee key,
 * owners, admins and accounts: `credit: ["set"]`). Undefined where the asker is no side of the store (the page then
 * has no block); never throws for the API's or the feature's refusals (the block says why).
 */
export async function pageCredit(customerId: number, { score = true } = {}): Promise<PageCredit | undefined> {
  const who = await signedIn();
  // A brand's key has no side of a store's credit (the route answers it 403): no block.
  if (!who || who.actor.key.keyType === "Supplier") return undefined;
  const { credit } = await backend();
  let asked: Asked;
  try {
    const api = await pageApi(backend);
    asked = { state: "shown", view: await credit.creditForCustomer(api, who.actor, customerId, undefined, { score }) };
  } catch (error) {
    try {
      asked = refused(error);
    } catch {
      return { state: "unknown", why: "The credit could not be read just now: reload the page to try again." };
    }
  }
  if (asked.state === "pending") return asked;
  if (asked.state === "none") return asked.why ? { state: "unknown", why: asked.why } : undefined;
  const maySet =
    who.actor.key.keyType === "Employee" && asked.view.side === "staff" && may(who.role, { credit: ["set"] });
  return { state: "shown", view: asked.view, maySet };
}

/**
 * The store's credit for its overview, order guide and reorder lists: each of the Customer key's stores given (at
 * most `max`), one per AR account (two stores of one account show it once). Those the key is no side of are left out.
 */
export async function storeCredits(
  customerIds: readonly number[],
  { max = 4, score = true }: { max?: number; score?: boolean } = {},
): Promise<CreditView[]> {
  const who = await signedIn();
  if (!who) return [];
  const { credit } = await backend();
  const api = await pageApi(backend);
  // One store after another: the first reads the key's aging and open invoices, the others take the proxy's copies.
  const views: (CreditView | undefined)[] = [];
  for (const id of customerIds.slice(0, max))
    views.push(await credit.creditForCustomer(api, who.actor, id, undefined, { score }).catch(() => undefined));
  const seen = new Set<number>();
  return views.filter((v): v is CreditView => {
    if (!v || seen.has(v.arAccountId)) return false;
    seen.add(v.arAccountId);
    return true;
  });
}

/**
 * The store's credit for its overview's card, from the key's aging and open invoices the overview has already read
 * (its own walks, handed in): the feature's `storeCreditsFrom`, which reads the limits and the reorder lists from
 * Backroom's tables and asks nothing of the API. The figures are `storeCredits`' (without the score) for the same lists.
 */
export async function overviewCredits(reads: {
  aging: readonly unknown[];
  openInvoices: readonly unknown[];
  customerIds: readonly number[];
}): Promise<CreditView[]> {
  const who = await signedIn();
  if (!who) return [];
  const { credit } = await backend();
  return credit.storeCreditsFrom(who.actor, reads);
}

/**
 * The credit of the store a reorder list is for, as its page shows it: read by the list's store (the list itself is
 * read in the browser, by the party rule of the lists); the credit's own party rule decides whether anything shows.
 */
export async function listCredit(listId: string): Promise<CreditView | undefined> {
  const who = await signedIn();
  if (!who || who.actor.key.keyType === "Supplier") return undefined;
  const { db } = await backend();
  const row = await createSharedLists(db).get(sharedPlace(who.actor), listId);
  if (!row) return undefined;
  const credit = await pageCredit(row.customer_id, { score: false });
  return credit?.state === "shown" ? credit.view : undefined;
}

/**
 * The staff's credit rows of every account of the key's snapshot, as `GET /api/credit` reads them (the feature's
 * `creditRows`, the one function of both), or undefined while the key's first walk is not in.
 */
export async function staffCreditRows() {
  const who = await signedIn();
  if (!who) return undefined;
  const { db } = await backend();
  return createCreditViews({ db }).creditRows(who.actor);
}

/**
 * The Collections page's rows with each account's limit and what is left of it (`withCredit`: the feature's
 * `creditRows`, as its export reads them, without the scores); the rows as they were when nobody is signed in with a
 * key or the credit cannot be read.
 */
export async function collectionsCredit(rows: readonly CollectionRow[]): Promise<CollectionRow[]> {
  const who = await signedIn();
  if (!who) return [...rows];
  const { credit } = await backend();
  return withCredit(credit, who.actor, rows);
}
