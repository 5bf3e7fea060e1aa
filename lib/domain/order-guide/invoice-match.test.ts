import { describe, expect, it } from "vitest";
import {
  type InvoiceLineRecord,
  type InvoiceRecord,
  type ListToMatch,
  matchChanged,
  matchDetail,
  matchEvent,
  matchLists,
  sameMatch,
} from "./invoice-match";
import { type ListMatch, matchWords, type Substitute } from "./shared-list";

const STORE = 20001;
const OTHER_STORE = 20002;
const SENT = "2026-11-20T17:30:00.000Z";
const NOW = new Date("2026-11-22T12:00:00.000Z");

const invoice = (id: number, date: string | undefined, o: Partial<InvoiceRecord> = {}): InvoiceRecord => ({
  InvoiceID: id,
  InvoiceNum: `INV-${id}`,
  CustomerID: STORE,
  Status: 1,
  ...(date === undefined ? {} : { Date: `${date}T00:00:00` }),
  ...o,
});

let trans = 0;
const line = (invoiceId: number, productId: number, cases: string | undefined): InvoiceLineRecord => ({
  InvoiceTransID: ++trans,
  InvoiceID: invoiceId,
  ProductID: productId,
  ...(cases === undefined ? {} : { Cases: cases }),
});

const asked = (productId: number, cases: number, substitute: Substitute | null = null) => ({
  productId,
  cases,
  substitute,
});

const list = (id: string, lines: ListToMatch["lines"], o: Partial<ListToMatch> = {}): ListToMatch => ({
  id,
  customerId: STORE,
  sentAt: SENT,
  lines,
  ...o,
});

/** The known list: ten products, 2 to 11 cases each. */
const KNOWN = list(
  "known",
  Array.from({ length: 10 }, (_, i) => asked(5001 + i, i + 2)),
);

const match = (lists: ListToMatch[], invoices: InvoiceRecord[], lines: InvoiceLineRecord[], now = NOW) =>
  matchLists(lists, invoices, lines, now);

const summary = (m: ListMatch | undefined) => ({
  words: matchWords(m ?? null),
  invoices: m?.invoices.map((i) => i.invoiceNum),
  lines: m?.lines.map((l) => `${l.productId}: ${l.invoiced} of ${l.asked}`),
});

