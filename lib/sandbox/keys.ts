import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { KeyType } from "@/lib/data-api/operation";
import type { Database } from "./db/schema";
import type { Environment } from "./environments";

/**
 * API keys of the sandbox. Keys are stored as their SHA-256: they are long random strings, so a fast hash cannot be
 * reversed by guessing, and a lookup stays one indexed read. The demo keys are fixed and documented.
 */
export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The documented demo keys of an environment, one per key type. */
export function demoKeys(env: Environment): Record<KeyType, string> {
  return { Employee: `${env}-employee-demo`, Customer: `${env}-customer-demo`, Supplier: `${env}-supplier-demo` };
}

/** What a key may see: its type, and for Customer and Supplier keys the accounts it is tied to. */
export interface KeyScope {
  keyHash: string;
  type: KeyType;
  company: string;
  userId: number;
  customerIds: number[];
  supplierIds: number[];
  /** The key's own hourly limit, when the operator gave it one (else the environment's). */
  rateLimit?: number;
}

/** Resolves a key to its scope, or undefined when the key is unknown or revoked. */
export async function resolveKey(db: Kysely<Database>, key: string): Promise<KeyScope | undefined> {
  const keyHash = hashKey(key);
  const row = await db
    .selectFrom("api_keys")
    .selectAll()
    .where("key_hash", "=", keyHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const [customers, suppliers] = await Promise.all([
    db
      .selectFrom("api_key_customers")
      .select("customer_id")
      .where("key_hash", "=", keyHash)
      .orderBy("customer_id")
      .execute(),
    db
      .selectFrom("api_key_suppliers")
      .select("supplier_id")
      .where("key_hash", "=", keyHash)
      .orderBy("supplier_id")
      .execute(),
  ]);
  return {
    keyHash,
    type: row.type,
    company: row.company,
    userId: row.user_id,
    customerIds: customers.map((c) => c.customer_id),
    supplierIds: suppliers.map((s) => s.supplier_id),
    ...(row.rate_limit === null ? {} : { rateLimit: row.rate_limit }),
  };
}

export interface NewKey {
  type: KeyType;
  company: string;
  userId: number;
  customerIds?: number[];
  supplierIds?: number[];
  createdAt: string;
  /** Requests per hour of this key (the environment's limit when left out). */
  rateLimit?: number;
}

/**
 * Stores a key (hashed) with its scope. Pass `key` for the fixed demo keys; otherwise a random one is made.
 * Returns the key in clear: the only time it is seen.
 */
export async function storeKey(db: Kysely<Database>, env: Environment, spec: NewKey, key?: string): Promise<string> {
  const clear = key ?? `${env}-${spec.type.toLowerCase()}-${randomBytes(24).toString("base64url")}`;
  const keyHash = hashKey(clear);
  const write = async (trx: Kysely<Database>) => {
    await trx
      .insertInto("api_keys")
      .values({
        key_hash: keyHash,
        key_prefix: clear.slice(0, env.length + 12),
        type: spec.type,
        company: spec.company,
        user_id: spec.userId,
        created_at: spec.createdAt,
        revoked_at: null,
        rate_limit: spec.rateLimit ?? null,
      })
      .execute();
    if (spec.customerIds?.length) {
      await trx
        .insertInto("api_key_customers")
        .values(spec.customerIds.map((customer_id) => ({ key_hash: keyHash, customer_id })))
        .execute();
    }
    if (spec.supplierIds?.length) {
      await trx
        .insertInto("api_key_suppliers")
        .values(spec.supplierIds.map((supplier_id) => ({ key_hash: keyHash, supplier_id })))
        .execute();
    }
  };
  // Joins the caller's transaction when there is one (issuing a key also creates its user).
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return clear;
}
