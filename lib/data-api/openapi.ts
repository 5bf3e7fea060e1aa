import * as z from "zod";
import { contractRegistry } from "./fields";
import "./error-body";
import type { EnvelopeKind } from "./envelopes";
import { KEY_TYPES, type RequestHeader } from "./operation";
import { type AnyOperation, operationList } from "./registry";
import { REQUEST_ID } from "./request-check";

type Json = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** The records and bodies of the contract as JSON Schema (zod 4 emits it), one named component each. */
function componentSchemas(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(contractRegistry, {
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    // The date and date-time patterns zod adds repeat what `format` says, at great length.
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === "date" || jsonSchema.format === "date-time") delete jsonSchema.pattern;
    },
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _s, $id: _i, ...rest } = schema as Json;
      return [id, rest];
    }),
  );
}

function envelopeSchema(kind: EnvelopeKind, recordId: string): Json {
  const page = { type: "integer", minimum: 1 };
  const size = { type: "integer", minimum: 1, maximum: 500 };
  switch (kind) {
    case "v1-list":
      return {
        type: "object",
        required: ["Data", "Page", "PageSize", "HasNextPage"],
        properties: {
          Data: { type: "array", items: ref(recordId) },
          Page: page,
          PageSize: size,
          HasNextPage: { type: "boolean" },
        },
      };
    case "v1-single":
      return {
        type: "object",
        required: ["Data"],
        description: "Data is an array holding one element; the live service adds Page, PageSize and HasNextPage.",
        properties: {
          Data: { type: "array", items: ref(recordId), minItems: 1, maxItems: 1 },
          Page: page,
          PageSize: size,
          HasNextPage: { type: "boolean" },
        },
      };
    case "v1-object":
      return { type: "object", required: ["Data"], properties: { Data: ref(recordId) } };
    case "v2-list":
      return {
        type: "object",
        required: ["data", "page", "page_size", "has_next_page"],
        properties: {
          data: { type: "array", items: ref(recordId) },
          page,
          page_size: size,
          has_next_page: { type: "boolean" },
        },
      };
    case "v2-single":
      return { type: "object", required: ["data"], properties: { data: ref(recordId) } };
    case "none":
      return {};
  }
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No content",
  304: "Not modified (If-None-Match matched); empty body",
  400: "Missing or invalid input; validation failed",
  401: "Missing or invalid API key",
  403: "Key not authorized for the resource",
  404: "Resource not found",
  409: "Conflict with the current state, or idempotency conflict",
  413: "Request body too large",
  415: "Unsupported content type",
  422: "Well-formed but could not be accepted",
  429: "Rate limit exceeded; Retry-After gives the wait in seconds",
  500: "Unexpected server error",
};

const COMMON_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "X-Request-Id"];

function headerRefs(names: string[]): Json {
  return Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
}

function responses(op: AnyOperation): Json {
  const out: Json = {};
  const writes = op.headers.includes("Idempotency-Key") || op.headers.includes("Prefer");
  for (const status of op.statuses) {
    const headers = [...COMMON_HEADERS];
    if (status >= 200 && status < 300) {
      if (op.method === "GET") headers.push("ETag");
      if (status === 201) headers.push("Location");
      if (writes) headers.push("Idempotency-Replayed", "Preference-Applied");
    }
    if (status >= 400) {
      out[String(status)] = { $ref: `#/components/responses/${status}` };
      continue;
    }
    const response: Json = { description: STATUS_TEXT[status] ?? String(status), headers: headerRefs(headers) };
    if (status !== 204 && op.record && op.envelope !== "none") {
      response.content = { "application/json": { schema: envelopeSchema(op.envelope, op.record.id) } };
    }
    out[String(status)] = response;
  }
  if (op.headers.includes("If-None-Match"))
    out["304"] = { description: STATUS_TEXT[304], headers: headerRefs([...COMMON_HEADERS, "ETag"]) };
  return out;
}

