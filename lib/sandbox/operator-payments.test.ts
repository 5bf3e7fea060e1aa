import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDecimals, requireDecimal, subtractDecimal, toDecimalString } from "@/lib/format/decimal";
import { type Answer, openTestSandbox, TEST_CLOCK, type TestSandbox } from "./testing";

let sandbox: TestSandbox;
/** The demo Customer key's AR account. */
let account: number;
const TODAY = TEST_CLOCK.slice(0, 10);

type Row = Record<string, unknown>;
const micros = (value: unknown) => requireDecimal(String(value));
const money = (value: bigint) => toDecimalString(value, 6);
const cents = (value: bigint) => toDecimalString(value, 2);

beforeAll(async () => {
  sandbox = await openTestSandbox();
  // An account with at least two delivered invoices owing, the demo Customer key's first if it has them.
  const mine = (await sandbox.walk("/arAging", "Customer")).map((r) => r.ARAccountID as number);
  const all = (await sandbox.walk("/arAging")).map((r) => r.ARAccountID as number);
  for (const id of [...new Set([...mine, ...all])]) {
    if ((await owed(id)).length < 2) continue;
    account = id;
    return;
  }
  throw new Error("no AR account with two delivered invoices owing");
}, 60_000);
afterAll(() => sandbox.close());

/** The account's delivered invoices with something owed, oldest due first, as the API reads them. */
async function owed(arAccountId: number): Promise<Row[]> {
  const open = await sandbox.walk(`/payments/openInvoices?ARAccountIDs=${arAccountId}`);
  if (open.length === 0) return [];
  const customers = [...new Set(open.map((i) => i.CustomerID))].join(",");
  const delivered = new Set(
    (await sandbox.walk(`/invoices?Statuses=3,5,7&CustomerIDs=${customers}`)).map((i) => i.InvoiceID),
  );
  return open
    .filter((i) => delivered.has(i.InvoiceID) && micros(i.OpenBalance) > 0n)
    .sort((a, b) =>
      a.DueDate === b.DueDate
        ? (a.InvoiceID as number) - (b.InvoiceID as number)
        : String(a.DueDate) < String(b.DueDate)
          ? -1
          : 1,
    );
}

