import "server-only";
import * as z from "zod";
import { BRAND_REASONS, CLOSE_REASONS, type DisputeStatus } from "@/lib/domain/disputes/dispute";
import type { DisputeLineView, DisputeSide, DisputesJson, DisputeView } from "@/lib/domain/disputes/view";
import { parseDecimal, toDecimalString } from "@/lib/format/decimal";
import { may } from "@/lib/session/roles";
import { workspaceOfOwner } from "../core/auth/demo-visitor";
import { type ActorOf, defineRoute } from "../core/define-route";
import { requestApi } from "../core/page-api";
import { brandPart, brandSuppliers, type PartyStore, partyTo, repStores, sharedPlace } from "../core/parties";
import { NO_STORE } from "../core/route-errors";
import { DisputesJsonAnswer, DisputeViewAnswer } from "./answers";
import { type DisputeDeps, MAX_ID_LENGTH, storeOf, WRITE } from "./dispute-deps";
import { tellChange } from "./dispute-tell";
import { disputeSummary, disputeView, lineOf } from "./dispute-view";
import { noSuchDispute, notYourSide, resolved } from "./errors";
import type { Change } from "./disputes-store";
import type { DisputeTable } from "./tables";

/**
 * A dispute its store, its rep and the brand of its quality lines work on: each reads it by id when the party rule says
 * it is one (`lib/server/core/parties.ts`: the store's side and the rep's as `partyTo` says, checked with the asker's
 * key now; a brand by `brandPart`). The rep acknowledges and closes it, each side replies; the credit matcher
 * (`match-job.ts`) resolves it when the ERP's credit memo appears.
 */

/** Who sees a dispute, in every dispute route's description. */
export const SEEN_BY =
  "A dispute is seen by its store's side, its rep's side (the party rule) and the brand of its quality lines (those " +
  "lines only); to anyone else 404 `NOT_FOUND`, as for no dispute.";

/** What every write on a dispute holds to, in its description. */
export const WRITE_RULES =
  "The answer is the dispute as the asker's side sees it, its `ETag` the version. Once the dispute is resolved: 409 " +
  "`DISPUTE_RESOLVED`.";

type Asker = ActorOf["key"];

/** A dispute and the asker's part in it: the side, the lines it sees, and the store as the asker's key reads it. */
export interface Loaded {
  row: DisputeTable;
  side: DisputeSide;
  lines?: DisputeLineView[];
  store?: PartyStore;
}

/** The dispute by id when the asker is a side of it (404 otherwise, and for an id no dispute has). */
export async function load(request: Request, actor: Asker, deps: DisputeDeps, id: string | undefined): Promise<Loaded> {
  if (!id || id.length > MAX_ID_LENGTH) throw noSuchDispute();
  const store = storeOf(deps);
  const row = await store.get(sharedPlace(actor), id);
  if (!row) throw noSuchDispute();
  const lines = (await store.lines([row.id])).map(lineOf);
  if (actor.key.keyType === "Supplier") {
    const mine = brandPart(actor, lines);
    if (!mine) throw noSuchDispute();
    return { row, side: "brand", lines: mine };
  }
  const party = await partyTo(requestApi(request, deps), actor, row.customer_id, row.workspace_id, request.signal);
  if (!party) throw noSuchDispute();
  return { row, side: party.side, lines, store: party.store };
}

const etag = (version: number) => `"${version}"`;

/** The dispute as it is now, for the asker's side. */
export async function viewNow(actor: Asker, deps: DisputeDeps, loaded: Loaded): Promise<DisputeView> {
  const store = storeOf(deps);
  const row = (await store.get(sharedPlace(actor), loaded.row.id)) ?? loaded.row;
  const all = (await store.lines([row.id])).map(lineOf);
  const lines = loaded.side === "brand" ? (brandPart(actor, all) ?? []) : all;
  const [events, photos] = await Promise.all([store.events(row.id), store.photos([row.id])]);
  return disputeView(row, loaded.side, lines, events, photos, may(actor.membership.role, WRITE));
}

export async function answerDispute(actor: Asker, deps: DisputeDeps, loaded: Loaded, status = 200) {
  const view = await viewNow(actor, deps, loaded);
  return Response.json(view, { status, headers: { ...NO_STORE, ETag: etag(view.version) } });
}

