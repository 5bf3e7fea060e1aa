import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./db/schema";
import { SandboxError } from "./handler";

/** How long a key's answer is kept, by the environment's clock. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim still `running` after this long (real time) was left by a crashed process and may be taken over. */
const ABANDONED_MS = 60_000;
const KEY = /^[\x21-\x7e]{1,255}$/;

/** A response as stored for replay. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export type Claim = { kind: "claimed" } | { kind: "replay"; response: StoredResponse };

export interface ClaimRequest {
  /** The API key's hash: keys are scoped to the API key that sent them. */
  keyHash: string;
  idempotencyKey: string;
  method: string;
  path: string;
  query: string;
  body: string;
  /** The environment's clock, which starts the 24 hours. */
  now: Date;
}

/** Checks the header's value: printable ASCII, 1 to 255 characters. */
export function checkIdempotencyKey(value: string): void {
  if (!KEY.test(value)) {
    throw new SandboxError(400, {
      Error: {
        code: "INVALID_IDEMPOTENCY_KEY",
        detail: "Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.",
      },
    });
  }
}

/** Hash of what makes two requests "the same": method, path, query and body. */
export function fingerprint(request: Pick<ClaimRequest, "method" | "path" | "query" | "body">): string {
  return createHash("sha256")
    .update(`${request.method}\n${request.path}\n${request.query}\n${request.body}`)
    .digest("hex");
}

const conflict = (code: string, detail: string) => new SandboxError(409, { Error: { code, detail } });

/**
 * Claims an Idempotency-Key for a request, atomically: the first request inserts the row and runs; a later one with
 * the same fingerprint gets the stored answer to replay, or 409 IDEMPOTENCY_KEY_IN_PROGRESS while the first still runs;
 * one with another fingerprint gets 409 IDEMPOTENCY_KEY_REUSED. An expired key (24 hours) is claimed afresh.
 *
 * @example
 * const claim = await claimIdempotencyKey(db, { keyHash, idempotencyKey: "abc", method: "POST", path, query: "", body, now });
 * if (claim.kind === "replay") return replay(claim.response);
 */
export async function claimIdempotencyKey(db: Kysely<Database>, request: ClaimRequest): Promise<Claim> {
  const print = fingerprint(request);
  const where = { key_hash: request.keyHash, idempotency_key: request.idempotencyKey };
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto("idempotency_keys")
      .values({
        ...where,
        fingerprint: print,
        state: "running",
        status: null,
        headers: null,
        body: null,
        created_at: request.now.toISOString(),
        claimed_at_ms: Date.now(),
      })
      .onConflict((oc) => oc.columns(["key_hash", "idempotency_key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: "claimed" };

    const row = await db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("key_hash", "=", where.key_hash)
      .where("idempotency_key", "=", where.idempotency_key)
      .executeTakeFirst();
    if (!row) continue; // expired and removed by another request meanwhile: try to claim again
    if (Date.parse(row.created_at) + IDEMPOTENCY_TTL_MS <= request.now.getTime()) {
      await db
        .deleteFrom("idempotency_keys")
        .where("key_hash", "=", where.key_hash)
        .where("idempotency_key", "=", where.idempotency_key)
        .where("created_at", "=", row.created_at)
        .execute();
      continue;
    }
    if (row.fingerprint !== print) {
      throw conflict(
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was used with a different request. Use a new key for a new operation.",
      );
    }
    if (row.state === "running") {
      const abandoned = Number(row.claimed_at_ms) < Date.now() - ABANDONED_MS;
      if (abandoned) {
        const taken = await db
          .updateTable("idempotency_keys")
          .set({ claimed_at_ms: Date.now() })
          .where("key_hash", "=", where.key_hash)
          .where("idempotency_key", "=", where.idempotency_key)
          .where("state", "=", "running")
          .where("claimed_at_ms", "=", row.claimed_at_ms)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) return { kind: "claimed" };
      }
      throw conflict(
        "IDEMPOTENCY_KEY_IN_PROGRESS",
        "A request with this Idempotency-Key is still being processed. Retry after it finishes.",
      );
    }
    return {
      kind: "replay",
      response: {
        status: row.status ?? 200,
        headers: JSON.parse(row.headers ?? "{}") as Record<string, string>,
        body: row.body,
      },
    };
  }
  throw conflict("IDEMPOTENCY_KEY_IN_PROGRESS", "The Idempotency-Key is changing hands. Retry shortly.");
}

/** Stores the answer of a claimed key; call it in the transaction of the write, so the two commit together. */
export async function completeIdempotencyKey(
  db: Kysely<Database>,
  keyHash: string,
  idempotencyKey: string,
  response: StoredResponse,
): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({ state: "done", status: response.status, headers: JSON.stringify(response.headers), body: response.body })
    .where("key_hash", "=", keyHash)
    .where("idempotency_key", "=", idempotencyKey)
    .execute();
}

/** Gives a claimed key back (the request failed unexpectedly): a retry runs it again. */
export async function releaseIdempotencyKey(
  db: Kysely<Database>,
  keyHash: string,
  idempotencyKey: string,
): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("key_hash", "=", keyHash)
    .where("idempotency_key", "=", idempotencyKey)
    .where("state", "=", "running")
    .execute();
}
