import "server-only";
import { cache } from "react";
import { backend } from "@/lib/backend";
import type { PurchasesV2State } from "@/lib/server/core/purchases-v2";
import type { SessionKey } from "@/lib/session/session-view";
import { mayCall } from "@/lib/domain/navigation";

/**
 * Where the v2 purchase endpoints stand for the session's active key: "available", "missing" (DATA_API_V2=auto and a
 * v2 list read answered 404, 405 or 501 in the last 10 minutes) or "off" (DATA_API_V2=off). A key that may not call
 * them at all (a Customer key) gets "off" without a look at the store. One read of the shared store per render.
 *
 * @example
 * const v2 = await purchasesV2State(active);
 * if (v2 !== "available") return <ListPage name="purchasesV1" ... />;
 */
export const purchasesV2State = cache(
  async (active: Pick<SessionKey, "keyType" | "environment">): Promise<PurchasesV2State> => {
    if (!mayCall(active.keyType, "listPurchasesV2")) return "off";
    return (await backend()).purchasesV2.state(active.environment);
  },
);

/**
 * Whether pages for the session's key may use the v2 purchase endpoints: the one check of every page built on them
 * (the Purchases list and detail, the draft editor, the replenishment planner). The browser has the same answer from
 * the dashboard's providers (`usePurchasesV2`).
 *
 * @example
 * if (!(await purchasesV2Available(active))) return <DraftsNeedV2 reason={...} />;
 */
export async function purchasesV2Available(active: Pick<SessionKey, "keyType" | "environment">): Promise<boolean> {
  return (await purchasesV2State(active)) === "available";
}

/**
 * Whether v2 may yet turn out missing while a page built on it is open (DATA_API_V2=auto): such a page is wrapped in
 * `V2MissingWatch`, which renders it again as the v1 view when one of its v2 reads meets a service without v2.
 */
export async function purchasesV2MayGoMissing(): Promise<boolean> {
  return (await backend()).purchasesV2.mode === "auto";
}
