import "server-only";
import * as z from "zod";
import type { DataApiClient } from "@/lib/data-api/client";
import {
  type InvoiceListsJson,
  type KeptSubstitute,
  type ListDetail,
  type ListEventKind,
  type ReorderRequest,
  type ReordersJson,
  type SharedLine,
  sharedLines,
  stageOf,
} from "@/lib/domain/order-guide/shared-list";
import { plural } from "@/lib/format/plural";
import { may } from "@/lib/session/roles";
import { workspaceOfOwner } from "../core/auth/demo-visitor";
import { type ActorOf, defineRoute } from "../core/define-route";
import { invalidField, refusal, type RouteError } from "../core/route-errors";
import { requestApi } from "../core/page-api";
import { type Party, partyTo, repPeople, repStores, sharedPlace } from "../core/parties";
import { NO_STORE } from "../core/route-errors";
import { InvoiceListsAnswer, ListDetailAnswer, ReordersAnswer, SubstitutesAnswer } from "./answers";
import { noSuchList } from "./errors";
import { MAX_ID_LENGTH, type OrderListDeps } from "./list-deps";
import { type Change, createSharedLists, matchOf, type SharedLists } from "./shared-lists";
import { listDetail, readStock, readSubstitutes, reorderRequest, type Stock, SUBSTITUTES_OFFERED } from "./shared-view";
import type { OrderListTable } from "./tables";

/**
 * A reorder list its store and its rep work on together: the rep acknowledges it, changes a line's cases, offers a
 * substitute, notes, and marks it entered in the ERP; the buyer accepts or declines each substitute (and withdraws it,
 * `withdraw-api.ts`, until it is entered). Every change is one version on (the `ETag`): a change made on a version the
 * list has left answers 412 with the list as it is now, so the page shows the other side's change.
 */

/** Said of every route of a list by id. */
const SIDES =
  "Who is a side of the list (its store or its rep) is the party rule, checked with the asker's key at each request: " +
  "anyone else is answered 404 `NOT_FOUND`, as for no such list.";

/** Said of every change of a list by id. */
const CHANGED = "200 with the list as it is now and its `ETag`.";

export type SharedListDeps = OrderListDeps;

/** Who changes a shared list: every role but viewers. */
const WRITE = { notes: ["write"] } as const;

const lists = (deps: SharedListDeps): SharedLists =>
  createSharedLists(deps.db, () => new Date(deps.now?.() ?? Date.now()));

type Asker = ActorOf["key"];

interface Loaded {
  row: OrderListTable;
  party: Party;
  api: DataApiClient;
}

/** The list by id when the asker is a side of it (404 otherwise, and for an id no list has). */
async function load(request: Request, actor: Asker, deps: SharedListDeps, id: string | undefined): Promise<Loaded> {
  if (!id || id.length > MAX_ID_LENGTH) throw noSuchList();
  const row = await lists(deps).get(sharedPlace(actor), id);
  if (!row) throw noSuchList();
  const api = requestApi(request, deps);
  const party = await partyTo(api, actor, row.customer_id, row.workspace_id, request.signal);
  if (!party) throw noSuchList();
  return { row, party, api };
}

const etag = (version: number) => `"${version}"`;

/** The version an `If-Match` names (`"3"`, `W/"3"` or `3`), undefined when absent, NaN when not one. */
function ifMatch(request: Request): number | undefined {
  const header = request.headers.get("If-Match")?.trim();
  if (!header) return undefined;
  const m = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  return m ? Number(m[1]) : Number.NaN;
}

/** The list as it is now for the asker, with its stock and events. */
async function answer(request: Request, actor: Asker, deps: SharedListDeps, loaded: Loaded, status = 200) {
  const row = (await lists(deps).get(sharedPlace(actor), loaded.row.id)) ?? loaded.row;
  const detail = await detailNow(request, actor, deps, { ...loaded, row });
  return Response.json(detail, { status, headers: { ...NO_STORE, ETag: etag(detail.version) } });
}

