import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subtractDecimal } from "@/lib/format/decimal";
import { hashKey } from "../keys";
import { availableBalanceSql } from "./payments";
import { expectDocumented } from "./test-fixtures";
import { openTestSandbox, type TestSandbox } from "../testing";

let sandbox: TestSandbox;
/** A payment of the demo Customer key's first AR account with credit left, and open invoices of that account and another. */
let payment: { num: string; account: number; available: number };
let invoice: string;
let otherAccountInvoice: string;
let otherAccountPayment: string;
/** Invoices of the same account that owe nothing: a credit (a return, its open balance negative) and one paid. */
let creditInvoice: string;
let paidInvoice: string;

beforeAll(async () => {
  sandbox = await openTestSandbox();
  const { db } = sandbox;
  const withCredit = await db
    .selectFrom("payments as p")
    .select(["p.payment_invoice_num", "p.ar_account_id", availableBalanceSql(db).as("available")])
    .where("p.ar_account_id", "=", 50001)
    .where("p.supplier_id", "is", null)
    .where(sql<boolean>`${availableBalanceSql(db)} > 100000000`)
    .orderBy("p.payment_id")
    .executeTakeFirstOrThrow();
  payment = {
    num: withCredit.payment_invoice_num,
    account: withCredit.ar_account_id,
    available: Number(withCredit.available),
  };
  const open = (account: number) =>
    db
      .selectFrom("invoices as i")
      .innerJoin("customers as c", "c.customer_id", "i.customer_id")
      .select("i.invoice_num")
      .where("c.ar_account_id", "=", account)
      .where("i.open_balance_micros", ">", 0)
      .orderBy("i.invoice_id")
      .executeTakeFirstOrThrow();
  invoice = (await open(50001)).invoice_num;
  otherAccountInvoice = (await open(50002)).invoice_num;
  otherAccountPayment = (
    await db
      .selectFrom("payments")
      .select("payment_invoice_num")
      .where("ar_account_id", "=", 50002)
      .executeTakeFirstOrThrow()
  ).payment_invoice_num;
  const owing = (compare: "<" | "=") =>
    db
      .selectFrom("invoices as i")
      .innerJoin("customers as c", "c.customer_id", "i.customer_id")
      .select("i.invoice_num")
      .where("c.ar_account_id", "=", 50001)
      .where("i.open_balance_micros", compare, 0)
      .orderBy("i.invoice_id")
      .executeTakeFirstOrThrow();
  creditInvoice = (await owing("<")).invoice_num;
  paidInvoice = (await owing("=")).invoice_num;
}, 60_000);
afterAll(() => sandbox.close());

