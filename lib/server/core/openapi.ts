import "server-only";
import * as z from "zod";
import { ErrorBody } from "@/lib/data-api/error-body";
import { ROLE_NAMES } from "@/lib/session/roles";
import { type AnyRouteSpec, type HttpMethod, permits, type RouteNeed } from "./define-route";

/**
 * Backroom's own API as an OpenAPI 3.1 document, built from its routes' specs (`defineRoute`'s `method`, `path`,
 * `summary`, `query`, `body` and `answer`): what `GET /api/openapi.json` serves and `docs/endpoints.md` is written from.
 * The core names no feature: the list of routes is handed in (`lib/server/routes.ts`).
 */

type Json = Record<string, unknown>;

/** The session cookie better-auth sets (`cookiePrefix: "backroom"`; `__Secure-` before it over HTTPS). */
const SESSION_COOKIE = "backroom.session_token";

/** What each need asks of the person, in the description's words. */
export const NEED_WORDS: Record<RouteNeed, string> = {
  anyone: "Anyone: no sign-in.",
  "signed-in": "A person signed in.",
  member: "A member of the workspace they work in.",
  workspace: "A member of the workspace, with two factors where it requires them.",
  key: "A member of the workspace, with a Data API key in use there.",
};

/** The feature a route belongs to: the first segment of its address after `/api/`. */
export function featureOf(path: string): string {
  return path.split("/")[2] ?? "";
}

/** The methods of a spec, as a list. */
export function methodsOf(spec: AnyRouteSpec): HttpMethod[] {
  return spec.method === undefined ? [] : typeof spec.method === "string" ? [spec.method] : [...spec.method];
}

/** The roles a permission lets through (every role when there is none). */
export function rolesOf(spec: AnyRouteSpec): string[] {
  return ROLE_NAMES.filter((role) => !spec.permission || permits(role, spec.permission));
}

/** A zod schema as JSON Schema, as a request (`input`) or an answer (`output`) has it. */
function schemaOf(schema: z.core.$ZodType, io: "input" | "output"): Json {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    // A transform, a date or a custom check has no JSON Schema: said as any value, its rule in the description.
    unrepresentable: "any",
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === "date" || jsonSchema.format === "date-time") delete jsonSchema.pattern;
    },
  }) as Json;
  return rest;
}

/** `get /api/order-guide/lists/{id}/resend` → `postOrderGuideListsByIdResend`. */
function operationId(method: HttpMethod, path: string): string {
  const words = path
    .split("/")
    .slice(2)
    .flatMap((segment) =>
      segment.startsWith("{") ? ["by", segment.slice(1, -1)] : segment.split(/[^A-Za-z0-9]+/).filter(Boolean),
    );
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

/** The query's fields as parameters (a query schema is an object of the address's parameters). */
function queryParameters(spec: AnyRouteSpec): Json[] {
  if (!spec.query) return [];
  const schema = schemaOf(spec.query, "input");
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: "query",
      required: required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

function answerOf(spec: AnyRouteSpec): Json {
  const status = String(spec.status ?? 200);
  const answer = spec.answer;
  if (spec.status === 308)
    return {
      [status]: {
        description: "Moved: `Location` names the new address, the query kept.",
        headers: { Location: { description: "The new address.", schema: { type: "string" } } },
      },
    };
  if (!answer) return { [status]: { description: "Done: the answer's body is `null`." } };
  if ("_zod" in answer)
    return {
      [status]: {
        description: spec.summary ?? "",
        content: { "application/json": { schema: schemaOf(answer, "output") } },
      },
    };
  return {
    [status]: {
      description: answer.description,
      // A JSON answer described in words (this document, the Data API's own answer) is any JSON; a file is bytes.
      content: {
        [answer.mediaType]: { schema: answer.mediaType.includes("json") ? {} : { type: "string", format: "binary" } },
      },
    },
  };
}

/** Who may call it, in words: the need, the roles, the key types. */
export function whoMay(spec: AnyRouteSpec): string {
  const roles = rolesOf(spec);
  return [
    NEED_WORDS[spec.need],
    spec.permission && roles.length < ROLE_NAMES.length ? `Roles: ${roles.join(", ")}.` : "",
    spec.keyTypes ? `Key types: ${spec.keyTypes.join(", ")}.` : "",
    spec.idempotencyKey === "required" ? "Made once per `Idempotency-Key` (required)." : "",
    spec.idempotencyKey === "optional" ? "Made once per `Idempotency-Key`, when one is sent." : "",
  ]
    .filter(Boolean)
    .join(" ");
}

function operation(spec: AnyRouteSpec, method: HttpMethod, path: string): Json {
  const refusals: Json = { default: { $ref: "#/components/responses/Refusal" } };
  return {
    operationId: operationId(method, path),
    tags: [featureOf(path)],
    summary: spec.summary,
    ...(spec.deprecated ? { deprecated: true } : {}),
    description: [spec.description, whoMay(spec)].filter(Boolean).join("\n\n"),
    security: spec.need === "anyone" ? [] : [{ session: [] }],
    ...(spec.need !== "anyone" ? { "x-backroom-need": spec.need } : {}),
    ...(spec.permission ? { "x-backroom-roles": rolesOf(spec) } : {}),
    ...(spec.keyTypes ? { "x-backroom-key-types": [...spec.keyTypes] } : {}),
    parameters: [
      ...pathParameters(path),
      ...queryParameters(spec),
      ...(spec.idempotencyKey
        ? [
            {
              name: "Idempotency-Key",
              in: "header",
              required: spec.idempotencyKey === "required",
              description: "The write is made once per key: a repeat answers as the first did.",
              schema: { type: "string", maxLength: 200 },
            },
          ]
        : []),
    ],
    ...(spec.body
      ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(spec.body, "input") } } } }
      : {}),
    responses: { ...answerOf(spec), ...refusals },
  };
}

/** The document, from every route's spec (a spec without `path` and `method` is not described). */
export function buildRoutesDocument(specs: readonly AnyRouteSpec[], info: { version: string }): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const spec of specs) {
    if (!spec.path) continue;
    for (const method of methodsOf(spec)) {
      paths[spec.path] ??= {};
      paths[spec.path]![method.toLowerCase()] = operation(spec, method, spec.path);
    }
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  const tags = [...new Set(Object.keys(sorted).map(featureOf))].sort().map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Backroom",
      version: info.version,
      description:
        "Backroom's own API: its accounts, workspaces, keys and members, and each feature's routes. The Data API it " +
        "forwards is described apart (`/openapi.json`). Every route answers a refusal in the Data API's error shape, " +
        '`{"Error": {"code", "detail", "fieldErrors"?}}`, and a write from another site is refused.',
      contact: { name: "Backroom" },
    },
    servers: [{ url: "/", description: "This Backroom" }],
    tags,
    paths: sorted,
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session of a person signed in (`/api/auth/sign-in/email`), as a browser holds it.",
        },
      },
      schemas: { ErrorBody: schemaOf(ErrorBody, "output") },
      responses: {
        Refusal: {
          description:
            "A refusal: 400 `VALIDATION_FAILED` (a bad query or body, field by field), 401 `NOT_SIGNED_IN`, 403 " +
            "(`NO_WORKSPACE`, `TWO_FACTOR_REQUIRED`, `FORBIDDEN_BY_ROLE`, `NOT_FOR_THIS_KEY`, a write from another " +
            "site), 404, 409 `NO_KEY` and the route's own, 413, 429, or 500 and 503 naming a request id.",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
        },
      },
    },
  };
}
