import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ListDetail, ReordersJson } from "@/lib/domain/order-guide/shared-list";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, linkToRep, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { getOrderGuide } from "./guide-api";
import { sendOrderList } from "./lists-api";
import { createOrderListStore } from "./order-lists-store";
import type { OrderListTables } from "./tables";
import {
  acceptSubstitute,
  acknowledgeList,
  declineSubstitute,
  enterList,
  getReorders,
  getSharedList,
  getSubstitutes,
  patchSharedList,
} from "./shared-api";
import { withdrawOrderList } from "./withdraw-api";

// A reorder list its store and its rep work on together, against the sandbox: who sees it (the party rule, read with
// each asker's key now), each side's changes, the ETag's guard, and who is told.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const STORE = 20001;
type Json = Record<string, unknown>;

/** A record of the sandbox read with a demo key straight (a second reading, not Backroom's). */
async function upstream<T>(path: string, key: string): Promise<T[]> {
  const response = await sandbox.runtime.app.fetch(
    new Request(`http://sandbox.test/test/api/v1${path}`, { headers: { "x-api-key": key } }),
  );
  return ((await response.json()) as { Data: T[] }).Data;
}

describe.each(databaseProfiles())("a reorder list shared by its store and its rep on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  async function setUp() {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    const [record] = await upstream<{ SalesRepUserID: number }>(`/customers?CustomerIDs=${STORE}`, DEMO_KEYS.Employee);
    const repId = record!.SalesRepUserID;
    const storeSide = await connectKey(backend, DEMO_KEYS.Customer, "Customer", {
      summary: "test",
      customers: [{ id: STORE, name: "Valley Cannabis - Oakland" }],
    });
    const buyer = await joinAs(backend, storeSide.workspaceId, "purchasing");
    const distributor = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const link = (memberId: string, rep: number) => linkToRep(backend, memberId, rep);
    const rep = await joinAs(backend, distributor.workspaceId, "accounts");
    await link(rep.memberId, repId);
    const otherRep = await joinAs(backend, distributor.workspaceId, "accounts");
    await link(otherRep.memberId, repId + 1);
    const unlinked = await joinAs(backend, distributor.workspaceId, "accounts");
    const repViewer = await joinAs(backend, distributor.workspaceId, "viewer");
    await link(repViewer.memberId, repId);
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");

    const guide = (await (
      await getOrderGuide(
        browserRequest("GET", `/api/order-guide?customer=${STORE}`, { cookie: storeSide.cookie }),
        backend,
      )
    ).json()) as { rows: { productId: number; casePrice: string | null; bucket: string | null }[] };
    const priced = guide.rows.filter((r) => r.casePrice !== null).slice(0, 2);
    const sent = await sendOrderList(
      browserRequest("POST", "/api/order-guide/lists", {
        cookie: buyer.cookie,
        json: { customer: STORE, lines: priced.map((r) => ({ productId: r.productId, cases: 2 })) },
        headers: { "Idempotency-Key": "send-1" },
      }),
      backend,
    );
    expect(sent.status).toBe(201);
    const listId = ((await sent.json()) as { list: { id: string } }).list.id;

    const read = async (cookie: string, id = listId) => {
      const response = await getSharedList(browserRequest("GET", `/api/order-guide/lists/${id}`, { cookie }), backend, {
        id,
      });
      return { status: response.status, etag: response.headers.get("ETag"), body: (await response.json()) as Json };
    };
    const write = async (
      route: typeof acknowledgeList,
      cookie: string,
      path: string,
      init: { json?: unknown; key?: string; ifMatch?: string; params?: Record<string, string> } = {},
    ) => {
      const headers: Record<string, string> = {};
      if (init.key) headers["Idempotency-Key"] = init.key;
      if (init.ifMatch) headers["If-Match"] = init.ifMatch;
      const response = await route(
        browserRequest(
          init.json === undefined && route !== patchSharedList ? "POST" : route === patchSharedList ? "PATCH" : "POST",
          path,
          {
            cookie,
            headers,
            ...(init.json !== undefined ? { json: init.json } : {}),
          },
        ),
        backend,
        { id: listId, ...init.params },
      );
      return { status: response.status, etag: response.headers.get("ETag"), body: (await response.json()) as Json };
    };
    return {
      backend,
      repId,
      storeSide,
      buyer,
      distributor,
      rep,
      otherRep,
      unlinked,
      repViewer,
      brand,
      listId,
      read,
      write,
    };
  }

  it("is seen by its store and by its rep's side only, checked with each one's key", async () => {
    const s = await setUp();
    expect((await s.read(s.buyer.cookie)).status).toBe(200);
    expect((await s.read(s.storeSide.cookie)).body).toMatchObject({ side: "store", customerId: STORE, stage: "sent" });
    // The member linked to the store's rep, the Employee workspace's owner, and a viewer linked to the rep (reading).
    expect((await s.read(s.rep.cookie)).body).toMatchObject({ side: "rep", mayEdit: true });
    expect((await s.read(s.distributor.cookie)).body).toMatchObject({ side: "rep" });
    expect((await s.read(s.repViewer.cookie)).body).toMatchObject({ side: "rep", mayEdit: false });
    // A rep of another store, a member linked to nobody: as if there were no such list. A brand: not its kind of record.
    expect((await s.read(s.otherRep.cookie)).status).toBe(404);
    expect((await s.read(s.unlinked.cookie)).status).toBe(404);
    expect((await s.read(s.brand.cookie)).status).toBe(403);

    // The rep's requests list it; another rep's do not.
    const requests = async (cookie: string, query = "") =>
      (await (
        await getReorders(browserRequest("GET", `/api/order-guide/reorders${query}`, { cookie }), s.backend)
      ).json()) as ReordersJson;
    expect((await requests(s.rep.cookie)).requests.map((r) => r.id)).toEqual([s.listId]);
    expect((await requests(s.otherRep.cookie)).requests).toEqual([]);
    expect((await requests(s.distributor.cookie, `?customer=${STORE}`)).requests.map((r) => r.id)).toEqual([s.listId]);
    expect((await requests(s.otherRep.cookie, `?customer=${STORE}`)).requests).toEqual([]);

    // A list of a demo visitor's, of another environment: no side of it outside.
    const store = createOrderListStore(s.backend.db);
    const base = {
      customerId: STORE,
      customerName: "Valley Cannabis - Oakland",
      recipient: "rep@example.com",
      lines: [],
      totalCases: 1,
      total: "1.00",
      priceDay: "2026-11-21",
      sender: { id: s.buyer.userId, name: "Buyer", email: "b@example.com" },
      sentWith: "Customer" as const,
    };
    const visitors = await store.keep(
      { workspaceId: `${s.storeSide.workspaceId}/visitor/abc`, environment: "test" },
      { ...base, idempotencyKey: "v", visitor: "abc" },
    );
    const production = await store.keep(
      { workspaceId: s.storeSide.workspaceId, environment: "production" },
      { ...base, idempotencyKey: "p" },
    );
    for (const id of [visitors.list.id, production.list.id]) {
      expect((await s.read(s.rep.cookie, id)).status).toBe(404);
      expect((await s.read(s.distributor.cookie, id)).status).toBe(404);
      expect((await s.read(s.buyer.cookie, id)).status).toBe(404);
    }
  });

  it("each side changes what is its own, on the version it read, once per key, and the other side is told", async () => {
    const s = await setUp();
    const path = `/api/order-guide/lists/${s.listId}`;
    // The rep's member is told of the list sent.
    const told = async (userId: string) =>
      (
        await s.backend.db.selectFrom("notifications").select(["kind", "title"]).where("user_id", "=", userId).execute()
      ).map((n) => n.kind);
    expect(await told(s.rep.userId)).toEqual(["reorder-request"]);
    expect(await told(s.otherRep.userId)).toEqual([]);

    // Acknowledged twice with one key (a double press): once.
    const ack = await s.write(acknowledgeList, s.rep.cookie, `${path}/acknowledge`, { key: "ack-1" });
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ stage: "acknowledged", version: 2 });
    expect((await s.write(acknowledgeList, s.rep.cookie, `${path}/acknowledge`, { key: "ack-1" })).body).toMatchObject({
      version: 2,
    });
    expect((await s.write(acknowledgeList, s.buyer.cookie, `${path}/acknowledge`, { key: "ack-2" })).status).toBe(403);

    const list = ack.body as unknown as ListDetail;
    const [first, second] = list.lines;
    // A change on the version before: 412, and the list as it is now.
    const stale = await s.write(patchSharedList, s.rep.cookie, path, {
      json: { lines: [{ lineId: first!.lineId, cases: 1 }] },
      ifMatch: '"1"',
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ Error: { code: "LIST_CHANGED", list: { version: 2, stage: "acknowledged" } } });
    // No If-Match: 428. The buyer changes no lines.
    expect((await s.write(patchSharedList, s.rep.cookie, path, { json: { note: "x" } })).status).toBe(428);
    expect(
      (
        await s.write(patchSharedList, s.buyer.cookie, path, {
          json: { lines: [{ lineId: first!.lineId, cases: 1 }] },
          ifMatch: ack.etag!,
        })
      ).status,
    ).toBe(403);
    // A viewer linked to the rep reads, and writes nothing.
    expect(
      (await s.write(patchSharedList, s.repViewer.cookie, path, { json: { note: "x" }, ifMatch: ack.etag! })).status,
    ).toBe(403);
    // Bad lines: named.
    const bad = await s.write(patchSharedList, s.rep.cookie, path, {
      json: { lines: [{ lineId: "nope", cases: 1 }] },
      ifMatch: ack.etag!,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("lines[0].lineId");
    expect(
      (
        await s.write(patchSharedList, s.rep.cookie, path, {
          json: { lines: [{ lineId: first!.lineId, cases: 10000 }] },
          ifMatch: ack.etag!,
        })
      ).status,
    ).toBe(400);

    const changed = await s.write(patchSharedList, s.rep.cookie, path, {
      json: { lines: [{ lineId: first!.lineId, cases: 1 }], note: "One case left this week" },
      ifMatch: ack.etag!,
    });
    expect(changed.status).toBe(200);
    expect(changed.etag).toBe('"3"');
    expect((changed.body as unknown as ListDetail).lines[0]).toMatchObject({ cases: 1, askedCases: 2 });

    // A substitute for the second line, of those offered.
    const offered = await getSubstitutes(
      browserRequest("GET", `${path}/substitutes?lineId=${second!.lineId}`, { cookie: s.rep.cookie }),
      s.backend,
      { id: s.listId },
    );
    const { candidates } = (await offered.json()) as { candidates: { productId: number; name: string }[] };
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.map((c) => c.productId)).not.toContain(first!.productId);
    const refused = await s.write(patchSharedList, s.rep.cookie, path, {
      json: { lines: [{ lineId: second!.lineId, substituteProductId: first!.productId }] },
      ifMatch: changed.etag!,
    });
    expect(refused.status).toBe(400);
    const proposed = await s.write(patchSharedList, s.rep.cookie, path, {
      json: { lines: [{ lineId: second!.lineId, substituteProductId: candidates[0]!.productId }] },
      ifMatch: changed.etag!,
    });
    expect((proposed.body as unknown as ListDetail).lines[1]!.substitute).toEqual({
      productId: candidates[0]!.productId,
      name: candidates[0]!.name,
      status: "proposed",
    });
    // The store answers it; the rep does not.
    const sub = `${path}/substitutions/${second!.lineId}`;
    const params = { lineId: second!.lineId };
    expect((await s.write(acceptSubstitute, s.rep.cookie, `${sub}/accept`, { key: "a-0", params })).status).toBe(403);
    const accepted = await s.write(acceptSubstitute, s.buyer.cookie, `${sub}/accept`, { key: "a-1", params });
    expect((accepted.body as unknown as ListDetail).lines[1]!.substitute?.status).toBe("accepted");
    expect((await s.write(declineSubstitute, s.buyer.cookie, `${sub}/decline`, { key: "d-1", params })).status).toBe(
      409,
    );

    const entered = await s.write(enterList, s.rep.cookie, `${path}/entered`, {
      key: "e-1",
      json: { erpRef: "SO-1041" },
    });
    expect(entered.body).toMatchObject({ stage: "entered", entered: { erpRef: "SO-1041" } });
    // Entered: the buyer no longer withdraws it, the rep no longer changes its lines.
    const withdrawn = await withdrawOrderList(
      browserRequest("POST", `${path}/withdraw`, { cookie: s.buyer.cookie, headers: { "Idempotency-Key": "w-1" } }),
      s.backend,
      { id: s.listId },
    );
    expect(withdrawn.status).toBe(409);
    expect(
      (
        await s.write(patchSharedList, s.rep.cookie, path, {
          json: { lines: [{ lineId: first!.lineId, cases: 3 }] },
          ifMatch: entered.etag!,
        })
      ).status,
    ).toBe(409);

    const events = (entered.body as unknown as ListDetail).events.map((e) => [e.side, e.kind]);
    expect(events).toEqual([
      ["store", "sent"],
      ["rep", "acknowledged"],
      ["rep", "cases"],
      ["rep", "substitute"],
      ["store", "accepted"],
      ["rep", "entered"],
    ]);
    // The buyer was told of each of the rep's changes; the rep of the store's answer.
    expect(await told(s.buyer.userId)).toEqual([
      "reorder-update",
      "reorder-update",
      "reorder-update",
      "reorder-update",
    ]);
    expect(await told(s.rep.userId)).toEqual(["reorder-request", "reorder-request"]);
  });

  it("tells the order guide an open list's page was read, with its last match, never a withdrawn one's", async () => {
    const s = await setUp();
    const viewed: [string, string | null][] = [];
    const deps = {
      ...s.backend,
      orderGuide: { viewed: async (workspaceId: string, at: string | null) => void viewed.push([workspaceId, at]) },
    };
    const read = () =>
      getSharedList(browserRequest("GET", `/api/order-guide/lists/${s.listId}`, { cookie: s.rep.cookie }), deps, {
        id: s.listId,
      });
    expect((await read()).status).toBe(200);
    // Never matched: its maker's workspace, whoever reads it.
    expect(viewed).toEqual([[s.storeSide.workspaceId, null]]);
    const lists = s.backend.db.withTables<OrderListTables>();
    const at = new Date(s.backend.now!()).toISOString();
    await lists.updateTable("order_lists").set({ matched_at: at }).where("id", "=", s.listId).execute();
    await read();
    expect(viewed[1]).toEqual([s.storeSide.workspaceId, at]);
    await lists.updateTable("order_lists").set({ withdrawn_at: at }).where("id", "=", s.listId).execute();
    await read();
    expect(viewed).toHaveLength(2);
  });
});
