import type { FieldMeta, OperationMeta, ParamMeta, RecordMeta } from "./meta";
import type { ParamSpec } from "./query-params";
import * as catalog from "./records/catalog";
import * as customers from "./records/customers";
import * as directory from "./records/directory";
import * as inventory from "./records/inventory";
import * as invoices from "./records/invoices";
import * as payments from "./records/payments";
import * as purchases from "./records/purchases";
import { operationList } from "./registry";

function paramMeta(spec: ParamSpec): ParamMeta {
  return {
    kind: spec.kind,
    required: spec.required,
    ...(spec.defaultValue !== undefined ? { defaultValue: spec.defaultValue } : {}),
    ...(spec.values ? { values: [...spec.values] } : {}),
    ...(spec.description ? { description: spec.description } : {}),
  };
}

function isRecord(
  value: unknown,
): value is { id: string; fields: Record<string, { label: string; description?: string }> } {
  return (
    typeof value === "object" &&
    value !== null &&
    "fields" in value &&
    "read" in value &&
    "doc" in value &&
    "id" in value
  );
}

/** The contract's plain data (see meta.ts), from the registry and the records, in a stable order. */
export function buildContractMeta(): {
  operations: Record<string, OperationMeta>;
  records: Record<string, RecordMeta>;
} {
  const operations = Object.fromEntries(
    operationList.map((op): [string, OperationMeta] => [
      op.id,
      {
        id: op.id,
        method: op.method,
        version: op.version,
        path: op.path,
        envelope: op.envelope,
        access: op.access,
        query: Object.fromEntries(
          Object.entries(op.query as Record<string, ParamSpec>).map(([name, spec]) => [name, paramMeta(spec)]),
        ),
      },
    ]),
  );
  const records: Record<string, RecordMeta> = {};
  for (const recordsModule of [catalog, customers, directory, inventory, invoices, payments, purchases]) {
    for (const [name, value] of Object.entries(recordsModule).sort(([a], [b]) => a.localeCompare(b))) {
      if (!isRecord(value)) continue;
      const fields = Object.fromEntries(
        Object.entries(value.fields).map(([field, f]): [string, FieldMeta] => [
          field,
          f.description ? { label: f.label, description: f.description } : { label: f.label },
        ]),
      );
      records[name] = { id: value.id, fields };
    }
  }
  return { operations, records };
}

/** The text of meta.generated.ts. */
export function contractMetaSource(): string {
  const { operations, records } = buildContractMeta();
  return `// Written by \`npm run contract-meta\` from the registry and the records (lib/data-api/meta-build.ts): do not edit.
// The contract as plain data for pages, so the browser's first load carries no schemas (see meta.ts).
import type { OperationMeta, RecordMeta } from "./meta";
import type { OperationId } from "./registry";

export const OPERATION_META = ${JSON.stringify(operations, null, 2)} satisfies Record<OperationId, OperationMeta>;

export const RECORD_META = ${JSON.stringify(records, null, 2)} satisfies Record<string, RecordMeta>;

`;
}
