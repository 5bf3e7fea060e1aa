import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreditList, CreditView, ScoreComponentKey } from "@/lib/domain/credit/view";
import { openTestSandbox, TEST_CLOCK, type TestSandbox } from "@/lib/sandbox/testing";
import type { TestBackend } from "../core/testing";
import { databaseProfiles } from "../testing";
import { getCredit, listCredit } from "./credit-api";
import { creditSetUp } from "./testing";

// The score against the sandbox, recomputed BY HAND here from the raw `/invoices`, `/payments/applications` and
// `/arAging` (this file's own arithmetic, never `reliability`), for three accounts: the demo store's and two of the
// staff's; each component equals what `GET /api/credit/{id}` answers the staff, and the store for its own.

let sandbox: TestSandbox;
let s: Awaited<ReturnType<typeof creditSetUp>>;
let backend: TestBackend;
beforeAll(async () => {
  sandbox = await openTestSandbox();
  s = await creditSetUp(sandbox, databaseProfiles()[0]!.open, Date.parse(TEST_CLOCK));
  backend = s.backend;
  await s.walk();
}, 120_000);
afterAll(async () => {
  await backend?.close();
  await sandbox?.close();
});

type Row = Record<string, unknown>;
const DAY = 86_400_000;
const micros = (text: unknown) => BigInt(Math.round(Number(text ?? 0) * 1_000_000));
const dayOf = (iso: unknown) => String(iso).slice(0, 10);
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The invoice's parts: its confirmed applications to the day, in time order, reversals from the latest, capped. */
function parts(apps: Row[], total: bigint, asOf: string): { amount: bigint; day: string }[] {
  const kept: { amount: bigint; day: string }[] = [];
  for (const a of [...apps].sort((x, y) => Date.parse(String(x.TimeApplied)) - Date.parse(String(y.TimeApplied)))) {
    if (!a.TimeApplied || dayOf(a.TimeApplied) > asOf) continue;
    let amount = micros(a.Amount);
    if (amount > 0n) kept.push({ amount, day: dayOf(a.TimeApplied) });
    while (amount < 0n && kept.length) {
      const last = kept.at(-1)!;
      const back = -amount < last.amount ? -amount : last.amount;
      last.amount -= back;
      amount += back;
      if (last.amount === 0n) kept.pop();
    }
  }
  let left = total;
  return kept.map((p) => {
    const take = p.amount < left ? p.amount : left;
    left -= take;
    return { amount: take, day: p.day };
  });
}

/** The four figures, by hand. */
function byHand(invoices: Row[], applications: Row[], aging: Row[], asOf: string) {
  const from = new Date(Date.parse(asOf) - 365 * DAY).toISOString().slice(0, 10);
  const judged = invoices
    .filter((i) => [3, 5, 7].includes(i.Status as number) && micros(i.InvoiceTotal) > 0n)
    .filter((i) => dayOf(i.DueDate) > from && dayOf(i.DueDate) <= asOf)
    .map((i) => {
      const total = micros(i.InvoiceTotal);
      const due = dayOf(i.DueDate);
      const p = parts(
        applications.filter((a) => a.TargetInvoiceNum === i.InvoiceNum),
        total,
        asOf,
      );
      return { due, total, p, unpaid: total - p.reduce((sum, x) => sum + x.amount, 0n) };
    });
  const dbt = (list: typeof judged) => {
    const total = list.reduce((sum, i) => sum + i.total, 0n);
    if (total === 0n) return null;
    let weighted = 0n;
    for (const i of list) {
      for (const p of i.p) weighted += p.amount * BigInt(Math.max(0, days(i.due, p.day)));
      weighted += i.unpaid * BigInt(Math.max(0, days(i.due, asOf)));
    }
    return Number(weighted) / Number(total);
  };
  const invoiced = judged.reduce((sum, i) => sum + i.total, 0n);
  const onTime = judged.reduce(
    (sum, i) => sum + i.p.filter((p) => p.day <= i.due).reduce((a, p) => a + p.amount, 0n),
    0n,
  );
  const bucket = (field: string) => aging.reduce((sum, r) => sum + (micros(r[field]) > 0n ? micros(r[field]) : 0n), 0n);
  const open = ["CurrentDue", "Due_1_30", "Due_31_60", "Due_61_90", "Due_91"].reduce((sum, f) => sum + bucket(f), 0n);
  const recentFrom = new Date(Date.parse(asOf) - 90 * DAY).toISOString().slice(0, 10);
  const recent = dbt(judged.filter((i) => i.due > recentFrom));
  const before = dbt(judged.filter((i) => i.due <= recentFrom));
  const all = dbt(judged);
  return {
    judged: judged.length,
    daysBeyondTerms: all === null ? null : round(all, 1),
    paidOnTime: invoiced === 0n ? null : round(Number(onTime) / Number(invoiced), 4),
    over60: open === 0n ? 0 : round(Number(bucket("Due_61_90") + bucket("Due_91")) / Number(open), 4),
    trend: recent === null || before === null ? null : round(before - recent, 1),
  };
}