describe("matchLists", () => {
  it("counts an invoice made after the list was sent by its creation time, whatever its day says", () => {
    const one = list("one", [asked(5001, 2)]);
    // Made the evening the list was sent, Pacific time: its ERP day is the UTC day before the list's.
    const evening = invoice(7, "2026-11-19", { InvoiceTimeCreated: "2026-11-20T18:05:00.000Z" });
    // Made that morning, before the list: the store's usual order, not this list's.
    const morning = invoice(8, "2026-11-20", { InvoiceTimeCreated: "2026-11-20T16:00:00.000Z" });
    expect(summary(match([one], [evening], [line(7, 5001, "2.00")]).get("one"))).toMatchObject({
      words: "Invoiced",
      invoices: ["INV-7"],
    });
    expect(summary(match([one], [morning], [line(8, 5001, "2.00")]).get("one"))).toMatchObject({
      words: "Waiting for the invoice",
    });
  });

  it("matches a known invoice against a known list: 9 of 10 lines invoiced in full, 1 not", () => {
    const lines = KNOWN.lines.slice(0, 9).map((l) => line(1042, l.productId, `${l.cases}.00`));
    const result = match([KNOWN], [invoice(1042, "2026-11-21")], lines).get("known")!;
    expect(result).toEqual({
      status: "partly",
      invoices: [{ invoiceNum: "INV-1042", invoiceId: 1042, date: "2026-11-21" }],
      lines: KNOWN.lines.map((l, i) => ({
        productId: l.productId,
        asked: l.cases,
        invoiced: i < 9 ? `${l.cases}.00` : "0.00",
      })),
      checkedAt: NOW.toISOString(),
    });
    expect(matchWords(result)).toBe("Partly invoiced: 9 of 10 lines, 1 short");
    expect(matchDetail(result)).toBe("Partly invoiced: 9 of 10 lines, 1 short (invoice INV-1042)");
  });

  it("reads every line filled as invoiced, and names each invoice that gave cases, oldest first", () => {
    const two = list("two", [asked(5001, 3), asked(5002, 2)]);
    const result = match(
      [two],
      [invoice(12, "2026-11-23"), invoice(11, "2026-11-21"), invoice(13, "2026-11-22")],
      [line(12, 5002, "2.000000"), line(11, 5001, "3.00"), line(13, 5009, "1.00")],
    ).get("two")!;
    expect(summary(result)).toEqual({
      words: "Invoiced",
      invoices: ["INV-11", "INV-12"],
      lines: ["5001: 3.00 of 3", "5002: 2.00 of 2"],
    });
    expect(matchDetail(result)).toBe("Invoiced (invoices INV-11, INV-12)");
  });

  it.each([
    ["a short line: 5 of 10 cases", [line(1, 5001, "5.000000")], "5.00", "partly"],
    ["a part case", [line(1, 5001, "0.5")], "0.50", "partly"],
    ["two invoice lines of the product adding up", [line(1, 5001, "6"), line(1, 5001, "4.00")], "10.00", "invoiced"],
    ["more than asked: the list takes what it asked", [line(1, 5001, "14.00")], "10.00", "invoiced"],
    ["a line without Cases gives nothing", [line(1, 5001, undefined)], "0.00", "waiting"],
    ["a line whose Cases is no decimal gives nothing", [line(1, 5001, "N/A")], "0.00", "waiting"],
    ["a negative line gives nothing", [line(1, 5001, "-2.00")], "0.00", "waiting"],
  ])("%s", (_, lines, invoiced, status) => {
    const result = match([list("short", [asked(5001, 10)])], [invoice(1, "2026-11-21")], lines).get("short")!;
    expect(result.lines).toEqual([{ productId: 5001, asked: 10, invoiced }]);
    expect(result.status).toBe(status);
  });

  it("says a short line in the list's words", () => {
    const result = match([list("short", [asked(5001, 10)])], [invoice(1, "2026-11-21")], [line(1, 5001, "5")]);
    expect(matchWords(result.get("short")!)).toBe("Partly invoiced: 0 of 1 line, 1 short");
  });

  it.each([
    ["accepted: matched by the substitute", "accepted", 6001, "4.00"],
    ["proposed: still matched by the original", "proposed", 5001, "0.00"],
    ["declined: matched by the original", "declined", 5001, "0.00"],
  ] as const)("a substituted line %s", (_, status, productId, invoiced) => {
    const substituted = list("sub", [asked(5001, 4, { productId: 6001, name: "Other Gummies", status })]);
    const result = match([substituted], [invoice(1, "2026-11-21")], [line(1, 6001, "4.00")]).get("sub")!;
    expect(result.lines).toEqual([{ productId, asked: 4, invoiced }]);
    // The original product invoiced fills a line whose substitute was not accepted, and never one whose was.
    const original = match([substituted], [invoice(1, "2026-11-21")], [line(1, 5001, "4.00")]).get("sub")!;
    expect(original.lines[0]!.invoiced).toBe(status === "accepted" ? "0.00" : "4.00");
  });

  it("shares one invoice between two lists of a store, oldest first; what is left goes to no list", () => {
    const older = list("older", [asked(5001, 3), asked(5002, 1)], { sentAt: "2026-11-19T09:00:00.000Z" });
    const newer = list("newer", [asked(5001, 4)], { sentAt: "2026-11-20T09:00:00.000Z" });
    // Given newest first: the order they were sent in decides, not the order given.
    const five = match([newer, older], [invoice(1, "2026-11-21")], [line(1, 5001, "5.00")]);
    expect(summary(five.get("older"))).toEqual({
      words: "Partly invoiced: 1 of 2 lines, 1 short",
      invoices: ["INV-1"],
      lines: ["5001: 3.00 of 3", "5002: 0.00 of 1"],
    });
    expect(summary(five.get("newer"))).toEqual({
      words: "Partly invoiced: 0 of 1 line, 1 short",
      invoices: ["INV-1"],
      lines: ["5001: 2.00 of 4"],
    });
    const nine = match([newer, older], [invoice(1, "2026-11-21")], [line(1, 5001, "9.00")]);
    expect(nine.get("older")!.lines[0]!.invoiced).toBe("3.00");
    expect(nine.get("newer")!.lines[0]!.invoiced).toBe("4.00");
    expect(nine.get("newer")!.status).toBe("invoiced");
  });

  it("gives an invoice dated before a list's sent day to the older list only", () => {
    const older = list("older", [asked(5001, 3)], { sentAt: "2026-11-18T09:00:00.000Z" });
    const newer = list("newer", [asked(5001, 3)], { sentAt: "2026-11-20T23:59:00.000Z" });
    const result = match(
      [older, newer],
      [invoice(1, "2026-11-19"), invoice(2, "2026-11-20")],
      [line(1, 5001, "2.00"), line(2, 5001, "3.00")],
    );
    // Invoice 1 (the 19th) is before the newer list's day; invoice 2 (its sent day, UTC) fills the older first.
    expect(summary(result.get("older"))).toMatchObject({ words: "Invoiced", invoices: ["INV-1", "INV-2"] });
    expect(summary(result.get("newer"))).toMatchObject({ invoices: ["INV-2"], lines: ["5001: 2.00 of 3"] });
  });

  it.each([
    ["an invoice dated before the list was sent", invoice(1, "2026-11-19")],
    ["a canceled invoice (a status no list counts)", invoice(1, "2026-11-21", { Status: 6 })],
    ["a returned invoice (status 4)", invoice(1, "2026-11-21", { Status: 4 })],
    ["another store's invoice", invoice(1, "2026-11-21", { CustomerID: OTHER_STORE })],
    ["an invoice without a date", invoice(1, undefined)],
    ["an invoice without a customer", invoice(1, "2026-11-21", { CustomerID: undefined })],
  ])("ignores %s", (_, ignored) => {
    const result = match([list("l", [asked(5001, 2)])], [ignored], [line(1, 5001, "2.00")]).get("l")!;
    expect(result).toMatchObject({ status: "waiting", invoices: [], lines: [{ invoiced: "0.00" }] });
  });

  it("counts an invoice of every other status, and one whose status the record leaves out", () => {
    for (const Status of [1, 2, 3, 5, 7, undefined]) {
      const result = match([list("l", [asked(5001, 2)])], [invoice(1, "2026-11-21", { Status })], [line(1, 5001, "2")]);
      expect(result.get("l")!.status).toBe("invoiced");
    }
  });

  it("says not invoiced once 7 days have passed without an invoice, waiting before", () => {
    const lonely = list("lonely", [asked(5001, 2)]);
    const at = (ms: number) => match([lonely], [], [], new Date(Date.parse(SENT) + ms)).get("lonely")!;
    expect(at(7 * 86_400_000 - 1).status).toBe("waiting");
    expect(matchWords(at(7 * 86_400_000 - 1))).toBe("Waiting for the invoice");
    expect(at(7 * 86_400_000).status).toBe("not-invoiced");
    expect(matchWords(at(7 * 86_400_000))).toBe("Not invoiced after 7 days");
    // Once anything is invoiced, the days no longer matter.
    const late = match([lonely], [invoice(1, "2026-11-29")], [line(1, 5001, "1")], new Date("2026-12-01T00:00:00Z"));
    expect(late.get("lonely")!.status).toBe("partly");
  });

  it("leaves out lines at 0 cases", () => {
    const result = match(
      [list("l", [asked(5001, 2), asked(5002, 0)])],
      [invoice(1, "2026-11-21")],
      [line(1, 5001, "2")],
    );
    expect(summary(result.get("l"))).toEqual({ words: "Invoiced", invoices: ["INV-1"], lines: ["5001: 2.00 of 2"] });
  });

  it("never throws on sparse records, and counts a line read twice once", () => {
    const sparseInvoices: InvoiceRecord[] = [{}, { InvoiceID: 1 }, { InvoiceID: 2, CustomerID: STORE, Date: "soon" }];
    const sparseLines: InvoiceLineRecord[] = [{}, { InvoiceID: 1 }, { InvoiceID: 1, ProductID: 5001 }];
    const result = match([list("l", [asked(5001, 2)])], sparseInvoices, sparseLines).get("l")!;
    expect(result.status).toBe("waiting");
    const once = line(3, 5001, "1.00");
    const twice = match(
      [list("l", [asked(5001, 2)])],
      [invoice(3, "2026-11-21", { InvoiceNum: undefined })],
      [once, { ...once }],
    ).get("l")!;
    // An invoice without its number is named by its id.
    expect(summary(twice)).toMatchObject({ invoices: ["3"], lines: ["5001: 1.00 of 2"] });
  });
});

