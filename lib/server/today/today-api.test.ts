import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import type { TodayData } from "@/lib/domain/today/today-data";
import type { AuthTables } from "../core/db/schema";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { getOrderGuide } from "../order-guide/guide-api";
import { sendOrderList } from "../order-guide/lists-api";
import { createTestBackend } from "../testing";
import { getToday } from "./today-api";

let sandbox: TestSandbox;
let backend: TestBackend;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());
beforeEach(async () => {
  backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
});
afterEach(() => backend.close());

const ask = (cookie: string, query: string) =>
  getToday(browserRequest("GET", `/api/today${query}`, { cookie, site: null }), backend);

describe("GET /api/today", () => {
  it("answers a rep's Today, read with an Employee key: the rep's accounts and today's stops", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const reps = (await (
      await sandbox.runtime.app.fetch(
        new Request("http://sandbox.test/test/api/v1/salesReps?PageSize=500", {
          headers: { "x-api-key": DEMO_KEYS.Employee },
        }),
      )
    ).json()) as { Data: { UserID: number; Customers?: unknown[] }[] };
    const rep = reps.Data.find((r) => (r.Customers?.length ?? 0) > 0)!;
    const response = await ask(cookie, `?rep=${rep.UserID}&day=2026-11-25`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const data = (await response.json()) as TodayData;
    expect(data.accountIds.length).toBe(rep.Customers!.length);
  });

  it("holds the open reorder requests of the rep's stores, which the member sees as their rep", async () => {
    const store = 20001;
    const record = (await (
      await sandbox.runtime.app.fetch(
        new Request(`http://sandbox.test/test/api/v1/customers?CustomerIDs=${store}`, {
          headers: { "x-api-key": DEMO_KEYS.Employee },
        }),
      )
    ).json()) as { Data: { SalesRepUserID: number }[] };
    const repId = record.Data[0]!.SalesRepUserID;
    const storeSide = await connectKey(backend, DEMO_KEYS.Customer, "Customer", {
      summary: "test",
      customers: [{ id: store, name: "Valley Cannabis - Oakland" }],
    });
    const guide = (await (
      await getOrderGuide(
        browserRequest("GET", `/api/order-guide?customer=${store}`, { cookie: storeSide.cookie }),
        backend,
      )
    ).json()) as { rows: { productId: number; casePrice: string | null }[] };
    const sent = await sendOrderList(
      browserRequest("POST", "/api/order-guide/lists", {
        cookie: storeSide.cookie,
        json: {
          customer: store,
          lines: guide.rows
            .filter((r) => r.casePrice !== null)
            .slice(0, 3)
            .map((r) => ({ productId: r.productId, cases: 2 })),
        },
        headers: { "Idempotency-Key": "today-send-1" },
      }),
      backend,
    );
    const listId = ((await sent.json()) as { list: { id: string } }).list.id;

    const distributor = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const linked = await joinAs(backend, distributor.workspaceId, "accounts");
    const other = await joinAs(backend, distributor.workspaceId, "accounts");
    for (const [member, rep] of [
      [linked, repId],
      [other, repId + 1],
    ] as const)
      await backend.db
        .withTables<AuthTables>()
        .updateTable("auth_member")
        .set({ salesRepUserId: rep })
        .where("id", "=", member.memberId)
        .execute();
    const today = async (cookie: string, rep: number) =>
      (await (await ask(cookie, `?rep=${rep}&day=2026-11-25`)).json()) as TodayData;

    const mine = await today(linked.cookie, repId);
    expect(mine.reorders).toEqual([
      expect.objectContaining({ id: listId, customerId: store, stage: "sent", lineCount: 3, totalCases: 6 }),
    ]);
    // The owner sees any rep's; a member linked to another rep sees none of this rep's; another rep's day has none.
    expect((await today(distributor.cookie, repId)).reorders?.map((r) => r.id)).toEqual([listId]);
    expect((await today(other.cookie, repId)).reorders).toEqual([]);
    expect((await today(distributor.cookie, repId + 1)).reorders?.map((r) => r.id) ?? []).not.toContain(listId);
  });

  it.each([
    { name: "no rep", query: "?day=2026-11-25" },
    { name: "a rep of 0", query: "?rep=0&day=2026-11-25" },
    { name: "a day that is not one", query: "?rep=1&day=tomorrow" },
    { name: "an unknown parameter", query: "?rep=1&day=2026-11-25&x=1" },
  ])("answers 400 VALIDATION_FAILED to $name, and asks nothing upstream", async ({ query }) => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const response = await ask(cookie, query);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { Error: { code: string } }).Error.code).toBe("VALIDATION_FAILED");
    expect(backend.calls).toHaveLength(0);
  });

  it("refuses a retailer's key in the one sentence, and asks nothing upstream", async () => {
    const { cookie } = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const response = await ask(cookie, "?rep=1&day=2026-11-25");
    expect([response.status, await response.json()]).toEqual([
      403,
      {
        Error: {
          code: "NOT_FOR_THIS_KEY",
          detail: "Today: for Employee keys only; this workspace's key is a Customer key.",
        },
      },
    ]);
    expect(backend.calls).toHaveLength(0);
  });
});
