import "server-only";
import type { Kysely } from "kysely";
import type { ActorResolver } from "../core/auth/actor";
import type { BackroomDatabase } from "../core/db/schema";
import { defineRoute } from "../core/define-route";
import { sharedPlace } from "../core/parties";
import { NO_STORE } from "../core/route-errors";
import { csvHeader, csvRows, type ExportColumn } from "@/lib/format/csv";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import { COLUMNS, CollectionsQuery, listed } from "@/lib/domain/collections/collections-list";
import { type CreditRowsRead, withCredit } from "./collections-credit";
import { type OpenByCustomer, withDisputes } from "./collections-disputes";
import { collectionsView } from "./collections-view";
import { collectionsPending } from "./errors";

/** What the collections' export needs from the backend. */
export interface CollectionsDeps {
  actors: ActorResolver;
  db: Kysely<BackroomDatabase>;
}

/**
 * The collections list's export: with what the stores have in dispute (the list ranks net of it, a column of it), and
 * each account's credit limit and what is left of it (the credit feature's; without it, those columns are empty).
 */
export interface CollectionsExportDeps extends CollectionsDeps {
  disputes: { openByCustomer: OpenByCustomer };
  credit?: CreditRowsRead;
}

/** Every column of the list, as the CSV writes it. */
const EXPORT_COLUMNS: ExportColumn[] = COLUMNS.map((c) => ({
  id: c.id,
  header: c.header,
  value: (row) => c.value(row as unknown as CollectionRow),
}));

export const getCollectionsExport = defineRoute(
  {
    method: "GET",
    path: "/api/collections/export",
    summary: "Downloads the Collections page's list as CSV.",
    description: [
      "What the page's **Export CSV** link downloads: every row its filters keep, in its order (the page number is",
      "ignored), every column: with **In dispute**, what the account's stores have in disputes not resolved (the order",
      "and the least-age filter are net of it), and the account's credit as `GET /api/credit` figures it: **Credit",
      "limit**, **Open reorder lists** and **Credit available** (limit − total outstanding − open lists), in cents, blank",
      "where no limit is set or the credit could not be read. `over=limit` keeps the accounts over their limit (less than",
      "nothing available); `sort=available` orders by credit available (no limit last either way). A bad value falls",
      "back to the default.",
      "",
      "From the key's snapshot and Backroom's disputes, limits and reorder lists alone: no request to the Data API. 409",
      "`COLLECTIONS_PENDING` until the key's first walk is in.",
    ].join("\n"),
    answer: { mediaType: "text/csv", description: "The list's rows as CSV (UTF-8 with a BOM), as an attachment." },
    need: "key",
    keyTypes: ["Employee"],
    what: "The collections list",
    query: CollectionsQuery,
  },
  async ({ actor, query }, deps: CollectionsExportDeps) => {
    const view = await collectionsView(deps.db, actor.key.id);
    if (!view.ready) throw collectionsPending();
    const disputed = await withDisputes(
      deps.db,
      deps.disputes.openByCustomer,
      sharedPlace(actor),
      actor.key.id,
      view.rows,
    );
    const rows = listed(await withCredit(deps.credit, actor, disputed), query);
    return new Response(
      csvHeader(EXPORT_COLUMNS, { bom: true }) + csvRows(EXPORT_COLUMNS, rows as unknown as Record<string, unknown>[]),
      {
        headers: {
          ...NO_STORE,
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="collections-${view.state.asOf}.csv"`,
        },
      },
    );
  },
);
