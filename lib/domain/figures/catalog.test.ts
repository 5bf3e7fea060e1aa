import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIGURE_IDS, FIGURES, type FigureEntry } from "./catalog";

// The catalogue is checked three ways: docs/figures.md names the same figures (both ways), every `data-figure` a page
// marks is catalogued, each entry's function exists where it says, and each has a case in a reference suite
// (`reference.test.ts`, `reference-*.test.ts`), which holds it to its reference; or, for a figure of Backroom's own
// database, the server test its entry names (`elsewhere`), which must exist and name it.

const ROOT = join(__dirname, "..", "..", "..");
const CATALOGUE = "lib/domain/figures/catalog.ts";

const DOC = readFileSync(join(ROOT, "docs/figures.md"), "utf8");

/** The figure rows of docs/figures.md, `| \`id\` | pages | definition | computed by |` (columns padded or not), in order. */
function documentedRows(): [string, string][] {
  return DOC.split("\n").flatMap((line) => {
    const m = /^\|\s*`([a-z0-9-]+)`\s*\|(.*)\|\s*$/.exec(line);
    return m ? [[m[1]!, m[2]!] as [string, string]] : [];
  });
}

function documented(): Map<string, string> {
  return new Map(documentedRows());
}

/** Every .ts and .tsx source under a folder (tests left out: they may name a figure that is not one). */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The ids the pages mark, by file: `data-figure="id"`, and an overview card's `<Figure figure="id">`. */
function markedIds(text: string): string[] {
  return [...text.matchAll(/\b(?:data-figure|figure)="([^"]*)"/g)].map((m) => m[1]!);
}

const PAGES = [...sources("app"), ...sources("components")].map((file) => ({
  file: file.slice(ROOT.length + 1),
  text: readFileSync(file, "utf8"),
}));

describe("the figures' catalogue", () => {
  it("docs/figures.md lists every figure of the catalogue, and no other, each with its function", () => {
    const doc = documented();
    const missing = FIGURE_IDS.filter((id) => !doc.has(id));
    expect(missing, `add a row for each to docs/figures.md: | \`id\` | pages | definition | \`path#name\` |`).toEqual(
      [],
    );
    const unknown = [...doc.keys()].filter((id) => !(id in FIGURES));
    expect(
      unknown,
      `docs/figures.md lists figures ${CATALOGUE} does not: add them there (and a reference) or remove the rows`,
    ).toEqual([]);
    for (const id of FIGURE_IDS)
      expect(doc.get(id), `docs/figures.md's row of ${id} names its function`).toContain(FIGURES[id].computedBy);
  });

  it("docs/figures.md lists each figure once, with no merge left in it", () => {
    // A merge once left both sides of the table in the doc, the conflict's markers reformatted into table rows: a
    // lookup by id read the second copy and passed.
    const ids = documentedRows().map(([id]) => id);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      "rows listed twice",
    ).toEqual([]);
    expect(DOC, "a merge conflict's marker").not.toMatch(/^(<{7}|={7}|>{7}|> > > > > > >)|\|\s*={7}\s*\|/m);
  });

  it("every figure a page marks (data-figure) is in the catalogue", () => {
    const unlisted = PAGES.flatMap(({ file, text }) =>
      markedIds(text)
        .filter((id) => !(id in FIGURES))
        .map((id) => `${file}: "${id}"`),
    );
    expect(
      unlisted,
      `a page marks a figure the catalogue lacks: add it to ${CATALOGUE} (its pages, definition and function), a row to docs/figures.md, and a reference case to lib/domain/figures/reference.test.ts`,
    ).toEqual([]);
  });

  it("every figure of the catalogue is marked on a page", () => {
    const named = (id: string) => PAGES.some(({ text }) => markedIds(text).includes(id) || text.includes(`"${id}"`));
    expect(
      FIGURE_IDS.filter((id) => !named(id)),
      `mark the element that shows each on its page (data-figure="id", or <Figure figure="id">)`,
    ).toEqual([]);
  });

  it("each entry's function exists, exported where the catalogue says", () => {
    for (const id of FIGURE_IDS) {
      const [path, name] = FIGURES[id].computedBy.split("#") as [string, string];
      expect(existsSync(join(ROOT, path)), `${id}: ${path}`).toBe(true);
      expect(readFileSync(join(ROOT, path), "utf8"), `${id}: ${name} in ${path}`).toMatch(
        new RegExp(`export (async )?(function|const|class) ${name}\\b`),
      );
    }
  });

  it("each figure has a reference case in one reference suite (reference.test.ts or a reference-*.test.ts)", () => {
    const elsewhere = (id: string) => (FIGURES[id as keyof typeof FIGURES] as FigureEntry).elsewhere !== undefined;
    const dir = join(ROOT, "lib/domain/figures");
    const suites = readdirSync(dir).filter((name) => /^reference(-[a-z0-9-]+)?\.test\.ts$/.test(name));
    const cases = suites.flatMap((name) =>
      [...readFileSync(join(dir, name), "utf8").matchAll(/^ {2}async "([a-z0-9-]+)"\(seed\)/gm)].map((m) => m[1]!),
    );
    expect(
      FIGURE_IDS.filter((id) => !cases.includes(id) && !elsewhere(id)),
      `add a case to CASES of a reference suite in lib/domain/figures/ (walk the raw records, add them up by its definition)`,
    ).toEqual([]);
    expect(
      cases.filter((id) => elsewhere(id)),
      "a figure read elsewhere has no case here as well",
    ).toEqual([]);
    expect(
      cases.filter((id, i) => cases.indexOf(id) !== i),
      "a figure has one reference case",
    ).toEqual([]);
  });

  it("each figure read elsewhere names a server test that exists and names it, outside this folder", () => {
    const misplaced = FIGURE_IDS.flatMap((id) => {
      const path = (FIGURES[id] as FigureEntry).elsewhere;
      if (path === undefined) return [];
      const file = join(ROOT, path);
      const ok =
        /^lib\/server\/.+\.test\.ts$/.test(path) &&
        existsSync(file) &&
        readFileSync(file, "utf8").includes(`\`${id}\``);
      return ok ? [] : [`${id}: ${path}`];
    });
    expect(
      misplaced,
      "an entry's `elsewhere` is a lib/server/**/*.test.ts that exists and names the figure's id (in backquotes)",
    ).toEqual([]);
  });

  it("reads the marks pages write", () => {
    expect(markedIds(`<p data-figure="out-of-stock"> <Figure figure="aging-total" />`)).toEqual([
      "out-of-stock",
      "aging-total",
    ]);
  });
});