/** Tells the dispute's feature a page read it: its store's credits are matched soon when the last match is old. */
async function matchWhenViewed(deps: DisputeDeps, row: DisputeTable): Promise<void> {
  if (!deps.disputes.viewed || row.status === "resolved") return;
  await deps.disputes.viewed(workspaceOfOwner(row.workspace_id), row.matched_at).catch(() => undefined);
}

export const getDispute = defineRoute(
  {
    method: "GET",
    path: "/api/disputes/{id}",
    summary: "Reads a dispute as the asker's side sees it.",
    description: [
      SEEN_BY,
      "",
      "`side` and `can` are the asker's; the `ETag` header is its version. A brand sees its own quality lines (their",
      "amounts only), the changes of status in plain words and its own replies, never the store's or the rep's, nor the",
      "photos. Read, it asks for its store's credits to be matched when the last match is older than",
      "`DISPUTE_MATCH_ON_VIEW_SECONDS`.",
    ].join("\n"),
    answer: DisputeViewAnswer,
    need: "key",
    what: "The dispute",
  },
  async ({ request, actor, params }, deps: DisputeDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    await matchWhenViewed(deps, loaded.row);
    return answerDispute(actor, deps, loaded);
  },
);

/** Makes a change as the asker's side and answers the dispute: 409 once resolved; as it is when the key made it. */
async function make(
  request: Request,
  actor: Asker,
  deps: DisputeDeps,
  loaded: Loaded,
  change: Omit<Change, "event" | "idempotencyKey"> & { kind: Change["event"]["kind"]; text: string; words: string },
  idempotencyKey: string,
) {
  const store = storeOf(deps);
  const outcome = await store.change(loaded.row.id, {
    set: change.set,
    whileUnresolved: true,
    idempotencyKey,
    event: {
      byId: actor.person.id,
      byName: actor.person.name,
      side: loaded.side,
      kind: change.kind,
      text: change.text,
    },
  });
  if (outcome === "resolved") throw resolved();
  if (outcome === "changed") {
    const row = (await store.get(sharedPlace(actor), loaded.row.id)) ?? loaded.row;
    const rep = loaded.store?.salesRepUserId ?? row.sales_rep_user_id;
    await tellChange(deps, row, loaded.side as "store" | "rep" | "brand", actor.person.id, change.words, rep).catch(
      () => undefined,
    );
  }
  return answerDispute(actor, deps, loaded);
}

const WRITES = {
  need: "key",
  permission: WRITE,
  what: "The dispute",
  answer: DisputeViewAnswer,
  idempotencyKey: "required",
} as const;

export const acknowledgeDispute = defineRoute(
  {
    ...WRITES,
    method: "POST",
    path: "/api/disputes/{id}/acknowledge",
    summary: "Acknowledges a dispute: the store's rep has seen it.",
    description: [
      "The rep's side only (403 `NOT_YOUR_SIDE` otherwise). Once: acknowledged already, it answers the dispute as it is.",
      "",
      WRITE_RULES,
      "",
      SEEN_BY,
    ].join("\n"),
    keyTypes: ["Employee"],
  },
  async ({ request, actor, params, idempotencyKey }, deps: DisputeDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    if (loaded.side !== "rep") throw notYourSide("The store's rep acknowledges a dispute.");
    if (loaded.row.status === "resolved") throw resolved();
    if (loaded.row.acknowledged_at) return answerDispute(actor, deps, loaded);
    return make(
      request,
      actor,
      deps,
      loaded,
      {
        set: {
          status: "acknowledged",
          acknowledged_at: new Date(deps.now?.() ?? Date.now()).toISOString(),
          acknowledged_by_name: actor.person.name,
        },
        kind: "acknowledged",
        text: "Acknowledged",
        words: `acknowledged by ${actor.person.name}`,
      },
      idempotencyKey,
    );
  },
);

const Reply = z.strictObject({ text: z.string().trim().min(1).max(1000) });

