import { describe, expect, it } from "vitest";
import { Random } from "./random";

describe("Random", () => {
  it("repeats its sequence for the same seed, and differs between seeds", () => {
    const a = new Random("test");
    const b = new Random("test");
    const c = new Random("production");
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it("stays within its ranges and reaches both ends of an integer range", () => {
    const rng = new Random("ranges");
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const f = rng.next();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      const n = rng.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it("picks by weight, samples without repeats, shuffles without losing items", () => {
    const rng = new Random("weights");
    let heavy = 0;
    for (let i = 0; i < 1000; i++)
      if (
        rng.weighted([
          ["a", 9],
          ["b", 1],
        ] as const) === "a"
      )
        heavy++;
    expect(heavy).toBeGreaterThan(850);
    expect(new Set(rng.sample([1, 2, 3, 4, 5, 6], 4)).size).toBe(4);
    expect(rng.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(() => rng.pick([])).toThrow();
  });

  it("makes UUID-shaped ids and hex strings", () => {
    const rng = new Random("ids");
    expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(rng.hex(32)).toMatch(/^[0-9a-f]{32}$/);
  });
});
