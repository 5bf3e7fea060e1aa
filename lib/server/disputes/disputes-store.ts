import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely, Transaction, Updateable } from "kysely";
import { type ClaimProblem, type DisputeLine, sumAmounts } from "@/lib/domain/disputes/dispute";
import { requireDecimal, toDecimalString } from "@/lib/format/decimal";
import type { DisputeEventKind } from "@/lib/domain/disputes/view";
import type { BackroomDatabase } from "../core/db/schema";
import type { SharedPlace } from "../core/parties";
import type { DisputeEventTable, DisputeLineTable, DisputePhotoTable, DisputeTable, DisputeTables } from "./tables";

/**
 * Disputes as every side reads them: by id or by store, in a place (the environment and the demo visitor), whichever
 * workspace raised them; who may see one is the party rule's (`lib/server/core/parties.ts`), asked by the routes
 * before anything is answered. A dispute is raised in one transaction (its row, its lines, its first event), once per
 * Idempotency-Key of its owner; a change is one transaction too (the row one version on, and its event once per key).
 */

type Db = Kysely<DisputeTables>;

/** What an event says: who, on which side, what. */
export interface EventInput {
  byId: string;
  byName: string;
  side: string;
  kind: DisputeEventKind;
  text: string;
}

/** A dispute to raise: its row's fields, and its lines checked again inside the transaction (`check`). */
export interface NewDispute {
  owner: string;
  place: SharedPlace;
  customerId: number;
  customerName: string;
  salesRepUserId: number | null;
  invoiceId: number;
  invoiceNum: string;
  invoiceDate: string;
  openedBy: { id: string; name: string };
  idempotencyKey: string;
  /** A digest of what was asked: the same key with another body is refused. */
  digest: string;
  /** The lines, checked against the units of the invoice's other open disputes as they are in the transaction. */
  check(disputed: ReadonlyMap<number, number>): { lines: DisputeLine[] } | { problems: ClaimProblem[] };
  words(lines: readonly DisputeLine[]): string;
}

export type Raised =
  | { outcome: "created" | "repeat"; id: string }
  | { outcome: "conflict" }
  | { outcome: "problems"; problems: ClaimProblem[] };

export interface Change {
  set: Updateable<DisputeTable>;
  event: EventInput;
  idempotencyKey?: string;
  /** Only while it is not resolved (an acknowledgment, a reply, a close); the matcher's credit may pass a version. */
  whileUnresolved?: boolean;
  version?: number;
}

export type ChangeOutcome = "changed" | "repeat" | "resolved" | "stale";

const placed = (q: Db | Transaction<DisputeTables>, place: SharedPlace) => {
  const s = q.selectFrom("disputes").selectAll().where("environment", "=", place.environment);
  return place.visitor === null ? s.where("visitor", "is", null) : s.where("visitor", "=", place.visitor);
};

/** Units of each invoice line in the invoice's disputes not resolved (other than `except`). */
async function disputedUnits(trx: Transaction<DisputeTables>, place: SharedPlace, invoiceId: number) {
  let q = trx
    .selectFrom("dispute_lines as l")
    .innerJoin("disputes as d", "d.id", "l.dispute_id")
    .select(["l.invoice_line_id", "l.units"])
    .where("d.environment", "=", place.environment)
    .where("d.invoice_id", "=", invoiceId)
    .where("d.status", "!=", "resolved");
  q = place.visitor === null ? q.where("d.visitor", "is", null) : q.where("d.visitor", "=", place.visitor);
  const units = new Map<number, number>();
  for (const row of await q.execute())
    units.set(row.invoice_line_id, (units.get(row.invoice_line_id) ?? 0) + row.units);
  return units;
}

async function sameKey(q: Db | Transaction<DisputeTables>, owner: string, key: string, digest: string) {
  const row = await q
    .selectFrom("disputes")
    .select(["id", "request_digest"])
    .where("workspace_id", "=", owner)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.request_digest === digest
    ? ({ outcome: "repeat", id: row.id } as const)
    : ({ outcome: "conflict" } as const);
}

