import { afterEach, describe, expect, it, vi } from "vitest";
import { notesPath } from "./notes-client";
import { draftNote, sendDraft } from "./save-note";
import { fakeBackroom } from "./testing";

afterEach(() => vi.unstubAllGlobals());

describe("a draft written offline", () => {
  it("keeps the key it was written with, however often it is sent", async () => {
    const backroom = fakeBackroom();
    const draft = draftNote({ customerId: 20001, text: "Written in a dead zone" }, () => "key-made-offline");
    await sendDraft(draft);
    await sendDraft(draft);
    expect(backroom.keys).toEqual(["key-made-offline", "key-made-offline"]);
    expect(backroom.notes.size).toBe(1);
  });
});

describe("notesPath", () => {
  it("names one customer, or several sorted, as the API documents them", () => {
    expect(notesPath({ customerId: 20001 })).toBe("/api/notes?customerId=20001");
    expect(notesPath({ customerIds: [20003, 20001], latest: 1 })).toBe("/api/notes?customerIds=20001,20003&latest=1");
    expect(notesPath({ customerId: 20001 }, "csv")).toBe("/api/notes?customerId=20001&format=csv");
  });
});
