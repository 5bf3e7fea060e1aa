/**
 * Checks an answer against the OpenAPI document (`public/openapi.json`), as Stoplight Prism's validating proxy does:
 * the status must be one the operation documents, every required header present and of its schema's type, and the
 * body what that status's schema describes (JSON Schema 2020-12, by ajv with its formats). For tests only: ajv and
 * ajv-formats are development dependencies.
 *
 * Prism itself was measured and left out: `@stoplight/prism-http` is 143 packages and 66 MB (75 s to install here),
 * takes 2.5 s to load, validates with ajv too, and offers its checks only through a proxy or mock instance; this file
 * is the part of it the contract test needs, in-process and in milliseconds.
 *
 * @example
 * const check = openApiChecker(JSON.parse(readFileSync("public/openapi.json", "utf8")));
 * check.answer({ method: "GET", path: "/api/v1/states" }, { status: 200, headers, body }); // [] when it conforms
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;

/** An answer as received: its status, headers and body text (empty when there is none). */
export interface Received {
  status: number;
  headers: Headers;
  body: string;
}

/** Where an answer came from: an operation of the document, by method and path template (`/api/v1/customers/{customerID}`). */
export interface OperationRef {
  method: string;
  path: string;
}

const DOCUMENT_ID = "https://backroom.invalid/openapi.json";

/** A JSON pointer's escaping of one segment (`/api/v1/states` becomes `~1api~1v1~1states`). */
const pointer = (segments: string[]) => segments.map((s) => s.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

export function openApiChecker(document: Json) {
  // Not strict: the document holds OpenAPI's own keywords (and `x-` extensions) around its schemas.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

  /** Follows a local `$ref` (`#/components/responses/404`) to the object it names. */
  function resolve(value: unknown): Json {
    let node = value as Json;
    while (typeof node?.$ref === "string") {
      const ref = node.$ref;
      node = ref
        .slice(2)
        .split("/")
        .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<Json>((at, key) => at?.[key] as Json, document);
      if (!node) throw new Error(`unresolved ${ref}`);
    }
    return node;
  }

  /** The schema at a pointer of the document, compiled once. */
  function validator(at: string[]) {
    const key = pointer(at);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${key}` });
      compiled.set(key, validate);
    }
    return validate;
  }

  /** Problems of the headers against a response's header objects: required ones missing, values not of their type. */
  function headerProblems(response: Json, headers: Headers): string[] {
    const problems: string[] = [];
    for (const [name, declared] of Object.entries((response.headers ?? {}) as Json)) {
      const header = resolve(declared);
      const value = headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`header ${name} is required, and missing`);
        continue;
      }
      const schema = header.schema as Json | undefined;
      if (schema?.type === "integer" && !/^-?\d+$/.test(value))
        problems.push(`header ${name} "${value}" is no integer`);
      if (Array.isArray(schema?.enum) && !schema.enum.includes(value))
        problems.push(`header ${name} "${value}" is none of ${schema.enum.join(", ")}`);
      if (typeof schema?.pattern === "string" && !new RegExp(schema.pattern).test(value))
        problems.push(`header ${name} "${value}" does not match ${schema.pattern}`);
    }
    return problems;
  }

  /** Problems of a received answer against a response object found at `at` (a pointer into the document). */
  function responseProblems(at: string[], received: Received): string[] {
    let node = document as Json;
    for (const key of at) node = node[key] as Json;
    // A shared response (`$ref` to components/responses) is validated where it is defined.
    const ref = (node as { $ref?: string }).$ref;
    if (ref) return responseProblems(ref.slice(2).split("/"), received);
    const problems = headerProblems(node, received.headers);
    const content = node.content as Record<string, Json> | undefined;
    if (!content) {
      if (received.body !== "")
        problems.push(`a body where the document describes none: ${received.body.slice(0, 200)}`);
      return problems;
    }
    const type = received.headers.get("Content-Type") ?? "";
    if (!type.startsWith("application/json")) return [...problems, `Content-Type "${type}" where JSON is documented`];
    let body: unknown;
    try {
      body = JSON.parse(received.body);
    } catch {
      return [...problems, `a body that is no JSON: ${received.body.slice(0, 200)}`];
    }
    const validate = validator([...at, "content", "application/json", "schema"]);
    if (!validate(body))
      for (const e of validate.errors ?? [])
        problems.push(`body${e.instancePath} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
    return problems;
  }

  return {
    /** Every operation of the document, by method and path template, with its id. */
    operations(): (OperationRef & { operationId: string })[] {
      return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => method !== "parameters")
          .map(([method, op]) => ({
            method: method.toUpperCase(),
            path,
            operationId: (op as Json).operationId as string,
          })),
      );
    },
    /** Problems of an operation's answer: a status it does not document, or a response unlike the documented one. */
    answer(op: OperationRef, received: Received): string[] {
      const at = ["paths", op.path, op.method.toLowerCase(), "responses"];
      const responses = at.reduce<Json | undefined>((node, key) => node?.[key] as Json | undefined, document);
      if (!responses) return [`${op.method} ${op.path} is not in the document`];
      const status = String(received.status);
      const key = status in responses ? status : "default" in responses ? "default" : undefined;
      if (!key) return [`status ${status} is not documented (${Object.keys(responses).join(", ")})`];
      return responseProblems([...at, key], received);
    },
    /**
     * Problems of an answer no operation owns (an unknown path's 404, a wrong method's 405): against the document's
     * shared response for its status; a status with none (405) against the shared 400's, which holds the error bodies
     * and the headers every answer carries.
     */
    unowned(received: Received): string[] {
      const shared = (document.components as { responses: Json }).responses;
      const status = String(received.status);
      return responseProblems(["components", "responses", status in shared ? status : "400"], received);
    },
  };
}
