import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ExportEntry } from "@/lib/domain/accounting/accounting-view";
import { type Program, programOf } from "@/lib/domain/accounting/format-names";
import { type AccountingMapping, DEFAULT_MAPPING, storedMapping } from "@/lib/domain/accounting/mapping";
import type { AuthTables, BackroomDatabase } from "../core/db/schema";
import type { AccountingTables } from "./tables";

/**
 * What Backroom keeps of a workspace's books (migration 018): its mapping, and its exports' ledger. The
 * ledger is the workspace's and the environment's, not a key's: what went into the books stays there when a key is
 * replaced, so a key removed keeps it (only its schedule goes). It is kept per program (migration 028): what went
 * into QuickBooks Online is not in Xero's books, nor in QuickBooks Desktop's.
 */

/** An export to remember: what it was, and each record it held with its fingerprint. */
export interface ExportToMark {
  workspaceId: string;
  environment: string;
  kind: "bills" | "payments";
  /** The file's format: its program's books are the ones it marks. */
  format: string;
  from: string;
  to: string;
  fileName: string;
  totalCents: bigint;
  /** Null: the schedule mailed it. */
  madeBy: string | null;
  records: { key: string; fingerprint: string }[];
  /** The request's Idempotency-Key (a download's `POST`), and a hash of what it asked for: one mark per key. */
  idempotencyKey?: string;
  requestHash?: string;
}

/** An export a request with an Idempotency-Key marked: what a retry of that request needs. */
export interface MarkedExport {
  id: string;
  environment: string;
  fileName: string;
  requestHash: string | null;
}

/** What a mark did: marked the export, or found one its Idempotency-Key marked before (and wrote nothing). */
export type MarkOutcome = { outcome: "marked"; id: string } | { outcome: "key-taken"; earlier: MarkedExport };

/** What an earlier export held of a record, and which export it was. */
export interface Exported {
  fingerprint: string;
  exportedAt: string;
  fileName: string;
  exportId: string;
}

/** Keys a query names at once (SQLite's limit on bound values is 32,766; PostgreSQL's 65,535). */
const KEY_BATCH = 500;

/**
 * @example
 * const store = createAccountingStore(db);
 * const mapping = await store.mapping(workspaceId);
 */
export function createAccountingStore(coreDb: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const db = coreDb.withTables<AccountingTables>();
  return {
    /**
     * The workspace's mapping (the defaults where it has none), and when it was set. One stored before Xero's fields
     * were its own keeps its QuickBooks names; its Xero fields are empty until set.
     */
    async mapping(workspaceId: string): Promise<{ mapping: AccountingMapping; updatedAt: string | null }> {
      const row = await db
        .selectFrom("accounting_mappings")
        .selectAll()
        .where("workspace_id", "=", workspaceId)
        .executeTakeFirst();
      if (!row) return { mapping: DEFAULT_MAPPING, updatedAt: null };
      return {
        mapping: storedMapping(JSON.parse(row.mapping_json)),
        updatedAt: row.updated_at,
      };
    },

    /** Sets the workspace's mapping (the same twice is one). */
    async setMapping(workspaceId: string, mapping: AccountingMapping, by: string): Promise<string> {
      const at = now().toISOString();
      const values = { mapping_json: JSON.stringify(mapping), updated_by: by, updated_at: at };
      await db
        .insertInto("accounting_mappings")
        .values({ workspace_id: workspaceId, ...values })
        .onConflict((oc) => oc.column("workspace_id").doUpdateSet(values))
        .execute();
      return at;
    },

    /** What earlier marked exports to a program held of these records, by key. */
    async exported(
      workspaceId: string,
      environment: string,
      program: Program,
      kind: "bills" | "payments",
      keys: readonly string[],
    ): Promise<Map<string, Exported>> {
      const found = new Map<string, Exported>();
      for (let i = 0; i < keys.length; i += KEY_BATCH) {
        const rows = await db
          .selectFrom("accounting_exported")
          .innerJoin("accounting_exports", "accounting_exports.id", "accounting_exported.export_id")
          .select([
            "accounting_exported.record_key",
            "accounting_exported.fingerprint",
            "accounting_exported.exported_at",
            "accounting_exported.export_id",
            "accounting_exports.file_name",
          ])
          .where("accounting_exported.workspace_id", "=", workspaceId)
          .where("accounting_exported.environment", "=", environment)
          .where("accounting_exported.program", "=", program)
          .where("accounting_exported.kind", "=", kind)
          .where("accounting_exported.record_key", "in", keys.slice(i, i + KEY_BATCH))
          .execute();
        for (const row of rows)
          found.set(row.record_key, {
            fingerprint: row.fingerprint,
            exportedAt: row.exported_at,
            fileName: row.file_name,
            exportId: row.export_id,
          });
      }
      return found;
    },

    /** The export a request with this Idempotency-Key marked in the workspace, if one did. */
    markedWith(workspaceId: string, idempotencyKey: string): Promise<MarkedExport | undefined> {
      return markedWith(db, workspaceId, idempotencyKey);
    },

    /**
     * Remembers an export and each record it held (a record exported again takes its new fingerprint), at once; with an
     * Idempotency-Key the workspace's requests used before, nothing (that key's export is answered instead).
     */
    mark: (input: ExportToMark): Promise<MarkOutcome> =>
      db.transaction().execute((trx) => writeMark(trx, input, randomUUID(), now().toISOString())),

    /** The workspace's latest exports in an environment, newest first. */
    async history(workspaceId: string, environment: string, limit = 20): Promise<ExportEntry[]> {
      const rows = await db
        .withTables<AuthTables>()
        .selectFrom("accounting_exports")
        .leftJoin("auth_user", "auth_user.id", "accounting_exports.made_by")
        .selectAll("accounting_exports")
        .select("auth_user.name as made_by_name")
        .where("accounting_exports.workspace_id", "=", workspaceId)
        .where("accounting_exports.environment", "=", environment)
        .orderBy("accounting_exports.made_at", "desc")
        .limit(limit)
        .execute();
      return rows.map((r) => {
        return {
          id: r.id,
          kind: r.kind,
          format: r.format,
          from: r.period_from,
          to: r.period_to,
          fileName: r.file_name,
          records: r.records,
          totalCents: r.total_cents,
          madeBy: r.made_by,
          madeByName: r.made_by_name ?? null,
          madeAt: r.made_at,
        };
      });
    },
  };
}

