import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import type { NotesJson } from "@/lib/domain/notes/note-rules";
import type { TodayData } from "@/lib/domain/today/today-data";
import { todayModel } from "@/lib/domain/today/today";
import { lastVisits, notVisited } from "@/lib/domain/today/visits";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { createNote, deleteNote, listNotes } from "../notes/notes-api";
import type { NoteTables } from "../notes/tables";
import { getToday } from "./today-api";

// The second reading of Today's strip's "No visit in 30 days" (the figure `today-no-visit-30` of
// lib/domain/figures/catalog.ts): Backroom's own records, not the API's. Visits are recorded through the notes API as a
// rep would (some within 30 days, some older, on the boundary, deleted, in another workspace); the project's figure is
// what the page computes (`GET /api/today`'s accounts, `GET /api/notes`' latest notes, `lastVisits`, `notVisited`);
// the reference is a plain read of the raw `visit_notes` table and day arithmetic of its own.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const DAY = 86_400_000;
const NOW = Date.parse(TEST_CLOCK);
const TODAY = TEST_CLOCK.slice(0, 10);

async function walk(path: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const body = (await (
      await sandbox.runtime.app.fetch(
        new Request(`http://sandbox.test/test/api/v1${path}?PageSize=500&Page=${page}`, {
          headers: { "x-api-key": DEMO_KEYS.Employee },
        }),
      )
    ).json()) as { Data: Record<string, unknown>[]; HasNextPage: boolean };
    rows.push(...body.Data);
    if (!body.HasNextPage) return rows;
  }
}

describe.each(databaseProfiles())("Today's No visit in 30 days, read twice, on $name", ({ open }) => {
  let backend: TestBackend;
  afterEach(() => backend.close());

  it("equals a plain count of the workspace's live notes, visits recorded at several ages", async () => {
    backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), { database: await open() });
    const at = (ms: number) => ({ ...backend, now: () => ms });
    const owner = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const rep = await joinAs(backend, owner.workspaceId, "accounts");
    const other = await connectKey(backend, DEMO_KEYS.Employee, "Employee");

    // The rep with the most accounts; its active ones are the strip's.
    const reps = await walk("/salesReps");
    const chosen = reps.toSorted(
      (a, b) => ((b.Customers as unknown[]) ?? []).length - ((a.Customers as unknown[]) ?? []).length,
    )[0]!;
    const repId = chosen.UserID as number;
    const theirs = new Set((chosen.Customers as { CustomerID: number }[]).map((c) => c.CustomerID));
    const active = (await walk("/customers"))
      .filter((c) => c.AccountStatus === "Active" && theirs.has(c.CustomerID as number))
      .map((c) => c.CustomerID as number)
      .sort((a, b) => a - b);
    expect(active.length).toBeGreaterThan(10);
    const outsider = (await walk("/customers")).find((c) => !theirs.has(c.CustomerID as number))!.CustomerID as number;

    const visit = async (cookie: string, customerId: number, daysAgo: number, ms = 0) => {
      const response = await createNote(
        browserRequest("POST", "/api/notes", { cookie, json: { customerId, text: "", visited: true } }),
        at(NOW - daysAgo * DAY + ms),
      );
      expect(response.status, `a visit to ${customerId}`).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const [a, b, c, d, e, f, g, h] = active;
    await visit(rep.cookie, a!, 2); // visited
    await visit(owner.cookie, b!, 45); // not visited: 45 days
    await visit(rep.cookie, c!, 30); // not visited: 30 days, the boundary
    await visit(rep.cookie, d!, 29); // visited: 29 days
    await visit(rep.cookie, e!, 60);
    await visit(rep.cookie, e!, 10); // visited: its newest 10 days
    for (const days of [80, 70, 50, 40]) await visit(rep.cookie, f!, days); // not visited: four old
    const gone = await visit(rep.cookie, g!, 3); // deleted within the day: not visited
    const deleted = await deleteNote(
      browserRequest("DELETE", `/api/notes/${gone}`, { cookie: rep.cookie }),
      at(NOW - 3 * DAY + 3_600_000),
      { noteId: gone },
    );
    expect(deleted.status).toBe(204);
    await visit(other.cookie, h!, 1); // another workspace's visit: not this one's
    await visit(rep.cookie, outsider, 1); // another rep's store: not on this strip

    // The project's: the page's answer, its notes' read and the strip's count.
    const today = (await (
      await getToday(
        browserRequest("GET", `/api/today?rep=${repId}&day=${TODAY}`, { cookie: rep.cookie, site: null }),
        backend,
      )
    ).json()) as TodayData;
    const model = todayModel({ ...today.input, health: today.health, day: TODAY, now: new Date(NOW) });
    const notes = (await (
      await listNotes(
        browserRequest("GET", `/api/notes?customerIds=${today.accountIds.join(",")}&latest=3`, {
          cookie: rep.cookie,
          site: null,
        }),
        at(NOW),
      )
    ).json()) as NotesJson;
    const project = notVisited(model.accounts, lastVisits(notes.notes), TODAY).map((x) => x.customerId);

    // The reference: the workspace's notes not deleted, each store's newest day, whole days to today.
    const rows = await backend.db
      .withTables<NoteTables>()
      .selectFrom("visit_notes")
      .select(["customer_id", "created_at"])
      .where("workspace_id", "=", owner.workspaceId)
      .where("environment", "=", "test")
      .where("deleted_at", "is", null)
      .execute();
    const newest = new Map<number, string>();
    for (const row of rows)
      if ((newest.get(row.customer_id) ?? "") < row.created_at) newest.set(row.customer_id, row.created_at);
    const reference = active.filter((id) => {
      const last = newest.get(id);
      return last === undefined || (Date.parse(TODAY) - Date.parse(last.slice(0, 10))) / DAY >= 30;
    });
    console.info(`No visit in 30 days on ${TODAY}, rep ${repId}: ${reference.length} of ${active.length}`);

    expect(project.toSorted((x, y) => x - y)).toEqual(reference);
    expect(reference).toEqual(active.filter((id) => ![a, d, e].includes(id)));
  });
});