export const replyToDispute = defineRoute(
  {
    ...WRITES,
    method: "POST",
    path: "/api/disputes/{id}/replies",
    summary: "Replies in a dispute's thread.",
    description: [
      "`text`: 1 to 1,000 characters. By any side that sees the dispute, a brand too (its replies are the only ones it",
      "sees). The rep's first reply acknowledges an open dispute.",
      "",
      WRITE_RULES,
      "",
      SEEN_BY,
    ].join("\n"),
    body: Reply,
    maxBodyBytes: 8 * 1024,
    invalid: "Send {text}: 1 to 1,000 characters.",
  },
  async ({ request, actor, params, body, idempotencyKey }, deps: DisputeDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    if (loaded.row.status === "resolved") throw resolved();
    const acknowledges = loaded.side === "rep" && loaded.row.status === "open";
    const at = new Date(deps.now?.() ?? Date.now()).toISOString();
    return make(
      request,
      actor,
      deps,
      loaded,
      {
        set: acknowledges
          ? { status: "acknowledged", acknowledged_at: at, acknowledged_by_name: actor.person.name }
          : {},
        kind: "reply",
        text: body.text,
        words: `${actor.person.name}: ${body.text.slice(0, 120)}`,
      },
      idempotencyKey,
    );
  },
);

const Close = z.strictObject({ reason: z.string().trim().min(1).max(500) });

export const closeDispute = defineRoute(
  {
    ...WRITES,
    method: "POST",
    path: "/api/disputes/{id}/close",
    summary: "Closes a dispute with a reason (the distributor's side).",
    description: [
      `\`reason\`: 1 to 500 characters: one of ${CLOSE_REASONS.map((r) => `"${r}"`).join(", ")}, or the staff's own`,
      "words. The rep's side only (the store's rep's members, owners and admins; 403 `NOT_YOUR_SIDE` otherwise): the",
      'dispute is resolved with `resolution: {kind: "closed", reason}`. The same `Idempotency-Key` again answers it as',
      "it is.",
      "",
      WRITE_RULES,
      "",
      SEEN_BY,
    ].join("\n"),
    keyTypes: ["Employee"],
    body: Close,
    maxBodyBytes: 4096,
    invalid: `Send {reason}: 1 to 500 characters (${CLOSE_REASONS.join(", ")}, or your own words).`,
  },
  async ({ request, actor, params, body, idempotencyKey }, deps: DisputeDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    if (loaded.side !== "rep") throw notYourSide("The distributor's staff close a dispute.");
    if (loaded.row.status === "resolved") {
      // The same close again (a retry after a lost answer) answers the dispute as it is.
      const events = await storeOf(deps).events(loaded.row.id);
      if (events.some((e) => e.idempotency_key === idempotencyKey)) return answerDispute(actor, deps, loaded);
      throw resolved();
    }
    const at = new Date(deps.now?.() ?? Date.now()).toISOString();
    return make(
      request,
      actor,
      deps,
      loaded,
      {
        set: {
          status: "resolved",
          resolved_at: at,
          resolved_by_name: actor.person.name,
          resolution_json: JSON.stringify({ kind: "closed", at, by: actor.person.name, reason: body.reason }),
        },
        kind: "closed",
        text: body.reason,
        words: `closed by ${actor.person.name}: ${body.reason}`,
      },
      idempotencyKey,
    );
  },
);

const STATUSES = ["open", "acknowledged", "resolved", "all"] as const;
const STATUS_ROWS: Record<(typeof STATUSES)[number], DisputeStatus[] | undefined> = {
  open: ["open", "acknowledged"],
  acknowledged: ["acknowledged"],
  resolved: ["resolved"],
  all: undefined,
};

const ListQuery = z.strictObject({
  status: z
    .enum(STATUSES, { error: `status: one of ${STATUSES.join(", ")}` })
    .default("all")
    .describe("open: those not resolved (open or acknowledged); acknowledged; resolved; all (the default)."),
  customerId: z.coerce
    .number()
    .int()
    .positive({ error: "customerId: a CustomerID" })
    .optional()
    .describe("One store's disputes only."),
  supplierId: z.coerce
    .number()
    .int()
    .positive({ error: "supplierId: a SupplierID" })
    .optional()
    .describe("Only the disputes with a line of that supplier's products."),
});