async function detailNow(request: Request, actor: Asker, deps: SharedListDeps, loaded: Loaded): Promise<ListDetail> {
  const [events, stock] = await Promise.all([
    lists(deps).events(loaded.row.id),
    readStock(loaded.api, loaded.party.store, request.signal),
  ]);
  return listDetail(loaded.row, loaded.party, events, stock, may(actor.membership.role, WRITE));
}

/** 412 `LIST_CHANGED`: the list moved on since the asker read it; the answer holds it as it is now. */
async function changedSince(request: Request, actor: Asker, deps: SharedListDeps, loaded: Loaded): Promise<RouteError> {
  const row = (await lists(deps).get(sharedPlace(actor), loaded.row.id)) ?? loaded.row;
  const list = await detailNow(request, actor, deps, { ...loaded, row });
  return refusal("LIST_CHANGED", "The list changed since you opened it: see the change, then make yours again.", 412, {
    more: { list },
    headers: { ETag: etag(list.version) },
  });
}

const notYourSide = (what: string): RouteError => refusal("NOT_YOUR_SIDE", what, 403);
const closed = (row: OrderListTable): RouteError =>
  refusal(
    "LIST_CLOSED",
    stageOf(row) === "withdrawn"
      ? "The list was withdrawn: nothing on it changes any more."
      : "The list is entered in the ERP: its lines no longer change.",
    409,
  );

/** Tells the other side of a change, where they are told (never in the demo: its people share one inbox). */
async function tellOtherSide(deps: SharedListDeps, loaded: Loaded, actor: Asker, version: number, words: string) {
  const { row, party } = loaded;
  if (row.visitor !== null) return;
  const link = `/order-guide/lists/${row.id}`;
  if (party.side === "rep") {
    if (row.sent_by === actor.person.id) return;
    await deps.notifier.notify({
      userId: row.sent_by,
      workspaceId: workspaceOfOwner(row.workspace_id),
      kind: "reorder-update",
      effectKey: `reorder-update:${row.sent_by}:${row.id}:${version}`,
      title: `${row.customer_name}: ${words}`,
      link,
    });
    return;
  }
  const people = await repPeople(
    deps.db,
    { environment: actor.key.environment, visitor: null },
    party.store.salesRepUserId,
  );
  for (const person of people)
    if (person.userId !== actor.person.id)
      await deps.notifier.notify({
        userId: person.userId,
        workspaceId: person.workspaceId,
        kind: "reorder-request",
        effectKey: `reorder-request:${person.userId}:${row.id}:${version}`,
        title: `${row.customer_name}: ${words}`,
        link,
      });
}

/**
 * Makes a change as the asker's side and answers the list: 412 when it moved on since the version asked, the list
 * as it is when the same key made it before.
 */
async function make(
  request: Request,
  actor: Asker,
  deps: SharedListDeps,
  loaded: Loaded,
  change: Omit<Change, "event"> & { kind: ListEventKind; detail: string },
) {
  const outcome = await lists(deps).change(loaded.row.id, {
    ...change,
    event: {
      byId: actor.person.id,
      byName: actor.person.name,
      side: loaded.party.side,
      kind: change.kind,
      detail: change.detail,
    },
  });
  if (outcome === "stale") throw await changedSince(request, actor, deps, loaded);
  if (outcome === "changed") await tellOtherSide(deps, loaded, actor, loaded.row.version + 1, change.detail);
  return answer(request, actor, deps, loaded);
}

/**
 * Tells the order guide a list open on a page was read (`viewed`: its maker's lists are matched soon when the last match
 * is older than `ORDER_LIST_MATCH_ON_VIEW_SECONDS`), so the page's next read shows what was invoiced without waiting
 * for the sweep. Not for a withdrawn list, nor one invoiced in full.
 */
