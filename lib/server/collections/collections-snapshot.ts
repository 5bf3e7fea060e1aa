import "server-only";
import { agingCloseDay, type CollectionRow, collectionRows } from "@/lib/domain/collections/collections";
import type { CollectionsInput, ListName } from "@/lib/domain/collections/collections-input";
import { scoreLists } from "@/lib/domain/collections/score-input";
import { reliability } from "@/lib/domain/credit/score";
import type { Reliability } from "@/lib/domain/credit/view";
import {
  type CollectionsContext,
  type CollectionsState,
  collectionRowOf,
  keptLists,
  saveCollectionsState,
} from "./collections-state";

const scoreJson = (score: Reliability | undefined) => (score ? JSON.stringify(score) : null);

/** A computed row as `collections_accounts` keeps it. */
function accountRow(keyId: string, r: CollectionRow, reliabilityJson: string | null) {
  return {
    key_id: keyId,
    ar_account_id: r.arAccountId,
    name: r.name,
    customer_ids_json: JSON.stringify(r.customerIds),
    customer_names_json: JSON.stringify(r.customerNames),
    state: r.state,
    on_hold: r.onHold ? 1 : 0,
    account_status: r.accountStatus,
    agent_name: r.agentName,
    agent_email: r.agentEmail,
    sales_rep: r.salesRep,
    people_json: r.people === null ? null : JSON.stringify(r.people),
    reliability_json: reliabilityJson,
    suppliers: r.suppliers,
    current_due: r.current,
    due_1_30: r.due1to30,
    due_31_60: r.due31to60,
    due_61_90: r.due61to90,
    due_91: r.due91,
    over_30: r.over30,
    over_60: r.over60,
    over_90: r.over90,
    open_credit: r.openCredit,
    unapplied: r.unapplied,
    total: r.total,
    last_payment: r.lastPayment,
    days_since: r.daysSince,
  };
}

/**
 * Each account's payment-reliability score as of the aging's close, from the applications and invoices the walk read
 * (`scoreLists` splits them by account; `reliability` scores each).
 */
export function reliabilities(
  rows: readonly CollectionRow[],
  input: Pick<CollectionsInput, "applications" | "scored">,
  asOf: string,
): Map<number, Reliability> {
  const lists = scoreLists(
    rows.map((r) => ({
      arAccountId: r.arAccountId,
      customerIds: r.customerIds,
      aging: {
        current: r.current,
        due1to30: r.due1to30,
        due31to60: r.due31to60,
        due61to90: r.due61to90,
        due91: r.due91,
      },
    })),
    input.scored ?? [],
    input.applications ?? [],
  );
  return new Map([...lists].map(([id, part]) => [id, reliability(part, asOf)]));
}

/**
 * The snapshot published, once the balances' lists are read: the rows computed from the kept lists and replaced (each
 * keeping the score its account had, until the walk's scores come), every aging row, those lists' pages deleted, and the
 * state on to the score's first list (`next`), at once. The pages show the new snapshot from here.
 *
 * @example
 * await publishCollections(ctx, keyId, state, "applications"); // state.asOf the aging's close day
 */
export async function publishCollections(
  ctx: CollectionsContext,
  keyId: string,
  state: CollectionsState,
  next: ListName,
): Promise<void> {
  const input = await keptLists(ctx.db, keyId, ["aging", "customers", "openInvoices", "payments", "users", "invoices"]);
  const rows = collectionRows(input);
  const at = new Date(ctx.now()).toISOString();
  Object.assign(state, {
    list: next,
    page: 1,
    pending: [],
    walkCloseDate: null,
    freshAging: false,
    asOf: agingCloseDay(input.aging) ?? at.slice(0, 10),
    refreshedAt: at,
  });
  await ctx.db.transaction().execute(async (trx) => {
    const kept = await trx
      .selectFrom("collections_accounts")
      .select(["ar_account_id", "reliability_json"])
      .where("key_id", "=", keyId)
      .where("reliability_json", "is not", null)
      .execute();
    const scores = new Map(kept.map((k) => [k.ar_account_id, k.reliability_json]));
    await trx.deleteFrom("collections_accounts").where("key_id", "=", keyId).execute();
    // 28 columns a row: 200 rows keep a statement's parameters (5,600) well within both databases' limits.
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto("collections_accounts")
        .values(rows.slice(i, i + 200).map((r) => accountRow(keyId, r, scores.get(r.arAccountId) ?? null)))
        .execute();
    // The aging itself, every row in the API's order: the AR aging page's whole aging (5 columns a row).
    await trx.deleteFrom("collections_aging").where("key_id", "=", keyId).execute();
    for (let i = 0; i < input.aging.length; i += 200) {
      await trx
        .insertInto("collections_aging")
        .values(
          input.aging.slice(i, i + 200).map((entry, j) => ({
            key_id: keyId,
            position: i + j,
            ar_account_id: entry.ARAccountID!,
            supplier_id: entry.SupplierID ?? null,
            record_json: JSON.stringify(entry),
          })),
        )
        .execute();
    }
    await trx.deleteFrom("collections_pages").where("key_id", "=", keyId).execute();
    await saveCollectionsState(trx, ctx.now, keyId, state);
  });
}

/**
 * The walk's end: each account's score from the score's kept lists, as of the snapshot's close, kept on its row; the
 * pages deleted and the state idle, at once.
 *
 * @example
 * await finishScores(ctx, keyId, state); // state.phase === "idle"
 */
export async function finishScores(ctx: CollectionsContext, keyId: string, state: CollectionsState): Promise<void> {
  const input = await keptLists(ctx.db, keyId, ["applications", "scored"]);
  const rows = (await ctx.db.selectFrom("collections_accounts").selectAll().where("key_id", "=", keyId).execute()).map(
    collectionRowOf,
  );
  const asOf = state.asOf ?? new Date(ctx.now()).toISOString().slice(0, 10);
  const scores = reliabilities(rows, input, asOf);
  Object.assign(state, { phase: "idle", list: null, page: 0 });
  await ctx.db.transaction().execute(async (trx) => {
    for (const r of rows)
      await trx
        .updateTable("collections_accounts")
        .set({ reliability_json: scoreJson(scores.get(r.arAccountId)) })
        .where("key_id", "=", keyId)
        .where("ar_account_id", "=", r.arAccountId)
        .execute();
    await trx.deleteFrom("collections_pages").where("key_id", "=", keyId).execute();
    await saveCollectionsState(trx, ctx.now, keyId, state);
  });
}
