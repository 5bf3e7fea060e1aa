import "server-only";
import type { Kysely } from "kysely";
import type { DataApiClient, RecordOf } from "@/lib/data-api/client";
import { apiWalkOptions } from "@/lib/domain/api-query";
import { brandLines, type DisputeLine } from "@/lib/domain/disputes/dispute";
import { repsRequest } from "@/lib/domain/delivery/requests";
import { repCustomerIds } from "@/lib/domain/my-accounts";
import { parseRole } from "@/lib/session/roles";
import type { Actor } from "./auth/actor";
import { workspaceOfOwner } from "./auth/demo-visitor";
import type { AuthTables, BackroomDatabase } from "./db/schema";
import type { Environment } from "./session/types";

/**
 * Records shared between parties: one a workspace makes (a store's reorder list) that another workspace sees when
 * their keys prove both sides of it, on the same Data API and environment (one Data API an environment: the
 * deployment's), checked against the API at read time with the asker's own key. Nothing else of either workspace is
 * visible to the other. The rule, for a record about a store (a CustomerID):
 *
 * - **the store's side**: a workspace whose Customer key reads the store's record (its scope covers it);
 * - **the rep's side**: a workspace whose Employee key reads the store's record, to the members linked to the
 *   store's `SalesRepUserID` (Members' rep link) and to its owners and admins;
 * - **the maker's workspace** always (it is its record), on the side of its key's type;
 * - **a brand** (a Supplier key) is no side of a store's record, with one exception: a dispute's lines of its own
 *   products with a quality reason (damaged, not compliant: `brandLines`). It sees those lines only, and the dispute's
 *   header (the store's name, the invoice's number and day, the status), never the store's other lines, the store's
 *   and the rep's replies or the photos (`brandPart`); its suppliers are its key's scope, as the key's probe read
 *   them from `/suppliers` when it was added.
 *
 * In the demo, everyone is one shared person a kind, told apart by browser (`Actor.visitor`): a visitor's records are
 * seen by that visitor's other demo roles only (one browser trying the retailer, then the staff), never by another
 * visitor, and no workspace outside the demo sees them (nor they its). The demo's people share one inbox, so the
 * features tell demo visitors nothing by notification: they see the records where they are.
 */

/** The side of a shared record a workspace is on. */
export type Side = "store" | "rep";

/** An asker with a workspace and a key (what `defineRoute({need: "key"})` gives a handler). */
export type KeyActor = Actor & Required<Pick<Actor, "workspace" | "membership" | "key">>;

/** The store a record is about, as the asker's key reads its record now. */
export interface PartyStore {
  customerId: number;
  name: string | null;
  salesRepUserId: number | null;
  /** The warehouse that serves it (`LocationID`). */
  locationId: number | null;
}

/** The asker's part in a record about a store: its side, and the store as its key reads it. */
export interface Party {
  side: Side;
  store: PartyStore;
}

/** Where a shared record lives, beyond its maker: its environment, and the demo visitor it belongs to (or none). */
export interface SharedPlace {
  environment: Environment;
  visitor: string | null;
}

/** The place an asker's shared records are read in: its key's environment and its demo visitor (none outside). */
export const sharedPlace = (actor: KeyActor): SharedPlace => ({
  environment: actor.key.environment,
  visitor: actor.visitor ?? null,
});

/** Whether the asker's workspace made the record (`owner` as `recordOwner` kept it). */
export const madeHere = (actor: KeyActor, owner: string): boolean => workspaceOfOwner(owner) === actor.workspace.id;

/** Owners and admins see every store's shared records their Employee key reads. */
export const seesEveryStore = (actor: KeyActor): boolean => {
  const role = parseRole(actor.membership.role);
  return role === "owner" || role === "admin";
};

/** The store's record as the asker's key reads it now (one request), or undefined when the key does not read it. */
export async function readStore(
  api: DataApiClient,
  customerId: number,
  signal?: AbortSignal,
): Promise<PartyStore | undefined> {
  const walked = await apiWalkOptions(
    api,
    {
      operation: "listCustomers",
      query: { CustomerIDs: String(customerId), AccountStatuses: "Active,Inactive,OutOfBus" },
    },
    0,
    1,
  ).queryFn({ signal: signal ?? new AbortController().signal });
  const record = (walked.records as RecordOf<"listCustomers">[]).find((c) => c.CustomerID === customerId);
  if (!record) return undefined;
  return {
    customerId,
    name: typeof record.CustomerName === "string" ? record.CustomerName : null,
    salesRepUserId: typeof record.SalesRepUserID === "number" ? record.SalesRepUserID : null,
    locationId: typeof record.LocationID === "number" ? record.LocationID : null,
  };
}

