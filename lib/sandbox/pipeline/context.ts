import type { Context, MiddlewareHandler } from "hono";
import type { Kysely } from "kysely";
import type { CheckedInput } from "@/lib/data-api/request-check";
import type { AnyOperation } from "@/lib/data-api/registry";
import type { Database } from "../db/schema";
import type { Environment } from "../environments";
import type { KeyScope } from "../keys";

/**
 * What the stages of the sandbox's API pipeline (`api.ts`) tell the stages after them, as Hono variables. Each is set
 * by one stage and read only by the stages composed after it: `requestId` first, then the route, the key, the checked
 * input. Read them with `c.get(name)`: Hono's `c.var` copies every variable into a new object each time it is read.
 */
export interface ApiVariables {
  /** The answer's `X-Request-Id` (request-id.ts). */
  requestId: string;
  /** The environment, the version's base path (`{basePath}/{env}/api/{version}`), the operation and its raw path parameters (route.ts). */
  env: Environment;
  versionPath: string;
  operation: AnyOperation;
  params: Record<string, string>;
  /** The environment's database and the key's scope (key.ts). */
  db: Kysely<Database>;
  scope: KeyScope;
  /** Path, query and body as the contract accepts them, and the preferences honoured (parse.ts). */
  input: CheckedInput;
}

export type ApiEnv = { Variables: ApiVariables };

/** One stage of the pipeline. */
export type Stage = MiddlewareHandler<ApiEnv>;

/** The Data API's paths, relative to the sandbox's base: every stage and the handler run on them. */
export const API_ROUTE = "/:env/api/:version/*";

export const JSON_TYPE = "application/json; charset=utf-8";

/** A JSON answer. */
export function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": JSON_TYPE, ...headers } });
}

/**
 * Puts `response` in place of the answer so far. Hono's own setter copies the old answer's headers onto the new one;
 * a stage that replaces an answer (a fault's dropped connection, a 304) means to drop them, as the live service would.
 */
export function replaceResponse(c: Context<ApiEnv>, response: Response): void {
  c.res = undefined;
  c.res = response;
}
