import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceListsJson } from "@/lib/domain/order-guide/shared-list";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, linkToRep, type TestBackend } from "../core/testing";
import { createTestBackend, databaseProfiles } from "../testing";
import { getOrderGuide } from "./guide-api";
import { sendOrderList } from "./lists-api";
import { getListsByInvoice } from "./shared-api";
import type { OrderListTables } from "./tables";

// The invoice page's link back: the lists an invoice was matched to, answered only to the sides of each list.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());

const STORE = 20001;

describe.each(databaseProfiles())("GET /api/order-guide/lists/by-invoice on $name", ({ open }) => {
  const backends: TestBackend[] = [];
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((b) => b.close()));
  });

  it("names the list an invoice was matched to, to its store and its rep, and to nobody else", async () => {
    const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), {
      database: await open(),
    });
    backends.push(backend);
    const answer = await sandbox.runtime.app.fetch(
      new Request(`http://sandbox.test/test/api/v1/customers?CustomerIDs=${STORE}`, {
        headers: { "x-api-key": DEMO_KEYS.Employee },
      }),
    );
    const repId = ((await answer.json()) as { Data: { SalesRepUserID: number }[] }).Data[0]!.SalesRepUserID;
    const storeSide = await connectKey(backend, DEMO_KEYS.Customer, "Customer", {
      summary: "test",
      customers: [{ id: STORE, name: "Valley Cannabis - Oakland" }],
    });
    const buyer = await joinAs(backend, storeSide.workspaceId, "purchasing");
    const distributor = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
    const link = (memberId: string, rep: number) => linkToRep(backend, memberId, rep);
    const rep = await joinAs(backend, distributor.workspaceId, "viewer");
    await link(rep.memberId, repId);
    const otherRep = await joinAs(backend, distributor.workspaceId, "accounts");
    await link(otherRep.memberId, repId + 1);
    const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");

    const guide = (await (
      await getOrderGuide(
        browserRequest("GET", `/api/order-guide?customer=${STORE}`, { cookie: storeSide.cookie }),
        backend,
      )
    ).json()) as { rows: { productId: number; casePrice: string | null }[] };
    const sent = await sendOrderList(
      browserRequest("POST", "/api/order-guide/lists", {
        cookie: buyer.cookie,
        json: {
          customer: STORE,
          lines: guide.rows
            .filter((r) => r.casePrice !== null)
            .slice(0, 2)
            .map((r) => ({ productId: r.productId, cases: 1 })),
        },
        headers: { "Idempotency-Key": "send-1" },
      }),
      backend,
    );
    const listId = ((await sent.json()) as { list: { id: string } }).list.id;
    // The matcher's record of the invoice it matched the list to.
    await backend.db
      .withTables<OrderListTables>()
      .insertInto("order_list_invoices")
      .values({ list_id: listId, environment: "test", customer_id: STORE, invoice_num: "INV-77001" })
      .execute();

    const ask = async (cookie: string, query: string) => {
      const response = await getListsByInvoice(
        browserRequest("GET", `/api/order-guide/lists/by-invoice${query}`, { cookie }),
        backend,
      );
      return { status: response.status, body: (await response.json()) as InvoiceListsJson };
    };
    const matched = `?customer=${STORE}&invoice=INV-77001`;
    const mine = await ask(buyer.cookie, matched);
    expect(mine.status).toBe(200);
    expect(mine.body.lists).toEqual([
      expect.objectContaining({ id: listId, stage: "sent", sentBy: expect.any(String) }),
    ]);
    // The store's rep reads it (a viewer too: it is a read); another store's rep does not, as if there were none.
    expect((await ask(rep.cookie, matched)).body.lists.map((l) => l.id)).toEqual([listId]);
    expect((await ask(otherRep.cookie, matched)).body.lists).toEqual([]);
    // Another invoice of the store, or the same number at another store: none.
    expect((await ask(buyer.cookie, `?customer=${STORE}&invoice=INV-77002`)).body.lists).toEqual([]);
    expect((await ask(buyer.cookie, `?customer=20002&invoice=INV-77001`)).body.lists).toEqual([]);
    // A brand's key is no side of a store's list; a question without its invoice is refused.
    expect((await ask(brand.cookie, matched)).status).toBe(403);
    expect((await ask(buyer.cookie, `?customer=${STORE}`)).status).toBe(400);
  });
});