async function matchWhenViewed(deps: SharedListDeps, row: OrderListTable): Promise<void> {
  if (!deps.orderGuide || row.withdrawn_at || matchOf(row)?.status === "invoiced") return;
  await deps.orderGuide.viewed(workspaceOfOwner(row.workspace_id), row.matched_at).catch(() => undefined);
}

export const getSharedList = defineRoute(
  {
    method: "GET",
    path: "/api/order-guide/lists/{id}",
    summary: "A reorder list as its store or its rep sees it, with its ETag.",
    description: [
      SIDES,
      "",
      "Its `ETag` is `\"{version}\"`: a change sends it back as `If-Match`. The lines' stock is read with the asker's key",
      "(the store's record, its serving warehouse's stock). An open list read is matched to the store's invoices again",
      "soon (when its last match is older than `ORDER_LIST_MATCH_ON_VIEW_SECONDS`).",
    ].join("\n"),
    answer: ListDetailAnswer,
    need: "key",
    keyTypes: ["Customer", "Employee"],
    what: "The list",
  },
  async ({ request, actor, params }, deps: SharedListDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    await matchWhenViewed(deps, loaded.row);
    return answer(request, actor, deps, loaded);
  },
);

const LinePatch = z.strictObject({
  lineId: z.string().min(1).max(40),
  cases: z.number().int().min(0).max(9999).optional(),
  substituteProductId: z
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .describe("A product `GET …/substitutes` offers for the line; null takes the one offered back."),
});

const Patch = z
  .strictObject({
    lines: z.array(LinePatch).min(1).max(500).optional(),
    note: z.string().trim().min(1).max(1000).optional(),
  })
  .refine((p) => p.lines !== undefined || p.note !== undefined, { error: "Send lines, a note, or both." });

/** What a patch of lines does to the kept lines, in words; refused per field when it names what the list lacks. */
async function patchLines(
  loaded: Loaded,
  patches: z.output<typeof LinePatch>[],
  request: Request,
): Promise<{ lines: (SharedLine & { substitute: KeptSubstitute | null })[]; words: string[]; kinds: ListEventKind[] }> {
  const lines = sharedLines(loaded.row.lines_json);
  const words: string[] = [];
  const kinds: ListEventKind[] = [];
  let stock: Stock | undefined;
  for (const [i, patch] of patches.entries()) {
    const line = lines.find((l) => l.lineId === patch.lineId);
    if (!line) throw invalidField(`lines[${i}].lineId`, `No line ${patch.lineId} on this list.`);
    if (patch.cases !== undefined && patch.cases !== line.cases) {
      words.push(`${line.name}: ${plural(line.cases, "case")} → ${patch.cases}`);
      kinds.push("cases");
      line.cases = patch.cases;
    }
    if (patch.substituteProductId === null && line.substitute) {
      words.push(`${line.name}: substitute ${line.substitute.name} taken back`);
      kinds.push("substitute");
      line.substitute = null;
    } else if (patch.substituteProductId != null && patch.substituteProductId !== line.substitute?.productId) {
      stock ??= await readStock(loaded.api, loaded.party.store, request.signal);
      const onList = new Set(lines.map((l) => l.productId));
      const offered = await readSubstitutes(
        loaded.api,
        loaded.party.store,
        stock,
        line,
        onList,
        loaded.row.price_day,
        request.signal,
      );
      const chosen = offered.find((c) => c.productId === patch.substituteProductId);
      if (!chosen)
        throw invalidField(
          `lines[${i}].substituteProductId`,
          `Product ${patch.substituteProductId} cannot stand in for ${line.name}: it must be in stock at the store's warehouse, priced for the store and not on the list.`,
        );
      line.substitute = {
        productId: chosen.productId,
        name: chosen.name,
        status: "proposed",
        casePrice: chosen.casePrice,
      };
      words.push(`${line.name}: ${chosen.name} offered instead`);
      kinds.push("substitute");
    }
  }
  return { lines, words, kinds };
}

