import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The browser tests measure a page's fit on a phone by narrowing the page where it is open, in a desk's browser context
// (e2e/dashboard-pages.ts, expectFitsPhones), rather than opening it again in a phone's. That holds while the pages'
// layout is their CSS of the window's width alone: no script reads the window's size or a media query, no style asks for
// touch, a pointer or hover. This test keeps it so; a page that needs one is measured in a phone's context instead.

const ROOTS = ["app", "components", "lib/ui"];
const SOURCE = /\.(tsx?|css)$/;

const RULES: { what: string; pattern: RegExp }[] = [
  { what: "a script reading a media query", pattern: /\bmatchMedia\b|\buseMediaQuery\b/ },
  {
    what: "a script reading the window's size",
    pattern: /\bwindow\.(inner|outer)(Width|Height)\b|\bscreen\.(avail)?[wW]idth\b/,
  },
  { what: "a script watching an element's size", pattern: /\bResizeObserver\b/ },
  { what: "a style asking for a pointer or hover", pattern: /\((any-)?(pointer|hover)\s*:/ },
  { what: "Tailwind's pointer variants", pattern: /\b(any-)?pointer-(coarse|fine|none):/ },
];

function sources(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => SOURCE.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

/** Each file and line of the pages' sources that one of the rules finds, as "file:line: what". */
function widthDependent(files: { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files)
    text.split("\n").forEach((line, i) => {
      for (const rule of RULES) if (rule.pattern.test(line)) found.push(`${path}:${i + 1}: ${rule.what}`);
    });
  return found;
}

describe("the pages' layout is their CSS of the window's width", () => {
  it("no source of a page reads the window's size, a media query, touch or a pointer", () => {
    const files = ROOTS.flatMap(sources).map((path) => ({ path, text: readFileSync(path, "utf8") }));
    expect(files.length).toBeGreaterThan(100);
    expect(widthDependent(files)).toEqual([]);
  });

  it("finds each of them", () => {
    const lines = [
      "const wide = window.matchMedia('(min-width: 40rem)').matches;",
      "if (window.innerWidth < 640) setCards(true);",
      "new ResizeObserver(() => setWidth(el.clientWidth));",
      "@media (pointer: coarse) { .row { min-height: 3rem } }",
      '<button className="pointer-coarse:min-h-11">',
    ];
    expect(widthDependent(lines.map((text, i) => ({ path: `x${i}.tsx`, text })))).toHaveLength(5);
    // A chart's own inner width (a constant) and a width media query are not.
    expect(
      widthDependent([{ path: "ok.tsx", text: "const innerWidth = WIDTH - 10;\n@media (width < 40rem) {}" }]),
    ).toEqual([]);
  });
});
