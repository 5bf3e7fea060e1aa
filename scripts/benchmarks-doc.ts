import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../docs/benchmarks.md", import.meta.url);

/** Where a section's history starts: a paragraph opening with the day it tells of ("2026-11-28, on main …"). */
const HISTORY = /\n\n(?=\d{4}-\d{2}-\d{2}\b)/;

/**
 * A benchmark's section put into the document: the section under `heading` (up to the next `## `) replaced by the new
 * one, but for its history (the dated paragraphs after the measured table, each saying what a run found and why), which
 * is kept under the new section; or the section added at the end. `section` starts with the heading.
 *
 * @example
 * mergeSection("## A\n\nold table\n\n2026-11-27, why.\n", "## A", "## A\n\nnew table\n");
 * // "## A\n\nnew table\n\n2026-11-27, why.\n"
 */
export function mergeSection(doc: string, heading: string, section: string): string {
  const body = `${section.trimEnd()}\n`;
  const at = doc.indexOf(heading);
  if (at === -1) return `${doc.trimEnd()}\n\n${body}`;
  const next = doc.indexOf("\n## ", at + 1);
  const old = doc.slice(at, next === -1 ? undefined : next + 1);
  const history = HISTORY.exec(old);
  const kept = history ? `\n${old.slice(history.index + 2).trimEnd()}\n` : "";
  return `${doc.slice(0, at)}${body}${kept}${next === -1 ? "" : doc.slice(next)}`;
}

/**
 * Writes a benchmark's section of docs/benchmarks.md (`mergeSection`): the measured part anew, its history kept. The
 * file is then as the commands write it, not as the formatter pads it: `npx biome format --write docs/benchmarks.md`.
 *
 * @example
 * writeBenchmarkSection("## Scale (`npm run bench:scale`)", `## Scale (\`npm run bench:scale\`)\n\nMeasured ...\n`);
 */
export function writeBenchmarkSection(heading: string, section: string): void {
  let doc: string;
  try {
    doc = readFileSync(file, "utf8");
  } catch {
    doc = "# Benchmarks\n\nEvery figure here comes from a command in this repository; rerun it to check.\n";
  }
  writeFileSync(file, mergeSection(doc, heading, section));
}