export const patchSharedList = defineRoute(
  {
    method: "PATCH",
    path: "/api/order-guide/lists/{id}",
    summary: "Changes a reorder list's lines, or notes on it, as of the version the asker read (If-Match).",
    description: [
      "The rep's side changes a line's cases and offers a substitute (or takes it back); either side notes. Send",
      "`If-Match` with the `ETag` read. One version on, one event, and the other side told in its inbox",
      "(`reorder-update` to the sender, `reorder-request` to the members linked to the store's rep; never in the demo).",
      `${CHANGED} Nothing changed: the list as it is.`,
      "",
      "Refusals: 412 `LIST_CHANGED` when the list moved on since that version, with the list as it is now in",
      "`Error.list` and its `ETag`; 428 `PRECONDITION_REQUIRED` without `If-Match`; 400 `VALIDATION_FAILED` naming",
      "`If-Match` (not an ETag), `lines[i].lineId` for a line the list lacks, `lines[i].substituteProductId` for a",
      "product that cannot stand in (in stock at the store's warehouse, priced for the store, not on the list); 403",
      "`NOT_YOUR_SIDE` for the store changing lines; 409 `LIST_CLOSED` once withdrawn, or for lines once entered.",
      "",
      SIDES,
    ].join("\n"),
    answer: ListDetailAnswer,
    idempotencyKey: "optional",
    need: "key",
    keyTypes: ["Customer", "Employee"],
    what: "The list",
    permission: WRITE,
    body: Patch,
    maxBodyBytes: 64 * 1024,
    invalid: "Send lines ({lineId, cases 0 to 9999, substituteProductId}) or a note of at most 1,000 characters.",
  },
  async ({ request, actor, params, body, idempotencyKey }, deps: SharedListDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    const version = ifMatch(request);
    if (version === undefined)
      throw refusal("PRECONDITION_REQUIRED", "Send If-Match with the list's ETag: the version you changed.", 428);
    if (Number.isNaN(version)) throw invalidField("If-Match", "If-Match: the list's ETag, as GET answered it.");
    if (body.lines && loaded.party.side !== "rep")
      throw notYourSide("The rep changes a list's lines; the store accepts or declines substitutes, or withdraws it.");
    if (stageOf(loaded.row) === "withdrawn" || (body.lines && stageOf(loaded.row) === "entered"))
      throw closed(loaded.row);
    if (version !== loaded.row.version) throw await changedSince(request, actor, deps, loaded);
    const patched = body.lines ? await patchLines(loaded, body.lines, request) : undefined;
    const words = [...(patched?.words ?? []), ...(body.note ? [`Note: ${body.note}`] : [])];
    // Nothing changes (the cases it has, the substitute it has): the list as it is, one version as before.
    if (!words.length) return answer(request, actor, deps, loaded);
    return make(request, actor, deps, loaded, {
      set: patched ? { lines_json: JSON.stringify(patched.lines) } : {},
      version,
      while: patched ? "before-entry" : "standing",
      idempotencyKey,
      kind: patched?.kinds[0] ?? "note",
      detail: words.join("; "),
    });
  },
);

/** A write of the rep's side only. */
function repOnly(loaded: Loaded, what: string) {
  if (loaded.party.side !== "rep") throw notYourSide(`The store's rep ${what}.`);
}

