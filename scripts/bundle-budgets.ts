import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

/**
 * First-load JavaScript per route, against budgets written in the repository. Next writes each route's first-load
 * chunks to `.next/diagnostics/route-bundle-stats.json` at build time; a route's size is the gzip of those chunks
 * (as a browser downloads them), each chunk counted once.
 */

export interface RouteStats {
  route: string;
  firstLoadChunkPaths: string[];
}

export interface Budgets {
  /** Bytes (gzip) for a route not named below. */
  default: number;
  routes: Record<string, number>;
}

export interface RouteSize {
  route: string;
  bytes: number;
  budget: number;
  over: boolean;
}

/**
 * Each route's gzip size against its budget, largest first.
 *
 * @example
 * measure([{ route: "/", firstLoadChunkPaths: ["a.js"] }], { default: 100_000, routes: {} }, () => 90_000); // [{ route: "/", bytes: 90000, budget: 100000, over: false }]
 */
export function measure(stats: RouteStats[], budgets: Budgets, gzipSize: (path: string) => number): RouteSize[] {
  const sizes = new Map<string, number>();
  const sizeOf = (path: string) => {
    let size = sizes.get(path);
    if (size === undefined) sizes.set(path, (size = gzipSize(path)));
    return size;
  };
  return stats
    .map((s) => {
      const bytes = [...new Set(s.firstLoadChunkPaths)].reduce((sum, path) => sum + sizeOf(path), 0);
      const budget = budgets.routes[s.route] ?? budgets.default;
      return { route: s.route, bytes, budget, over: bytes > budget };
    })
    .sort((a, b) => b.bytes - a.bytes || a.route.localeCompare(b.route));
}

/** The gzip size of a file, at the level servers use for static files (9: the smallest, as it is made once). */
export function gzipSizeOf(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).byteLength;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The report as a Markdown table, and whether every route is within its budget. */
export function report(sizes: RouteSize[]): { text: string; ok: boolean } {
  const lines = ["| Route | First-load JS (gzip) | Budget | |", "| --- | ---: | ---: | --- |"];
  for (const s of sizes)
    lines.push(`| \`${s.route}\` | ${kb(s.bytes)} | ${kb(s.budget)} | ${s.over ? "**over**" : "ok"} |`);
  return { text: lines.join("\n"), ok: sizes.every((s) => !s.over) };
}