export type AccountingStore = ReturnType<typeof createAccountingStore>;

type BooksDb = Kysely<BackroomDatabase & AccountingTables>;

/** The export a request with this Idempotency-Key marked in the workspace (read in a transaction or not). */
async function markedWith(q: BooksDb, workspaceId: string, idempotencyKey: string): Promise<MarkedExport | undefined> {
  const row = await q
    .selectFrom("accounting_exports")
    .select(["id", "environment", "file_name", "request_hash"])
    .where("workspace_id", "=", workspaceId)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
  return row && { id: row.id, environment: row.environment, fileName: row.file_name, requestHash: row.request_hash };
}

/** `mark`'s writes, in its transaction: the export as `id` at `at`, then each record's row. */
async function writeMark(trx: BooksDb, input: ExportToMark, id: string, at: string): Promise<MarkOutcome> {
  // One statement: of two requests with one key at the same moment, one marks and the other finds its export.
  const inserted = await trx
    .insertInto("accounting_exports")
    .values({
      id,
      workspace_id: input.workspaceId,
      environment: input.environment,
      kind: input.kind,
      format: input.format,
      period_from: input.from,
      period_to: input.to,
      file_name: input.fileName,
      records: input.records.length,
      total_cents: String(input.totalCents),
      made_by: input.madeBy,
      made_at: at,
      idempotency_key: input.idempotencyKey ?? null,
      request_hash: input.requestHash ?? null,
    })
    .onConflict((oc) => oc.columns(["workspace_id", "idempotency_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted)
    return { outcome: "key-taken", earlier: (await markedWith(trx, input.workspaceId, input.idempotencyKey!))! };
  for (let i = 0; i < input.records.length; i += KEY_BATCH) {
    const rows = input.records.slice(i, i + KEY_BATCH).map((r) => ({
      workspace_id: input.workspaceId,
      environment: input.environment,
      program: programOf(input.format),
      kind: input.kind,
      record_key: r.key,
      fingerprint: r.fingerprint,
      export_id: id,
      exported_at: at,
    }));
    await trx
      .insertInto("accounting_exported")
      .values(rows)
      .onConflict((oc) =>
        oc.columns(["workspace_id", "environment", "program", "kind", "record_key"]).doUpdateSet((eb) => ({
          fingerprint: eb.ref("excluded.fingerprint"),
          export_id: eb.ref("excluded.export_id"),
          exported_at: eb.ref("excluded.exported_at"),
        })),
      )
      .execute();
  }
  return { outcome: "marked", id };
}