async function paymentCount(): Promise<number> {
  const row = await sandbox.db
    .selectFrom("payments")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const balanceOf = async (arAccountId: number) => {
  const rows = (await sandbox.walk(`/arAging?ARAccountIDs=${arAccountId}`)) as { TotalBalanceOutstanding: string }[];
  return rows.reduce((sum, r) => addDecimals(sum, r.TotalBalanceOutstanding), "0");
};

describe("POST /{env}/operator/payments", () => {
  it("posts a receipt applied to the oldest due invoices first, the rest available, that the API lists and ages", async () => {
    const before = await owed(account);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const [first, second] = before as [Row, Row];
    // The first invoice in full and half of the second's balance, rounded down to a cent.
    const half = (micros(second.OpenBalance) / 2n / 10_000n) * 10_000n;
    const amount = micros(first.OpenBalance) + half;
    const last = await sandbox.db
      .selectFrom("payments")
      .select(["payment_id", "payment_invoice_num"])
      .orderBy("payment_id", "desc")
      .executeTakeFirstOrThrow();
    const agedBefore = await balanceOf(account);

    const posted = await sandbox.postPayment({ arAccountId: account, amount: cents(amount), reference: "Check #4417" });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const payment = posted.body.payment as Row;
    const applications = posted.body.applications as Row[];
    expect(payment).toMatchObject({
      PaymentID: last.payment_id + 1,
      PaymentInvoiceNum: `PAY-${Number(last.payment_invoice_num.slice(4)) + 1}`,
      ARAccountID: account,
      PaymentTypeID: -1,
      SupplierID: null,
      Memo: "Check #4417",
      Amount: money(amount),
      AvailableBalance: money(0n),
      PostDate: `${TODAY}T00:00:00.000Z`,
      TimeCreated: TEST_CLOCK,
      LoadSheetStatusID: 5,
    });
    expect(applications).toEqual([
      expect.objectContaining({
        RequestID: null,
        Status: "Confirmed",
        TargetInvoiceNum: first.InvoiceNum,
        Amount: money(micros(first.OpenBalance)),
        PaymentInvoiceNum: payment.PaymentInvoiceNum,
        TimeApplied: TEST_CLOCK,
      }),
      expect.objectContaining({
        RequestID: null,
        Status: "Confirmed",
        TargetInvoiceNum: second.InvoiceNum,
        Amount: money(half),
      }),
    ]);
    expect(typeof applications[0]!.PaymentApplicationID).toBe("number");

    // The API reads what the answer said: the payment, its applications, the invoices' balances.
    const listed = await sandbox.walk(`/payments?ARAccountIDs=${account}`);
    expect(listed.find((p) => p.PaymentID === payment.PaymentID)).toEqual(payment);
    const applied = await sandbox.walk(`/payments/applications?PaymentInvoiceNums=${payment.PaymentInvoiceNum}`);
    expect(applied).toEqual(applications);
    const after = await owed(account);
    expect(after.find((i) => i.InvoiceID === first.InvoiceID)).toBeUndefined();
    expect(micros(after.find((i) => i.InvoiceID === second.InvoiceID)?.OpenBalance)).toBe(
      micros(second.OpenBalance) - half,
    );

    // The aging follows at the end of day, less the amount exactly.
    expect(await balanceOf(account)).toBe(agedBefore);
    expect((await sandbox.operator("POST", "/jobs/end-of-day")).status).toBe(200);
    expect(micros(await balanceOf(account))).toBe(micros(subtractDecimal(agedBefore, cents(amount))));
  });

  it("leaves an unapplied receipt all available, dated as asked", async () => {
    const day = "2026-11-19";
    const posted = await sandbox.postPayment({
      arAccountId: account,
      amount: "250",
      reference: "ACH 2026-11-19",
      date: day,
      apply: false,
    });
    expect(posted.status).toBe(201);
    expect(posted.body.payment).toMatchObject({
      Amount: money(250_000_000n),
      AvailableBalance: money(250_000_000n),
      PostDate: `${day}T00:00:00.000Z`,
    });
    expect(posted.body.applications).toEqual([]);
  });

  it("answers a repeated key with the first answer and refuses the key with another body", async () => {
    const body = { arAccountId: account, amount: "12.34", reference: "Check #5001" };
    const count = await paymentCount();
    const first = await sandbox.postPayment(body, "pay-repeat");
    const again = await sandbox.postPayment(body, "pay-repeat");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotency-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await paymentCount()).toBe(count + 1);
    const other = await sandbox.postPayment({ ...body, amount: "12.35" }, "pay-repeat");
    expect(other.status).toBe(409);
    expect(await paymentCount()).toBe(count + 1);
  });

  const refusals: [string, Record<string, unknown>, number, string][] = [
    ["fractions of a cent", { amount: "1.005" }, 400, "amount"],
    ["an amount not decimal text", { amount: "1e3" }, 400, "amount"],
    ["a JSON number", { amount: 5 }, 400, "amount"],
    ["no reference", { reference: undefined }, 400, "reference"],
    ["an empty reference", { reference: "  " }, 400, "reference"],
    ["a date two years away", { date: "2028-12-01" }, 400, "date"],
    ["an unknown field", { customerId: 20001 }, 400, ""],
    ["a bad account id", { arAccountId: -3 }, 400, "arAccountId"],
    ["zero", { amount: "0.00" }, 422, "amount"],
    ["a negative amount", { amount: "-5" }, 422, "amount"],
    ["an unknown account", { arAccountId: 999_999 }, 422, "arAccountId"],
  ];
  it.each(refusals)("refuses %s, naming the field, writing nothing", async (_, change, status, field) => {
    const count = await paymentCount();
    const answer: Answer = await sandbox.postPayment({
      arAccountId: account,
      amount: "10.00",
      reference: "Check #1",
      ...change,
    } as never);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    const fields = ((answer.body.Error as { fieldErrors?: { field: string }[] }).fieldErrors ?? []).map((e) => e.field);
    if (field) expect(fields).toContain(field);
    else expect(fields.length).toBeGreaterThan(0);
    expect(await paymentCount()).toBe(count);
  });
});
