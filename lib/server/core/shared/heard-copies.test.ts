import { describe, expect, it } from "vitest";
import { createHeardCopies } from "./heard-copies";
import { createMemoryStore } from "./memory-store";

/** Two instances' copies over one memory store (its messages reach both), kept a second as unheard copies are. */
function twoInstances() {
  const shared = createMemoryStore();
  let time = 1_000_000;
  const clock = { now: () => time, advance: (ms: number) => void (time += ms) };
  const make = () => createHeardCopies<string>(shared, "changes", { unheardTtlMs: 1_000, now: clock.now });
  return { a: make(), b: make(), clock };
}

/** A source whose reads the test can hold open, counted. */
function source(initial: Record<string, string>) {
  const values = { ...initial };
  let reads = 0;
  let hold: Promise<void> | undefined;
  return {
    values,
    reads: () => reads,
    holdNextRead() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return release;
    },
    read: async (keys: readonly string[]) => {
      reads++;
      const snapshot = keys.map((key) => values[key]);
      const waiting = hold;
      hold = undefined;
      await waiting;
      return snapshot;
    },
  };
}

describe("heard copies", () => {
  it("answers a key again from its copy, for as long as the copy may live", async () => {
    const { a, clock } = twoInstances();
    const src = source({ k: "v1" });
    expect(await a.through(["k"], src.read)).toEqual(["v1"]);
    expect(await a.through(["k"], src.read)).toEqual(["v1"]);
    expect(src.reads()).toBe(1);
    clock.advance(1_001);
    await a.through(["k"], src.read);
    expect(src.reads()).toBe(2);
  });

  it("reads only the keys it holds no copy of, and keeps no undefined", async () => {
    const { a } = twoInstances();
    const src = source({ one: "1", two: "2" });
    await a.through(["one"], src.read);
    const asked: (readonly string[])[] = [];
    expect(await a.through(["one", "two", "none"], async (keys) => (asked.push(keys), src.read(keys)))).toEqual([
      "1",
      "2",
      undefined,
    ]);
    expect(asked).toEqual([["two", "none"]]);
    await a.through(["none"], async (keys) => (asked.push(keys), src.read(keys)));
    expect(asked.at(-1)).toEqual(["none"]);
  });

  it("drops a copy when another instance changes the key, and keeps this instance's own change", async () => {
    const { a, b } = twoInstances();
    const src = source({ k: "old" });
    await a.through(["k"], src.read);
    await b.through(["k"], src.read);
    src.values.k = "new";
    await b.changed(["k"], "new");
    expect(await a.through(["k"], src.read)).toEqual(["new"]);
    const reads = src.reads();
    expect(await b.through(["k"], src.read)).toEqual(["new"]);
    expect(src.reads()).toBe(reads);
  });

  it("does not keep a read that a change overlapped, whoever made the change", async () => {
    for (const changer of ["other", "self"] as const) {
      const { a, b } = twoInstances();
      const src = source({ k: "before" });
      const release = src.holdNextRead();
      const reading = a.through(["k"], src.read);
      src.values.k = "after";
      await (changer === "other" ? b : a).changed(["k"], changer === "self" ? "after" : undefined);
      release();
      expect(await reading, changer).toEqual(["before"]);
      expect(await a.through(["k"], src.read), changer).toEqual(["after"]);
    }
  });

  it("keeps nothing while the others cannot be heard, unless told how long it may", async () => {
    const shared = createMemoryStore();
    const none = createHeardCopies<string>(shared, "changes");
    const src = source({ k: "v" });
    await none.through(["k"], src.read);
    await none.through(["k"], src.read);
    expect(src.reads()).toBe(2);
  });
});
