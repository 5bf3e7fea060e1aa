import "server-only";
import * as z from "zod/v4/core";
import type { KeyType } from "@/lib/data-api/operation";
import { BodyTooLargeError, readBodyText } from "@/lib/data-api/request-body";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { may, type Permission } from "@/lib/session/roles";
import type { Actor } from "./auth/actor";
import { demoFixedPermission, isDemoPerson } from "./auth/demo";
import { requestIdOf } from "@/lib/data-api/request-check";
import { errorAnswer, invalidField, keyTypeRefusal, newRequestId, NO_STORE, RouteError, refuse } from "./route-errors";

// The refusals a handler throws are the errors module's; imported from here by the routes written before it owned them.
import { isSameOrigin, isWrite } from "./same-origin";

/**
 * Who must be asking before a route's handler runs:
 * - `anyone`: nobody need be signed in, and nobody is looked up (the demo's sign-in, an unsubscribe link, a public
 *   page, the probes, the proxy and the accounts library's door, which resolve who is asking themselves);
 * - `signed-in`: a person signed in (401 `NOT_SIGNED_IN` otherwise);
 * - `member`: a member of the workspace they work in (403 `NO_WORKSPACE`), two factors or not: leaving it;
 * - `workspace`: and allowed to read its data: where it requires two factors, the person has them (403
 *   `TWO_FACTOR_REQUIRED`);
 * - `key`: and a Data API key to work with there (409 `NO_KEY`).
 */
export type RouteNeed = "anyone" | "signed-in" | "member" | "workspace" | "key";

type InWorkspace = Actor & Required<Pick<Actor, "workspace" | "membership">>;
/** What a handler is given as the actor for each need. */
export interface ActorOf {
  anyone: undefined;
  "signed-in": Actor;
  member: InWorkspace;
  workspace: InWorkspace;
  key: InWorkspace & Required<Pick<Actor, "key">>;
}

/** The resolver every backend holds. */
export interface RouteDeps {
  actors: { resolve(headers: Headers): Promise<Actor | undefined> };
}

/** The longest Idempotency-Key a route keeps. */
export const MAX_IDEMPOTENCY_KEY = 200;

/**
 * The request's Idempotency-Key, for a write that must be made once per key (`what` it makes once: "one list, and one
 * mail"); refused on the field "Idempotency-Key" when missing or longer than `MAX_IDEMPOTENCY_KEY`.
 *
 * @example
 * const key = requiredIdempotencyKey(request, "one list, and one mail");
 */
export function requiredIdempotencyKey(request: Request, what: string): string {
  const key = request.headers.get("Idempotency-Key")?.trim();
  if (!key) throw invalidField("Idempotency-Key", `Send an Idempotency-Key header: ${what}, per key.`);
  if (key.length > MAX_IDEMPOTENCY_KEY)
    throw invalidField("Idempotency-Key", `An Idempotency-Key is at most ${MAX_IDEMPOTENCY_KEY} characters.`);
  return key;
}

/** A spec's permission as the list of grants any one of which lets a role through. */
export function anyOf(permission: Permission | readonly Permission[] | undefined): readonly Permission[] {
  if (permission === undefined) return [];
  return Array.isArray(permission) ? permission : [permission as Permission];
}

/** Whether a role has a spec's permission: one grant, or any of several. */
export function permits(role: string | null | undefined, permission: Permission | readonly Permission[]): boolean {
  return anyOf(permission).some((grant) => may(role, grant));
}

/** Why an actor does not meet a need, or undefined when it does. */
export function refusalFor(
  actor: Actor | undefined,
  need: RouteNeed,
): "not-signed-in" | "no-workspace" | "two-factor-required" | "no-key" | undefined {
  if (need === "anyone") return undefined;
  if (!actor) return "not-signed-in";
  if (need === "signed-in") return undefined;
  if (!actor.workspace || !actor.membership) return "no-workspace";
  if (need === "member") return undefined;
  if (actor.needsTwoFactor) return "two-factor-required";
  if (need === "workspace") return undefined;
  return actor.key ? undefined : "no-key";
}

/** The methods Backroom's routes answer. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What a route answers when it succeeds: a zod schema of its JSON (checked against every answer under test, so the
 * description cannot drift from the code), or a file's media type and what it holds (a CSV, a PDF, a photo).
 */
export type RouteAnswer = z.$ZodType | { mediaType: string; description: string };

/** Whether a write takes an `Idempotency-Key` header, read and checked before its handler runs. */
export type IdempotencyRule = "required" | "optional";

/** What a route asks of its request, checked before its handler runs, and what it says of itself (`/api/openapi.json`). */
export interface RouteSpec<
  N extends RouteNeed,
  Q extends z.$ZodType | undefined,
  B extends z.$ZodType | undefined,
  I extends IdempotencyRule | undefined = undefined,
