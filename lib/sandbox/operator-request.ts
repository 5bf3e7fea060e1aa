import type { Kysely } from "kysely";
import { isRefusal } from "@/lib/data-api/refusal";
import { readJsonBody } from "@/lib/data-api/request-body";
import type { Database } from "./db/schema";
import type { Environment } from "./environments";
import { refuse, SandboxError } from "./handler";
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  type StoredResponse,
} from "./idempotency";
import { JSON_TYPE } from "./pipeline/context";

/** Hono variables of an operator request: the environment, checked. */
export type OperatorEnv = { Variables: { env: Environment } };

/** An operator request's JSON body (415, 413 and 400 as for the API's writes). */
export async function jsonBody(request: Request): Promise<unknown> {
  const read = await readJsonBody(request);
  if (isRefusal(read)) refuse(read);
  return read.value;
}

/** An operator request's JSON body and its text as sent (what an Idempotency-Key's fingerprint hashes). */
export async function jsonRequest(request: Request): Promise<{ raw: string; value: unknown }> {
  const read = await readJsonBody(request);
  if (isRefusal(read)) refuse(read);
  return read;
}

/**
 * An operator's write with its `Idempotency-Key` honoured as on the API's writes (24 hours, replay with
 * `Idempotency-Replayed`, 409 for another body), kept under `keyHash`, apart from every API key's: `write` runs in one
 * transaction with the stored answer. A refusal (a SandboxError under 500) is kept as the key's answer too; anything
 * else frees the key for a retry. Without a key, each request writes.
 *
 * @example
 * return idempotentWrite({ db, keyHash, request: c.req.raw, raw, now }, async (trx) => ({ status: 201, headers, body }));
 */
export async function idempotentWrite(
  options: { db: Kysely<Database>; keyHash: string; request: Request; raw: string; now: Date },
  write: (trx: Kysely<Database>) => Promise<StoredResponse>,
): Promise<Response> {
  const { db, keyHash, request } = options;
  const idempotencyKey = request.headers.get("Idempotency-Key") ?? undefined;
  if (idempotencyKey !== undefined) {
    checkIdempotencyKey(idempotencyKey);
    const url = new URL(request.url);
    const claim = await claimIdempotencyKey(db, {
      keyHash,
      idempotencyKey,
      method: request.method,
      path: url.pathname,
      query: url.search,
      body: options.raw,
      now: options.now,
    });
    if (claim.kind === "replay")
      return new Response(claim.response.body, {
        status: claim.response.status,
        headers: { ...claim.response.headers, "Idempotency-Replayed": "true" },
      });
  }
  try {
    const answer = await db.transaction().execute(async (trx) => {
      const stored = await write(trx);
      if (idempotencyKey !== undefined) await completeIdempotencyKey(trx, keyHash, idempotencyKey, stored);
      return stored;
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  } catch (error) {
    if (idempotencyKey !== undefined) {
      // A refusal is the answer to this request, kept for its repeats; anything else frees the key for a retry.
      if (error instanceof SandboxError && error.status < 500)
        await completeIdempotencyKey(db, keyHash, idempotencyKey, {
          status: error.status,
          headers: { "Content-Type": JSON_TYPE, ...error.headers },
          body: JSON.stringify(error.body),
        });
      else await releaseIdempotencyKey(db, keyHash, idempotencyKey);
    }
    throw error;
  }
}