const post = (params: Record<string, string | number>, as = "Customer", headers: Record<string, string> = {}) =>
  sandbox.call(
    "POST",
    `/v1/payments/applications?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
    { as, headers },
  );
const request = (amount: string, o: Partial<Record<string, string | number>> = {}) =>
  ({
    PaymentInvoiceNum: payment.num,
    TargetInvoiceNum: invoice,
    ARAccountID: payment.account,
    Amount: amount,
    ...o,
  }) as Record<string, string | number>;
const availableOf = async (num: string, as = "Customer") => {
  const { body } = await sandbox.call("GET", `/v1/payments?ARAccountIDs=${payment.account}&PageSize=500`, { as });
  return (body.Data as { PaymentInvoiceNum: string; AvailableBalance: string }[]).find(
    (p) => p.PaymentInvoiceNum === num,
  )?.AvailableBalance;
};
const errorCode = (body: { Error?: unknown }) => (body.Error as { code?: string }).code;

describe("POST /payments/applications", () => {
  it("creates a Pending request, answers 201 with the documented record, and holds the amount at once", async () => {
    const before = await availableOf(payment.num);
    const { status, body } = await post(request("12.34"));
    expect(status).toBe(201);
    expectDocumented("createPaymentApplication", body);
    const data = body.Data as Record<string, unknown>;
    const key = await sandbox.db
      .selectFrom("api_keys")
      .select("user_id")
      .where("key_hash", "=", hashKey("test-customer-demo"))
      .executeTakeFirstOrThrow();
    expect(data).toMatchObject({
      Status: "Pending",
      Amount: "12.340000",
      PaymentInvoiceNum: payment.num,
      TargetInvoiceNum: invoice,
      ARAccountID: payment.account,
      RequestedByUserID: key.user_id,
      TimeExported: null,
      TimeConfirmed: null,
    });
    expect(Number(before) - Number(await availableOf(payment.num))).toBeCloseTo(12.34, 6);
    const listed = await sandbox.call(
      "GET",
      `/v1/payments/applications?PaymentInvoiceNums=${payment.num}&Statuses=Pending`,
      { as: "Customer" },
    );
    expect((listed.body.Data as { RequestID: number }[]).map((a) => a.RequestID)).toContain(data.RequestID);
  });

  it("numbers requests after the seeded ones", async () => {
    const { max } = await sandbox.db
      .selectFrom("payment_applications")
      .select((eb) => eb.fn.max("request_id").as("max"))
      .executeTakeFirstOrThrow();
    const { body } = await post(request("1.00"));
    expect((body.Data as { RequestID: number }).RequestID).toBe(Number(max) + 1);
  });

  // Lazy: the payment and invoices are found in beforeAll, after the table is built.
  it.each<[string, () => Record<string, string | number>, string, number, string | undefined]>([
    ["a Supplier key", () => request("1.00"), "Supplier", 403, undefined],
    ["an unknown key", () => request("1.00"), "test-customer-other", 401, undefined],
    [
      "a missing PaymentInvoiceNum",
      () => ({ TargetInvoiceNum: invoice, ARAccountID: 50001, Amount: "1" }),
      "Customer",
      400,
      undefined,
    ],
    [
      "a missing TargetInvoiceNum",
      () => ({ PaymentInvoiceNum: payment.num, ARAccountID: 50001, Amount: "1" }),
      "Customer",
      400,
      undefined,
    ],
    [
      "a missing ARAccountID",
      () => ({ PaymentInvoiceNum: payment.num, TargetInvoiceNum: invoice, Amount: "1" }),
      "Customer",
      400,
      undefined,
    ],
    [
      "a missing Amount",
      () => ({ PaymentInvoiceNum: payment.num, TargetInvoiceNum: invoice, ARAccountID: 50001 }),
      "Customer",
      400,
      undefined,
    ],
    ["a zero Amount", () => request("0.00"), "Customer", 400, undefined],
    ["a negative Amount", () => request("-5"), "Customer", 400, undefined],
    ["an Amount with 7 decimals", () => request("1.0000001"), "Customer", 400, "INVALID_AMOUNT"],
    [
      "an unknown payment",
      () => request("1.00", { PaymentInvoiceNum: "PAY-999999" }),
      "Customer",
      400,
      "PAYMENT_NOT_IN_ACCOUNT",
    ],
    [
      "another account's payment",
      () => request("1.00", { PaymentInvoiceNum: otherAccountPayment }),
      "Customer",
      400,
      "PAYMENT_NOT_IN_ACCOUNT",
    ],
    [
      "another account's invoice",
      () => request("1.00", { TargetInvoiceNum: otherAccountInvoice }),
      "Customer",
      400,
      "INVOICE_NOT_IN_ACCOUNT",
    ],
    [
      "a credit (an invoice with a negative open balance)",
      () => request("1.00", { TargetInvoiceNum: creditInvoice }),
      "Customer",
      400,
      "INVOICE_NOT_OPEN",
    ],
    ["a paid invoice", () => request("1.00", { TargetInvoiceNum: paidInvoice }), "Customer", 400, "INVOICE_NOT_OPEN"],
    ["more than the available balance", () => request("99999999.00"), "Customer", 400, "INSUFFICIENT_BALANCE"],
  ])("refuses %s", async (_, params, as, status, code) => {
    const before = await sandbox.db
      .selectFrom("payment_applications")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const { status: got, body } = await post(params(), as);
    expect(got).toBe(status);
    if (code) {
      expect(errorCode(body)).toBe(code);
      expect((body.Error as { fieldErrors: { field: string }[] }).fieldErrors[0]!.field).toMatch(
        /^(Amount|PaymentInvoiceNum|TargetInvoiceNum)$/,
      );
    }
    const after = await sandbox.db
      .selectFrom("payment_applications")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n, "nothing is written").toBe(before.n);
  });

  it("answers 403 to a Customer key asking for an AR account it does not hold", async () => {
    const { status } = await post(request("1.00", { ARAccountID: 59999 }));
    expect(status).toBe(403);
  });

  it("lets an Employee key allocate for any account, as its own user", async () => {
    const { status, body } = await post(request("2.00"), "Employee");
    expect(status).toBe(201);
    const key = await sandbox.db
      .selectFrom("api_keys")
      .select("user_id")
      .where("key_hash", "=", hashKey("test-employee-demo"))
      .executeTakeFirstOrThrow();
    expect((body.Data as { RequestedByUserID: number }).RequestedByUserID).toBe(key.user_id);
  });

  // The documentation's Amount is a number (must be positive, within the payment's credit): nothing limits its
  // decimals, and the records hold 6. The sandbox takes a sub-cent amount as the API does, exactly; Backroom's proxy
  // is what holds a person to cents (lib/server/core/proxy/balance.ts).
  it("takes an amount with sub-cent digits exactly: held from the credit, then off the invoice's open balance", async () => {
    const before = await availableOf(payment.num);
    const { status, body } = await post(request("100.005"));
    expect(status).toBe(201);
    expect((body.Data as { Amount: string }).Amount).toBe("100.005000");
    expect(subtractDecimal(before!, (await availableOf(payment.num))!)).toBe("100.005000");
    const owed = () =>
      sandbox.db
        .selectFrom("invoices")
        .select("open_balance_micros")
        .where("invoice_num", "=", invoice)
        .executeTakeFirstOrThrow();
    const outstanding = await sandbox.db
      .selectFrom("payment_applications")
      .select((eb) => eb.fn.sum<number>("amount_micros").as("sum"))
      .where("target_invoice_num", "=", invoice)
      .where("status", "in", ["Pending", "Exported"])
      .executeTakeFirstOrThrow();
    const { open_balance_micros: open } = await owed();
    for (const run of [1, 2]) expect((await sandbox.operator("POST", "/jobs/export")).status, `run ${run}`).toBe(200);
    // Every request toward it fits its balance: all confirmed, to the micro-unit.
    expect((await owed()).open_balance_micros).toBe(open - Number(outstanding.sum));
    expect(Number(outstanding.sum) % 10_000).toBe(5_000);
  });

  it("takes exactly the available balance, leaving 0, and then refuses another cent", async () => {
    const left = await availableOf(payment.num);
    expect((await post(request(left!))).status).toBe(201);
    expect(await availableOf(payment.num)).toBe("0.000000");
    const { status, body } = await post(request("0.01"));
    expect([status, errorCode(body)]).toEqual([400, "INSUFFICIENT_BALANCE"]);
  });

  it("refuses a reversed payment, whose available balance is 0", async () => {
    const reversed = await sandbox.db
      .selectFrom("payments")
      .select(["payment_invoice_num", "ar_account_id"])
      .where("amount_micros", "<", 0)
      .executeTakeFirst();
    if (!reversed) return expect.fail("the seed has a reversed payment");
    const target = await sandbox.db
      .selectFrom("invoices as i")
      .innerJoin("customers as c", "c.customer_id", "i.customer_id")
      .select("i.invoice_num")
      .where("c.ar_account_id", "=", reversed.ar_account_id)
      .where("i.open_balance_micros", ">", 0)
      .executeTakeFirstOrThrow();
    const { status, body } = await post(
      {
        PaymentInvoiceNum: reversed.payment_invoice_num,
        TargetInvoiceNum: target.invoice_num,
        ARAccountID: reversed.ar_account_id,
        Amount: "1.00",
      },
      "Employee",
    );
    expect([status, errorCode(body)]).toEqual([400, "INSUFFICIENT_BALANCE"]);
  });

  it("refuses a supplier's credit toward an invoice without that supplier's goods, and takes it toward one with them", async () => {
    const { db } = sandbox;
    const carrying = await db
      .selectFrom("invoice_supplier_totals as t")
      .innerJoin("invoices as i", "i.invoice_id", "t.invoice_id")
      .innerJoin("customers as c", "c.customer_id", "i.customer_id")
      .select(["t.supplier_id", "i.invoice_num", "c.ar_account_id"])
      .where("c.ar_account_id", "=", 50001)
      .where("i.open_balance_micros", ">", 0)
      .orderBy("i.invoice_id")
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom("invoices as i")
      .innerJoin("customers as c", "c.customer_id", "i.customer_id")
      .select("i.invoice_num")
      .where("c.ar_account_id", "=", 50001)
      .where("i.open_balance_micros", ">", 0)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("invoice_supplier_totals as t")
              .select("t.invoice_id")
              .whereRef("t.invoice_id", "=", "i.invoice_id")
              .where("t.supplier_id", "=", carrying.supplier_id),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const template = await db
      .selectFrom("payments")
      .selectAll()
      .where("ar_account_id", "=", 50001)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("payments")
      .values({
        ...template,
        payment_id: 699_999,
        payment_invoice_id: 899_999,
        payment_invoice_num: "PAY-CREDIT-1",
        supplier_id: carrying.supplier_id,
        amount_micros: 50_000_000,
      })
      .execute();
    const credit = { PaymentInvoiceNum: "PAY-CREDIT-1", ARAccountID: 50001, Amount: "5.00" };
    const refused = await post({ ...credit, TargetInvoiceNum: other.invoice_num }, "Employee");
    expect([refused.status, errorCode(refused.body)]).toEqual([400, "INVOICE_NOT_ELIGIBLE"]);
    expect((await post({ ...credit, TargetInvoiceNum: carrying.invoice_num }, "Employee")).status).toBe(201);
  });
});