/** An operation's query and header parameters; its path parameters belong to its path item (`pathParameters`). */
function parameters(op: AnyOperation): Json[] {
  const query = Object.entries(op.query).map(([name, p]) => ({
    name,
    in: "query",
    required: p.required,
    description: [p.description, p.rule && `Rule: ${p.rule}.`].filter(Boolean).join(" ") || undefined,
    schema: p.wire,
  }));
  const headers = op.headers.map((h: RequestHeader) => ({ $ref: `#/components/parameters/${h}` }));
  return [...query, ...headers];
}

const PATH_PARAM = /\{([^}]+)\}/g;

/** A path template with its parameters unnamed (`/api/v2/purchases/{}`): OpenAPI takes templates of one shape for one path. */
const pathShape = (template: string) => template.replace(PATH_PARAM, "{}");

interface Placed {
  op: AnyOperation;
  /** The registry's name of each path parameter, to its name in the document. */
  names: Record<string, string>;
}

/**
 * The document's paths, each with the operations it holds. The documentation names the parameter of one path
 * differently by method (GET /purchases/{purchaseID}; PATCH and DELETE /purchases/{purchaseGlobalID}), which OpenAPI
 * counts as one path named twice; so an operation whose template has the shape of an earlier one's goes under that
 * template, its parameters renamed by position. The registry keeps the documentation's names.
 */
function placeOperations(): Map<string, Placed[]> {
  const templates = new Map<string, string>();
  const paths = new Map<string, Placed[]>();
  for (const op of operationList) {
    const own = `/api/${op.version}${op.path}`;
    const template = templates.get(pathShape(own)) ?? own;
    templates.set(pathShape(own), template);
    const theirs = [...template.matchAll(PATH_PARAM)].map((m) => m[1]!);
    const names = Object.fromEntries([...own.matchAll(PATH_PARAM)].map((m, i) => [m[1]!, theirs[i]!]));
    paths.set(template, [...(paths.get(template) ?? []), { op, names }]);
  }
  return paths;
}

/**
 * A path item's parameters, each declared once. Where its operations describe one differently, the description says
 * which takes what: "GET: A purchase_global_id, or a numeric ERP purchase_id. PATCH and DELETE: The purchase_global_id
 * of the draft."
 */
function pathParameters(placed: Placed[]): Json[] {
  const params = new Map<string, { schema: Json; byDescription: Map<string, string[]> }>();
  for (const { op, names } of placed) {
    for (const [own, p] of Object.entries(op.pathParams)) {
      const name = names[own] ?? own;
      const param = params.get(name) ?? { schema: p.wire, byDescription: new Map<string, string[]>() };
      if (JSON.stringify(param.schema) !== JSON.stringify(p.wire))
        throw new Error(`${op.id}: {${name}} has another schema than on the same path`);
      const description = p.description ?? "";
      param.byDescription.set(description, [...(param.byDescription.get(description) ?? []), op.method]);
      params.set(name, param);
    }
  }
  return [...params].map(([name, { schema, byDescription }]) => {
    const described = [...byDescription].filter(([text]) => text);
    const description =
      byDescription.size > 1
        ? described.map(([text, methods]) => `${methods.join(" and ")}: ${text}`).join(" ")
        : described[0]?.[0];
    return { name, in: "path", required: true, description: description || undefined, schema };
  });
}

function accessText(op: AnyOperation): string {
  const words = { allowed: "yes", scoped: "scoped to its accounts", forbidden: "403" } as const;
  return KEY_TYPES.map((k) => `${k}: ${k === "Employee" ? "yes" : words[op.access[k]]}`).join("; ");
}

function operationObject(op: AnyOperation): Json {
  const bodyId = op.body ? contractRegistry.get(op.body)?.id : undefined;
  return {
    operationId: op.id,
    summary: op.summary,
    description: [...op.notes, `Key types: ${accessText(op)}.`].join("\n\n"),
    tags: [op.resource],
    parameters: parameters(op),
    ...(bodyId ? { requestBody: { required: true, content: { "application/json": { schema: ref(bodyId) } } } } : {}),
    responses: responses(op),
    "x-key-access": { Employee: "allowed", ...op.access },
  };
}

