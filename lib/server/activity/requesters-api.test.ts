import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaymentRequesters } from "@/lib/audit/audit-types";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { proxyRequest } from "../core/proxy";
import { BACKROOM, browserRequest, connectKey, DEMO_KEYS, joinAs, type TestBackend } from "../core/testing";
import { createTestBackend } from "../testing";
import { listPaymentRequesters } from "./requesters-api";

let sandbox: TestSandbox;
let backend: TestBackend;
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());
afterEach(() => backend.close());

type Records = { Data: Record<string, unknown>[] };
/** A request through the proxy, as the page makes it with the person's session. */
async function send(cookie: string, method: string, path: string): Promise<Response> {
  const url = new URL(path, BACKROOM);
  return proxyRequest(
    browserRequest(method, path, { cookie }),
    "v1",
    url.pathname.split("/").slice(3).map(decodeURIComponent),
    backend,
  );
}
const requesters = (cookie: string, query: string) =>
  listPaymentRequesters(browserRequest("GET", `/api/activity/requesters${query}`, { cookie, site: null }), backend);

describe("GET /api/activity/requesters", () => {
  it("names the member who sent each request from Backroom, to every member; requests of others are not named", async () => {
    backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const accounts = await joinAs(backend, owner.workspaceId, "accounts");
    const viewer = await joinAs(backend, owner.workspaceId, "viewer");
    const payment = (
      (await (await send(accounts.cookie, "GET", "/api/v1/payments?PageSize=500")).json()) as Records
    ).Data.find((p) => Number(p.AvailableBalance) >= 1)!;
    const account = payment.ARAccountID as number;
    const invoice = (
      (await (
        await send(accounts.cookie, "GET", `/api/v1/payments/openInvoices?ARAccountIDs=${account}`)
      ).json()) as Records
    ).Data[0]!;
    const sent = await send(
      accounts.cookie,
      "POST",
      `/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=${account}&Amount=0.01`,
    );
    expect(sent.status).toBe(201);
    const requestId = ((await sent.json()) as { Data: { RequestID: number } }).Data.RequestID;
    // A request the ERP's users made (the seed's, through the API but not from Backroom).
    const listed = (
      (await (
        await send(owner.cookie, "GET", `/api/v1/payments/applications?ARAccountIDs=${account}&PageSize=500`)
      ).json()) as Records
    ).Data;
    const theirs = listed.find((a) => typeof a.RequestID === "number" && a.RequestID !== requestId)?.RequestID as
      | number
      | undefined;
    expect(theirs, "a request of the ERP's users").toBeDefined();
    const asked = `?account=${account}&requests=${requestId},${theirs}`;

    const name = (await backend.db
      .selectFrom("auth_user" as never)
      .select("name" as never)
      .where("id" as never, "=", accounts.userId as never)
      .executeTakeFirstOrThrow()) as unknown as { name: string };
    for (const cookie of [viewer.cookie, owner.cookie]) {
      const answer = await requesters(cookie, asked);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      expect(((await answer.json()) as PaymentRequesters).requesters).toEqual([{ requestId, name: name.name }]);
    }
    // Of another account, the same RequestID names nobody.
    expect(
      (
        (await (
          await requesters(viewer.cookie, `?account=${account + 1}&requests=${requestId}`)
        ).json()) as PaymentRequesters
      ).requesters,
    ).toEqual([]);
    // Another workspace holding the same key does not learn this one's people.
    const stranger = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    expect(((await (await requesters(stranger.cookie, asked)).json()) as PaymentRequesters).requesters).toEqual([]);
  });

  it.each([
    ["no account", "?requests=1"],
    ["an account that is not an id", "?account=abc&requests=1"],
    ["requests that are not ids", "?account=1&requests=1,x"],
    ["an unknown parameter", "?account=1&requests=1&who=all"],
    ["more than 500 requests", `?account=1&requests=${Array.from({ length: 501 }, (_, i) => i + 1).join(",")}`],
  ])("refuses %s with 400 in the API's error shape", async (_, query) => {
    backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
    const owner = await connectKey(backend, DEMO_KEYS.Customer, "Customer");
    const answer = await requesters(owner.cookie, query);
    expect(answer.status).toBe(400);
    // The one shape of a bad query or body (it was {Error: "..."}): the sentence, and what was wrong field by field.
    expect(await answer.json()).toEqual({
      Error: {
        code: "VALIDATION_FAILED",
        detail: "Ask as ?account=ARAccountID&requests=RequestID,… (up to 500).",
        fieldErrors: [expect.objectContaining({ code: expect.any(String), detail: expect.any(String) })],
      },
    });
  });

  it("answers 401 to nobody signed in", async () => {
    backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
    expect(
      (
        await listPaymentRequesters(
          browserRequest("GET", "/api/activity/requesters?account=1&requests=1", { site: null }),
          backend,
        )
      ).status,
    ).toBe(401);
  });
});
