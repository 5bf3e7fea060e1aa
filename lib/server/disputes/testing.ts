import { expect } from "vitest";
import type { DisputesJson } from "@/lib/domain/disputes/view";
import type { Database } from "../core/db/open";
import { browserRequest, connectKey, DEMO_KEYS, joinAs, linkToRep, type TestBackend } from "../core/testing";
import { createTestBackend } from "../testing";
import type { DisputeDeps } from "./dispute-deps";
import { getDispute, listDisputes } from "./disputes-api";
import { databasePhotos, diskPhotos } from "../core/photos/photo-store";
import { raiseDispute } from "./raise-api";
import type { DisputeTables } from "./tables";

// What the disputes' tests share: a backend over the sandbox with every party to a dispute, and a store's new invoice.

type Answer = { status: number; body: Record<string, unknown> };

/**
 * What the tests use of the sandbox's test helpers (`lib/sandbox/testing.ts`, which lib/server does not import): its
 * app, order entry, walks, operator; and `restock`, which puts back on the shelf what earlier invoices took.
 */
export interface SandboxHandle {
  runtime: { app: { fetch(request: Request): Response | Promise<Response> } };
  enterInvoice(order: { customerId: number; lines: { productId: number; units: number }[] }): Promise<Answer>;
  walk(path: string, as?: string): Promise<Record<string, unknown>[]>;
  operator(method: string, path: string, body?: unknown): Promise<Answer>;
  restock(productIds: number[]): Promise<void>;
}

export const STORE = 20001;
type Json = Record<string, unknown>;

/** A key the sandbox's operator issues (another store's, a brand's). */
async function operatorKey(sandbox: SandboxHandle, body: Json): Promise<string> {
  const answer = await sandbox.operator("POST", "/keys", body);
  expect(answer.status).toBe(201);
  return (answer.body as { key: string }).key;
}

/**
 * A backend with a store's workspace (its buyer), the distributor's (the member linked to the store's rep, one linked to
 * another rep, a viewer linked to the rep), another store's, the brand of the invoice's first line and another brand;
 * and a new invoice of the store: 24 units of a product of supplier 103 at 12.25, 24 of supplier 102's at 26.75.
 */
export async function disputeSetUp(
  sandbox: SandboxHandle,
  photoDir: string,
  open: () => Promise<Database>,
  postgres: boolean,
) {
  const database = await open();
  const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request), { database });
  const deps: DisputeDeps & TestBackend = {
    ...backend,
    disputes: { photos: postgres ? databasePhotos(backend.db, "dispute_photo_blobs") : diskPhotos(photoDir) },
  };
  // Each test's invoice ships in full: what the earlier ones took is back on the shelf.
  await sandbox.restock([10017, 10018]);
  const entered = await sandbox.enterInvoice({
    customerId: STORE,
    lines: [
      { productId: 10018, units: 24 },
      { productId: 10017, units: 24 },
    ],
  });
  expect(entered.status).toBe(201);
  expect((entered.body.lines as { NumUnits: number }[]).map((l) => l.NumUnits)).toEqual([24, 24]);
  const invoice = entered.body.invoice as { InvoiceID: number; InvoiceNum: string };
  const lines = entered.body.lines as { InvoiceTransID: number; SupplierID: number; UnitPrice: string }[];
  const [record] = await sandbox.walk(`/customers?CustomerIDs=${STORE}`, "Employee");
  const repId = record!.SalesRepUserID as number;

  const storeSide = await connectKey(backend, DEMO_KEYS.Customer, "Customer", {
    summary: "test",
    customers: [
      { id: STORE, name: "Cloud Station - Sacramento" },
      { id: 20002, name: "Cloud Station - San Francisco" },
    ],
  });
  const buyer = await joinAs(backend, storeSide.workspaceId, "purchasing");
  const storeViewer = await joinAs(backend, storeSide.workspaceId, "viewer");
  const distributor = await connectKey(backend, DEMO_KEYS.Employee, "Employee");
  const link = (memberId: string, rep: number) => linkToRep(backend, memberId, rep);
  const rep = await joinAs(backend, distributor.workspaceId, "accounts");
  await link(rep.memberId, repId);
  const otherRep = await joinAs(backend, distributor.workspaceId, "accounts");
  await link(otherRep.memberId, repId + 1);
  const otherStore = await connectKey(
    backend,
    await operatorKey(sandbox, { type: "Customer", company: "Another store", customerIds: [20003] }),
    "Customer",
    { summary: "test", customers: [{ id: 20003, name: "Another" }] },
  );
  const brand = await connectKey(
    backend,
    await operatorKey(sandbox, { type: "Supplier", company: "Lantern Light", supplierIds: [103] }),
    "Supplier",
    { summary: "test", suppliers: [{ id: 103, name: "Lantern Light Vapes" }] },
  );
  const otherBrand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier", {
    summary: "test",
    suppliers: [{ id: 101, name: "Mojave Sun" }],
  });

  const send = async (
    route: typeof getDispute,
    method: string,
    path: string,
    cookie: string,
    init: { json?: unknown; key?: string; params?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (init.key) headers["Idempotency-Key"] = init.key;
    const response = await route(
      browserRequest(method, path, { cookie, headers, ...(init.json !== undefined ? { json: init.json } : {}) }),
      deps,
      init.params,
    );
    return { status: response.status, etag: response.headers.get("ETag"), body: (await response.json()) as Json };
  };
  const raise = (cookie: string, json: unknown, key = `raise-${Math.random()}`) =>
    send(raiseDispute, "POST", "/api/disputes", cookie, { json, key });
  const read = (cookie: string, id: string) =>
    send(getDispute, "GET", `/api/disputes/${id}`, cookie, { params: { id } });
  const list = async (cookie: string, query = "") =>
    (await send(listDisputes, "GET", `/api/disputes${query}`, cookie)) as unknown as {
      status: number;
      body: DisputesJson & Json;
    };
  const act = (
    route: typeof getDispute,
    cookie: string,
    id: string,
    what: string,
    json?: unknown,
    key = `k-${Math.random()}`,
  ) => send(route, "POST", `/api/disputes/${id}/${what}`, cookie, { json, key, params: { id } });
  const count = async (table: keyof DisputeTables) =>
    Number(
      (
        await backend.db
          .withTables<DisputeTables>()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const told = async (userId: string) =>
    backend.db.selectFrom("notifications").select(["kind", "title"]).where("user_id", "=", userId).execute();
  return {
    backend,
    deps,
    invoice,
    lines,
    repId,
    storeSide,
    buyer,
    storeViewer,
    distributor,
    rep,
    otherRep,
    otherStore,
    brand,
    otherBrand,
    send,
    raise,
    read,
    list,
    act,
    count,
    told,
  };
}
