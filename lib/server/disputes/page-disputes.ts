import "server-only";
import type { StoreDisputes } from "@/lib/domain/disputes/digest";
import { sumAmounts } from "@/lib/domain/disputes/dispute";
import { currentSession } from "../core/current-session";
import { type ActorOf, refusalFor } from "../core/define-route";
import { pageApi } from "../core/page-api";
import { partyTo, sharedPlace } from "../core/parties";
import type { ProxyDeps } from "../core/proxy";
import type { SessionDeps } from "../core/session-api";
import { storeDisputes } from "./digest";

type PageDeps = ProxyDeps & Pick<SessionDeps, "actors" | "db" | "isSandbox" | "rateLimits" | "mailDelivers">;

/** The last resolved disputes a store's page lists after its open ones. */
export const RESOLVED_SHOWN = 3;

/**
 * A store's disputes as its page shows them, read on the server while it renders (Backroom's database, and the store's
 * record through the proxy for the party rule: the copy the page's own read of the customer made), so they are in its
 * first paint: those not resolved, oldest first, then the last resolved ones, and what is still in dispute. Undefined
 * where the asker is no side of the store's records (a brand, another rep's member, a key that does not read it), or
 * nobody is signed in: the page then has no section.
 *
 * @example
 * const disputes = await pageDisputes(backend, 20001); // { disputes: [...], open: "412.50" }
 */
export async function pageDisputes(
  getDeps: () => Promise<PageDeps>,
  customerId: number,
): Promise<StoreDisputes | undefined> {
  const session = await currentSession(getDeps);
  if (!session || refusalFor(session.actor, "key")) return undefined;
  const actor = session.actor as ActorOf["key"];
  const deps = await getDeps();
  try {
    const party = await partyTo(await pageApi(getDeps), actor, customerId);
    if (!party) return undefined;
    const disputes = await storeDisputes(deps.db, sharedPlace(actor), [customerId], { resolved: RESOLVED_SHOWN });
    return {
      disputes,
      open: sumAmounts(disputes.filter((d) => d.status !== "resolved").map((d) => d.open)),
    };
  } catch {
    // The page stands without them (the dispute's own pages say why).
    return undefined;
  }
}