describe("sameMatch", () => {
  const base: ListMatch = {
    status: "waiting",
    invoices: [],
    lines: [{ productId: 1, asked: 2, invoiced: "0.00" }],
    checkedAt: "a",
  };
  it("is the same whenever each was checked, and differs in any line, invoice or status", () => {
    expect(sameMatch(base, { ...base, checkedAt: "b" })).toBe(true);
    expect(sameMatch(base, { ...base, lines: [{ productId: 1, asked: 2, invoiced: "1.00" }] })).toBe(false);
    expect(sameMatch(base, { ...base, status: "not-invoiced" })).toBe(false);
    expect(sameMatch(null, base)).toBe(false);
    expect(sameMatch(null, null)).toBe(true);
  });
});

describe("a match found against the one kept", () => {
  const waiting: ListMatch = {
    status: "waiting",
    invoices: [],
    lines: [{ productId: 1, asked: 2, invoiced: "0.00" }],
    checkedAt: "2026-11-21T10:00:00.000Z",
  };
  const partly: ListMatch = {
    status: "partly",
    invoices: [{ invoiceNum: "INV-7", invoiceId: 7, date: "2026-11-21" }],
    lines: [{ productId: 1, asked: 2, invoiced: "1.00" }],
    checkedAt: "2026-11-21T10:10:00.000Z",
  };
  const later = { ...partly, checkedAt: "2026-11-21T10:20:00.000Z" };
  it.each<[string, ListMatch | null, ListMatch, boolean, string | null]>([
    ["nothing kept, still waiting", null, waiting, false, null],
    ["nothing kept, partly invoiced", null, partly, true, "Partly invoiced: 0 of 1 line, 1 short (invoice INV-7)"],
    ["waiting, then partly invoiced", waiting, partly, true, "Partly invoiced: 0 of 1 line, 1 short (invoice INV-7)"],
    ["the same, checked later", partly, later, false, null],
    [
      "waiting, then not invoiced after 7 days",
      waiting,
      { ...waiting, status: "not-invoiced" },
      true,
      "Not invoiced after 7 days",
    ],
    [
      "more of a line, the same words and invoice",
      partly,
      { ...partly, lines: [{ productId: 1, asked: 2, invoiced: "1.50" }] },
      true,
      null,
    ],
    ["its invoice gone (canceled)", partly, waiting, true, "Waiting for the invoice"],
  ])("%s", (_, kept, found, changed, event) => {
    expect(matchChanged(kept, found)).toBe(changed);
    expect(matchEvent(kept, found)).toBe(event);
  });
});
