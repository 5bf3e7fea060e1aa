import { readFileSync } from "node:fs";
import { type ISpectralDiagnostic, type RulesetDefinition, Spectral } from "@stoplight/spectral-core";
import { oas } from "@stoplight/spectral-rulesets";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";

/**
 * The warnings the document keeps on purpose, each explained by one line of this folder's README.md ("OpenAPI"),
 * which holds `why` word for word. Anything else Spectral reports fails the test.
 */
const EXPLAINED_WARNINGS = [
  // The documentation gives the v1 purchase write shapes but no v1 path for them; the document keeps what it says.
  {
    code: "oas3-unused-component",
    path: "components.schemas.CreatePurchaseRequestV1",
    why: "a documented v1 shape that no documented path takes",
  },
  {
    code: "oas3-unused-component",
    path: "components.schemas.UpdatePurchaseRequestV1",
    why: "a documented v1 shape that no documented path takes",
  },
  {
    code: "oas3-unused-component",
    path: "components.schemas.PurchaseValidationV1",
    why: "a documented v1 answer that no documented path gives",
  },
];

const SEVERITY = ["error", "warning", "information", "hint"] as const;

/** One line per finding, so a failure reads like Spectral's own output. */
const line = (d: ISpectralDiagnostic) => `${SEVERITY[d.severity]} ${d.code} ${d.path.join(".")}: ${d.message}`;
const explained = (d: ISpectralDiagnostic) =>
  EXPLAINED_WARNINGS.some((w) => w.code === d.code && w.path === d.path.join("."));

/** Lints a document with Spectral's `spectral:oas` ruleset, the recommended rules the CLI's `extends` gives. */
async function lint(document: unknown): Promise<ISpectralDiagnostic[]> {
  const spectral = new Spectral();
  // `oas` is a ruleset without `extends`, which RulesetDefinition's types do not admit (stoplightio/spectral#2009).
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, "recommended"]] });
  return spectral.run(JSON.stringify(document));
}

const documents = [
  ["the generated document", () => buildOpenApiDocument()],
  [
    "public/openapi.json",
    () => JSON.parse(readFileSync(new URL("../../public/openapi.json", import.meta.url), "utf8")),
  ],
] as const;

describe.each(documents)("Spectral's oas ruleset over %s", (_name, load) => {
  let findings: ISpectralDiagnostic[] = [];
  beforeAll(async () => {
    findings = await lint(load());
  });

  it("reports no error", () => {
    expect(findings.filter((d) => d.severity === 0).map(line)).toEqual([]);
  });

  it("reports no warning but the explained ones", () => {
    expect(findings.filter((d) => d.severity > 0 && !(d.severity === 1 && explained(d))).map(line)).toEqual([]);
  });

  it("still reports each explained warning (an entry that no longer applies is removed, here and in the docs)", () => {
    const reported = findings.filter((d) => d.severity === 1).map((d) => `${d.code} ${d.path.join(".")}`);
    for (const w of EXPLAINED_WARNINGS) expect(reported).toContain(`${w.code} ${w.path}`);
  });
});

describe("the explained Spectral warnings", () => {
  it("each have their line in lib/data-api/README.md", () => {
    const docs = readFileSync(new URL("./README.md", import.meta.url), "utf8").split("\n");
    for (const w of EXPLAINED_WARNINGS) {
      const name = w.path.split(".").at(-1)!;
      expect(
        docs.find((l) => l.includes(w.code) && l.includes(name) && l.includes(w.why)),
        `${w.code} ${w.path}`,
      ).toBeDefined();
    }
  });
});
