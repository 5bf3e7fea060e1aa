import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");
const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;

/** The commands of a shell line joined by `&&`, each split into words (no quoting is used in these lines). */
const steps = (line: string) => line.split("&&").map((step) => step.trim().split(/\s+/));

/** The package.json script an npm command runs: `npm start`, `npm test` and `npm run NAME`; undefined for any other. */
function scriptOf([program, command, name]: string[]): string | undefined {
  if (program !== "npm") return undefined;
  if (command === "start" || command === "test") return command;
  return command === "run" ? name : undefined;
}

/**
 * What a command line finally runs: every npm script it names is replaced by the commands of that script, recursively,
 * so each element is a program with its arguments (`exec` dropped), the scripts `run-p` runs side by side included;
 * `npm install` stays as it is.
 */
function expand(line: string): string[][] {
  return steps(line).flatMap((command) => {
    // A command's leading NAME=value words set its environment (as sh reads them): the command is what follows.
    const words = command.slice(
      Math.max(
        0,
        command.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word)),
      ),
    );
    // npm-run-all2's `run-p [options] NAME...` runs those npm scripts side by side.
    if (words[0] === "run-p")
      return words
        .slice(1)
        .filter((word) => !word.startsWith("-"))
        .flatMap((script) => expand(`npm run ${script}`));
    const name = scriptOf(words);
    if (name === undefined) return [words[0] === "exec" ? words.slice(1) : words];
    expect(scripts, `package.json has no script "${name}"`).toHaveProperty([name]);
    return expand(scripts[name]!);
  });
}

/** The quick start's `sh` blocks, each as its command lines (comments apart). */
function quickStart() {
  const readme = read("README.md");
  const section = /^## Quick start\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? "";
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => {
    const lines = m[1]!.split("\n").filter((l) => l.trim() !== "");
    return {
      comment: lines.filter((l) => l.startsWith("#")).join(" "),
      commands: lines.filter((l) => !l.startsWith("#")),
    };
  });
}

/** The lines of a shell script that run something: no blank lines, no comments. */
const commandLines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));

describe("README quick start", () => {
  const blocks = quickStart();
  const [start, test] = blocks;

  it("gives two one-line commands, each npm install then an npm script that exists", () => {
    expect(blocks).toHaveLength(2);
    expect(blocks.map((b) => b.commands.length)).toEqual([1, 1]);
    for (const block of blocks) {
      const [install, ...rest] = steps(block.commands[0]!);
      expect(install).toEqual(["npm", "install"]);
      expect(rest).toHaveLength(1);
      expect(Object.keys(scripts)).toContain(scriptOf(rest[0]!));
    }
    expect(scriptOf(steps(start!.commands[0]!).at(-1)!)).toBe("start");
    expect(scriptOf(steps(test!.commands[0]!).at(-1)!)).toBe("test");
  });

  it("starts what its comment says: a production build, built first when needed, at the address it gives", () => {
    const [program, file, ...args] = expand(start!.commands[0]!).at(-1)!;
    expect(program).toBe("node");
    expect(args).toEqual([]);
    expect(existsSync(new URL(`../${file}`, import.meta.url)), file).toBe(true);
    const source = read(file!);
    // The defaults npm start uses: the comment's address, a build when it is stale, and the production server.
    const address = /https?:\/\/([\d.]+):(\d+)/.exec(start!.comment);
    expect(address, start!.comment).not.toBeNull();
    expect(source).toMatch(new RegExp(`process\\.env\\.HOST \\?\\? "${address![1]!.replaceAll(".", "\\.")}"`));
    expect(source).toMatch(new RegExp(`process\\.env\\.PORT \\?\\? "${address![2]}"`));
    expect(source).toMatch(/\bbuildIfStale\(\)/);
    expect(source).toMatch(/process\.env\.NODE_ENV = "production"/);
  });

  it("runs every kind of test its comment names, each an existing script or file, the budgets after the browser tests", () => {
    const run = expand(test!.commands[0]!).map((words) => words.join(" "));
    // What each word of the comment means: the program (and file) that runs it.
    const kinds: [word: string, command: RegExp][] = [
      ["typecheck", /^tsc --noEmit$/],
      ["lint", /^eslint /],
      ["unit tests", /^vitest run$/],
      ["browser tests", /^playwright test$/],
      ["bundle budgets", /^tsx scripts\/check-bundle-budgets\.ts$/],
      ["multi-instance test", /^node scripts\/test-scale\.mjs --if-configured$/],
    ];
    for (const [word, command] of kinds) {
      expect(test!.comment, word).toContain(word);
      expect(
        run.filter((c) => command.test(c)),
        `${word}: ${run.join(" && ")}`,
      ).toHaveLength(1);
    }
    const at = (command: RegExp) => run.findIndex((c) => command.test(c));
    expect(at(/^tsx scripts\/check-bundle-budgets\.ts$/)).toBeGreaterThan(at(/^playwright test$/));
    // npm run test:scale runs the same file as npm test does, which skips it unless PostgreSQL and Redis are configured.
    expect(expand("npm run test:scale")).toEqual([["node", "scripts/test-scale.mjs"]]);
    for (const file of run.flatMap((c) => c.split(" ")).filter((w) => w.startsWith("scripts/"))) {
      expect(existsSync(new URL(`../${file}`, import.meta.url)), file).toBe(true);
    }
  });

  it("is the command CI runs, last, after starting PostgreSQL and Redis and exporting their URLs, and failing on any error", () => {
    const ci = commandLines(read(".ci/run"));
    expect(ci).toContain("set -euo pipefail");
    const normal = (line: string) =>
      steps(line)
        .map((words) => words.join(" "))
        .join(" && ");
    expect(normal(ci.at(-1)!)).toBe(normal(test!.commands[0]!));
    const started = ci.findIndex((l) => /^scripts\/test-services\.sh start "\$(\w+)" >"\$\1\.env"$/.test(l));
    expect(started, "CI starts the services with scripts/test-services.sh").toBeGreaterThan(-1);
    const sourced = ci.findIndex((l) => /^(source|\.) "\$\w+\.env"$/.test(l));
    expect(sourced).toBeGreaterThan(started);
    expect(sourced).toBeLessThan(ci.length - 1);
    const services = read("scripts/test-services.sh");
    expect(services).toMatch(/export DATABASE_URL=postgres:\/\//);
    expect(services).toMatch(/export REDIS_URL=redis:\/\//);
  });
});
