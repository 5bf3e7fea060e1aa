import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../docs/benchmarks.md", import.meta.url);

/**
 * Writes a benchmark's section of docs/benchmarks.md: replaces the section under `heading` (up to the next `## `), or
 * adds it at the end. `section` starts with the heading.
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
  const body = `${section.trimEnd()}\n`;
  const at = doc.indexOf(heading);
  if (at === -1) doc = `${doc.trimEnd()}\n\n${body}`;
  else {
    const next = doc.indexOf("\n## ", at + 1);
    doc = `${doc.slice(0, at)}${body}${next === -1 ? "" : doc.slice(next)}`;
  }
  writeFileSync(file, doc);
}
