import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NOTE_MAX_LENGTH } from "@/lib/domain/notes/note-rules";
import type { Database } from "../core/db/open";
import { createNotesStore, type NotesScope, type NotesStore } from "./notes-store";
import { databaseProfiles } from "../testing";
import type { NoteTables } from "./tables";

const HOUR = 60 * 60 * 1000;
const ana = { id: "user-ana", name: "Ana Ruiz" };
const ben = { id: "user-ben", name: "Ben Okafor" };
const test: NotesScope = { workspaceId: "ws-1", environment: "test" };

describe.each(databaseProfiles())("the notes store on $name", ({ open }) => {
  let database: Database;
  let at: number;
  let store: NotesStore;
  beforeEach(async () => {
    database = await open();
    at = Date.parse("2026-11-21T09:00:00.000Z");
    store = createNotesStore(database.db, () => new Date(at));
  });
  afterEach(() => database.close());

  const ids = async (scope: NotesScope, customers: number[], latest?: number) =>
    (await store.list(scope, customers, latest)).map((n) => n.text);

  it("writes a note once per Idempotency-Key: the same key answers the same note; another body with it is refused", async () => {
    const first = await store.add(test, {
      customerId: 20001,
      text: "Wants the spring menu",
      author: ana,
      idempotencyKey: "k-1",
    });
    expect(first).toMatchObject({
      outcome: "created",
      note: {
        customerId: 20001,
        text: "Wants the spring menu",
        authorId: ana.id,
        authorName: "Ana Ruiz",
        createdAt: "2026-11-21T09:00:00.000Z",
      },
    });
    at += 5_000;
    const again = await store.add(test, {
      customerId: 20001,
      text: "Wants the spring menu",
      author: ana,
      idempotencyKey: "k-1",
    });
    expect(again.outcome).toBe("replayed");
    expect(again.outcome === "replayed" && again.note).toEqual(first.outcome === "created" && first.note);
    expect(
      await store.add(test, { customerId: 20001, text: "Wants the summer menu", author: ana, idempotencyKey: "k-1" }),
    ).toEqual({ outcome: "key-reused" });
    expect(
      await store.add(test, { customerId: 20002, text: "Wants the spring menu", author: ana, idempotencyKey: "k-1" }),
    ).toEqual({ outcome: "key-reused" });
    expect(
      await store.add(test, { customerId: 20001, text: "Wants the spring menu", author: ben, idempotencyKey: "k-1" }),
    ).toEqual({ outcome: "key-reused" });
    expect(
      await store.add(
        { ...test, environment: "production" },
        { customerId: 20001, text: "Wants the spring menu", author: ana, idempotencyKey: "k-1" },
      ),
    ).toEqual({ outcome: "key-reused" });
    expect(await ids(test, [20001, 20002])).toEqual(["Wants the spring menu"]);
  });

  it("makes one note of a double tap: two adds with one key at the same moment", async () => {
    const note = { customerId: 20001, text: "Tapped twice", author: ana, idempotencyKey: "k-double" };
    const outcomes = await Promise.all([store.add(test, note), store.add(test, note), store.add(test, note)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["created", "replayed", "replayed"]);
    expect(new Set(outcomes.map((o) => ("note" in o ? o.note.id : undefined))).size).toBe(1);
    expect(await ids(test, [20001])).toEqual(["Tapped twice"]);
    // Without a key, each add is a note of its own.
    at += 1_000;
    await store.add(test, { customerId: 20001, text: "No key", author: ana });
    await store.add(test, { customerId: 20001, text: "No key", author: ana });
    expect(await ids(test, [20001])).toEqual(["No key", "No key", "Tapped twice"]);
  });

  it("keeps 2,000 characters whole, any script", async () => {
    const text = "Ñandú 🌿 ".repeat(250).slice(0, NOTE_MAX_LENGTH);
    expect(text).toHaveLength(NOTE_MAX_LENGTH);
    await store.add(test, { customerId: 20001, text, author: ana, idempotencyKey: "k-long" });
    expect(await ids(test, [20001])).toEqual([text]);
  });

  it("lists newest first, keeps each workspace's and environment's notes apart, and gives each customer's newest with latest", async () => {
    const production: NotesScope = { workspaceId: "ws-1", environment: "production" };
    const other: NotesScope = { workspaceId: "ws-2", environment: "test" };
    for (const [scope, customerId, text] of [
      [test, 20001, "test one"],
      [test, 20002, "test two"],
      [production, 20001, "production one"],
      [other, 20001, "other workspace"],
      [test, 20001, "test one, later"],
      [test, 20001, "test one, latest"],
    ] as const) {
      at += HOUR;
      await store.add(scope, { customerId, text, author: ana, idempotencyKey: "same-key-" + text });
    }
    expect(await ids(test, [20001])).toEqual(["test one, latest", "test one, later", "test one"]);
    expect(await ids(test, [20001, 20002])).toEqual(["test one, latest", "test one, later", "test two", "test one"]);
    expect(await ids(production, [20001])).toEqual(["production one"]);
    expect(await ids(other, [20001, 20002])).toEqual(["other workspace"]);
    expect(await ids(test, [20001, 20002], 1)).toEqual(["test one, latest", "test two"]);
    expect(await ids(test, [20001, 20002], 2)).toEqual(["test one, latest", "test one, later", "test two"]);
    expect(await ids(test, [])).toEqual([]);
    // One key in two workspaces: two notes, each its workspace's.
    await store.add(test, { customerId: 20003, text: "shared key", author: ana, idempotencyKey: "k-x" });
    expect(
      (await store.add(other, { customerId: 20003, text: "shared key", author: ana, idempotencyKey: "k-x" })).outcome,
    ).toBe("created");
  });

  it("lets the author delete a note within 24 hours, nobody else, never later; a deleted note is gone from every list", async () => {
    const kept = await store.add(test, { customerId: 20001, text: "Kept", author: ana, idempotencyKey: "k-kept" });
    const gone = await store.add(test, { customerId: 20001, text: "Gone", author: ana, idempotencyKey: "k-gone" });
    if (kept.outcome !== "created" || gone.outcome !== "created") throw new Error("not created");
    at += 24 * HOUR - 1;
    expect((await store.remove(test, gone.note.id, ben.id)).outcome).toBe("not-author");
    expect((await store.remove({ ...test, environment: "production" }, gone.note.id, ana.id)).outcome).toBe(
      "not-found",
    );
    expect((await store.remove({ ...test, workspaceId: "ws-2" }, gone.note.id, ana.id)).outcome).toBe("not-found");
    expect((await store.remove(test, gone.note.id, ana.id)).outcome).toBe("deleted");
    expect((await store.remove(test, gone.note.id, ana.id)).outcome).toBe("not-found");
    expect(await ids(test, [20001])).toEqual(["Kept"]);
    expect(await ids(test, [20001], 5)).toEqual(["Kept"]);
    // Its key still answers for it: sent again (a queued retry), it makes no new note.
    expect(await store.add(test, { customerId: 20001, text: "Gone", author: ana, idempotencyKey: "k-gone" })).toEqual({
      outcome: "deleted",
    });
    expect(
      await store.add(test, { customerId: 20001, text: "Something else", author: ana, idempotencyKey: "k-gone" }),
    ).toEqual({ outcome: "key-reused" });
    // Its text is not kept.
    const row = await database.db
      .withTables<NoteTables>()
      .selectFrom("visit_notes")
      .select(["text", "deleted_by"])
      .where("id", "=", gone.note.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ text: "", deleted_by: ana.id });
    at += 1;
    expect((await store.remove(test, kept.note.id, ana.id)).outcome).toBe("too-late");
    expect(await ids(test, [20001])).toEqual(["Kept"]);
  });

  it("is append-only in the database too: a note's text, customer or author cannot be changed, nor a deletion undone", async () => {
    const added = await store.add(test, { customerId: 20001, text: "As written", author: ana, idempotencyKey: "k-1" });
    if (added.outcome !== "created") throw new Error("not created");
    const update = (set: Record<string, string | number | null>) =>
      database.db
        .withTables<NoteTables>()
        .updateTable("visit_notes")
        .set(set)
        .where("id", "=", added.note.id)
        .execute();
    await expect(update({ text: "Rewritten" })).rejects.toThrow(/append-only/);
    await expect(update({ customer_id: 20002 })).rejects.toThrow(/append-only/);
    await expect(update({ author_name: "Someone else" })).rejects.toThrow(/append-only/);
    await expect(update({ created_at: "2030-01-01T00:00:00.000Z" })).rejects.toThrow(/append-only/);
    expect(await ids(test, [20001])).toEqual(["As written"]);
    expect((await store.remove(test, added.note.id, ana.id)).outcome).toBe("deleted");
    await expect(update({ deleted_at: null, deleted_by: null })).rejects.toThrow(/append-only/);
    await expect(update({ text: "Back again" })).rejects.toThrow(/append-only/);
    expect(await ids(test, [20001])).toEqual([]);
  });
});