export const acknowledgeList = defineRoute(
  {
    method: "POST",
    path: "/api/order-guide/lists/{id}/acknowledge",
    summary: "The rep acknowledges a reorder list: they have seen it.",
    description: [
      `Once; asked again: the list as it is. ${CHANGED}`,
      "",
      "Refusals: 403 `NOT_YOUR_SIDE` for the store; 409 `LIST_CLOSED` once withdrawn.",
      "",
      SIDES,
    ].join("\n"),
    answer: ListDetailAnswer,
    idempotencyKey: "required",
    need: "key",
    keyTypes: ["Employee"],
    what: "The list",
    permission: WRITE,
  },
  async ({ request, actor, params, idempotencyKey }, deps: SharedListDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    repOnly(loaded, "acknowledges a list");
    if (loaded.row.acknowledged_at) return answer(request, actor, deps, loaded);
    if (stageOf(loaded.row) === "withdrawn") throw closed(loaded.row);
    return make(request, actor, deps, loaded, {
      set: {
        acknowledged_at: new Date(deps.now?.() ?? Date.now()).toISOString(),
        acknowledged_by_name: actor.person.name,
      },
      version: loaded.row.version,
      while: "standing",
      idempotencyKey,
      kind: "acknowledged",
      detail: "Acknowledged",
    });
  },
);

const Entered = z.strictObject({
  erpRef: z.string().trim().min(1).max(60).optional().describe("The ERP's order or invoice number."),
});

export const enterList = defineRoute(
  {
    method: "POST",
    path: "/api/order-guide/lists/{id}/entered",
    summary: "The rep marks a reorder list entered in the ERP.",
    description: [
      `Once, acknowledging it too when it was not; asked again: the list as it is. ${CHANGED}`,
      "",
      "Refusals: 403 `NOT_YOUR_SIDE` for the store; 409 `LIST_CLOSED` once withdrawn.",
      "",
      SIDES,
    ].join("\n"),
    answer: ListDetailAnswer,
    idempotencyKey: "required",
    need: "key",
    keyTypes: ["Employee"],
    what: "The list",
    permission: WRITE,
    body: Entered,
    maxBodyBytes: 4096,
    invalid: "Send the ERP's order or invoice number (at most 60 characters), or nothing.",
  },
  async ({ request, actor, params, body, idempotencyKey }, deps: SharedListDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    repOnly(loaded, "marks a list entered in the ERP");
    if (loaded.row.entered_at) return answer(request, actor, deps, loaded);
    if (stageOf(loaded.row) === "withdrawn") throw closed(loaded.row);
    const at = new Date(deps.now?.() ?? Date.now()).toISOString();
    return make(request, actor, deps, loaded, {
      set: {
        entered_at: at,
        entered_by_name: actor.person.name,
        erp_ref: body.erpRef ?? null,
        ...(loaded.row.acknowledged_at ? {} : { acknowledged_at: at, acknowledged_by_name: actor.person.name }),
      },
      version: loaded.row.version,
      while: "before-entry",
      idempotencyKey,
      kind: "entered",
      detail: body.erpRef ? `Entered in the ERP as ${body.erpRef}` : "Entered in the ERP",
    });
  },
);

/** Accepts or declines a line's proposed substitute, as the store. */
function settleSubstitute(decision: "accepted" | "declined") {
  return async (
    {
      request,
      actor,
      params,
      idempotencyKey,
    }: { request: Request; actor: Asker; params: Record<string, string>; idempotencyKey: string },
    deps: SharedListDeps,
  ) => {
    const loaded = await load(request, actor, deps, params.id);
    if (loaded.party.side !== "store") throw notYourSide("The store accepts or declines a substitute.");
    const lines = sharedLines(loaded.row.lines_json);
    const line = lines.find((l) => l.lineId === params.lineId);
    if (!line?.substitute) throw refusal("NOT_FOUND", "No substitute on that line.", 404);
    if (line.substitute.status === decision) return answer(request, actor, deps, loaded);
    if (line.substitute.status !== "proposed")
      throw refusal("SUBSTITUTE_SETTLED", `The substitute was ${line.substitute.status} already.`, 409);
    if (stageOf(loaded.row) === "withdrawn") throw closed(loaded.row);
    const name = line.substitute.name;
    line.substitute = { ...line.substitute, status: decision };
    return make(request, actor, deps, loaded, {
      set: { lines_json: JSON.stringify(lines) },
      version: loaded.row.version,
      while: "standing",
      idempotencyKey,
      kind: decision,
      detail: `${name} instead of ${line.name}: ${decision}`,
    });
  };
}

