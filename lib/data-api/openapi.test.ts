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

  it("has every operation of the registry under its versioned path", () => {
    const paths = document.paths as Record<string, Record<string, { operationId: string }>>;
    for (const op of operationList) {
      expect(paths[`/api/${op.version}${op.path}`]?.[op.method.toLowerCase()]?.operationId, op.id).toBe(op.id);
    }
  });

  it("is what public/openapi.json holds (run `npm run openapi` after changing the contract)", () => {
    const committed = JSON.parse(readFileSync(new URL("../../public/openapi.json", import.meta.url), "utf8"));
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