/** One shared response per error status, in either error body form. */
function errorResponses(): Json {
  const statuses = [...new Set(operationList.flatMap((o) => o.statuses.filter((s) => s >= 400)))].sort();
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: STATUS_TEXT[status] ?? String(status),
        headers: headerRefs(status === 429 ? [...COMMON_HEADERS, "Retry-After"] : COMMON_HEADERS),
        content: { "application/json": { schema: { oneOf: [ref("SimpleError"), ref("DetailedError")] } } },
      },
    ]),
  );
}

/**
 * The OpenAPI 3.1 document of the Data API, generated from the endpoint registry and the record schemas.
 * `npm run openapi` writes it to public/openapi.json.
 */
export function buildOpenApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const [template, placed] of placeOperations()) {
    const params = pathParameters(placed);
    paths[template] = {
      ...(params.length ? { parameters: params } : {}),
      ...Object.fromEntries(placed.map(({ op }) => [op.method.toLowerCase(), operationObject(op)])),
    };
  }
  const headerSchema = (description: string, schema: Json = { type: "integer" }) => ({ description, schema });
  // The documentation puts these on every response (429's Retry-After on every 429): required wherever referenced.
  const alwaysSent = (description: string, schema?: Json) => ({ ...headerSchema(description, schema), required: true });
  return {
    openapi: "3.1.0",
    info: {
      title: "Data API",
      version: "1.0.0",
      description:
        "A distributor's Data API: catalog, inventory, customers, invoices, pricing, promotions, AR aging, payments, vendors, " +
        "purchases and sales reps. v1 covers every resource in PascalCase; v2 (Beta) covers purchases in snake_case. " +
        "Every response is scoped to the key type: Employee, Customer or Supplier. Keys are issued by the operator on request, " +
        "who is also the one to ask for more volume than the rate limit allows. Generated by Backroom from its endpoint registry. " +
        "A property marked `x-sandbox: true` is sent by Backroom's sandbox only, beside what the live service returns: " +
        "optional, and not in the service's documentation.",
      // The documentation names the operator as the one to ask, with no address.
      contact: { name: "The Data API's operator" },
    },
    servers: [
      {
        url: "http://127.0.0.1:4010/{environment}",
        description: "Backroom's sandbox (npm run sandbox). A real deployment's base URL ends before /api/v1.",
        variables: { environment: { default: "test", enum: ["test", "production"] } },
      },
    ],
    security: [{ apiKey: [] }],
    tags: [...new Set(operationList.map((o) => o.resource))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "x-api-key" } },
      schemas: componentSchemas(),
      responses: errorResponses(),
      parameters: {
        "If-None-Match": {
          name: "If-None-Match",
          in: "header",
          required: false,
          description: "An ETag from an earlier answer: 304 with an empty body when unchanged.",
          schema: { type: "string" },
        },
        "Idempotency-Key": {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "A unique string per logical operation; a retry with the same key, method, path, query and body replays the stored answer.",
          schema: { type: "string" },
        },
        Prefer: {
          name: "Prefer",
          in: "header",
          required: false,
          description:
            "return=minimal omits the response body; return=representation is the default; handling=lenient ignores unrecognized fields.",
          schema: { type: "string" },
        },
        "X-Request-Id": {
          name: "X-Request-Id",
          in: "header",
          required: false,
          description: "A short alphanumeric id, echoed unchanged.",
          schema: { type: "string", pattern: REQUEST_ID.source },
        },
      },
      headers: {
        "RateLimit-Limit": alwaysSent("Maximum requests allowed in the current window."),
        "RateLimit-Remaining": alwaysSent("Requests left; 0 means the next request may be rejected."),
        "RateLimit-Reset": alwaysSent("Seconds until the remaining count recovers."),
        "Retry-After": alwaysSent("On 429: seconds to wait before retrying."),
        "X-Request-Id": alwaysSent("Unique per request; a caller's short alphanumeric id is echoed.", {
          type: "string",
        }),
        ETag: headerSchema('Weak validator, W/"...".', { type: "string" }),
        Location: headerSchema("Canonical URL of the created purchase, by purchase_global_id.", { type: "string" }),
        "Idempotency-Replayed": headerSchema("true when the answer is a replay.", { type: "string", enum: ["true"] }),
        "Preference-Applied": headerSchema("The Prefer tokens honoured.", { type: "string" }),
      },
    },
  };
}