/** What accepting and declining a substitute say of themselves. */
const settling = (decision: "accept" | "decline") =>
  ({
    method: "POST",
    path: `/api/order-guide/lists/{id}/substitutions/{lineId}/${decision}`,
    summary: `The store ${decision}s the substitute the rep offered for a line of a reorder list.`,
    description: [
      "Once; the same answer again: the list as it is; the other answer: 409 `SUBSTITUTE_SETTLED`. An accepted",
      `substitute is what the line asks for from then on (its case price, its stock, its match). ${CHANGED}`,
      "",
      "Refusals: 404 `NOT_FOUND` for a line without a substitute; 403 `NOT_YOUR_SIDE` for the rep; 409 `LIST_CLOSED`",
      "once withdrawn.",
      "",
      SIDES,
    ].join("\n"),
    answer: ListDetailAnswer,
    idempotencyKey: "required",
    need: "key",
    keyTypes: ["Customer", "Employee"],
    what: "The list",
    permission: WRITE,
  }) as const;

export const acceptSubstitute = defineRoute(settling("accept"), settleSubstitute("accepted"));
export const declineSubstitute = defineRoute(settling("decline"), settleSubstitute("declined"));

const SubstitutesQuery = z.strictObject({ lineId: z.string().min(1).max(40).describe("The line's `lineId`.") });

export const getSubstitutes = defineRoute(
  {
    method: "GET",
    path: "/api/order-guide/lists/{id}/substitutes",
    summary: "What the rep may offer instead of a line of a reorder list, closest first.",
    description: [
      `At most ${SUBSTITUTES_OFFERED}: in stock at the store's serving warehouse, with a case price for the store on the`,
      "list's day, not a sample, not on the list; the same brand and category first, then the category, then the",
      "brand, then the rest, by name.",
      "",
      "Refusals: 400 `VALIDATION_FAILED` on `lineId` for a line the list lacks; 403 `NOT_YOUR_SIDE` for the store.",
      "",
      SIDES,
    ].join("\n"),
    answer: SubstitutesAnswer,
    need: "key",
    keyTypes: ["Employee"],
    what: "The list",
    query: SubstitutesQuery,
    invalid: "Ask as ?lineId=.",
  },
  async ({ request, actor, params, query }, deps: SharedListDeps) => {
    const loaded = await load(request, actor, deps, params.id);
    repOnly(loaded, "offers substitutes");
    const lines = sharedLines(loaded.row.lines_json);
    const line = lines.find((l) => l.lineId === query.lineId);
    if (!line) throw invalidField("lineId", `No line ${query.lineId} on this list.`);
    const stock = await readStock(loaded.api, loaded.party.store, request.signal);
    const candidates = await readSubstitutes(
      loaded.api,
      loaded.party.store,
      stock,
      line,
      new Set(lines.map((l) => l.productId)),
      loaded.row.price_day,
      request.signal,
    );
    return { candidates };
  },
);

const STATUSES = ["open", "sent", "acknowledged", "entered", "withdrawn", "all"] as const;

const ReordersQuery = z.strictObject({
  rep: z.coerce
    .number()
    .int()
    .positive({ error: "rep: a sales rep's UserID (a positive whole number)" })
    .optional()
    .describe("A sales rep's UserID: the member's own rep (Members' link) by default."),
  customer: z.coerce
    .number()
    .int()
    .positive({ error: "customer: a CustomerID" })
    .optional()
    .describe("One store of the rep's."),
  status: z
    .enum(STATUSES, { error: `status: one of ${STATUSES.join(", ")}` })
    .default("open")
    .describe("`open` (the default) is sent or acknowledged: neither entered nor withdrawn; `all` every stage."),
});