> {
  /** The method or methods it answers (the route file exports it under each). */
  method: HttpMethod | readonly HttpMethod[];
  /** Its address, its dynamic segments in braces: `/api/credit/{arAccountId}`. */
  path: string;
  /** What it does, in one sentence: the description's title and the endpoints list's line. */
  summary: string;
  /** The rest of what a caller needs: its rules, its particular refusals (Markdown). */
  description?: string;
  /** What it answers on success (`RouteAnswer`); none said: `null`, or a redirect. */
  answer?: RouteAnswer;
  /** The status of its answer (200 unless said): a plain value a handler returns is answered with it. */
  status?: 200 | 201 | 202 | 204 | 303 | 308;
  /** An old address kept for a while (`moved.ts`): the document marks it deprecated. */
  deprecated?: boolean;
  /** A write made once per `Idempotency-Key` (`required`: refused without one), handed to the handler. */
  idempotencyKey?: I;
  need: N;
  /** What the person's role must grant (403 `FORBIDDEN_BY_ROLE`). */
  permission?: Permission | readonly Permission[];
  /** What a role without the permission is told (403 `FORBIDDEN_BY_ROLE`), when the route's own words say more. */
  refusedByRole?: string;
  /** The key types the route serves (403 `NOT_FOR_THIS_KEY` for another); `what` names the thing in the sentence. */
  keyTypes?: readonly KeyType[];
  /** What the route serves, in a sentence's words ("Today", "The list"): its refusals and upstream failures. */
  what?: string;
  /** The query's schema, given `Object.fromEntries(searchParams)`. */
  query?: Q;
  /** The JSON body's schema; a write without one has its body ignored. */
  body?: B;
  /** The body's limit in bytes (16 KiB by default; past it 413). */
  maxBodyBytes?: number;
  /** The sentence above the field errors of a bad query or body. */
  invalid?: string;
  /** A write from another site is let through (an unsubscribe link posted by a mail client: its token is the authority). */
  crossSite?: "allowed";
}

/** What a handler is given. */
export interface RouteInput<N extends RouteNeed, Q, B, K = undefined> {
  request: Request;
  /** The request's `Idempotency-Key`, trimmed, when the spec takes one (a string when `required`). */
  idempotencyKey: K;
  /** The request's id: its `X-Request-Id` when well formed, else a new one; every refusal of it names it. */
  requestId: string;
  actor: ActorOf[N];
  query: Q;
  body: B;
  /** The route's dynamic segments (`/api/members/[memberId]`). */
  params: Record<string, string>;
}

type Infer<S> = S extends z.$ZodType ? z.output<S> : undefined;
type KeyOf<I> = I extends "required" ? string : I extends "optional" ? string | undefined : undefined;

/** The handler as a route file and a test call it. */
export type Route<D> = (request: Request, deps: D, params?: Record<string, string>) => Promise<Response>;

/** A refusal or failure a route answered, as `onRefused` is told of it (`started`: `performance.now()` at its start). */
export interface RefusedAnswer {
  request: Request;
  response: Response;
  requestId: string;
  started: number;
}

/** A route's spec with its schemas as values: what the OpenAPI document and the endpoints list read. */
export type AnyRouteSpec = RouteSpec<
  RouteNeed,
  z.$ZodType | undefined,
  z.$ZodType | undefined,
  IdempotencyRule | undefined
>;

/** A route as `defineRoute` makes it: the handler, and the spec it was made from. */
export type DefinedRoute<D> = Route<D> & { readonly spec: AnyRouteSpec };

const DEFAULT_BODY_BYTES = 16 * 1024;

const json = (body: unknown, status = 200, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...Object.fromEntries(new Headers(headers)) } });

/**
 * The address's query, parsed by its schema. A refusal's detail is the route's `invalid` sentence (how to ask), or
 * else what is wrong ("from must not be after to"); the field errors say it field by field.
 */
function readQuery(request: Request, schema: z.$ZodType, invalid: string | undefined) {
  const parsed = z.safeParse(schema, Object.fromEntries(new URL(request.url).searchParams));
  if (parsed.success) return parsed.data;
  const said = [...new Set(parsed.error.issues.map((i) => i.message))].join("; ");
  const { Error: body } = validationErrorBody(parsed.error, invalid ?? said);
  throw new RouteError(400, body.code, body.detail, { fieldErrors: body.fieldErrors });
}

