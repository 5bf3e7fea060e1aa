import { describe, expect, it } from "vitest";
import { NOTE_MAX_LENGTH, withinDeleteWindow } from "./note-rules";
import { NewNote } from "./note-schema";

/** A visit's body with this position. */
const visitAt = (position: Record<string, unknown>) => ({ customerId: 20001, visited: true, position });

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
      "a place (the old name)",
      { customerId: 20001, visited: true, place: { lat: 1, lon: 1 } },
      'Unrecognized key: "place"',
    ],
    [
      "a position without a visit",
      { customerId: 20001, text: "x", position: { lat: 37.8, lon: -122.3, accuracy: 10 } },
      'sent with a visit only ("visited": true).',
    ],
    ["a latitude past the pole", visitAt({ lat: 91, lon: 0, accuracy: 10 }), "the latitude is -90 to 90 degrees"],
    [
      "a longitude past the antimeridian",
      visitAt({ lat: 0, lon: -180.5, accuracy: 10 }),
      "the longitude is -180 to 180 degrees",
    ],
    ["a latitude as text", visitAt({ lat: "37.8", lon: 0, accuracy: 10 }), "the latitude must be a number of degrees"],
    ["no accuracy", visitAt({ lat: 37.8, lon: -122.3 }), "the accuracy must be the fix's radius in metres"],
    ["an accuracy of 0", visitAt({ lat: 37.8, lon: -122.3, accuracy: 0 }), "the accuracy must be more than 0 metres"],
    [
      "an accuracy past 10 km",
      visitAt({ lat: 37.8, lon: -122.3, accuracy: 10_001 }),
      "the accuracy is at most 10,000 metres",
    ],
    [
      "a position with more in it",
      visitAt({ lat: 37.8, lon: -122.3, accuracy: 10, who: "me" }),
      'Unrecognized key: "who"',
    ],
  ])("refuses %s, saying why", (_what, body, message) => {
    const parsed = NewNote.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe("NewNote, a visit", () => {
  it("is a note with no text when visited, or with text, with the phone's position when it was allowed", () => {
    expect(NewNote.parse({ customerId: 20001, visited: true })).toEqual({ customerId: 20001, text: "", visited: true });
    expect(NewNote.parse({ customerId: 20001, visited: true, text: " ok " })).toEqual({
      customerId: 20001,
      text: "ok",
      visited: true,
    });
    const position = { lat: -90, lon: 180, accuracy: 10_000 };
    expect(NewNote.parse({ customerId: 20001, visited: true, position })).toEqual({
      customerId: 20001,
      text: "",
      visited: true,
      position,
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
