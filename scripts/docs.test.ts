import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** Folders never searched for documents: dependencies, builds, local data, test output. */
const SKIP = new Set([
  "node_modules",
  ".next",
  ".git",
  ".data",
  "test-results",
  "test-results-scale",
  "playwright-report",
  "blob-report",
]);

/** Every `README.md` of the repository (the root's, and each folder's), as paths from the root. */
function readmes(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : readmes(join(dir, entry.name));
    return entry.name === "README.md" ? [relative(ROOT, join(dir, entry.name))] : [];
  });
}

/** The documents whose links are checked: every `README.md` and every page of `docs/`. */
function documents(): string[] {
  const docs = readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  return [...readmes(), ...docs];
}

/** A document's lines outside fenced code blocks (a `#` or `](` inside a code sample is no heading or link). */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split("\n").filter((line) => {
    if (line.trimStart().startsWith("```")) fenced = !fenced;
    return !fenced && !line.trimStart().startsWith("```");
  });
}

/**
 * The anchor GitHub gives a heading: its text as shown (code spans, emphasis and links reduced to their words),
 * lowercased, every character but letters, digits, spaces, hyphens and underscores dropped, spaces made hyphens.
 *
 * @example
 * slugOf("## The server's core and its features"); // "the-servers-core-and-its-features"
 * slugOf("## `DATA_API_V2`"); // "data_api_v2"
 */
function slugOf(heading: string): string {
  return heading
    .replace(/^#+\s*/, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a document's headings, a repeated one numbered as GitHub numbers it (`-1`, `-2`). */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    if (!/^#{1,6} /.test(line)) continue;
    const slug = slugOf(line);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The relative link targets of a document (`[text](target)`): not web addresses, mail, or code spans' contents. */
function linksOf(text: string): string[] {
  return proseLines(text).flatMap((line) =>
    [...line.replace(/`[^`]*`/g, "code").matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target)),
  );
}

/**
 * What is wrong with each relative link of a document: a target that is not a file or folder of the repository, or
 * an anchor that is not a heading of the Markdown file it names. `files` reads another document (a test's stand-ins).
 */
function brokenLinks(path: string, text: string, files: { exists(path: string): boolean; read(path: string): string }) {
  return linksOf(text).flatMap((target) => {
    const [file = "", anchor] = target.split("#", 2);
    const to =
      file === "" ? path : file.startsWith("/") ? file.slice(1) : join(dirname(path), decodeURIComponent(file));
    if (!files.exists(to)) return [`${path}: ${target} (no such file)`];
    if (anchor === undefined || !to.endsWith(".md")) return [];
    return anchorsOf(files.read(to)).has(decodeURIComponent(anchor).toLowerCase())
      ? []
      : [`${path}: ${target} (no heading "${anchor}" in ${to})`];
  });
}

const repository = {
  exists: (path: string) => existsSync(join(ROOT, path)),
  read: (path: string) => (statSync(join(ROOT, path)).isFile() ? read(path) : ""),
};

describe("the docs", () => {
  it("keep docs/architecture.md a map: at most 400 lines", () => {
    const lines = read("docs/architecture.md").trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(400);
  });

  it("have no README.md line over 200 characters", () => {
    const long = readmes().flatMap((path) =>
      read(path)
        .split("\n")
        .flatMap((line, i) => ([...line].length > 200 ? [`${path}:${i + 1} (${[...line].length} characters)`] : [])),
    );
    expect(readmes()).toContain("README.md");
    expect(long).toEqual([]);
  });

  it("link only to files, folders and headings that exist", () => {
    const all = documents();
    expect(all).toEqual(expect.arrayContaining(["README.md", "docs/architecture.md", "lib/server/menus/README.md"]));
    expect(all.flatMap((path) => brokenLinks(path, read(path), repository))).toEqual([]);
  });

  it("link each page of the README's table to its docs", () => {
    const readme = read("README.md");
    expect(linksOf(readme)).toEqual(expect.arrayContaining(["docs/architecture.md", "docs/pages.md#overview"]));
  });
});

describe("the link check", () => {
  const files = {
    exists: (path: string) => ["docs/a.md", "docs/b.md", "lib"].includes(path),
    read: (path: string) => (path === "docs/b.md" ? "# B\n\n## The server's core\n\n```\n# not a heading\n```\n" : ""),
  };

  it("finds a link to a file that is not there, or to a heading that is not", () => {
    const text = "[a](a.md), [gone](gone.md), [core](b.md#the-servers-core), [nope](b.md#not-a-heading), [lib](../lib)";
    expect(brokenLinks("docs/x.md", text, files)).toEqual([
      "docs/x.md: gone.md (no such file)",
      'docs/x.md: b.md#not-a-heading (no heading "not-a-heading" in docs/b.md)',
    ]);
  });

  it("leaves web addresses, code spans and code blocks alone", () => {
    const text = "[site](https://example.com) `[x](nowhere.md)`\n```\n[y](nowhere.md)\n```\n[z](mailto:a@b.example)";
    expect(linksOf(text)).toEqual([]);
  });

  it("gives headings GitHub's anchors", () => {
    expect(slugOf("## The server's core and its features")).toBe("the-servers-core-and-its-features");
    expect(slugOf("## `DATA_API_V2`")).toBe("data_api_v2");
    expect(slugOf("## A request's path")).toBe("a-requests-path");
    expect(slugOf("### POST /payments/applications")).toBe("post-paymentsapplications");
  });
});
