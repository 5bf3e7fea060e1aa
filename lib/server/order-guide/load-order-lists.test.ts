import { describe, expect, it } from "vitest";
import { databaseProfiles } from "../testing";
import { loadOrderLists } from "./load-order-lists";
import { createOrderListStore } from "./order-lists-store";
import type { OrderListTables } from "./tables";

// The Reorder lists page: each list with where it stands between the store and its rep, and what was invoiced.

describe.each(databaseProfiles())("the workspace's reorder lists on $name", ({ open }) => {
  it("say each list's stage and match in the page's words", async () => {
    const database = await open();
    try {
      const scope = { workspaceId: "ws-store", environment: "test" as const };
      const keep = (key: string) =>
        createOrderListStore(database.db).keep(scope, {
          customerId: 20001,
          customerName: "Valley Cannabis - Oakland",
          recipient: "rep@example.com",
          lines: [],
          totalCases: 10,
          total: "420.00",
          priceDay: "2026-11-27",
          sender: { id: "u-1", name: "Pat Buyer", email: "pat@example.com" },
          sentWith: "Customer",
          idempotencyKey: key,
        });
      const sent = (await keep("a")).list;
      const entered = (await keep("b")).list;
      const lines = Array.from({ length: 10 }, (_, i) => ({
        productId: 5001 + i,
        asked: 2,
        invoiced: i < 9 ? "2.00" : "0.00",
      }));
      await database.db
        .withTables<OrderListTables>()
        .updateTable("order_lists")
        .set({
          acknowledged_at: "2026-11-27T10:00:00.000Z",
          entered_at: "2026-11-27T11:00:00.000Z",
          match_json: JSON.stringify({ status: "partly", invoices: [], lines, checkedAt: "2026-11-28T10:00:00.000Z" }),
        })
        .where("id", "=", entered.id)
        .execute();
      const { lists } = await loadOrderLists(
        { workspace: { id: "ws-store" }, key: { environment: "test" } },
        { db: database.db, mailer: { delivers: true } },
      );
      const byId = new Map(lists.map((l) => [l.id, l]));
      expect(byId.get(sent.id)).toMatchObject({ stage: "sent", matchWords: "Waiting for the invoice" });
      expect(byId.get(entered.id)).toMatchObject({
        stage: "entered",
        matchWords: "Partly invoiced: 9 of 10 lines, 1 short",
      });
    } finally {
      await database.close();
    }
  });
});
