import { describe, expect, it } from "vitest";
import { NOTE_MAX_LENGTH, withinDeleteWindow } from "./note-rules";
import { NewNote } from "./note-schema";

describe("NewNote", () => {
  it("trims the text and takes up to 2,000 characters of it", () => {
    expect(NewNote.parse({ customerId: 20001, text: "  Wants the spring menu \n" })).toEqual({
      customerId: 20001,
      text: "Wants the spring menu",
    });
    expect(NewNote.parse({ customerId: 20001, text: ` ${"a".repeat(NOTE_MAX_LENGTH)} ` }).text).toHaveLength(2000);
  });

  it.each([
    ["an empty text", { customerId: 20001, text: "" }, "Write the note: it is empty."],
    ["a text of spaces and line breaks", { customerId: 20001, text: " \n \t" }, "Write the note: it is empty."],
    ["2,001 characters", { customerId: 20001, text: "a".repeat(2001) }, "Keep the note to 2,000 characters."],
    ["customer 0", { customerId: 0, text: "x" }, "customerId must be positive"],
    ["a customer as text", { customerId: "20001", text: "x" }, "customerId must be a customer's number"],
    ["no text and no visit", { customerId: 20001 }, "Write the note: it is empty."],
    ["visited false", { customerId: 20001, visited: false }, "visited is true or left out: a note is a visit anyway."],
    [
      "a place (not kept)",
      { customerId: 20001, visited: true, place: { lat: 1, lon: 1 } },
      'Unrecognized key: "place"',
    ],
  ])("refuses %s, saying why", (_what, body, message) => {
    const parsed = NewNote.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe("NewNote, a visit", () => {
  it("is a note with no text when visited, or with text", () => {
    expect(NewNote.parse({ customerId: 20001, visited: true })).toEqual({ customerId: 20001, text: "", visited: true });
    expect(NewNote.parse({ customerId: 20001, visited: true, text: " ok " })).toEqual({
      customerId: 20001,
      text: "ok",
      visited: true,
    });
  });
});

describe("withinDeleteWindow", () => {
  it("is open for 24 hours after the note was written, and closed from then on", () => {
    const at = "2026-11-21T09:00:00.000Z";
    expect(withinDeleteWindow(at, Date.parse("2026-11-22T08:59:59.999Z"))).toBe(true);
    expect(withinDeleteWindow(at, Date.parse("2026-11-22T09:00:00.000Z"))).toBe(false);
  });
});
