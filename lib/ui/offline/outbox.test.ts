import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionKeyStore } from "@/lib/ui/idempotency";
import { fakeBackroom } from "@/lib/ui/notes/testing";
import { MemoryStorage } from "@/lib/ui/test-storage";
import { DataApiError } from "@/lib/data-api/data-api-error";
import { flushOutbox, queuedNotes, queuedPhotos, queuedWrites, writeNote, writeOnce } from "./outbox";
import { queuePhoto } from "./outbox-photos";

beforeEach(async () => {
  // Each test from an empty outbox: what the last one left is sent to nobody.
  await flushOutbox(
    async () => undefined,
    async () => undefined,
    async () => undefined,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("writeNote online", () => {
  it("sends a double click with one Idempotency-Key, so one note is made", async () => {
    const backroom = fakeBackroom();
    const store = sessionKeyStore(new MemoryStorage());
    const note = { customerId: 20001, text: "Wants the spring menu" };
    const [first, second] = await Promise.all([
      writeNote(store, note, { online: true }),
      writeNote(store, note, { online: true }),
    ]);
    expect("sent" in first && "sent" in second && first.sent.id === second.sent.id).toBe(true);
    expect(new Set(backroom.keys).size).toBe(1);
    expect(backroom.notes.size).toBe(1);
    // Answered: the key is spent, and the same words written again later are a new note.
    await writeNote(store, note, { online: true });
    expect(backroom.notes.size).toBe(2);
  });

  it("keeps the key through a 503, so trying again is the same note", async () => {
    const backroom = fakeBackroom();
    const store = sessionKeyStore(new MemoryStorage());
    const note = { customerId: 20001, text: "Backroom busy" };
    backroom.fail.push(Response.json({ Error: "Backroom cannot reach its session store." }, { status: 503 }));
    await expect(writeNote(store, note, { online: true })).rejects.toMatchObject({ status: 503 });
    await writeNote(store, note, { online: true });
    expect(new Set(backroom.keys).size).toBe(1);
    expect(backroom.notes.size).toBe(1);
  });

  it("ends the key on a refusal on the merits, with the API's code and field errors", async () => {
    const backroom = fakeBackroom();
    const store = sessionKeyStore(new MemoryStorage());
    const note = { customerId: 20001, text: "x" };
    backroom.fail.push(
      Response.json(
        {
          Error: {
            code: "VALIDATION_FAILED",
            detail: "bad",
            fieldErrors: [{ field: "text", code: "TOO_SMALL", detail: "Write the note: it is empty." }],
          },
        },
        { status: 400 },
      ),
    );
    await expect(writeNote(store, note, { online: true })).rejects.toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      fieldErrors: [{ field: "text", code: "TOO_SMALL", detail: "Write the note: it is empty." }],
    });
    await writeNote(store, note, { online: true });
    expect(new Set(backroom.keys).size).toBe(2);
    expect(await queuedNotes()).toEqual([]);
  });
});

describe("a visit with the phone's position", () => {
  const here = { lat: 37.80443, lon: -122.27113, accuracy: 12 };
  const visit = { customerId: 20001, text: "", visited: true as const, position: here };

  it("is sent with its position, kept with it on the device offline; its key answers that position only", async () => {
    const backroom = fakeBackroom();
    const store = sessionKeyStore(new MemoryStorage());
    await writeNote(store, visit, { online: false });
    expect((await queuedNotes()).map((n) => n.position)).toEqual([here]);
    expect(await flushOutbox()).toEqual({ sent: 1, refused: 0, waiting: 0 });
    expect([...backroom.notes.values()]).toEqual([expect.objectContaining({ position: here })]);
    // A 503, then the visit again from the same fix: the same request, so the same key.
    backroom.fail.push(Response.json({ Error: "Backroom cannot reach its session store." }, { status: 503 }));
    await expect(writeNote(store, visit, { online: true })).rejects.toMatchObject({ status: 503 });
    await writeNote(store, visit, { online: true });
    expect(backroom.keys[1]).toBe(backroom.keys[2]);
    // From another fix it is another request (the same key would be refused as another note): another key.
    await writeNote(store, { ...visit, position: { ...here, lat: 37.80453 } }, { online: true });
    expect(new Set(backroom.keys).size).toBe(3);
  });
});

describe("a note written without a connection", () => {
  it("is kept on the device, and sent once when the connection is back, however often the outbox is sent", async () => {
    const backroom = fakeBackroom();
    const store = sessionKeyStore(new MemoryStorage());
    const outcome = await writeNote(store, { customerId: 20001, text: "Written in a dead zone" }, { online: false });
    expect("queued" in outcome).toBe(true);
    expect(backroom.keys).toEqual([]);
    expect((await queuedNotes()).map((n) => n.text)).toEqual(["Written in a dead zone"]);
    // Still no connection: it stays.
    backroom.fail.push("network");
    expect(await flushOutbox()).toEqual({ sent: 0, refused: 0, waiting: 1 });
    // Back: sent with the key made when it was written, then gone; a second send (another tab) finds nothing to send.
    expect(await flushOutbox()).toEqual({ sent: 1, refused: 0, waiting: 0 });
    expect(await flushOutbox()).toEqual({ sent: 0, refused: 0, waiting: 0 });
    expect(new Set(backroom.keys)).toEqual(new Set([backroom.keys[0]]));
    expect(backroom.notes.size).toBe(1);
  });

  it("is queued when a send online gets no answer, with the key that send used (it may have reached Backroom)", async () => {
    const backroom = fakeBackroom();
    const store = sessionKeyStore(new MemoryStorage());
    backroom.fail.push("network");
    const outcome = await writeNote(store, { customerId: 20001, text: "Signal dropped" }, { online: true });
    expect("queued" in outcome && outcome.queued.idempotencyKey).toBe(backroom.keys[0]);
    await flushOutbox();
    expect(new Set(backroom.keys).size).toBe(1);
    expect(backroom.notes.size).toBe(1);
  });

  it("leaves the outbox when Backroom refuses it on its merits, and stays when it fails or the session ended", async () => {
    const backroom = fakeBackroom();
    const store = sessionKeyStore(new MemoryStorage());
    await writeNote(store, { customerId: 20001, text: "Deleted since" }, { online: false });
    await writeNote(store, { customerId: 20002, text: "Backroom down" }, { online: false });
    // Sent oldest first (two written in one millisecond: in the outbox's order).
    const answers = {
      "Deleted since": Response.json({ Error: { code: "NOTE_DELETED", detail: "deleted" } }, { status: 409 }),
      "Backroom down": Response.json({ Error: "down" }, { status: 502 }),
    };
    for (const note of await queuedNotes()) backroom.fail.push(answers[note.text as keyof typeof answers]);
    expect(await flushOutbox()).toEqual({ sent: 0, refused: 1, waiting: 1 });
    backroom.fail.push(Response.json({ Error: { code: "UNAUTHENTICATED", detail: "signed out" } }, { status: 401 }));
    expect(await flushOutbox()).toEqual({ sent: 0, refused: 0, waiting: 1 });
    expect((await queuedNotes()).map((n) => n.text)).toEqual(["Backroom down"]);
  });
});

describe("a write of Backroom's own (an acknowledgment) beside the notes", () => {
  const ack = { method: "POST" as const, url: "/api/order-guide/lists/l-1/acknowledge", label: "Acknowledge" };

  /** Backroom acknowledging once per Idempotency-Key: what each send asked, and how many acknowledgments it made. */
  function fakeAcknowledgments() {
    const sends: { url: string; key: string }[] = [];
    const made = new Set<string>();
    const fail: (Response | "network")[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        const key = new Headers(init.headers).get("Idempotency-Key")!;
        sends.push({ url, key });
        const next = fail.shift();
        if (next === "network") throw new TypeError("Failed to fetch");
        if (next) return next;
        made.add(key);
        return Response.json({ id: "l-1", stage: "acknowledged" });
      }),
    );
    return { sends, made, fail };
  }

  it("online, a double press is one request's key: one acknowledgment", async () => {
    const backroom = fakeAcknowledgments();
    const keys = sessionKeyStore(new MemoryStorage());
    const [a, b] = await Promise.all([writeOnce(keys, ack, { online: true }), writeOnce(keys, ack, { online: true })]);
    expect("sent" in a && "sent" in b).toBe(true);
    expect(backroom.made.size).toBe(1);
    expect(await queuedWrites()).toEqual([]);
  });

  it("offline, is kept with its key and sent once when the connection is back, after the note written before it", async () => {
    const backroom = fakeAcknowledgments();
    const keys = sessionKeyStore(new MemoryStorage());
    // The note a millisecond before the acknowledgment (the device's clock orders them).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-28T10:00:00.000Z") });
    await writeNote(keys, { customerId: 20001, text: "Before the acknowledgment" }, { online: false });
    vi.setSystemTime(Date.parse("2026-11-28T10:00:00.001Z"));
    const outcome = await writeOnce(keys, ack, { online: false });
    vi.useRealTimers();
    expect("queued" in outcome && outcome.queued.label).toBe("Acknowledge");
    expect(backroom.sends).toEqual([]);
    expect((await queuedWrites()).map((w) => w.url)).toEqual([ack.url]);
    // The notes' list holds notes only; the write is not one.
    expect((await queuedNotes()).map((n) => n.text)).toEqual(["Before the acknowledgment"]);
    backroom.fail.push("network", "network");
    expect(await flushOutbox()).toEqual({ sent: 0, refused: 0, waiting: 2 });
    expect(await flushOutbox()).toEqual({ sent: 2, refused: 0, waiting: 0 });
    expect(await flushOutbox()).toEqual({ sent: 0, refused: 0, waiting: 0 });
    expect(backroom.sends.map((s) => s.url)).toEqual(["/api/notes", ack.url, "/api/notes", ack.url]);
    // Every send of the acknowledgment with the key made when it was pressed.
    expect(new Set(backroom.sends.filter((s) => s.url === ack.url).map((s) => s.key)).size).toBe(1);
    expect(backroom.made.size).toBe(2);
  });

  it("is queued when a send online gets no answer, and leaves when Backroom refuses it on its merits", async () => {
    const backroom = fakeAcknowledgments();
    const keys = sessionKeyStore(new MemoryStorage());
    backroom.fail.push("network");
    const outcome = await writeOnce(keys, ack, { online: true });
    expect("queued" in outcome && outcome.queued.idempotencyKey).toBe(backroom.sends[0]!.key);
    // Withdrawn meanwhile: refused, and not sent again.
    backroom.fail.push(Response.json({ Error: { code: "LIST_CLOSED", detail: "withdrawn" } }, { status: 409 }));
    expect(await flushOutbox()).toEqual({ sent: 0, refused: 1, waiting: 0 });
    expect(await queuedWrites()).toEqual([]);
    // A refusal online is thrown, and nothing is queued.
    backroom.fail.push(Response.json({ Error: { code: "FORBIDDEN", detail: "viewer" } }, { status: 403 }));
    await expect(writeOnce(keys, ack, { online: true })).rejects.toMatchObject({ status: 403 });
    expect(await queuedWrites()).toEqual([]);
  });
});

