import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NoteJson, NotesJson } from "@/lib/domain/notes/note-rules";
import { chooseKey } from "../core/session-api";
import { type BrowserInit, browserRequest, connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { createNote, deleteNote, listNotes } from "./notes-api";
import type { NoteTables } from "./tables";

let backend: TestBackend;
afterEach(() => backend.close());

const HOUR = 60 * 60 * 1000;
const get = (cookie: string, query: string) =>
  listNotes(browserRequest("GET", `/api/notes?${query}`, { cookie, site: null }), backend);
const post = (cookie: string, json: unknown, key?: string, init: BrowserInit = {}) =>
  createNote(
    browserRequest("POST", "/api/notes", {
      cookie,
      json,
      headers: key === undefined ? {} : { "Idempotency-Key": key },
      ...init,
    }),
    backend,
  );
const remove = (cookie: string, id: string, init: BrowserInit = {}) =>
  deleteNote(browserRequest("DELETE", `/api/notes/${id}`, { cookie, ...init }), backend, { noteId: id });
const notesOf = async (cookie: string, query: string) => ((await (await get(cookie, query)).json()) as NotesJson).notes;
const errorOf = async (response: Response) =>
  (
    (await response.json()) as {
      Error: { code: string; detail: string; fieldErrors?: { field: string; detail: string }[] };
    }
  ).Error;
const noteOf = async (response: Response) => (await response.json()) as NoteJson;

describe.each(databaseProfiles())("the visit notes API on $name", ({ open }) => {
  beforeEach(async () => {
    backend = await createTestBackend(() => Response.json({}), { database: await open() });
  });

  async function staff() {
    const owner = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const accounts = await joinAs(backend, owner.workspaceId, "accounts");
    const purchasing = await joinAs(backend, owner.workspaceId, "purchasing");
    return { owner, viewer, accounts, purchasing };
  }

  it("POST writes a note (201) that every member reads, newest first, with its author and time; the same Idempotency-Key answers it again (200)", async () => {
    const { owner, viewer, accounts } = await staff();
    const made = await post(
      accounts.cookie,
      { customerId: 20001, text: "  Wants the spring menu.\nAsk about shelf space.  " },
      "k-1",
    );
    expect(made.status).toBe(201);
    const note = await noteOf(made);
    expect(note).toEqual({
      id: expect.any(String),
      customerId: 20001,
      text: "Wants the spring menu.\nAsk about shelf space.",
      author: { id: accounts.userId, name: expect.any(String) },
      createdAt: "2026-11-21T18:00:00.000Z",
      mayDelete: true,
    });
    // A retry after a lost answer, a double tap, a queued note sent again on reconnect: the same note.
    const again = await post(
      accounts.cookie,
      { customerId: 20001, text: "Wants the spring menu.\nAsk about shelf space." },
      "k-1",
    );
    expect(again.status).toBe(200);
    expect((await noteOf(again)).id).toBe(note.id);
    const reused = await post(accounts.cookie, { customerId: 20001, text: "Something else" }, "k-1");
    expect(reused.status).toBe(409);
    expect(await errorOf(reused)).toEqual({
      code: "IDEMPOTENCY_KEY_REUSED",
      detail: expect.stringContaining("different note"),
    });

    backend.advance(HOUR);
    await post(owner.cookie, { customerId: 20001, text: "Second visit" }, "k-2");
    const seen = await notesOf(viewer.cookie, "customerId=20001");
    expect(seen.map((n) => [n.text, n.author.id, n.mayDelete])).toEqual([
      ["Second visit", owner.userId, false],
      ["Wants the spring menu.\nAsk about shelf space.", accounts.userId, false],
    ]);
    expect((await notesOf(owner.cookie, "customerId=20001")).map((n) => n.mayDelete)).toEqual([true, false]);
    expect(await notesOf(owner.cookie, "customerId=20002")).toEqual([]);
    // Another workspace sees none of it.
    const stranger = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    expect(await notesOf(stranger.cookie, "customerId=20001")).toEqual([]);
  });

  it("lets owners, admins, accounts and purchasing write; a viewer reads and is told why they may not write", async () => {
    const { owner, viewer, accounts, purchasing } = await staff();
    const admin = await joinAs(backend, owner.workspaceId, "admin");
    for (const [who, person] of [
      ["owner", owner],
      ["admin", admin],
      ["accounts", accounts],
      ["purchasing", purchasing],
    ] as const) {
      backend.advance(1_000);
      expect((await post(person.cookie, { customerId: 20001, text: `By ${who}` }, `k-${who}`)).status, who).toBe(201);
    }
    const refused = await post(viewer.cookie, { customerId: 20001, text: "By a viewer" }, "k-viewer");
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({
      code: "FORBIDDEN_BY_ROLE",
      detail: "Viewers read visit notes; owners, admins, accounts and purchasing write them.",
    });
    expect((await notesOf(viewer.cookie, "customerId=20001")).map((n) => n.text)).toEqual([
      "By purchasing",
      "By accounts",
      "By admin",
      "By owner",
    ]);
  });

  it("keeps a retailer's key to its own stores; a brand's or the distributor's key notes any customer", async () => {
    const retailer = await connectKey(backend, DEMO_KEYS.Customer, "Customer", {
      customers: [
        { id: 20001, name: "Valley Downtown" },
        { id: 20002, name: "Valley Uptown" },
      ],
      summary: "2 stores",
    });
    expect((await post(retailer.cookie, { customerId: 20002, text: "Our own store" }, "k-own")).status).toBe(201);
    const other = await post(retailer.cookie, { customerId: 20003, text: "Someone else's store" }, "k-other");
    expect(other.status).toBe(403);
    expect((await errorOf(other)).code).toBe("CUSTOMER_NOT_IN_SCOPE");
    expect((await get(retailer.cookie, "customerId=20003")).status).toBe(403);
    expect((await get(retailer.cookie, "customerIds=20001,20003")).status).toBe(403);
    expect((await notesOf(retailer.cookie, "customerIds=20001,20002")).map((n) => n.text)).toEqual(["Our own store"]);

    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
    expect((await post(brand.cookie, { customerId: 987654, text: "A retailer we supply" }, "k-brand")).status).toBe(
      201,
    );
  });

  it("keeps each environment's notes apart: the same customer id under a production key is another customer", async () => {
    const { owner } = await staff();
    await post(owner.cookie, { customerId: 20001, text: "Test environment" }, "k-test");
    const { key } = await backend.keys.add(owner.workspaceId, owner.userId, {
      apiKey: "production-employee-demo",
      environment: "production",
      keyType: "Employee",
      label: "Production",
      scope: { summary: "everything" },
    });
    expect(
      (
        await chooseKey(
          browserRequest("PATCH", "/api/session", { cookie: owner.cookie, json: { activeKeyId: key.id } }),
          backend,
        )
      ).status,
    ).toBe(200);
    expect(await notesOf(owner.cookie, "customerId=20001")).toEqual([]);
    await post(owner.cookie, { customerId: 20001, text: "Production environment" }, "k-production");
    expect((await notesOf(owner.cookie, "customerId=20001")).map((n) => n.text)).toEqual(["Production environment"]);
  });

  const LONG = "x".repeat(2001);
  const HERE = { lat: 37.8044, lon: -122.2712, accuracy: 12 };
  it.each([
    ["a body that is not JSON", "{customerId: 20001", "body"],
    ["no body", undefined, "body"],
    ["an array", [{ customerId: 20001, text: "x" }], ""],
    ["no text", { customerId: 20001 }, "text"],
    ["an empty text", { customerId: 20001, text: "" }, "text"],
    ["a text of spaces", { customerId: 20001, text: " \n\t " }, "text"],
    ["2,001 characters", { customerId: 20001, text: LONG }, "text"],
    ["a text that is a number", { customerId: 20001, text: 12 }, "text"],
    ["no customer", { text: "x" }, "customerId"],
    ["customer 0", { customerId: 0, text: "x" }, "customerId"],
    ["a negative customer", { customerId: -4, text: "x" }, "customerId"],
    ["a fractional customer", { customerId: 1.5, text: "x" }, "customerId"],
    ["a customer as text", { customerId: "20001", text: "x" }, "customerId"],
    ["an unknown field", { customerId: 20001, text: "x", author: "someone" }, "author"],
    ["a position without a visit", { customerId: 20001, text: "x", position: HERE }, "position"],
    ["a latitude past the pole", { customerId: 20001, visited: true, position: { ...HERE, lat: 91 } }, "position.lat"],
    [
      "a position without its accuracy",
      { customerId: 20001, visited: true, position: { lat: 1, lon: 1 } },
      "position.accuracy",
    ],
    [
      "an accuracy of 20 km",
      { customerId: 20001, visited: true, position: { ...HERE, accuracy: 20_000 } },
      "position.accuracy",
    ],
    [
      "a position with a person in it",
      { customerId: 20001, visited: true, position: { ...HERE, userId: "u" } },
      "position.userId",
    ],
  ])("POST rejects %s with 400 VALIDATION_FAILED, and writes nothing", async (_what, json, field) => {
    const { owner } = await staff();
    const response = await post(owner.cookie, json, "k-bad");
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.detail).toBeTruthy();
    if (field) expect(error.fieldErrors?.map((f) => f.field)).toContain(field);
    expect(await notesOf(owner.cookie, "customerId=20001")).toEqual([]);
    // The key was not spent: the same key with a good body makes the note.
    expect((await post(owner.cookie, { customerId: 20001, text: "Fine" }, "k-bad")).status).toBe(201);
    expect(await backend.db.withTables<NoteTables>().selectFrom("store_places").selectAll().execute()).toEqual([]);
  });

  it("POST says what is wrong with a visit's position, field by field", async () => {
    const { owner } = await staff();
    const response = await post(
      owner.cookie,
      { customerId: 20001, visited: true, position: { ...HERE, lat: 91 } },
      "k",
    );
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: "VALIDATION_FAILED",
      detail: expect.any(String),
      fieldErrors: [
        { field: "position.lat", code: expect.any(String), detail: "position.lat: the latitude is -90 to 90 degrees" },
      ],
    });
  });

  it("POST a visit with the phone's position refines the store's place: once per visit, the mean of visits, no person in it", async () => {
    const { owner, accounts } = await staff();
    const visit = (cookie: string, position: unknown, key: string) =>
      post(cookie, { customerId: 20001, visited: true, ...(position ? { position } : {}) }, key);
    const places = () => backend.db.withTables<NoteTables>().selectFrom("store_places").selectAll().execute();

    expect((await visit(owner.cookie, HERE, "v-1")).status).toBe(201);
    // The same visit again (a double tap, a queued copy sent twice) answers the note and refines nothing more.
    expect((await visit(owner.cookie, HERE, "v-1")).status).toBe(200);
    expect(await places()).toEqual([
      {
        workspace_id: owner.workspaceId,
        environment: "test",
        customer_id: 20001,
        lat: 37.8044,
        lon: -122.2712,
        fixes: 1,
        updated_at: "2026-11-21T18:00:00.000Z",
      },
    ]);
    // Its key with another position is another visit: refused, and refines nothing.
    const moved = await visit(owner.cookie, { ...HERE, lat: 37.9 }, "v-1");
    expect(moved.status).toBe(409);
    expect((await errorOf(moved)).code).toBe("IDEMPOTENCY_KEY_REUSED");

    // Another member's visit 100 m north: the store's point is the mean of the two, and says neither's.
    backend.advance(HOUR);
    expect((await visit(accounts.cookie, { lat: 37.8053, lon: -122.2712, accuracy: 40 }, "v-2")).status).toBe(201);
    // A visit with no position, and one too rough to place a store (a phone's fix by cell towers), change nothing.
    expect((await visit(accounts.cookie, undefined, "v-3")).status).toBe(201);
    expect((await visit(accounts.cookie, { ...HERE, accuracy: 1500 }, "v-4")).status).toBe(201);
    const [place, ...others] = await places();
    expect(others).toEqual([]);
    expect(place).toMatchObject({ customer_id: 20001, fixes: 2, updated_at: "2026-11-21T19:00:00.000Z" });
    expect(place!.lat).toBeCloseTo(37.80485, 9);
    const kept = JSON.stringify(await places());
    for (const person of [owner.userId, accounts.userId]) expect(kept).not.toContain(person);
    // The notes keep no position either: the visits are notes with no text.
    const notes = await backend.db.withTables<NoteTables>().selectFrom("visit_notes").selectAll().execute();
    expect(notes.map((n) => n.text)).toEqual(["", "", "", ""]);
    expect(JSON.stringify(notes)).not.toMatch(/37\.80|122\.27/);
  });

  it("POST refuses a body past 16 KiB with 413 PAYLOAD_TOO_LARGE, and writes nothing", async () => {
    const { owner } = await staff();
    const response = await post(owner.cookie, { customerId: 20001, text: "x".repeat(17 * 1024) }, "k-large");
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe("PAYLOAD_TOO_LARGE");
    expect(await notesOf(owner.cookie, "customerId=20001")).toEqual([]);
  });

  it("POST takes exactly 2,000 characters, and refuses an Idempotency-Key longer than 200", async () => {
    const { owner } = await staff();
    expect((await post(owner.cookie, { customerId: 20001, text: "y".repeat(2000) }, "k-2000")).status).toBe(201);
    const long = await post(owner.cookie, { customerId: 20001, text: "z" }, "k".repeat(201));
    expect(long.status).toBe(400);
    expect((await errorOf(long)).fieldErrors?.[0]?.field).toBe("Idempotency-Key");
  });

  it.each([
    ["no customer", ""],
    ["both forms", "customerId=1&customerIds=1,2"],
    ["a customer that is not a number", "customerId=abc"],
    ["customer 0", "customerId=0"],
    ["a list with a gap", "customerIds=1,,2"],
    ["501 customers", `customerIds=${Array.from({ length: 501 }, (_, i) => i + 1).join(",")}`],
    ["a CSV of several customers", "customerIds=1,2&format=csv"],
    ["an unknown format", "customerId=1&format=xml"],
    ["latest 0", "customerId=1&latest=0"],
    ["an unknown parameter", "customerId=1&sort=asc"],
  ])("GET rejects %s with 400 VALIDATION_FAILED", async (_what, query) => {
    const { viewer } = await staff();
    const response = await get(viewer.cookie, query);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("VALIDATION_FAILED");
  });

  it("GET answers several customers' notes at once (up to 500), each customer's newest with latest", async () => {
    const { owner } = await staff();
    for (const [i, customerId] of [20001, 20002, 20001, 20003].entries()) {
      backend.advance(HOUR);
      await post(owner.cookie, { customerId, text: `note ${i}` }, `k-${i}`);
    }
    expect((await notesOf(owner.cookie, "customerIds=20001,20002")).map((n) => n.text)).toEqual([
      "note 2",
      "note 1",
      "note 0",
    ]);
    expect((await notesOf(owner.cookie, "customerIds=20001,20002,20003&latest=1")).map((n) => n.text)).toEqual([
      "note 3",
      "note 2",
      "note 1",
    ]);
    expect(
      (await get(owner.cookie, `customerIds=${Array.from({ length: 500 }, (_, i) => i + 20001).join(",")}`)).status,
    ).toBe(200);
  });

  it("GET with format=csv downloads one customer's notes, newest first, safe to open in a spreadsheet", async () => {
    const { owner } = await staff();
    await post(owner.cookie, { customerId: 20001, text: 'Said "call me", then left' }, "k-1");
    backend.advance(HOUR);
    await post(owner.cookie, { customerId: 20001, text: '=HYPERLINK("http://x")\nsecond line' }, "k-2");
    const response = await get(owner.cookie, "customerId=20001&format=csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="visit-notes-customer-20001-2026-11-21.csv"',
    );
    const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()).split("\r\n");
    expect(lines[0]).toBe("\uFEFFWritten (UTC),Customer,Author,Note");
    // A line break inside a note stays inside its quoted field; a formula is made inert.
    expect(lines[1]).toMatch(/^2026-11-21T19:00:00\.000Z,20001,[^,]+,"'=HYPERLINK\(""http:\/\/x""\)\nsecond line"$/);
    expect(lines[2]).toMatch(/^2026-11-21T18:00:00\.000Z,20001,[^,]+,"Said ""call me"", then left"$/);
    expect(lines.slice(3)).toEqual([""]);
  });

  it("DELETE: the author within 24 hours (204); anyone else, or later, 403; an unknown note 404; gone from every list", async () => {
    const { owner, accounts, viewer } = await staff();
    const early = await noteOf(await post(accounts.cookie, { customerId: 20001, text: "Early" }, "k-early"));
    backend.advance(2 * HOUR);
    const late = await noteOf(await post(accounts.cookie, { customerId: 20001, text: "Late" }, "k-late"));

    const byOwner = await remove(owner.cookie, late.id);
    expect(byOwner.status).toBe(403);
    expect((await errorOf(byOwner)).code).toBe("NOT_NOTE_AUTHOR");
    expect((await errorOf(await remove(viewer.cookie, late.id))).code).toBe("FORBIDDEN_BY_ROLE");
    expect((await remove(accounts.cookie, "no-such-note")).status).toBe(404);

    // 22 hours later: the early note is a day old, the late one is not.
    backend.advance(22 * HOUR);
    const tooLate = await remove(accounts.cookie, early.id);
    expect(tooLate.status).toBe(403);
    expect(await errorOf(tooLate)).toEqual({
      code: "NOTE_DELETE_WINDOW_PASSED",
      detail: expect.stringContaining("within 24 hours"),
    });
    expect((await notesOf(accounts.cookie, "customerId=20001")).map((n) => [n.text, n.mayDelete])).toEqual([
      ["Late", true],
      ["Early", false],
    ]);
    expect((await remove(accounts.cookie, late.id)).status).toBe(204);
    expect((await remove(accounts.cookie, late.id)).status).toBe(404);
    expect((await notesOf(viewer.cookie, "customerId=20001")).map((n) => n.text)).toEqual(["Early"]);
    expect(await (await get(owner.cookie, "customerId=20001&format=csv")).text()).not.toContain("Late");
    // Its key, sent again (a queued copy), makes no new note.
    const replay = await post(accounts.cookie, { customerId: 20001, text: "Late" }, "k-late");
    expect(replay.status).toBe(409);
    expect((await errorOf(replay)).code).toBe("NOTE_DELETED");
  });

  it("records note-added and note-deleted in the audit trail with the customer, never the text", async () => {
    const { owner } = await staff();
    const note = await noteOf(
      await post(owner.cookie, { customerId: 20001, text: "Confidential: owner's divorce" }, "k-audit"),
    );
    await post(owner.cookie, { customerId: 20001, text: "Confidential: owner's divorce" }, "k-audit");
    expect((await remove(owner.cookie, note.id)).status).toBe(204);
    const { entries } = await backend.audit.list(
      { workspaceId: owner.workspaceId, fingerprints: [] },
      { events: ["note-added", "note-deleted"], limit: 10, offset: 0 },
    );
    expect(entries.map((e) => [e.event, e.reference, e.userId, e.result])).toEqual([
      ["note-deleted", { customerId: 20001, noteId: note.id }, owner.userId, "done"],
      ["note-added", { customerId: 20001, noteId: note.id }, owner.userId, "done"],
    ]);
    const rows = await backend.db.selectFrom("audit_events").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain("Confidential");
  });

  it("refuses a write from another site, nobody signed in, and a workspace without a key", async () => {
    const { owner } = await staff();
    expect((await post(owner.cookie, { customerId: 20001, text: "x" }, "k-1", { site: "cross-site" })).status).toBe(
      403,
    );
    expect((await post("", { customerId: 20001, text: "x" }, "k-1")).status).toBe(401);
    expect((await get("", "customerId=20001")).status).toBe(401);
    expect(await notesOf(owner.cookie, "customerId=20001")).toEqual([]);
  });
});

describe("the visit notes API under generated input", () => {
  beforeEach(async () => {
    backend = await createTestBackend(() => Response.json({}));
  });

  it("answers any body and any query with a 2xx or a 4xx in the API's error shape, never a 5xx, and writes only valid notes", async () => {
    const owner = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const json = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          customerId: fc.oneof(fc.integer(), fc.double(), fc.string()),
          text: fc.oneof(fc.string({ maxLength: 2100 }), fc.integer()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(json, fc.string({ maxLength: 30 }), async (body, query) => {
        const before = (await backend.db.withTables<NoteTables>().selectFrom("visit_notes").select("id").execute())
          .length;
        const written = await post(owner.cookie, body, `k-${Math.random()}`);
        expect(written.status).toBeLessThan(500);
        const after = (await backend.db.withTables<NoteTables>().selectFrom("visit_notes").select("id").execute())
          .length;
        expect(after - before).toBe(written.status === 201 ? 1 : 0);
        if (written.status >= 400) expect((await errorOf(written)).code).toBeTruthy();
        const read = await get(owner.cookie, query);
        expect(read.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
