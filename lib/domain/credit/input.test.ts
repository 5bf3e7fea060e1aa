import { describe, expect, it } from "vitest";
import * as z from "zod";
import { CollectedBody, CreditQuery, creditListRows, creditQuery, LimitBody } from "./input";
import type { CreditRow } from "./view";

/** The fields a refusal names and its words, or the parsed body. */
function parsed(schema: z.ZodType, body: unknown) {
  const result = z.safeParse(schema, body);
  return result.success
    ? { ok: result.data }
    : { fields: result.error.issues.map((i) => i.path.join(".")), words: result.error.issues.map((i) => i.message) };
}

describe("LimitBody", () => {
  const cases: { body: unknown; limit?: string | null; field?: string; words?: RegExp }[] = [
    { body: { limit: 10000 }, limit: "10000.00" },
    { body: { limit: "10000.5" }, limit: "10000.50" },
    { body: { limit: " 2500.00 " }, limit: "2500.00" },
    { body: { limit: 0 }, limit: "0.00" },
    { body: { limit: "10000000.00" }, limit: "10000000.00" },
    { body: { limit: null }, limit: null },
    { body: { limit: "100.005" }, field: "limit", words: /at most 2 decimals/ },
    { body: { limit: 100.005 }, field: "limit", words: /at most 2 decimals/ },
    { body: { limit: "-5" }, field: "limit", words: /cannot be negative/ },
    { body: { limit: -5 }, field: "limit", words: /cannot be negative/ },
    { body: { limit: "1e3" }, field: "limit", words: /amount in dollars/ },
    { body: { limit: "" }, field: "limit", words: /amount in dollars/ },
    { body: { limit: "1,000" }, field: "limit", words: /amount in dollars/ },
    { body: { limit: 1e21 }, field: "limit", words: /amount in dollars/ },
    { body: { limit: "10000000.01" }, field: "limit", words: /at most \$10,000,000\.00/ },
    { body: { limit: true }, field: "limit", words: /amount in dollars/ },
    { body: {}, field: "limit" },
    { body: { limit: 1, note: "x" }, field: "" },
  ];
  it.each(cases)("$body", ({ body, limit, field, words }) => {
    const result = parsed(LimitBody, body);
    if (field === undefined) expect(result).toEqual({ ok: { limit } });
    else {
      expect(result.fields).toEqual([field]);
      if (words) expect(result.words?.[0]).toMatch(words);
    }
  });
});

describe("CollectedBody", () => {
  const cases: { body: Record<string, unknown>; ok?: Record<string, unknown>; field?: string; words?: RegExp }[] = [
    {
      body: { amount: "1240", method: "check", reference: " 4417 " },
      ok: { amount: "1240.00", method: "check", reference: "4417" },
    },
    {
      body: { amount: 99.5, method: "cash", deliveryDate: "2026-11-20", customerId: 20010 },
      ok: { amount: "99.50", method: "cash", deliveryDate: "2026-11-20", customerId: 20010 },
    },
    { body: { amount: "1000000.00", method: "ach" }, ok: { amount: "1000000.00", method: "ach" } },
    { body: { amount: "0", method: "check" }, field: "amount", words: /more than \$0\.00/ },
    { body: { amount: "100.005", method: "check" }, field: "amount", words: /at most 2 decimals/ },
    { body: { amount: "-5", method: "check" }, field: "amount", words: /cannot be negative/ },
    { body: { amount: "1e3", method: "check" }, field: "amount", words: /amount in dollars/ },
    { body: { amount: "", method: "check" }, field: "amount", words: /amount in dollars/ },
    { body: { amount: "1000000.01", method: "check" }, field: "amount", words: /at most \$1,000,000\.00/ },
    { body: { method: "check" }, field: "amount" },
    { body: { amount: "10", method: "bitcoin" }, field: "method", words: /one of: check, cash/ },
    { body: { amount: "10", method: "check", reference: "  " }, field: "reference", words: /empty/ },
    { body: { amount: "10", method: "check", reference: "x".repeat(41) }, field: "reference", words: /40 characters/ },
    { body: { amount: "10", method: "check", deliveryDate: "2026-02-30" }, field: "deliveryDate" },
    { body: { amount: "10", method: "check", deliveryDate: "20/11/2026" }, field: "deliveryDate" },
    { body: { amount: "10", method: "check", customerId: 1.5 }, field: "customerId" },
    { body: { amount: "10", method: "check", customerId: "20010" }, field: "customerId" },
  ];
  it.each(cases)("$body", ({ body, ok, field, words }) => {
    const result = parsed(CollectedBody, body);
    if (field === undefined) expect(result).toEqual({ ok });
    else {
      expect(result.fields).toEqual([field]);
      if (words) expect(result.words?.[0]).toMatch(words);
    }
  });
});