/** Reads of disputes, their lines, thread and photos. */
function disputeReads(db: Db) {
  return {
    async get(place: SharedPlace, id: string): Promise<DisputeTable | undefined> {
      return placed(db, place).where("id", "=", id).executeTakeFirst();
    },

    /** Disputes of these stores ("every": all), of these ids (a brand's), newest first. */
    async list(
      place: SharedPlace,
      filter: { customerIds?: readonly number[] | "every"; ids?: readonly string[]; statuses?: readonly string[] },
      limit = 500,
    ): Promise<DisputeTable[]> {
      const { customerIds, ids, statuses } = filter;
      if ((customerIds !== undefined && customerIds !== "every" && !customerIds.length) || ids?.length === 0) return [];
      let q = placed(db, place);
      if (customerIds !== undefined && customerIds !== "every") q = q.where("customer_id", "in", [...customerIds]);
      if (ids) q = q.where("id", "in", [...ids]);
      if (statuses) q = q.where("status", "in", [...statuses]);
      return q.orderBy("opened_at", "desc").orderBy("id", "desc").limit(limit).execute();
    },

    /** The ids of the disputes with a line of these suppliers for these reasons (a brand's), in a place. */
    async ofSuppliers(place: SharedPlace, supplierIds: readonly number[], reasons: readonly string[]) {
      if (!supplierIds.length) return [];
      let q = db
        .selectFrom("dispute_lines as l")
        .innerJoin("disputes as d", "d.id", "l.dispute_id")
        .select("d.id")
        .distinct()
        .where("d.environment", "=", place.environment)
        .where("l.supplier_id", "in", [...supplierIds])
        .where("l.reason", "in", [...reasons]);
      q = place.visitor === null ? q.where("d.visitor", "is", null) : q.where("d.visitor", "=", place.visitor);
      return (await q.execute()).map((r) => r.id);
    },

    async lines(disputeIds: readonly string[]): Promise<DisputeLineTable[]> {
      if (!disputeIds.length) return [];
      return db
        .selectFrom("dispute_lines")
        .selectAll()
        .where("dispute_id", "in", [...disputeIds])
        .orderBy("dispute_id")
        .orderBy("position")
        .execute();
    },

    async events(disputeId: string): Promise<DisputeEventTable[]> {
      return db
        .selectFrom("dispute_events")
        .selectAll()
        .where("dispute_id", "=", disputeId)
        .orderBy("version")
        .orderBy("at")
        .orderBy("id")
        .execute();
    },

    /** Replies per dispute (the list's count). */
    async replyCounts(disputeIds: readonly string[]): Promise<Map<string, number>> {
      if (!disputeIds.length) return new Map();
      const rows = await db
        .selectFrom("dispute_events")
        .select(["dispute_id", (eb) => eb.fn.countAll<number>().as("n")])
        .where("dispute_id", "in", [...disputeIds])
        .where("kind", "=", "reply")
        .groupBy("dispute_id")
        .execute();
      return new Map(rows.map((r) => [r.dispute_id, Number(r.n)]));
    },

    async photos(disputeIds: readonly string[]): Promise<DisputePhotoTable[]> {
      if (!disputeIds.length) return [];
      return db
        .selectFrom("dispute_photos")
        .selectAll()
        .where("dispute_id", "in", [...disputeIds])
        .orderBy("at")
        .orderBy("id")
        .execute();
    },

    async photo(disputeId: string, photoId: string): Promise<DisputePhotoTable | undefined> {
      return db
        .selectFrom("dispute_photos")
        .selectAll()
        .where("dispute_id", "=", disputeId)
        .where("id", "=", photoId)
        .executeTakeFirst();
    },

    /** The photo a key added before (a retry), or undefined. */
    async photoByKey(disputeId: string, key: string): Promise<DisputePhotoTable | undefined> {
      return db
        .selectFrom("dispute_photos")
        .selectAll()
        .where("dispute_id", "=", disputeId)
        .where("idempotency_key", "=", key)
        .executeTakeFirst();
    },
  };
}