/**
 * The disputes the asker sees, with the lines it sees of each: a store's side, its key's stores' (its scope); the rep's
 * side, its stores' (`repStores`: the member's rep's customers, every store's for owners and admins); a brand, those
 * with quality lines of its products. Newest first, at most 500.
 */
export async function disputesSeen(
  request: Request,
  actor: Asker,
  deps: Pick<DisputeDeps, "db" | "now"> & Partial<DisputeDeps>,
  filter: { statuses?: readonly string[]; customerId?: number; supplierId?: number },
): Promise<{ side: DisputeSide; rows: DisputeTable[]; lines: Map<string, DisputeLineView[]> }> {
  const store = storeOf(deps);
  const place = sharedPlace(actor);
  const type = actor.key.keyType;
  const side: DisputeSide = type === "Supplier" ? "brand" : type === "Customer" ? "store" : "rep";
  let customerIds: readonly number[] | "every";
  let ids: string[] | undefined;
  if (side === "brand") {
    const mine = [...brandSuppliers(actor)].filter((s) => filter.supplierId === undefined || s === filter.supplierId);
    ids = await store.ofSuppliers(place, mine, [...BRAND_REASONS]);
    customerIds = "every";
  } else if (side === "store") customerIds = (actor.key.scope.customers ?? []).map((c) => c.id);
  else
    customerIds = (await repStores(requestApi(request, deps as DisputeDeps), actor, undefined, request.signal))
      .customerIds;
  if (filter.customerId !== undefined)
    customerIds = customerIds === "every" || customerIds.includes(filter.customerId) ? [filter.customerId] : [];
  const rows = await store.list(place, { customerIds, ids, statuses: filter.statuses });
  const all = await store.lines(rows.map((r) => r.id));
  const lines = new Map<string, DisputeLineView[]>();
  for (const l of all) lines.set(l.dispute_id, [...(lines.get(l.dispute_id) ?? []), lineOf(l)]);
  if (side === "brand") for (const [id, ls] of lines) lines.set(id, brandPart(actor, ls) ?? []);
  const kept =
    filter.supplierId !== undefined && side !== "brand"
      ? rows.filter((r) => lines.get(r.id)?.some((l) => l.supplierId === filter.supplierId))
      : rows;
  return { side, rows: kept, lines };
}

export const listDisputes = defineRoute(
  {
    method: "GET",
    path: "/api/disputes",
    summary: "Lists the disputes the asker sees, newest first, and what is still in dispute per store.",
    description: [
      "At most 500, each with the lines the asker sees: a store's side, its key's stores' disputes; the rep's side, its",
      "stores' (the member's rep's customers, every store's for owners and admins); a brand, those with quality lines",
      "of its products (those lines only). `openByCustomer` sums what is still in dispute per store.",
    ].join("\n"),
    answer: DisputesJsonAnswer,
    need: "key",
    what: "Disputes",
    query: ListQuery,
    invalid: "Ask as ?status=open|acknowledged|resolved|all&customerId={CustomerID}&supplierId={SupplierID}.",
  },
  async ({ request, actor, query }, deps: DisputeDeps): Promise<DisputesJson> => {
    const seen = await disputesSeen(request, actor, deps, { ...query, statuses: STATUS_ROWS[query.status] });
    const store = storeOf(deps);
    const ids = seen.rows.map((r) => r.id);
    const [replies, photos] = await Promise.all([store.replyCounts(ids), store.photos(ids)]);
    const writes = may(actor.membership.role, WRITE);
    const disputes = seen.rows.map((row) =>
      disputeSummary(
        row,
        seen.side,
        seen.lines.get(row.id) ?? [],
        { replies: replies.get(row.id) ?? 0, photos: photos.filter((p) => p.dispute_id === row.id).length },
        writes,
      ),
    );
    const open = new Map<number, bigint>();
    for (const d of disputes)
      if (d.status !== "resolved")
        open.set(d.customerId, (open.get(d.customerId) ?? 0n) + (parseDecimal(d.open) ?? 0n));
    return {
      disputes,
      openByCustomer: Object.fromEntries([...open].map(([id, micros]) => [String(id), toDecimalString(micros)])),
    };
  },
);
