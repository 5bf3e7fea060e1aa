import "server-only";
import type { Kysely } from "kysely";
import type { DataApiClient } from "@/lib/data-api/client";
import type { DisputeDigest } from "@/lib/domain/disputes/digest";
import type { BackroomDatabase } from "../core/db/schema";
import type { ActorOf } from "../core/define-route";
import { repStores, sharedPlace } from "../core/parties";
import { storeDisputes } from "../disputes/digest";

/**
 * The disputes not resolved of a statement's stores that its reader is a side of (the party rule): a Customer key's
 * own stores; for an Employee key, the stores of the member's rep (`repStores`), every one for owners and admins; none
 * for a brand. Oldest first. An empty list when they cannot be read: the statement stands without them.
 *
 * @example
 * await statementDisputes(api, db, actor, statement.customers.map((c) => c.customerId)); // [{ invoiceNum, open, ... }]
 */
export async function statementDisputes(
  api: DataApiClient,
  db: Kysely<BackroomDatabase>,
  actor: ActorOf["key"],
  customerIds: readonly number[],
  signal?: AbortSignal,
): Promise<DisputeDigest[]> {
  try {
    let sides: readonly number[] = [];
    if (actor.key.keyType === "Customer") {
      const mine = new Set((actor.key.scope.customers ?? []).map((c) => c.id));
      sides = customerIds.filter((id) => mine.has(id));
    } else if (actor.key.keyType === "Employee") {
      const reach = (await repStores(api, actor, undefined, signal)).customerIds;
      sides = reach === "every" ? customerIds : customerIds.filter((id) => reach.includes(id));
    }
    return await storeDisputes(db, sharedPlace(actor), sides);
  } catch {
    return [];
  }
}
