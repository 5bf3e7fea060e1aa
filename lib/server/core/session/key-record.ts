import "server-only";
import * as z from "zod";
import { KEY_TYPES } from "@/lib/data-api/operation";
import type { WorkspaceKeyTable } from "../db/schema";
import type { KeyScope, StoredKeyInfo } from "./types";

/**
 * One row of `workspace_keys`, in and out: the checks a key passes before it is stored, the text its ciphertext is
 * bound to, and the metadata read back for the UI.
 */

const ENVIRONMENTS = ["production", "test"] as const;

const Account = z.object({ id: z.number().int(), name: z.string() });

// What `scope_json` holds. Unknown properties are dropped, so only these fields are ever stored or shown.
export const KeyScopeSchema: z.ZodType<KeyScope> = z.object({
  customers: z.array(Account).optional(),
  suppliers: z.array(Account).optional(),
  summary: z.string(),
});

// A key to connect. The route has checked the request already; this guards what reaches the database.
export const NewKeySchema = z.object({
  apiKey: z.string().min(1).max(1024),
  environment: z.enum(ENVIRONMENTS),
  keyType: z.enum(KEY_TYPES),
  label: z.string().min(1).max(200),
  scope: KeyScopeSchema,
});

// Keys shorter than this get no hint: four characters would be too large a part of them.
const MIN_LENGTH_FOR_HINT = 12;

/**
 * The last 4 characters of a key, so a person can tell keys apart. Not worth protecting: 4 characters of a long
 * random key leave the rest as unguessable as before, and they identify a key only to someone who holds it.
 *
 * @example
 * keyHint("prod-1234567890-abcd"); // "abcd"
 */
export function keyHint(apiKey: string): string {
  return apiKey.length >= MIN_LENGTH_FOR_HINT ? apiKey.slice(-4) : "";
}

const Row = z.object({
  environment: z.enum(ENVIRONMENTS),
  key_type: z.enum(KEY_TYPES),
  scope_json: z.string().transform((text) => KeyScopeSchema.parse(JSON.parse(text))),
});

/**
 * What a key's row holds besides the core's columns: an Employee key's history scope (null or "linked-reps", the
 * linked reps' accounts; "distributor", every account's), shown with the key. Migration 012, whose other half indexes
 * the history's tables, adds the column, so it is not the core's: a database of the core's migrations alone (the core's
 * own tests) has none, and an Employee key there reads as "linked-reps".
 */
export interface KeyRowExtras {
  history_scope?: string | null;
}

/**
 * What the UI may see of a stored key. Throws when the row holds values the store never writes (a corrupt row).
 *
 * @example
 * const keys = rows.map(toKeyInfo);
 */
export function toKeyInfo(row: Omit<WorkspaceKeyTable, "workspace_id" | "added_by"> & KeyRowExtras): StoredKeyInfo {
  const { environment, key_type, scope_json } = Row.parse(row);
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    environment,
    keyType: key_type,
    label: row.label,
    scope: scope_json,
    hint: row.hint,
    addedAt: row.added_at,
    lastUsedAt: row.last_used_at,
    ...(key_type === "Employee"
      ? { historyScope: row.history_scope === "distributor" ? ("distributor" as const) : ("linked-reps" as const) }
      : {}),
  };
}
