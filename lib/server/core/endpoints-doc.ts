import "server-only";
import type { AnyRouteSpec } from "./define-route";
import { featureOf, methodsOf, whoMay } from "./openapi";

/**
 * `docs/endpoints.md`, written from the routes' specs (`npm run endpoints`), as the OpenAPI document is: one section
 * per feature (the first segment of the address), one entry per route, in the order of their addresses.
 */

type Json = Record<string, unknown>;

/** The fields of a JSON schema object, as "`name`" (required) or "`name`?" (optional), for one line. */
function fieldsOf(schema: Json | undefined): string {
  const properties = Object.keys((schema?.properties ?? {}) as Json);
  const required = new Set((schema?.required ?? []) as string[]);
  return properties.map((name) => `\`${name}\`${required.has(name) ? "" : "?"}`).join(", ");
}

/** One route's entry: its methods and address, its sentence, its rules, who may call it, what it takes and answers. */
function entry(spec: AnyRouteSpec, operations: Record<string, Json>): string {
  const methods = methodsOf(spec);
  const operation = operations[methods[0]!.toLowerCase()] ?? {};
  const parameters = (operation.parameters ?? []) as { name: string; in: string; required: boolean }[];
  const query = parameters
    .filter((p) => p.in === "query")
    .map((p) => `\`${p.name}\`${p.required ? "" : "?"}`)
    .join(", ");
  const body = (operation.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content[
    "application/json"
  ]?.schema;
  const [status, response] = Object.entries(operation.responses as Record<string, Json>)[0]!;
  const content = response.content as Record<string, { schema: Json }> | undefined;
  const media = content ? Object.keys(content)[0]! : undefined;
  const answer = !media
    ? "`null`"
    : media === "application/json" && content![media]!.schema.type === "object"
      ? `JSON {${fieldsOf(content![media]!.schema)}}`
      : media === "application/json" && content![media]!.schema.type === "array"
        ? "a JSON array"
        : `${media}: ${response.description as string}`;
  return [
    `### ${methods.join(", ")} \`${spec.path}\``,
    "",
    spec.summary ?? "",
    ...(spec.description ? ["", spec.description] : []),
    "",
    `- Who: ${whoMay(spec)}`,
    ...(query ? [`- Query: ${query}`] : []),
    ...(body ? [`- Body: {${fieldsOf(body)}}`] : []),
    `- Answers: ${status}, ${answer}`,
  ].join("\n");
}

/** The whole page. */
export function endpointsMarkdown(specs: readonly AnyRouteSpec[], document: Json): string {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const described = specs
    .filter((spec) => spec.path && methodsOf(spec).length > 0)
    .sort((a, b) => a.path!.localeCompare(b.path!) || methodsOf(a)[0]!.localeCompare(methodsOf(b)[0]!));
  const sections = new Map<string, string[]>();
  for (const spec of described) {
    const feature = featureOf(spec.path!);
    sections.set(feature, [...(sections.get(feature) ?? []), entry(spec, paths[spec.path!] ?? {})]);
  }
  return [
    "# Backroom's endpoints",
    "",
    "<!-- Written by `npm run endpoints` from the routes' specs (`defineRoute`): change a route's spec, not this page. -->",
    "",
    "Every route of Backroom's own, by feature: the first word of its address after `/api/` is the feature's name, its",
    "folder's and its heading's. The same routes, machine-readable, are `GET /api/openapi.json` (OpenAPI 3.1); the Data",
    "API that `/api/v1/...` and `/api/v2/...` forward is described apart, in `/openapi.json`. Every route answers a",
    'refusal in the Data API\'s error shape, `{"Error": {"code", "detail", "fieldErrors"?}}`: a write from another site',
    "403; 401 `NOT_SIGNED_IN`, 403 `NO_WORKSPACE` or `TWO_FACTOR_REQUIRED`, 409 `NO_KEY` and 403 `FORBIDDEN_BY_ROLE` as",
    "the route needs; a bad query or body 400 `VALIDATION_FAILED` with its fields. The pages that call them are",
    "[`docs/pages.md`](pages.md).",
    "",
    ...[...sections].flatMap(([feature, entries]) => [`## ${feature}`, "", entries.join("\n\n"), ""]),
    "## Outside `/api`",
    "",
    "- `GET /menu/{token}`: a brand's live menu as a page, to anyone holding the link (`servePublicMenu`,",
    "  `lib/server/menus/public-menu-route.ts`; 404 for a link unknown, revoked or expired; 429 past the address's limit).",
    "- `/sandbox/{env}/api/...`, `/sandbox/{env}/operator/...`: the embedded sandbox and its operator endpoints",
    "  (`SANDBOX=off` turns it off; it is off when `DATA_API_PRODUCTION_URL` and `DATA_API_TEST_URL` are both set). The",
    "  API takes the sandbox's keys (the demo keys among them); the operator endpoints take the operator key alone",
    "  (`SANDBOX_OPERATOR_KEY`, or `<SANDBOX_DATA_DIR>/operator-key`), 401 for any other. [`docs/sandbox.md`](sandbox.md).",
    "",
  ].join("\n");
}