describe("CreditQuery", () => {
  const cases: { query: Record<string, string>; ok?: Record<string, unknown>; field?: string }[] = [
    { query: {}, ok: { sort: "used", dir: "desc", page: 1 } },
    {
      query: { sort: "score", dir: "asc", over: "60", q: " Leaf ", page: "2", other: "kept out" },
      ok: { sort: "score", dir: "asc", over: "60", q: "Leaf", page: 2 },
    },
    { query: { over: "limit", q: "" }, ok: { sort: "used", dir: "desc", over: "limit", page: 1 } },
    { query: { sort: "profit" }, field: "sort" },
    { query: { dir: "up" }, field: "dir" },
    { query: { over: "90" }, field: "over" },
    { query: { page: "0" }, field: "page" },
    { query: { page: "abc" }, field: "page" },
    { query: { page: "1.5" }, field: "page" },
  ];
  it.each(cases)("$query", ({ query, ok, field }) => {
    const result = parsed(CreditQuery, query);
    if (field === undefined) expect(result).toEqual({ ok });
    else expect(result.fields).toEqual([field]);
  });
  it("as a page reads it, a bad value falls back to its default", () => {
    expect(creditQuery(new URLSearchParams("sort=profit&over=60&page=0&dir=asc"))).toEqual({
      sort: "used",
      dir: "asc",
      over: "60",
      page: 1,
    });
    expect(creditQuery({ sort: ["name", "score"], over: "90" })).toEqual({ sort: "name", dir: "desc", page: 1 });
  });
});

const row = (arAccountId: number, change: Partial<CreditRow> = {}): CreditRow => ({
  arAccountId,
  name: `Store ${arAccountId}`,
  customerIds: [arAccountId - 30000],
  limit: null,
  balance: "0.00",
  openLists: "0.00",
  openListCount: 0,
  available: null,
  over60: "0.00",
  toCollect: "0.00",
  asOf: "2026-11-20",
  score: null,
  components: [],
  used: null,
  ...change,
});

const ROWS = [
  row(50001, {
    name: "Green Leaf",
    limit: "10000.00",
    balance: "7360.00",
    available: "2640.00",
    used: 0.736,
    score: 82,
  }),
  row(50002, {
    name: "Apex",
    limit: "5000.00",
    balance: "5310.00",
    available: "-310.00",
    used: 1.062,
    score: 41,
    over60: "900.00",
    customerIds: [20010, 20011],
  }),
  row(50003, { name: "bloom", balance: "120.00", score: 90 }),
  row(50004, { name: "Bloom", limit: "0.00", available: "-50.00", balance: "50.00", over60: "50.00" }),
  row(50005, { name: "Cedar", limit: "2000.00", balance: "0.00", available: "2000.00", used: 0, score: 82 }),
];
const ids = (query: Record<string, string>) =>
  creditListRows(ROWS, CreditQuery.parse(query)).rows.map((r) => r.arAccountId);

describe("creditListRows", () => {
  const cases: [query: Record<string, string>, order: number[]][] = [
    // Most used first; no share (no limit, or a limit of 0) last, by name then id.
    [{}, [50002, 50001, 50005, 50003, 50004]],
    [{ dir: "asc" }, [50005, 50001, 50002, 50003, 50004]],
    [{ sort: "available", dir: "asc" }, [50002, 50004, 50005, 50001, 50003]],
    // Equal scores: by name.
    [{ sort: "score" }, [50003, 50005, 50001, 50002, 50004]],
    [{ sort: "balance" }, [50001, 50002, 50003, 50004, 50005]],
    [{ sort: "over60", dir: "asc" }, [50003, 50005, 50001, 50004, 50002]],
    [{ sort: "name", dir: "asc" }, [50002, 50003, 50004, 50005, 50001]],
    [{ over: "limit" }, [50002, 50004]],
    [{ over: "60", sort: "name", dir: "asc" }, [50002, 50004]],
    [{ q: "bloom" }, [50003, 50004]],
    [{ q: "20011" }, [50002]],
    [{ q: "50005" }, [50005]],
    [{ q: "nobody" }, []],
  ];
  it.each(cases)("%j: %j", (query, order) => {
    expect(ids(query)).toEqual(order);
  });
  it("pages by 50, the last page when asked past it", () => {
    const many = Array.from({ length: 120 }, (_, i) => row(60000 + i, { name: `Store ${String(i).padStart(3, "0")}` }));
    const third = creditListRows(many, CreditQuery.parse({ sort: "name", dir: "asc", page: "3" }));
    expect(third).toMatchObject({ total: 120, page: 3 });
    expect(third.rows.map((r) => r.arAccountId)).toEqual(Array.from({ length: 20 }, (_, i) => 60100 + i));
    expect(creditListRows(many, CreditQuery.parse({ page: "9" })).page).toBe(3);
  });
});
