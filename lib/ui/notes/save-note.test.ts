import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionKeyStore } from "../idempotency";
import { MemoryStorage } from "../test-storage";
import { notesPath } from "./notes-client";
import { draftNote, saveNote, sendDraft } from "./save-note";

/** A fake Backroom: one note per Idempotency-Key, as the API makes them; `fail` answers the next sends with that. */
function fakeBackroom() {
  const keys: string[] = [];
  const notes = new Map<string, { id: string }>();
  const fail: (Response | "network")[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const key = new Headers(init.headers).get("Idempotency-Key")!;
    keys.push(key);
    const next = fail.shift();
    if (next === "network") throw new TypeError("Failed to fetch");
    if (next) return next;
    const known = notes.get(key);
    if (known) return Response.json(known, { status: 200 });
    const made = { id: `note-${notes.size + 1}`, ...(JSON.parse(String(init.body)) as object) };
    notes.set(key, made);
    return Response.json(made, { status: 201 });
  });
  vi.stubGlobal("fetch", fetch);
  return { keys, notes, fail };
}

afterEach(() => vi.unstubAllGlobals());

describe("saveNote", () => {
  it("sends a double click with one Idempotency-Key, so one note is made", async () => {
    const backroom = fakeBackroom();
    const store = sessionKeyStore(new MemoryStorage());
    const note = { customerId: 20001, text: "Wants the spring menu" };
    const [first, second] = await Promise.all([saveNote(store, note), saveNote(store, note)]);
    expect(first.id).toBe(second.id);
    expect(new Set(backroom.keys).size).toBe(1);
    expect(backroom.notes.size).toBe(1);
    // Answered: the key is spent, and the same words written again later are a new note.
    await saveNote(store, note);
    expect(backroom.notes.size).toBe(2);
  });

  it("keeps the key through a lost answer (no connection, a 503), so trying again is the same note", async () => {
    const backroom = fakeBackroom();
    const store = sessionKeyStore(new MemoryStorage());
    const note = { customerId: 20001, text: "Signal dropped" };
    backroom.fail.push("network", Response.json({ Error: "Backroom cannot reach its session store." }, { status: 503 }));
    await expect(saveNote(store, note)).rejects.toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    await expect(saveNote(store, note)).rejects.toMatchObject({ status: 503 });
    await saveNote(store, note);
    expect(new Set(backroom.keys).size).toBe(1);
  });

  it("ends the key on a refusal on the merits, with the API's code and field errors", async () => {
    const backroom = fakeBackroom();
    const store = sessionKeyStore(new MemoryStorage());
    const note = { customerId: 20001, text: "x" };
    backroom.fail.push(Response.json({ Error: { code: "VALIDATION_FAILED", detail: "bad", fieldErrors: [{ field: "text", code: "TOO_SMALL", detail: "Write the note: it is empty." }] } }, { status: 400 }));
    await expect(saveNote(store, note)).rejects.toMatchObject({ status: 400, code: "VALIDATION_FAILED", fieldErrors: [{ field: "text", code: "TOO_SMALL", detail: "Write the note: it is empty." }] });
    await saveNote(store, note);
    expect(new Set(backroom.keys).size).toBe(2);
  });
});

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