/**
 * The asker's part in a record about a store, checked against the API now with the asker's key: the store's side for
 * a Customer key that reads it, the rep's for an Employee key that reads it when the member is linked to its rep or an
 * owner or admin; undefined otherwise (a brand, another rep's member, a key that does not read the store).
 * `madeBy` is the record's owner: its own workspace is always on the side of its key.
 *
 * @example
 * const party = await partyTo(requestApi(request, deps), actor, 20001, list.owner);
 * if (!party) throw noSuchList(); // never say a record exists to one who is no side of it
 */
export async function partyTo(
  api: DataApiClient,
  actor: KeyActor,
  customerId: number,
  madeBy?: string,
  signal?: AbortSignal,
): Promise<Party | undefined> {
  const type = actor.key.keyType;
  if (type === "Supplier") return undefined;
  const store = await readStore(api, customerId, signal);
  const side: Side = type === "Customer" ? "store" : "rep";
  if (madeBy !== undefined && madeHere(actor, madeBy))
    return { side, store: store ?? { customerId, name: null, salesRepUserId: null, locationId: null } };
  if (!store) return undefined;
  if (side === "store") return { side, store };
  if (seesEveryStore(actor)) return { side, store };
  const linked = actor.membership.salesRepUserId;
  return linked !== null && linked === store.salesRepUserId ? { side, store } : undefined;
}

/**
 * The stores whose shared records an Employee key's member sees as their rep: the customers of `rep` (the member's
 * own link, else the one asked), as `/salesReps` lists them now; "every" for owners and admins asking for nobody in
 * particular. A member who is neither linked to the rep asked nor an owner or admin sees none of the rep's.
 *
 * @example
 * await repStores(api, actor, 1008); // { rep: 1008, customerIds: [20001, 20007, ...] }
 */
export async function repStores(
  api: DataApiClient,
  actor: KeyActor,
  rep: number | undefined,
  signal?: AbortSignal,
): Promise<{ rep: number | null; customerIds: number[] | "every" }> {
  const linked = actor.membership.salesRepUserId;
  const asked = rep ?? linked ?? undefined;
  const everyStore = seesEveryStore(actor);
  if (asked === undefined) return { rep: null, customerIds: everyStore ? "every" : [] };
  if (!everyStore && asked !== linked) return { rep: asked, customerIds: [] };
  const walked = await apiWalkOptions(api, repsRequest, 0, 4).queryFn({
    signal: signal ?? new AbortController().signal,
  });
  const ids = repCustomerIds(walked.records as RecordOf<"listSalesReps">[], asked);
  return { rep: asked, customerIds: ids ? ids.split(",").map(Number) : [] };
}

/**
 * The people of the rep's side to tell of a change to a store's record: members, in workspaces holding an Employee
 * key of the environment, linked to the store's rep. Outside the demo only (its people share an inbox). Owners and
 * admins see the record but are not told of each change: the rep is the one who acts on it.
 */
export async function repPeople(
  db: Kysely<BackroomDatabase>,
  place: SharedPlace,
  salesRepUserId: number | null,
): Promise<{ userId: string; workspaceId: string }[]> {
  if (place.visitor !== null || salesRepUserId === null) return [];
  const rows = await db
    .withTables<AuthTables>()
    .selectFrom("auth_member")
    .innerJoin("workspace_keys", "workspace_keys.workspace_id", "auth_member.organizationId")
    .select(["auth_member.userId as userId", "auth_member.organizationId as workspaceId"])
    .where("auth_member.salesRepUserId", "=", salesRepUserId)
    .where("workspace_keys.key_type", "=", "Employee")
    .where("workspace_keys.environment", "=", place.environment)
    .distinct()
    .execute();
  return rows;
}

/** The suppliers a Supplier key speaks for (its scope: `/suppliers` as its probe read them); none for other keys. */
export function brandSuppliers(actor: KeyActor): Set<number> {
  if (actor.key.keyType !== "Supplier") return new Set();
  return new Set((actor.key.scope.suppliers ?? []).map((s) => s.id));
}

/**
 * A brand's part in a dispute: its own products' lines with a quality reason, or undefined when it has none (then it
 * is no side of the dispute, and is answered 404 as for no dispute).
 *
 * @example
 * const lines = brandPart(actor, disputeLines); // undefined: another brand's, or a short case
 */
export function brandPart<L extends Pick<DisputeLine, "supplierId" | "reason">>(
  actor: KeyActor,
  lines: readonly L[],
): L[] | undefined {
  const mine = brandLines(lines, brandSuppliers(actor));
  return mine.length ? mine : undefined;
}