/** The JSON body, parsed by its schema: a body that is not JSON is parsed as none, and the schema says what is missing. */
async function readBody(request: Request, schema: z.$ZodType, spec: { maxBodyBytes?: number; invalid?: string }) {
  let value: unknown;
  try {
    value = JSON.parse(await readBodyText(request, spec.maxBodyBytes ?? DEFAULT_BODY_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw new RouteError(413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${error.limit} bytes.`);
    value = undefined;
  }
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  // What is wrong with the body as a whole (none, not JSON, not an object) is said of the field "body".
  throw new z.$ZodError(
    parsed.error.issues.map((issue) =>
      issue.path.length || issue.code === "unrecognized_keys" ? issue : { ...issue, path: ["body"] },
    ),
  );
}

/**
 * A route handler, written once for every route: a write from another site is refused (403) before anyone is
 * resolved; who is asking is resolved (`auth/actor.ts`) and held to `need`, to the role's `permission` (403
 * `FORBIDDEN_BY_ROLE`; a demo person's change to what every visitor shares, 403 `DEMO_SHARED`) and to `keyTypes`; the
 * query and body are parsed by their schemas (400 `VALIDATION_FAILED` with field errors); then the handler runs. It
 * returns data (answered as JSON, never stored) or a `Response`, and throws its refusals (`refuse`, `refusal`,
 * `invalidField`); a zod error, the Data API's error and the accounts library's refusal are answered in the same shape,
 * and anything else as a 500 that says nothing but a request id (503 when the database is away).
 *
 * @example
 * export const updateMember = defineRoute(
 *   { need: "workspace", permission: { member: ["update"] }, body: MemberChange },
 *   async ({ actor, body, params }, deps: MembersDeps) => ...,
 * );
 */
export function defineRoute<
  D extends RouteDeps,
  N extends RouteNeed,
  Q extends z.$ZodType | undefined = undefined,
  B extends z.$ZodType | undefined = undefined,
  I extends IdempotencyRule | undefined = undefined,
>(
  spec: RouteSpec<N, Q, B, I> & {
    /** Told of each refusal and failure answered before or by the handler (the proxy's telemetry). */
    onRefused?: (refused: RefusedAnswer, deps: D) => void;
  },
  handler: (input: RouteInput<N, Infer<Q>, Infer<B>, KeyOf<I>>, deps: D) => Promise<unknown>,
): DefinedRoute<D> {
  const route: Route<D> = async (request, deps, params = {}) => {
    const started = performance.now();
    const requestId = requestIdOf(request.headers.get("X-Request-Id"), newRequestId);
    try {
      if (isWrite(request.method) && spec.crossSite !== "allowed" && !isSameOrigin(request)) throw refuse("cross-site");
      const actor = spec.need === "anyone" ? undefined : await deps.actors.resolve(request.headers);
      const refused = refusalFor(actor, spec.need);
      if (refused) throw refuse(refused);
      const role = actor?.membership?.role;
      if (spec.permission && !permits(role, spec.permission)) throw refuse("forbidden-by-role", spec.refusedByRole);
      if (
        isWrite(request.method) &&
        anyOf(spec.permission).some(demoFixedPermission) &&
        isDemoPerson(actor?.person.email)
      )
        throw refuse("demo-shared");
      const key = actor?.key;
      if (spec.keyTypes && key && !spec.keyTypes.includes(key.keyType))
        throw keyTypeRefusal(spec.what ?? "This", spec.keyTypes, key.keyType);
      const query = spec.query ? readQuery(request, spec.query, spec.invalid) : undefined;
      // A route that takes a body is a write: anything else is nothing here.
      if (spec.body && !isWrite(request.method)) throw refuse("not-found");
      const body = spec.body ? await readBody(request, spec.body, spec) : undefined;
      const idempotencyKey = spec.idempotencyKey ? readIdempotencyKey(request, spec.idempotencyKey) : undefined;
      const answer = await handler(
        {
          request,
          actor: actor as ActorOf[N],
          query: query as Infer<Q>,
          body: body as Infer<B>,
          idempotencyKey: idempotencyKey as KeyOf<I>,
          requestId,
          params,
        },
        deps,
      );
      const response = answer instanceof Response ? answer : json(answer ?? null, spec.status ?? 200);
      if (CHECK_ANSWERS) await checkAnswer(spec, response);
      return response;
    } catch (error) {
      const refused =
        error instanceof z.$ZodError && spec.invalid
          ? json(validationErrorBody(error, spec.invalid), 400)
          : errorAnswer(error, request, spec.what, requestId);
      // Every refusal names itself, so a person can quote it (a failure's id is the one in the log).
      if (!refused.headers.has("X-Request-Id")) refused.headers.set("X-Request-Id", requestId);
      spec.onRefused?.({ request, response: refused, requestId, started }, deps);
      return refused;
    }
  };
  return Object.assign(route, { spec: spec as AnyRouteSpec });
}

/**
 * Under test, every answer is held to the route's own description: a success's JSON must parse by `answer`'s schema,
 * so what `/api/openapi.json` says is what the routes do (a mismatch fails the test that made the request, as a 500
 * whose log names the route and the field).
 */
const CHECK_ANSWERS = process.env.VITEST === "true";

/** Throws when a success's JSON is not what the spec's `answer` says. */
async function checkAnswer(spec: AnyRouteSpec, response: Response) {
  const schema = spec.answer;
  if (!schema || !("_zod" in schema) || response.status >= 300) return;
  if (!response.headers.get("Content-Type")?.includes("application/json")) return;
  const parsed = z.safeParse(schema, await response.clone().json());
  if (!parsed.success)
    throw new Error(
      `${spec.method} ${spec.path}: the answer is not what its spec says: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".") || "(answer)"}: ${i.message}`)
        .join("; ")}`,
    );
}

/** The request's Idempotency-Key by the spec's rule: refused when required and missing, or too long. */
function readIdempotencyKey(request: Request, rule: IdempotencyRule): string | undefined {
  const key = request.headers.get("Idempotency-Key")?.trim();
  if (!key && rule === "optional") return undefined;
  return requiredIdempotencyKey(request, "a write made once");
}
