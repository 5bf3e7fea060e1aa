import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Version } from "@/lib/data-api/operation";
import { openTestSandbox, type TestSandbox } from "@/lib/sandbox/testing";
import { BACKROOM, browserRequest, connectKey, createTestBackend, DEMO_KEYS, type TestBackend } from "../testing";
import { subtractDecimal } from "@/lib/format/decimal";
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

/** The ERP's export, run twice: every request outstanding is settled (exported, then confirmed or rejected). */
async function settle() {
  for (const run of [1, 2]) expect((await sandbox.operator("POST", "/jobs/export")).status, `run ${run}`).toBe(200);
}

/**
 * Once what is outstanding is settled, straight from the sandbox: an open invoice owing at least `atLeast`, and a
 * payment of its account (not a brand's credit) whose credit left covers all it owes (`wholly`), or `atLeast`.
 */
async function covered(atLeast: number, wholly = true) {
  await settle();
  const payments = (await sandbox.walk("/payments", "Customer")).filter(
    (p) => p.SupplierID == null && Number(p.AvailableBalance) > 0,
  );
  for (const invoice of await sandbox.walk("/payments/openInvoices", "Customer")) {
    if (Number(invoice.OpenBalance) < atLeast) continue;
    const payment = payments.find(
      (p) =>
        p.ARAccountID === invoice.ARAccountID &&
        Number(p.AvailableBalance) >= (wholly ? Number(invoice.OpenBalance) : atLeast),
    );
    if (payment) return { payment, invoice };
  }
  throw new Error("the seed has no open invoice that a payment of its account covers");
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

  it("refuses an amount with more than two decimals 400 on the field Amount, recorded refused, never sent", async () => {
    const { backend, send } = await connected();
    const { payment, invoice } = await paymentAndInvoice(send);
    const refused = await send("POST", allocate(payment, invoice, "1.005"), "cents-1");
    expect(refused.status).toBe(400);
    const error = refused.body.Error as { code?: string; detail?: string; fieldErrors?: { field: string }[] };
    expect(error.code).toBe("AMOUNT_NOT_IN_CENTS");
    expect(error.detail).toBe(
      "Amount: 1.005 has more than two decimals. Enter dollars and cents, like 1.00 or 1.01 (more decimals only to clear an open balance or the credit left exactly).",
    );
    expect(error.fieldErrors?.map((f) => f.field)).toEqual(["Amount"]);
    // More decimals than the API's six: the same refusal, not a failure of Backroom's own.
    expect((await send("POST", allocate(payment, invoice, "1.0000001"), "cents-2")).status).toBe(400);
    expect(posts(backend)).toEqual([]);
    const entry = await backend.db
      .selectFrom("audit_events")
      .select(["result", "upstream_status"])
      .where("idempotency_key", "=", "cents-1")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ result: "refused", upstream_status: null });
  });

  it("takes a sub-cent open balance exactly, so it can be cleared, and names it exactly when more is asked", async () => {
    const { backend, send } = await connected();
    const { payment, invoice } = await covered(3);
    // The ERP holds a balance with a fraction of a cent: all but 1.995 allocated straight through the API, confirmed.
    const direct = await sandbox.call(
      "POST",
      allocate(payment, invoice, subtractDecimal(String(invoice.OpenBalance), "1.995")).replace("/api", ""),
      {
        as: "Customer",
      },
    );
    expect(direct.status).toBe(201);
    await settle();
    const owed = (await sandbox.walk(`/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`, "Customer")).find(
      (i) => i.InvoiceNum === invoice.InvoiceNum,
    )!.OpenBalance;
    expect(owed).toBe("1.995000");

    const over = await send("POST", allocate(payment, invoice, "2.00"), "exact-1");
    expect(over.status).toBe(409);
    expect(over.body.Error?.detail).toBe(`${invoice.InvoiceNum} owes $1.995: allocate at most $1.995, not $2.00.`);
    expect((await send("POST", allocate(payment, invoice, "1.994"), "exact-2")).status).toBe(400);
    expect((await send("POST", allocate(payment, invoice, "1.995"), "exact-3")).status).toBe(201);
    expect(posts(backend)).toHaveLength(1);
    await settle();
    const after = await sandbox.walk(`/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`, "Customer");
    expect(after.find((i) => i.InvoiceNum === invoice.InvoiceNum)).toBeUndefined();
  });

  it("takes the rest of a payment's sub-cent credit exactly, and nothing else with sub-cent digits", async () => {
    const { send } = await connected();
    const { payment, invoice } = await covered(2, false);
    const creditOf = async () =>
      (await sandbox.walk(`/payments?ARAccountIDs=${payment.ARAccountID}`, "Customer")).find(
        (p) => p.PaymentInvoiceNum === payment.PaymentInvoiceNum,
      )!.AvailableBalance;
    // Straight through the API, all but 1.005 of the credit is asked toward another invoice of the account.
    const open = await sandbox.walk(`/payments/openInvoices?ARAccountIDs=${payment.ARAccountID}`, "Customer");
    const other = open.find((i) => i.InvoiceNum !== invoice.InvoiceNum && Number(i.OpenBalance) > 0)!;
    const hold = subtractDecimal(String(await creditOf()), "1.005");
    const direct = await sandbox.call("POST", allocate(payment, other, hold).replace("/api", ""), { as: "Customer" });
    expect(direct.status).toBe(201);
    expect(await creditOf()).toBe("1.005000");

    expect((await send("POST", allocate(payment, invoice, "1.004"), "rest-1")).status).toBe(400);
    expect((await send("POST", allocate(payment, invoice, "1.005"), "rest-2")).status).toBe(201);
    expect(await creditOf()).toBe("0.000000");
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