export const getReorders = defineRoute(
  {
    method: "GET",
    path: "/api/order-guide/reorders",
    summary: "The reorder lists of a rep's stores, newest first.",
    description: [
      "Those of the last 90 days, 200 at most. The member's own rep's stores by default; another rep's, or every",
      "store's without `rep`, for owners and admins only (anyone else: none). The same reader fills Today's `reorders`.",
    ].join("\n"),
    answer: ReordersAnswer,
    need: "key",
    keyTypes: ["Employee"],
    what: "Reorder requests",
    query: ReordersQuery,
    invalid: "Ask as ?rep={UserID}&customer={CustomerID}&status=open.",
  },
  async ({ request, actor, query }, deps: SharedListDeps): Promise<ReordersJson> => ({
    requests: await reorderRequests(requestApi(request, deps), actor, deps, query, request.signal),
  }),
);

/**
 * The reorder lists of a rep's stores the asker sees (`repStores`: the member's own rep, or any for owners and admins),
 * of one store when `customer` is given, at a stage (`open`: sent or acknowledged), newest first: `GET /api/order-guide/reorders`,
 * and Today's "Reorder requests".
 *
 * @example
 * await reorderRequests(api, actor, deps, { rep: 1007, status: "open" }); // [{ id, customerName, stage: "sent", ... }]
 */
export async function reorderRequests(
  api: DataApiClient,
  actor: Asker,
  deps: Pick<SharedListDeps, "db" | "now">,
  query: { rep?: number; customer?: number; status: (typeof STATUSES)[number] },
  signal?: AbortSignal,
): Promise<ReorderRequest[]> {
  const reach = await repStores(api, actor, query.rep, signal);
  let ids = reach.customerIds;
  if (query.customer !== undefined) ids = ids === "every" || ids.includes(query.customer) ? [query.customer] : [];
  const rows = await createSharedLists(deps.db, () => new Date(deps.now?.() ?? Date.now())).ofStores(
    sharedPlace(actor),
    ids,
  );
  const wanted = (row: OrderListTable) => {
    const stage = stageOf(row);
    if (query.status === "all") return true;
    if (query.status === "open") return stage === "sent" || stage === "acknowledged";
    return stage === query.status;
  };
  return rows.filter(wanted).map(reorderRequest);
}

const ByInvoiceQuery = z.strictObject({
  customer: z.coerce
    .number()
    .int()
    .positive({ error: "customer: the invoice's CustomerID" })
    .describe("The invoice's CustomerID."),
  invoice: z.string().trim().min(1).max(60).describe("The invoice's InvoiceNum."),
});

export const getListsByInvoice = defineRoute(
  {
    method: "GET",
    path: "/api/order-guide/lists/by-invoice",
    summary: "The reorder lists an invoice was matched to: the invoice page's link back.",
    description:
      "Each only to a side of it (the party rule, per list, checked with the asker's key); none: an empty list.",
    answer: InvoiceListsAnswer,
    need: "key",
    keyTypes: ["Customer", "Employee"],
    what: "Reorder lists",
    query: ByInvoiceQuery,
    invalid: "Ask as ?customer={CustomerID}&invoice={InvoiceNum}.",
  },
  async ({ request, actor, query }, deps: SharedListDeps): Promise<InvoiceListsJson> => {
    const rows = await lists(deps).ofInvoice(sharedPlace(actor), query.customer, query.invoice);
    if (!rows.length) return { lists: [] };
    const api = requestApi(request, deps);
    const sides = await Promise.all(
      rows.map((row) => partyTo(api, actor, row.customer_id, row.workspace_id, request.signal)),
    );
    return {
      lists: rows
        .filter((_, i) => sides[i] !== undefined)
        .map((row) => ({
          id: row.id,
          customerName: row.customer_name,
          stage: stageOf(row),
          sentAt: row.sent_at,
          sentBy: row.sent_by_name,
        })),
    };
  },
);
