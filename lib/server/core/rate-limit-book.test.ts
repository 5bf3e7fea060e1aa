import { describe, expect, it } from "vitest";
import { createRateLimitBook } from "./rate-limit-book";
import { createMemoryStore } from "./shared/memory-store";

const AT = new Date("2026-11-23T14:00:00.000Z");

describe("rate-limit book", () => {
  it("notes an answer's three figures, with when the window resets", async () => {
    const book = createRateLimitBook(createMemoryStore(), () => AT);
    await book.note(
      "fp",
      new Headers({ "RateLimit-Limit": "1028", "RateLimit-Remaining": "0", "RateLimit-Reset": "1800" }),
    );
    expect(await book.get(["fp"])).toEqual([
      { limit: 1028, remaining: 0, resetsAt: "2026-11-23T14:30:00.000Z", seenAt: AT.toISOString() },
    ]);
  });

  it.each([
    [
      "without RateLimit-Limit (it would read as a budget of 0)",
      { "RateLimit-Remaining": "0", "RateLimit-Reset": "30" },
    ],
    ["without RateLimit-Reset", { "RateLimit-Limit": "1028", "RateLimit-Remaining": "3" }],
    [
      "with a figure that is not a number",
      { "RateLimit-Limit": "many", "RateLimit-Remaining": "3", "RateLimit-Reset": "30" },
    ],
  ])("notes nothing %s", async (_, headers) => {
    const book = createRateLimitBook(createMemoryStore(), () => AT);
    await book.note("fp", new Headers(headers));
    expect(await book.get(["fp"])).toEqual([undefined]);
  });
});
