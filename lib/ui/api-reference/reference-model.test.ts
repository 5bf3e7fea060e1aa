import { describe, expect, it } from "vitest";
import { operationList, operations } from "@/lib/data-api/registry";
import { groupByResource, operationAnchor, operationView, searchText, slug } from "./reference-model";
import { envelopeWords } from "./reference-words";

// The API reference's view of the registry: every operation becomes plain data the page can render without zod.

describe("the reference model", () => {
  const views = operationList.map(operationView);

  it("has a view of every operation, its path under /api and its access per key type", () => {
    expect(views).toHaveLength(operationList.length);
    for (const view of views) {
      expect(view.fullPath).toMatch(/^\/api\/v[12]\//);
      expect(Object.keys(view.access).sort()).toEqual(["Customer", "Employee", "Supplier"]);
      expect(view.access.Employee).toBe("allowed");
    }
  });

  it("flattens a request body into rows, an array's items as name[].property, with required and constraints", () => {
    const withBody = views.find((v) => v.body && v.body.rows.some((r) => r.name.includes("[].")));
    expect(withBody).toBeDefined();
    const nested = withBody!.body!.rows.find((r) => r.name.includes("[]."))!;
    expect(nested.depth).toBe(1);
    expect(withBody!.body!.rows.every((r) => typeof r.required === "boolean" && Array.isArray(r.constraints))).toBe(
      true,
    );
  });

  it("groups by resource in alphabetical order, keeping the registry's order within a group", () => {
    const groups = groupByResource(views);
    const names = groups.map((g) => g.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(groups.flatMap((g) => g.operations)).toHaveLength(views.length);
    for (const group of groups) expect(group.anchor).toBe(`resource-${slug(group.name)}`);
  });

  it("searches on method, path, id, parameters, body fields and the record's fields, in lower case", () => {
    const view = operationView(operations[Object.keys(operations)[0] as keyof typeof operations]);
    const text = searchText(view);
    expect(text).toBe(text.toLowerCase());
    expect(text).toContain(view.id.toLowerCase());
    expect(text).toContain(view.fullPath.toLowerCase());
    expect(operationAnchor(view.id)).toBe(`op-${view.id}`);
  });

  it("words the envelopes, and none where there is no body", () => {
    expect(envelopeWords("v1-list", "Invoice")).toEqual({
      kind: "List",
      shape: "{Data: [Invoice], Page, PageSize, HasNextPage}",
      note: "Keep requesting the next Page while HasNextPage is true.",
    });
    expect(envelopeWords("v2-single", "Purchase")?.shape).toBe("{data: Purchase}");
    expect(envelopeWords("none", "Invoice")).toBeUndefined();
    expect(envelopeWords("v1-list", undefined)).toBeUndefined();
  });

  it("slugs a name for an anchor", () => {
    expect(slug("Payment applications (v1)")).toBe("payment-applications-v1");
  });
});
