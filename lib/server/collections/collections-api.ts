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

// GET /api/collections/export[?age&hold&credit&over&agent&q&sort&dir]: the Collections page's list as CSV, every row the
// filters keep in the page's order (the page number is ignored), every column (what is in dispute, the credit limit
// and what is available too), from the key's snapshot, the stores' disputes and the credit's limits and reorder lists
// alone (no request to the API): what the page's "Export CSV" link downloads. 403 for a key other than an Employee
// key's, 409 until the key's first walk is in.
export const getCollectionsExport = defineRoute(
  { need: "key", keyTypes: ["Employee"], what: "The collections list", query: CollectionsQuery },
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