/** What the credit matcher and the other features read: a workspace's disputes, and what is still in dispute. */
function matcherReads(db: Db) {
  return {
    /** The disputes not resolved in a place, with the workspaces they belong to (the matcher's sweep). */
    async unresolved(workspace?: string): Promise<DisputeTable[]> {
      let q = db.selectFrom("disputes").selectAll().where("status", "!=", "resolved");
      if (workspace)
        q = q.where((eb) =>
          eb.or([eb("workspace_id", "=", workspace), eb("workspace_id", "like", `${workspace}/visitor/%`)]),
        );
      return q.orderBy("opened_at").execute();
    },

    /** Every dispute of a workspace (its demo visitors' too), oldest first: the matcher's pool. */
    async ofWorkspace(workspace: string): Promise<DisputeTable[]> {
      return db
        .selectFrom("disputes")
        .selectAll()
        .where((eb) =>
          eb.or([eb("workspace_id", "=", workspace), eb("workspace_id", "like", `${workspace}/visitor/%`)]),
        )
        .orderBy("opened_at")
        .orderBy("id")
        .execute();
    },

    async byId(id: string): Promise<DisputeTable | undefined> {
      return db.selectFrom("disputes").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /**
     * What is still in dispute for these stores in a place, in one query: each open dispute (id, invoice, amount, what
     * is left of it, when opened) and the sum per store. For Today, the customer page, Collections and statements.
     */
    async openByCustomer(place: SharedPlace, customerIds: readonly number[]): Promise<OpenDisputes> {
      if (!customerIds.length) return { byCustomer: {}, disputes: [] };
      const rows = await placed(db, place)
        .where("customer_id", "in", [...customerIds])
        .where("status", "!=", "resolved")
        .orderBy("opened_at")
        .execute();
      const byCustomer = new Map<number, string[]>();
      const disputes = rows.map((r) => {
        const left = requireDecimal(r.amount) - requireDecimal(r.credited);
        const open = left > 0n ? toDecimalString(left) : "0.00";
        byCustomer.set(r.customer_id, [...(byCustomer.get(r.customer_id) ?? []), open]);
        return {
          id: r.id,
          customerId: r.customer_id,
          invoiceId: r.invoice_id,
          invoiceNum: r.invoice_num,
          status: r.status as "open" | "acknowledged",
          amount: r.amount,
          open,
          openedAt: r.opened_at,
        };
      });
      return {
        byCustomer: Object.fromEntries([...byCustomer].map(([id, amounts]) => [String(id), sumAmounts(amounts)])),
        disputes,
      };
    },
  };
}

export function createDisputeStore(coreDb: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const db: Db = coreDb.withTables<DisputeTables>();
  return {
    ...disputeReads(db),
    ...matcherReads(db),
    raise: (d: NewDispute) => raise(db, now, d),
    /**
     * Keeps a photo's metadata (its bytes are in the photo store already) with its event, one version on, while the
     * dispute holds fewer than `max`: "full" at the limit, "repeat" when the key added one, "resolved" when it ended.
     */
    async addPhoto(
      disputeId: string,
      photo: Omit<DisputePhotoTable, "dispute_id" | "at">,
      max: number,
    ): Promise<"added" | "repeat" | "full" | "resolved"> {
      return db.transaction().execute(async (trx) => {
        const at = now().toISOString();
        const seen = await trx
          .selectFrom("dispute_photos")
          .select("id")
          .where("dispute_id", "=", disputeId)
          .where("idempotency_key", "=", photo.idempotency_key)
          .executeTakeFirst();
        if (seen) return "repeat";
        const { n } = await trx
          .selectFrom("dispute_photos")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("dispute_id", "=", disputeId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= max) return "full";
        const bumped = await trx
          .updateTable("disputes")
          .set((eb) => ({ version: eb("version", "+", 1) }))
          .where("id", "=", disputeId)
          .where("status", "!=", "resolved")
          .returning("version")
          .executeTakeFirst();
        if (!bumped) return "resolved";
        await trx
          .insertInto("dispute_photos")
          .values({ ...photo, dispute_id: disputeId, at })
          .execute();
        await trx
          .insertInto("dispute_events")
          .values(
            eventRow(
              disputeId,
              bumped.version,
              at,
              { byId: photo.by_id, byName: photo.by_name, side: photo.side, kind: "photo", text: "Added a photo" },
              null,
            ),
          )
          .execute();
        return "added";
      });
    },

    /**
     * Makes a change in one transaction: "repeat" when the key made one on this dispute before, "resolved" when it
     * must not be resolved and is, "stale" when it left `version`; otherwise the row one version on and its event.
     */
    async change(id: string, change: Change): Promise<ChangeOutcome> {
      return db.transaction().execute(async (trx) => {
        if (change.idempotencyKey) {
          const seen = await trx
            .selectFrom("dispute_events")
            .select("id")
            .where("dispute_id", "=", id)
            .where("idempotency_key", "=", change.idempotencyKey)
            .executeTakeFirst();
          if (seen) return "repeat";
        }
        let update = trx
          .updateTable("disputes")
          .set((eb) => ({ ...change.set, version: eb("version", "+", 1) }))
          .where("id", "=", id);
        if (change.whileUnresolved) update = update.where("status", "!=", "resolved");
        if (change.version !== undefined) update = update.where("version", "=", change.version);
        const bumped = await update.returning("version").executeTakeFirst();
        if (!bumped) return change.whileUnresolved ? "resolved" : "stale";
        await trx
          .insertInto("dispute_events")
          .values(eventRow(id, bumped.version, now().toISOString(), change.event, change.idempotencyKey ?? null))
          .execute();
        return "changed";
      });
    },

    /**
     * Keeps what the credits matched to a dispute's lines (each line's credited and parts, the total) without a new
     * version when nothing else changes: the matcher's unchanged checks leave a side's ETag as it was.
     */
    async keepCredits(
      trx: Transaction<DisputeTables> | Db,
      id: string,
      lines: { invoiceLineId: number; credited: string; credits: unknown[] }[],
    ): Promise<void> {
      for (const l of lines)
        await trx
          .updateTable("dispute_lines")
          .set({ credited: l.credited, credits_json: JSON.stringify(l.credits) })
          .where("dispute_id", "=", id)
          .where("invoice_line_id", "=", l.invoiceLineId)
          .execute();
    },

    async checked(ids: readonly string[], at: string): Promise<void> {
      if (ids.length)
        await db
          .updateTable("disputes")
          .set({ matched_at: at })
          .where("id", "in", [...ids])
          .execute();
    },

    db,
  };
}

/**
 * Raises a dispute, or answers the one the same key raised ("repeat"; "conflict" when it asked something else);
 * "problems" when a line fails its check now (the units another dispute took meanwhile): nothing written.
 */
async function raise(db: Db, now: () => Date, d: NewDispute): Promise<Raised> {
  const before = await sameKey(db, d.owner, d.idempotencyKey, d.digest);
  if (before) return before;
  const raised = await db.transaction().execute(async (trx): Promise<Raised> => {
    const again = await sameKey(trx, d.owner, d.idempotencyKey, d.digest);
    if (again) return again;
    const checked = d.check(await disputedUnits(trx, d.place, d.invoiceId));
    if ("problems" in checked) return { outcome: "problems", problems: checked.problems };
    const id = randomUUID();
    const at = now().toISOString();
    const inserted = await trx
      .insertInto("disputes")
      .values({
        id,
        workspace_id: d.owner,
        environment: d.place.environment,
        visitor: d.place.visitor,
        customer_id: d.customerId,
        customer_name: d.customerName,
        sales_rep_user_id: d.salesRepUserId,
        invoice_id: d.invoiceId,
        invoice_num: d.invoiceNum,
        invoice_date: d.invoiceDate,
        status: "open",
        amount: sumAmounts(checked.lines.map((l) => l.amount)),
        credited: "0.00",
        opened_at: at,
        opened_by: d.openedBy.id,
        opened_by_name: d.openedBy.name,
        acknowledged_at: null,
        acknowledged_by_name: null,
        resolved_at: null,
        resolved_by_name: null,
        resolution_json: null,
        matched_at: null,
        version: 1,
        idempotency_key: d.idempotencyKey,
        request_digest: d.digest,
      })
      .onConflict((oc) => oc.columns(["workspace_id", "idempotency_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    // Another request with the same key got there first (a double click): its dispute is the answer.
    if (!inserted) return (await sameKey(trx, d.owner, d.idempotencyKey, d.digest)) ?? { outcome: "conflict" };
    await trx
      .insertInto("dispute_lines")
      .values(
        checked.lines.map((l, position) => ({
          dispute_id: id,
          position,
          invoice_line_id: l.invoiceLineId,
          product_id: l.productId,
          product_name: l.productName,
          supplier_id: l.supplierId,
          batch_code: l.batchCode,
          reason: l.reason,
          units: l.units,
          invoiced_units: l.invoicedUnits,
          unit_price: l.unitPrice,
          expected_price: l.expectedPrice,
          amount: l.amount,
          note: l.note,
          credited: "0.00",
          credits_json: "[]",
        })),
      )
      .execute();
    await trx
      .insertInto("dispute_events")
      .values(eventRow(id, 1, at, { ...byOpener(d), text: d.words(checked.lines) }, null))
      .execute();
    return { outcome: "created", id };
  });
  // Two requests raced past the first look on PostgreSQL: the loser's insert did nothing, its answer is the winner's.
  return raised.outcome === "conflict" ? ((await sameKey(db, d.owner, d.idempotencyKey, d.digest)) ?? raised) : raised;
}

export type DisputeStore = ReturnType<typeof createDisputeStore>;

/** What is still in dispute for some stores (`openByCustomer`). */
export interface OpenDisputes {
  /** Per store (CustomerID), the sum still in dispute (cents). */
  byCustomer: Record<string, string>;
  disputes: {
    id: string;
    customerId: number;
    invoiceId: number;
    invoiceNum: string;
    status: "open" | "acknowledged";
    amount: string;
    /** The amount less what the ERP credited so far. */
    open: string;
    openedAt: string;
  }[];
}

const byOpener = (d: NewDispute): Omit<EventInput, "text"> => ({
  byId: d.openedBy.id,
  byName: d.openedBy.name,
  side: "store",
  kind: "opened",
});

function eventRow(
  disputeId: string,
  version: number,
  at: string,
  e: EventInput,
  idempotencyKey: string | null,
): DisputeEventTable {
  return {
    id: randomUUID(),
    dispute_id: disputeId,
    version,
    at,
    by_id: e.byId,
    by_name: e.byName,
    side: e.side,
    kind: e.kind,
    text: e.text,
    idempotency_key: idempotencyKey,
  };
}
