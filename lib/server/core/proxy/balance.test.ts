import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Version } from "@/lib/data-api/operation";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { BACKROOM, browserRequest, connectKey, createTestBackend, DEMO_KEYS, type TestBackend } from "../testing";
import { proxyRequest } from "./index";

let sandbox: TestSandbox;
const backends: TestBackend[] = [];
beforeAll(async () => {
  sandbox = await openTestSandbox();
}, 60_000);
afterAll(() => sandbox.close());
afterEach(async () => {
  await Promise.all(backends.splice(0).map((b) => b.close()));
});

type Json = { Data?: Record<string, unknown>[]; Error?: { code?: string; detail?: string } };

/** A Customer key's backend on the sandbox, and a request through the proxy as the route handler makes it. */
async function connected(type: "Customer" | "Supplier" = "Customer") {
  const backend = await createTestBackend((request) => sandbox.runtime.app.fetch(request));
  backends.push(backend);
  const { cookie } = await connectKey(backend, DEMO_KEYS[type], type);
  const send = async (method: string, path: string, key?: string) => {
    const url = new URL(path, BACKROOM);
    const [, , version, ...segments] = url.pathname.split("/");
    const response = await proxyRequest(
      browserRequest(method, path, { cookie, ...(key ? { headers: { "Idempotency-Key": key } } : {}) }),
      version as Version,
      segments.map(decodeURIComponent),
      backend,
    );
    return { status: response.status, body: (await response.json()) as Json };
  };
  return { backend, send };
}

/** A payment with credit, and an open invoice of its account owing less than that credit. */
async function paymentAndInvoice(send: Awaited<ReturnType<typeof connected>>["send"]) {
  const payments = (await send("GET", "/api/v1/payments?PageSize=500")).body.Data ?? [];
  for (const payment of payments) {
    const open = (await send("GET", `/api/v1/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`)).body.Data;
    const invoice = open?.find(
      (i) => Number(i.OpenBalance) >= 2 && Number(i.OpenBalance) + 2 < Number(payment.AvailableBalance),
    );
    if (invoice) return { payment, invoice, balance: Number(invoice.OpenBalance) };
  }
  throw new Error("the seed has no payment with more credit than an open invoice of its account owes");
}

const allocate = (p: Record<string, unknown>, invoice: Record<string, unknown>, amount: string) =>
  `/api/v1/payments/applications?PaymentInvoiceNum=${p.PaymentInvoiceNum}&TargetInvoiceNum=${invoice.InvoiceNum}&ARAccountID=${p.ARAccountID}&Amount=${amount}`;
const posts = (backend: TestBackend) => backend.calls.filter((c) => c.method === "POST");

describe("POST /payments/applications above the target's open balance", () => {
  it("is refused 409 OVER_OPEN_BALANCE naming the balance, recorded refused, and never reaches the API", async () => {
    const { backend, send } = await connected();
    const { payment, invoice, balance } = await paymentAndInvoice(send);
    const over = (balance + 0.01).toFixed(2);
    const refused = await send("POST", allocate(payment, invoice, over), "over-1");
    expect(refused.status).toBe(409);
    expect(refused.body.Error?.code).toBe("OVER_OPEN_BALANCE");
    expect(refused.body.Error?.detail).toContain(`${invoice.InvoiceNum} owes $${balance.toFixed(2)}`);
    expect(posts(backend)).toEqual([]);
    const entry = await backend.db
      .selectFrom("audit_events")
      .select(["result", "upstream_status"])
      .where("idempotency_key", "=", "over-1")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ result: "refused", upstream_status: null });
  });

  it("counts the requests already outstanding toward it: what is left may be allocated, a cent more may not", async () => {
    const { backend, send } = await connected();
    const { payment, invoice, balance } = await paymentAndInvoice(send);
    const first = (balance - 1).toFixed(2);
    expect((await send("POST", allocate(payment, invoice, first), "part-1")).status).toBe(201);
    const refused = await send("POST", allocate(payment, invoice, "1.01"), "part-2");
    expect(refused.status).toBe(409);
    expect(refused.body.Error?.detail).toContain(`less $${Number(first).toFixed(2)} already requested toward it`);
    expect(refused.body.Error?.detail).toContain("allocate at most $1.00");
    expect((await send("POST", allocate(payment, invoice, "1.00"), "part-3")).status).toBe(201);
    expect(posts(backend)).toHaveLength(2);
  });

  it("stops the write when the balance cannot be read, saying so", async () => {
    const { backend, send } = await connected();
    const { payment, invoice } = await paymentAndInvoice(send);
    backend.answerWith((request) =>
      request.method === "GET" && new URL(request.url).pathname.endsWith("/payments/openInvoices")
        ? Response.json({ Error: "Unexpected server error" }, { status: 500 })
        : sandbox.runtime.app.fetch(request),
    );
    const refused = await send("POST", allocate(payment, invoice, "1.00"), "unread-1");
    expect(refused.status).toBe(500);
    expect(refused.body.Error?.code).toBe("BALANCE_UNREAD");
    expect(posts(backend)).toEqual([]);
  });

  it("reads nothing for a Supplier key: the API refuses its allocation itself", async () => {
    const { backend, send } = await connected("Supplier");
    const answer = await send(
      "POST",
      "/api/v1/payments/applications?PaymentInvoiceNum=P&TargetInvoiceNum=I&ARAccountID=1&Amount=1",
    );
    expect(answer.status).toBe(403);
    expect(backend.calls.map((c) => c.method)).toEqual(["POST"]);
  });
});
