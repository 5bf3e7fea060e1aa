import "server-only";
import * as z from "zod";
import { csvHeader, csvRows } from "@/lib/format/csv";
import { accountLabel, type AgingLine, type AgingRow, linesOf, supplierLabel } from "@/lib/domain/ar-aging/aging";
import { AGING_SORTS, agingListQuery, ofSuppliers, sortedLines } from "@/lib/domain/ar-aging/aging-list";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import type { ListViewSpec } from "@/lib/domain/views/list-view-spec";
import { viewExportColumns } from "@/lib/domain/views/export-columns";
import { defineRoute } from "../core/define-route";
import { NO_STORE } from "../core/route-errors";
import { agingSnapshot } from "./aging-view";
import type { CollectionsDeps } from "./collections-api";
import { agingPending } from "./errors";

/** The export's parameters: the suppliers to keep, and the table's order (a value it does not know is the default's). */
const AgingExportQuery = z
  .object({
    SupplierIDs: z.string().optional().describe("The suppliers to keep, their ids comma-separated (all by default)."),
    sort: z
      .string()
      .optional()
      .describe(`The column the rows are sorted by: ${AGING_SORTS.join(", ")} (the default: total).`),
    dir: z.string().optional().describe("asc or desc (the default)."),
  })
  .transform((params) => ({ supplierIds: params.SupplierIDs, list: agingListQuery(params) }));

export const getAgingExport = defineRoute(
  {
    method: "GET",
    path: "/api/collections/ar-aging",
    summary: "Downloads an Employee key's whole AR aging as CSV, from its snapshot.",
    description: [
      "What the AR aging page's **Export CSV** downloads when it is drawn from the snapshot: every row the supplier",
      "filter keeps, in the table's order, the columns the live report's export writes (the AR aging list view's). From",
      "the key's snapshot alone: no request to the Data API.",
      "",
      "`sort` and `dir` are the table's order; a value it does not know is the default's. Sorted by supplier, the rows",
      "go by supplier id (the snapshot holds no supplier names).",
      "",
      "409 `AGING_PENDING` until the key's first walk that keeps the aging is in (export from the page's live report",
      "meanwhile).",
    ].join("\n"),
    answer: { mediaType: "text/csv", description: "The AR aging's rows as CSV (UTF-8 with a BOM), as an attachment." },
    need: "key",
    keyTypes: ["Employee"],
    what: "The AR aging's snapshot",
    query: AgingExportQuery,
  },
  async ({ actor, query }, deps: CollectionsDeps) => {
    const snapshot = await agingSnapshot(deps.db, actor.key.id);
    if (!snapshot.ready) throw agingPending();
    const rows = ofSuppliers(snapshot.rows, query.supplierIds) as AgingRow[];
    const lines = linesOf(rows);
    const rowOf = new Map<AgingLine, AgingRow>(lines.map((line, i) => [line, rows[i]!]));
    const label = (line: AgingLine, column: "account" | "supplier") =>
      column === "account"
        ? accountLabel(line.arAccountId, snapshot.accounts)
        : supplierLabel(line.supplierId, new Map());
    const ordered = sortedLines(lines, query.list, label).map((line) => rowOf.get(line)!);
    const columns = viewExportColumns(LIST_VIEWS.arAging as unknown as ListViewSpec, new URLSearchParams(), undefined);
    return new Response(
      csvHeader(columns, { bom: true }) + csvRows(columns, ordered as unknown as Record<string, unknown>[]),
      {
        headers: {
          ...NO_STORE,
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="ar-aging-${snapshot.state.asOf}.csv"`,
        },
      },
    );
  },
);
