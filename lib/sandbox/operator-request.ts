import { isRefusal } from "@/lib/data-api/refusal";
import { readJsonBody } from "@/lib/data-api/request-body";
import type { Environment } from "./environments";
import { refuse } from "./handler";

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
