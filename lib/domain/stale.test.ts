import { describe, expect, it } from "vitest";
import { oldestStale, staleOf } from "./stale";

const OLD = { reason: "rate-limited", at: "2026-11-23T13:00:00.000Z", until: "2026-11-23T15:00:00.000Z" } as const;
const NEWER = { reason: "timeout", at: "2026-11-23T14:00:00.000Z" } as const;

describe("staleOf", () => {
  it("is undefined when every answer came from the API, or none has come", () => {
    expect(staleOf([])).toBeUndefined();
    expect(
      staleOf([undefined, null, { meta: {} }, { records: [], complete: true, requests: 1 } as never]),
    ).toBeUndefined();
  });

  it("is the oldest note of a region's answers, results and walked lists alike", () => {
    expect(staleOf([{ meta: { stale: NEWER } }, { meta: {} }])).toEqual(NEWER);
    expect(staleOf([{ meta: { stale: NEWER } }, { stale: OLD }])).toEqual(OLD);
    expect(oldestStale([NEWER, undefined, OLD])).toEqual(OLD);
  });
});