const valueOf = (view: CreditView, key: ScoreComponentKey) =>
  view.reliability!.components.find((c) => c.key === key)?.value ?? null;

describe("the score, recomputed by hand from the API's raw lists", () => {
  it("equals the answer's components for the demo store's account and two of the staff's, to staff and store", async () => {
    const [storeAging] = await sandbox.walk("/arAging", "Customer");
    const storeAccount = storeAging!.ARAccountID as number;
    const list = await s.send(listCredit, "GET", "/api/credit?sort=balance&dir=desc", s.staff.cookie);
    const rows = (list.body as unknown as CreditList).rows.filter(
      (r) => r.score !== null && r.arAccountId !== storeAccount,
    );
    const over60 = rows.find((r) => Number(r.over60) > 0)!;
    const other = rows.find((r) => r !== over60 && r.customerIds.length >= 1)!;
    const applications = await sandbox.walk("/payments/applications?Statuses=Confirmed", "Employee");
    const invoices = await sandbox.walk("/invoices?Statuses=3,4,5,7", "Employee");
    const aging = await sandbox.walk("/arAging", "Employee");
    const firstAccount = new Map<string, number>();
    for (const a of applications)
      if (!firstAccount.has(String(a.TargetInvoiceNum)))
        firstAccount.set(String(a.TargetInvoiceNum), a.ARAccountID as number);

    for (const account of [storeAccount, over60.arAccountId, other.arAccountId]) {
      const staff = await s.send(getCredit, "GET", `/api/credit/${account}`, s.staff.cookie, {
        params: { arAccountId: String(account) },
      });
      expect(staff.status).toBe(200);
      const view = staff.body as unknown as CreditView;
      const mine = new Set(view.customerIds);
      const own = invoices.filter((i) => {
        const named = firstAccount.get(String(i.InvoiceNum));
        return named === undefined ? mine.has(i.CustomerID as number) : named === account;
      });
      const expected = byHand(
        own,
        applications.filter((a) => a.ARAccountID === account),
        aging.filter((r) => r.ARAccountID === account),
        view.asOf!,
      );
      expect(expected.judged, `account ${account} has history`).toBeGreaterThan(0);
      expect(view.reliability!.invoices).toBe(expected.judged);
      for (const key of ["daysBeyondTerms", "paidOnTime", "over60", "trend"] as const)
        expect(valueOf(view, key), `${key} of ${account}`).toBe(expected[key]);
    }

    // The store reads its own account live with its key: the same figures.
    const store = await s.send(getCredit, "GET", `/api/credit/${storeAccount}`, s.store.cookie, {
      params: { arAccountId: String(storeAccount) },
    });
    const staffView = await s.send(getCredit, "GET", `/api/credit/${storeAccount}`, s.staff.cookie, {
      params: { arAccountId: String(storeAccount) },
    });
    const [a, b] = [store.body as unknown as CreditView, staffView.body as unknown as CreditView];
    expect(a.side).toBe("store");
    expect(a.reliability!.components.map((c) => c.value)).toEqual(b.reliability!.components.map((c) => c.value));
    expect(a.reliability!.score).toBe(b.reliability!.score);
  });
});
