import { describe, expect, it } from "vitest";
import { creditHref, creditListHref } from "./links";

describe("the credit pages' addresses", () => {
  it.each([
    [{ sort: "used", dir: "desc", page: 1 } as const, "/credit"],
    [{ sort: "score", dir: "asc", page: 1 } as const, "/credit?sort=score&dir=asc"],
    [
      { sort: "used", dir: "desc", over: "limit", q: "Acme & Co", page: 3 } as const,
      "/credit?over=limit&q=Acme+%26+Co&page=3",
    ],
  ])("the list of %j is %s", (query, href) => expect(creditListHref(query)).toBe(href));

  it("an account's full view", () => expect(creditHref(50012)).toBe("/credit/50012"));
});
