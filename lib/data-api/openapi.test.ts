import { readFileSync } from "node:fs";
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";
import { operationList } from "./registry";

describe("OpenAPI document", () => {
  const document = buildOpenApiDocument();

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.specification).toBe("OpenAPI");
  });

  it("has every operation of the registry under its versioned path (its parameters perhaps named otherwise)", () => {
    const paths = document.paths as Record<string, Record<string, { operationId: string }>>;
    const shape = (template: string) => template.replace(/\{[^}]+\}/g, "{}");
    for (const op of operationList) {
      const templates = Object.keys(paths).filter((p) => shape(p) === shape(`/api/${op.version}${op.path}`));
      expect(templates, op.id).toHaveLength(1);
      expect(paths[templates[0]!]?.[op.method.toLowerCase()]?.operationId, op.id).toBe(op.id);
    }
  });

  it("holds GET, PATCH and DELETE of a v2 purchase under one path, its parameter saying which id each takes", () => {
    const paths = document.paths as Record<
      string,
      { parameters?: { name: string; in: string; description: string }[] } & Record<string, unknown>
    >;
    const item = paths["/api/v2/purchases/{purchaseID}"];
    expect(Object.keys(item ?? {}).sort()).toEqual(["delete", "get", "parameters", "patch"]);
    expect(paths["/api/v2/purchases/{purchaseGlobalID}"]).toBeUndefined();
    expect(item?.parameters).toEqual([expect.objectContaining({ name: "purchaseID", in: "path" })]);
    expect(item?.parameters?.[0]?.description).toBe(
      "GET: A purchase_global_id, or a numeric ERP purchase_id. PATCH and DELETE: The purchase_global_id of the draft.",
    );
  });

  it("is what public/openapi.json holds (run `npm run openapi` after changing the contract)", () => {
    const committed = JSON.parse(readFileSync(new URL("../../public/openapi.json", import.meta.url), "utf8"));
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