describe("a dispute's photo", () => {
  const photo = (key: string) => ({
    url: "/api/disputes/d-1/photos",
    bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]).buffer,
    type: "image/jpeg",
    fileName: "box.jpg",
    idempotencyKey: key,
    label: "Photo for the dispute on invoice 1001",
  });

  it("waits on the device with its bytes, apart from the notes and writes, and is sent once when the signal is back", async () => {
    await queuePhoto(photo("p-1"));
    expect(await queuedNotes()).toEqual([]);
    expect(await queuedWrites()).toEqual([]);
    expect((await queuedPhotos()).map((p) => [p.idempotencyKey, new Uint8Array(p.bytes).length])).toEqual([["p-1", 4]]);
    const sent: string[] = [];
    const offline = async () => {
      throw new DataApiError({ status: 0, code: "NETWORK_ERROR", detail: "no signal" });
    };
    expect(
      await flushOutbox(
        async () => undefined,
        async () => undefined,
        offline,
      ),
    ).toEqual({
      sent: 0,
      refused: 0,
      waiting: 1,
    });
    const online = async (p: { idempotencyKey: string }) => void sent.push(p.idempotencyKey);
    expect(
      await flushOutbox(
        async () => undefined,
        async () => undefined,
        online,
      ),
    ).toEqual({
      sent: 1,
      refused: 0,
      waiting: 0,
    });
    expect(
      await flushOutbox(
        async () => undefined,
        async () => undefined,
        online,
      ),
    ).toEqual({
      sent: 0,
      refused: 0,
      waiting: 0,
    });
    expect(sent).toEqual(["p-1"]);
    expect(await queuedPhotos()).toEqual([]);
  });

  it("leaves the outbox when Backroom refuses it (too large, the dispute's eleventh)", async () => {
    await queuePhoto(photo("p-2"));
    const refuse = async () => {
      throw new DataApiError({ status: 422, detail: "A dispute holds at most 10 photos." });
    };
    expect(
      await flushOutbox(
        async () => undefined,
        async () => undefined,
        refuse,
      ),
    ).toEqual({
      sent: 0,
      refused: 1,
      waiting: 0,
    });
  });
});
