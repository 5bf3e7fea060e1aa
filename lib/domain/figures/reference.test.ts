import { expect } from "vitest";
import { demoKeys } from "@/lib/sandbox/keys";
import type { OperationId } from "@/lib/data-api/registry";
import type { ApiRequest } from "@/lib/domain/api-query";
import { amountsOf, linesOf, sumAmounts } from "@/lib/domain/ar-aging/aging";
import { collectionRows } from "@/lib/domain/collections/collections";
import { worstBucket } from "@/lib/domain/collections/collections-list";
import { entryOf } from "@/lib/domain/collections/collections-input";
import { customersRequest, deliveryParams } from "@/lib/domain/delivery/requests";
import { deliveriesOn, scheduleRows } from "@/lib/domain/delivery/schedule";
import { salesBy } from "@/lib/domain/insights/sales-by";
import { distribution } from "@/lib/domain/insights/distribution";
import { doorsDueRows, weekRows } from "@/lib/domain/insights/insight-table-rows";
import { insightsQuery, supplierRanking } from "@/lib/domain/insights/insights-tables";
import { isCredit, owed } from "@/lib/domain/invoices/open-items";
import { openInvoicesRequest, paymentsRequest } from "@/lib/ui/payments/requests";
import { agingInvoiceIds, buildStatement, type Statement } from "@/lib/domain/statements/statement";
import { OUT_OF_STOCK, stockBuckets } from "@/lib/domain/stock/stock-buckets";
import { readGuide } from "@/lib/domain/order-guide/guide-data";
import { todayModel } from "@/lib/domain/today/today";
import { todayBalances, worstPastDue } from "@/lib/domain/today/today-balances";
import { readTodayData } from "@/lib/domain/today/today-data";
import { todayGlance } from "@/lib/domain/today/today-strip";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { FIGURE_PARAM, wholeList } from "@/lib/domain/views/whole-list";
import {
  AWAITING_QUERY,
  accountsOfOpenInvoices,
  ON_HOLD_QUERY,
  overviewAging,
  overviewAvailable,
  overviewInventory,
  overviewOrders,
  ORDERS_QUERY,
  overviewAwaitingVerification,
  overviewOnHold,
  overviewOpenInvoices,
  overviewPayments,
  overviewPending,
  topAccounts,
} from "@/lib/ui/overview/requests";
import { creditAvailable, pendingAllocations } from "@/lib/domain/payments/credit";
import { DEFAULT_MAPPING } from "@/lib/domain/accounting/mapping";
import { ALL_INVOICE_STATUSES } from "@/lib/domain/accounting/bills";
import { paymentSums, paymentsOf } from "@/lib/domain/accounting/bill-payments";
import { billsOf, totalOf } from "@/lib/domain/accounting/bills";
import { billsInBooks, billsFor } from "@/lib/domain/accounting/formats";
import {
  byKey,
  checkReferences,
  type CountedLine,
  coverage,
  day,
  micros,
  projectClient,
  projectWalk,
  type Readings,
  type ReferenceCases,
  rounded,
  type Row,
  sales,
  salesRows,
  type Seed,
  shiftDay,
  sum,
  walk,
  walks,
  walkV2,
  weekday,
  invoiceLines,
} from "./reference-kit";

// The second reading: each figure of the catalogue recomputed from the sandbox's raw records by a reference of its own
// (walk every page as the API pages, keep the rows by the definition's words, add integer micro-units), and compared
// with what the project's function makes of the same API, on four seeds: two environments (each its own generator) at
// two clocks and scales. The reference never calls a project function: where the two disagree, one of them is wrong.
// The seeds, the tools and the suite are `reference-kit.ts`'s, shared with the other `reference-*.test.ts` files.

/** Dates a customer record lists: DeliveryDates (an array) and NextDeliveryDates ("a;b"), as days. */
function listedDates(customer: Row): string[] {
  const given = Array.isArray(customer.DeliveryDates) ? customer.DeliveryDates : [];
  const next = typeof customer.NextDeliveryDates === "string" ? customer.NextDeliveryDates.split(";") : [];
  return [...given, ...next].map(day).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
}

/**
 * One reference per figure of the catalogue (here, or in a `reference-*.test.ts` of its own): a figure added to
 * `catalog.ts` without one fails `catalog.test.ts`'s "has a reference".
 * Money is compared as integer micro-units, so "to the cent" holds with room to spare.
 */
const CASES: ReferenceCases = {
  async "deliveries-on-date"(seed) {
    const request = customersRequest(deliveryParams({}));
    const [customers, states] = await Promise.all([
      projectWalk(seed, "Employee", request),
      projectWalk(seed, "Employee", { operation: "listStates", query: {} }),
    ]);
    const rows = scheduleRows(customers.records, states.records, [], {}, seed.now);
    const week = Array.from({ length: 7 }, (_, i) => shiftDay(seed.today, i));
    const project = week.map((d) => deliveriesOn(rows, d).length);
    // Reference: an active customer delivers on D when the API dates D; a customer the API dates nothing from today on
    // delivers on its weekdays (the next two weeks).
    const active = await walk(seed, "Employee", "/customers?AccountStatuses=Active");
    const reference = week.map(
      (d) =>
        active.filter((c) => {
          const dates = listedDates(c).filter((x) => x >= seed.today);
          if (dates.length) return dates.includes(d);
          return String(c.DeliveryDays ?? "")
            .split(/[^0-9]+/)
            .filter(Boolean)
            .map(Number)
            .includes(weekday(d));
        }).length,
    );
    return { project, reference };
  },

  async "customers-on-hold"(seed) {
    const walked = await projectWalk(seed, "Employee", overviewOnHold);
    const project = wholeList(LIST_VIEWS.customers, ON_HOLD_QUERY, walked, seed.today).count;
    const active = await walk(seed, "Employee", "/customers?AccountStatuses=Active");
    return { project, reference: active.filter((c) => c.OnHold === true).length };
  },

  async "invoices-awaiting-count"(seed) {
    const walked = await projectWalk(seed, "Employee", overviewAwaitingVerification);
    const project = wholeList(LIST_VIEWS.invoices, AWAITING_QUERY, walked, seed.today).count;
    const all = await walk(seed, "Employee", "/invoices?Statuses=1,2,3,4,5,7");
    return { project, reference: all.filter((i) => i.Status === 5).length };
  },

  async "invoices-awaiting-total"(seed) {
    const walked = await projectWalk(seed, "Employee", overviewAwaitingVerification);
    const project = micros(wholeList(LIST_VIEWS.invoices, AWAITING_QUERY, walked, seed.today).totals.InvoiceTotal);
    const all = await walk(seed, "Employee", "/invoices?Statuses=1,2,3,4,5,7");
    return { project, reference: sum(all.filter((i) => i.Status === 5).map((i) => i.InvoiceTotal)) };
  },

  async "open-past-due-count"(seed) {
    const { project, reference } = await openFigure(seed, "past-due", (i) => day(i.DueDate) < seed.today);
    return { project: project.count, reference: reference.length };
  },

  async "open-past-due-total"(seed) {
    const { project, reference } = await openFigure(seed, "past-due", (i) => day(i.DueDate) < seed.today);
    return { project: micros(project.totals.OpenBalance), reference: sum(reference.map((i) => i.OpenBalance)) };
  },

  async "open-due-soon-count"(seed) {
    const until = shiftDay(seed.today, 14);
    const { project, reference } = await openFigure(
      seed,
      "due-soon",
      (i) => day(i.DueDate) >= seed.today && day(i.DueDate) <= until,
    );
    return { project: project.count, reference: reference.length };
  },

  async "open-credits-count"(seed) {
    // The customer page's credits are `openItems`' (isCredit) of the same records as the list's figure.
    const walked = await projectWalk(seed, "Customer", overviewOpenInvoices);
    const list = wholeList(LIST_VIEWS.openInvoices, { [FIGURE_PARAM]: "credits" }, walked, seed.today);
    expect(walked.records.filter(isCredit).length).toBe(list.count);
    const open = await walk(seed, "Customer", "/payments/openInvoices");
    return { project: list.count, reference: open.filter((i) => micros(i.OpenBalance) < 0n).length };
  },

  async "credit-available"(seed) {
    const open = await projectWalk(seed, "Customer", overviewOpenInvoices);
    const payments = await projectWalk(seed, "Customer", overviewPayments(accountsOfOpenInvoices(open.records)));
    const project = micros(creditAvailable(payments.records));
    const accounts = new Set((await walk(seed, "Customer", "/payments/openInvoices")).map((i) => i.ARAccountID));
    const all = await walk(seed, "Customer", "/payments");
    return { project, reference: sum(all.filter((p) => accounts.has(p.ARAccountID)).map((p) => p.AvailableBalance)) };
  },

  async "allocation-requests-pending"(seed) {
    const open = await projectWalk(seed, "Customer", overviewOpenInvoices);
    const pending = await projectWalk(seed, "Customer", overviewPending(accountsOfOpenInvoices(open.records)));
    const { count, amount } = pendingAllocations(pending.records);
    const accounts = new Set((await walk(seed, "Customer", "/payments/openInvoices")).map((i) => i.ARAccountID));
    const all = await walk(seed, "Customer", "/payments/applications");
    const waiting = all.filter(
      (a) => accounts.has(a.ARAccountID) && (a.Status === "Pending" || a.Status === "Exported"),
    );
    return {
      project: { count, amount: micros(amount) },
      reference: { count: waiting.length, amount: sum(waiting.map((a) => a.Amount)) },
    };
  },

  async "account-owed"(seed) {
    // The payments page of each of the retailer's AR accounts: its open invoices' request, `owed` of what it lists.
    const accounts = await retailerAccounts(seed);
    const project = await Promise.all(
      accounts.map(async (a) => {
        const { count, amount } = owed((await projectWalk(seed, "Customer", openInvoicesRequest(a), 1)).records);
        return [a, count, micros(amount)];
      }),
    );
    const reference = await Promise.all(
      accounts.map(async (a) => {
        const debts = (await walk(seed, "Customer", `/payments/openInvoices?ARAccountIDs=${a}`)).filter(
          (i) => micros(i.OpenBalance) > 0n,
        );
        return [a, debts.length, sum(debts.map((i) => i.OpenBalance))];
      }),
    );
    return { project, reference };
  },

  async "account-credit-left"(seed) {
    const accounts = await retailerAccounts(seed);
    const project = await Promise.all(
      accounts.map(async (a) => [
        a,
        micros(creditAvailable((await projectWalk(seed, "Customer", paymentsRequest(a), 1)).records)),
      ]),
    );
    const reference = await Promise.all(
      accounts.map(async (a) => [
        a,
        sum((await walk(seed, "Customer", `/payments?ARAccountIDs=${a}`)).map((p) => p.AvailableBalance)),
      ]),
    );
    return { project, reference };
  },

  async "statement-outstanding"(seed) {
    // Both places the page shows it: the balance (the aging's) and the open invoices' total row.
    return statementFigure(
      seed,
      (s) => [micros(s.aging.total), micros(s.invoicesTotal)],
      ({ rows }) => {
        const total = sum(rows.map((r) => r.TotalBalanceOutstanding));
        return [total, total];
      },
    );
  },

  async "statement-aging"(seed) {
    const fields = ["CurrentDue", "Due_1_30", "Due_31_60", "Due_61_90", "Due_91", "OpenCredit"];
    return statementFigure(
      seed,
      (s) => [
        ...(["current", "1-30", "31-60", "61-90", "91"] as const).map((b) => micros(s.aging.buckets[b])),
        micros(s.aging.openCredit),
      ],
      ({ rows }) => fields.map((f) => sum(rows.map((r) => r[f]))),
    );
  },

  async "statement-credit-left"(seed) {
    return statementFigure(
      seed,
      (s) => micros(s.creditTotal),
      ({ payments }) => sum(payments.map((p) => p.AvailableBalance).filter((v) => micros(v) > 0n)),
    );
  },

  async "statement-received"(seed) {
    return statementFigure(
      seed,
      (s) => micros(s.paymentsTotal),
      ({ payments, closeDay }) => {
        const from = shiftDay(closeDay, -89);
        return sum(
          payments
            .filter((p) => p.PaymentInvoiceNum && day(p.PostDate) >= from && day(p.PostDate) <= closeDay)
            .map((p) => p.Amount),
        );
      },
    );
  },

  async "aging-line"(seed) {
    // The AR aging page's lines, one per API row, for each key: its buckets, open credit and total as the row sends them.
    const fields = [
      "CurrentDue",
      "Due_1_30",
      "Due_31_60",
      "Due_61_90",
      "Due_91",
      "OpenCredit",
      "TotalBalanceOutstanding",
    ];
    const project: unknown[] = [];
    const reference: unknown[] = [];
    for (const as of ["Customer", "Supplier", "Employee"] as const) {
      const walked = await projectWalk(seed, as, overviewAging);
      project.push(
        linesOf(walked.records).map((l) => [
          l.arAccountId,
          l.supplierId,
          ...(["current", "1-30", "31-60", "61-90", "91"] as const).map((b) => micros(l.amounts.buckets[b])),
          micros(l.amounts.openCredit),
          micros(l.amounts.total),
        ]),
      );
      reference.push(
        (await walk(seed, as, "/arAging")).map((r) => [
          r.ARAccountID,
          r.SupplierID,
          ...fields.map((f) => micros(r[f])),
        ]),
      );
    }
    return { project, reference };
  },

  async "account-past-due"(seed) {
    const { rows, aging } = await collections(seed);
    const project = rows.map((r) => [r.arAccountId, micros(r.over30), micros(r.over60), micros(r.over90)]);
    // Today's figures are the same function's: every account of the aging, as its cards read them.
    const today = todayBalances(
      { openInvoices: [], aging: (await projectWalk(seed, "Employee", overviewAging)).records },
      new Set(),
    );
    for (const r of rows) {
      const figures = today.accountFigures.get(r.arAccountId)!;
      expect([figures.over30, figures.over60, figures.over90], `Today's figures of ${r.arAccountId}`).toEqual([
        r.over30,
        r.over60,
        r.over90,
      ]);
    }
    const reference = accountsOf(aging).map((account) => {
      const mine = aging.filter((r) => r.ARAccountID === account);
      const over90 = sum(mine.map((r) => r.Due_91));
      const over60 = over90 + sum(mine.map((r) => r.Due_61_90));
      return [account, over60 + sum(mine.map((r) => r.Due_31_60)), over60, over90];
    });
    return { project, reference };
  },

  async "collections-open-credit"(seed) {
    const { rows, aging } = await collections(seed);
    return {
      project: rows.map((r) => [r.arAccountId, micros(r.openCredit)]),
      reference: accountsOf(aging).map((a) => [
        a,
        sum(aging.filter((r) => r.ARAccountID === a).map((r) => r.OpenCredit)),
      ]),
    };
  },

  async "collections-unapplied"(seed) {
    const { rows, aging } = await collections(seed);
    const payments = await walk(seed, "Employee", "/payments");
    return {
      project: rows.map((r) => [r.arAccountId, micros(r.unapplied)]),
      reference: accountsOf(aging).map((a) => [
        a,
        sum(payments.filter((p) => p.ARAccountID === a).map((p) => p.AvailableBalance)),
      ]),
    };
  },

  async "stock-sold-90-days"(seed) {
    const { project, rows } = await stockFigure(seed, "sold-90-days");
    return {
      project,
      reference: rows.filter((r) => micros(r.AvgDailySales90d) > 0n && r.DOI != null && r.DOI !== "").length,
    };
  },

  async "stock-low-cover"(seed) {
    const { project, rows } = await stockFigure(seed, "under-14-days");
    const cover = rows.filter(
      (r) => micros(r.AvgDailySales90d) > 0n && r.DOI != null && r.DOI !== "" && micros(r.DOI) < micros("14"),
    );
    return { project, reference: cover.length };
  },

  async "orders-drafts"(seed) {
    const { project, all } = await ordersFigure(seed, "drafts");
    return { project, reference: all.filter((p) => p.status === "InProgress").length };
  },

  async "orders-submitted"(seed) {
    // The seeds hold drafts, none submitted: the reference submits the drafts the API takes (a brand's own act), so the
    // count is something; then both readings are of the list as it is after.
    for (const draft of (await walkV2(seed, "Supplier", "/purchases")).filter((p) => p.status === "InProgress")) {
      const url = `/${seed.env}/api/v2/purchases/${encodeURIComponent(String(draft.purchase_global_id))}/submit`;
      await seed.runtime().app.request(url, {
        method: "POST",
        headers: {
          "x-api-key": demoKeys(seed.env).Supplier,
          "Idempotency-Key": `reference-${draft.purchase_global_id}`,
        },
      });
    }
    walks.delete(`${seed.name} Supplier v2 /purchases`);
    const { project, all } = await ordersFigure(seed, "submitted");
    return { project, reference: all.filter((p) => p.status === "Submitted").length };
  },

  async "aging-total"(seed) {
    return agingFigure(
      seed,
      (rows) => sum(rows.map((r) => r.TotalBalanceOutstanding)),
      (t) => micros(t.total),
    );
  },

  async "aging-bucket"(seed) {
    const fields = ["CurrentDue", "Due_1_30", "Due_31_60", "Due_61_90", "Due_91"];
    return agingFigure(
      seed,
      (rows) => fields.map((f) => sum(rows.map((r) => r[f]))),
      (t) => ["current", "1-30", "31-60", "61-90", "91"].map((b) => micros(t.buckets[b as "current"])),
    );
  },

  async "out-of-stock"(seed) {
    const walked = await projectWalk(seed, "Supplier", overviewAvailable);
    const project = stockBuckets(walked.records).get(OUT_OF_STOCK);
    const all = await walk(seed, "Supplier", "/availableInventory");
    return { project, reference: all.filter((p) => p.InventoryBucket === "Out of Stock").length };
  },

  async "top-customers"(seed) {
    const walked = await projectWalk(seed, "Supplier", overviewAging);
    const project = topAccounts(walked.records).top.map(([account, total]) => [account, micros(total)]);
    const owed = new Map<unknown, bigint>();
    for (const r of await walk(seed, "Supplier", "/arAging"))
      owed.set(r.ARAccountID, (owed.get(r.ARAccountID) ?? 0n) + micros(r.TotalBalanceOutstanding));
    const reference = [...owed]
      .sort((a, b) => (a[1] === b[1] ? Number(a[0]) - Number(b[0]) : a[1] > b[1] ? -1 : 1))
      .slice(0, 5);
    return { project, reference };
  },

  async "sales-revenue"(seed) {
    const { project, lines } = await sales(seed);
    return { project: micros(project.revenue), reference: lines.reduce((total, l) => total + l.amount, 0n) };
  },

  async "sales-units"(seed) {
    const { project, lines } = await sales(seed);
    return { project: project.units, reference: lines.reduce((n, l) => n + l.units, 0) };
  },

  async "sales-invoices"(seed) {
    const { project, lines } = await sales(seed);
    return {
      project: project.invoices,
      reference: new Set(lines.filter((l) => !l.returned).map((l) => l.invoiceId)).size,
    };
  },

  async "sales-by-product"(seed) {
    const { input, period, lines } = await sales(seed);
    const project = salesBy("product", input, period).map((r) => [
      Number(r.key),
      r.units,
      micros(r.revenue),
      r.invoices,
    ]);
    return { project: byKey(project), reference: salesRows(lines, (l) => l.productId) };
  },

  async "sales-by-retailer"(seed) {
    const { input, period, lines } = await sales(seed);
    const project = salesBy("customer", input, period)
      .filter((r) => r.units !== 0 || r.invoices > 0)
      .map((r) => [Number(r.key), r.units, micros(r.revenue), r.invoices]);
    return { project: byKey(project), reference: salesRows(lines, (l) => l.customerId) };
  },

  async "sales-by-week"(seed) {
    const { input, period, lines } = await sales(seed);
    const project = weekRows(input, period, 28).map((w) => [w.week, w.units, micros(w.revenue), w.invoices]);
    // Reference: the signed lines grouped by their invoice's week (its Monday), every week the period touches a row.
    const monday = (d: string) => shiftDay(d, 1 - weekday(d));
    const reference: unknown[][] = [];
    for (let week = monday(period.from); week <= period.to; week = shiftDay(week, 7)) {
      const mine = lines.filter((l) => monday(l.day) === week);
      reference.push([
        week,
        mine.reduce((n, l) => n + l.units, 0),
        mine.reduce((total, l) => total + l.amount, 0n),
        new Set(mine.filter((l) => !l.returned).map((l) => l.invoiceId)).size,
      ]);
    }
    return { project, reference };
  },

  async "sales-by-supplier"(seed) {
    // Staff's table (a brand's key reads its own lines only): the Employee key's sales.
    const { input, period, lines } = await sales(seed, "Employee");
    const project = supplierRanking({ ...input, shelf: [] }, insightsQuery({ weeks: "4" }), period.to).map((r) => [
      Number(r.key),
      r.units,
      micros(r.revenue),
      r.invoices,
    ]);
    return { project: byKey(project), reference: salesRows(lines, (l) => l.supplierId) };
  },

  async "sales-by-rep"(seed) {
    // Staff's table over the whole distributor: the Employee key's sales.
    const { input, period, lines } = await sales(seed, "Employee");
    const coverOf = await coverage(seed);
    const stores = [...new Set(input.invoices.map((i) => i.customerId))];
    const history = {
      ...input,
      customers: stores.map((customerId) => ({ customerId, name: "", state: null, repUserIds: coverOf(customerId) })),
    };
    const project = salesBy("rep", history, period).map((r) => [r.key, r.units, micros(r.revenue), r.invoices]);
    // Reference: each signed line counts once for every rep covering its invoice's store, else for "none".
    const groups = new Map<string, CountedLine[]>();
    for (const l of lines)
      for (const rep of coverOf(l.customerId).length ? coverOf(l.customerId).map(String) : ["none"])
        groups.set(rep, [...(groups.get(rep) ?? []), l]);
    const reference = [...groups].map(([rep, mine]) => [
      rep,
      mine.reduce((n, l) => n + l.units, 0),
      mine.reduce((total, l) => total + l.amount, 0n),
      new Set(mine.filter((l) => !l.returned).map((l) => l.invoiceId)).size,
    ]);
    const order = (rows: unknown[][]) => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    return { project: order(project), reference: order(reference) };
  },

  async "doors-due"(seed) {
    // Staff's whole history: every invoice the Employee key reads, each store under the reps who cover it.
    const invoices = await walk(seed, "Employee", "/invoices?Statuses=1,2,3,4,5,7");
    const coverOf = await coverage(seed);
    const stores = [...new Set(invoices.map((i) => i.CustomerID as number))];
    const input = {
      invoices: invoices.map((i) => ({
        invoiceId: i.InvoiceID as number,
        customerId: i.CustomerID as number,
        invoiceNum: String(i.InvoiceNum),
        date: String(i.Date),
        status: i.Status as number,
      })),
      lines: [],
      customers: stores.map((customerId) => ({ customerId, name: "", state: null, repUserIds: coverOf(customerId) })),
      products: [],
    };
    const row = (rep: unknown, store: unknown, next: unknown, status: unknown) => `${rep} ${store} ${next} ${status}`;
    const project = doorsDueRows(input, seed.today)
      .map((r) => row(r.rep.replace(/^Rep /, ""), r.customerId, r.nextOrder, r.status))
      .sort();
    // Reference: a store's distinct days with an invoice other than a return, to today; three at least, the median of
    // the days between them; the next order expected the last plus the median (a half day up); due this week when
    // that is by this week's Sunday and the last order is 90 days old at most; late past 1.5 medians, due past one.
    const sunday = shiftDay(seed.today, 7 - weekday(seed.today));
    const between = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
    const reference: string[] = [];
    for (const store of stores) {
      const days = [
        ...new Set(
          invoices
            .filter((i) => i.CustomerID === store && i.Status !== 4 && day(i.Date) <= seed.today)
            .map((i) => day(i.Date)),
        ),
      ].sort();
      if (days.length < 3) continue;
      const gaps = days
        .slice(1)
        .map((d, i) => between(days[i]!, d))
        .sort((a, b) => a - b);
      const mid = Math.floor(gaps.length / 2);
      const median = gaps.length % 2 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
      const last = days.at(-1)!;
      const next = shiftDay(last, Math.ceil(median));
      const since = between(last, seed.today);
      if (next > sunday || since > 90) continue;
      const status = since > 1.5 * median ? "late" : since > median ? "due" : "ok";
      const reps = coverOf(store);
      for (const rep of reps.length ? reps : ["No rep"]) reference.push(row(rep, store, next, status));
    }
    return { project, reference: reference.sort() };
  },

  async "distribution-by-product"(seed) {
    // The 28 days to today against the 28 before: the brand's invoices from two days before those.
    const { input, period, invoices, rawLines } = await sales(seed, "Supplier", 30);
    // The states as the history keeps them: each product's State and each store's, from the raw lists.
    const rawProducts = await walk(seed, "Supplier", "/products");
    const rawCustomers = await walk(seed, "Supplier", "/customers?AccountStatuses=Active,Inactive,OutOfBus");
    const withStates = {
      ...input,
      products: rawProducts.map((p) => ({
        productId: p.ProductID as number,
        name: String(p.Name ?? ""),
        supplierId: p.SupplierID as number,
        group: "",
        active: true,
        state: (p.State as string | undefined) ?? null,
      })),
      customers: rawCustomers.map((c) => ({
        customerId: c.CustomerID as number,
        name: String(c.Name ?? ""),
        state: (c.State as string | undefined) ?? null,
        repUserIds: [],
      })),
    };
    const project = distribution("product", withStates, period).rows.map((r) => [
      Number(r.key),
      r.doors,
      r.newDoors,
      r.lostDoors,
      r.unitsPerDoorPerWeek,
      r.shareOfDoors,
    ]);
    // Reference: in each period, a product's doors are the stores with an invoice other than a return dated in it
    // whose line of the product delivered units; its units are its lines' NumUnits, a return's taken off.
    const previous = { from: shiftDay(period.from, -28), to: shiftDay(period.from, -1) };
    const tally = (p: { from: string; to: string }) => {
      const of = new Map(
        invoices.filter((i) => day(i.Date) >= p.from && day(i.Date) <= p.to).map((i) => [i.InvoiceID, i]),
      );
      const products = new Map<number, { doors: Set<unknown>; units: number }>();
      for (const l of rawLines) {
        const invoice = of.get(l.InvoiceID);
        if (!invoice) continue;
        const t = products.get(l.ProductID as number) ?? { doors: new Set(), units: 0 };
        products.set(l.ProductID as number, t);
        const units = Number(l.NumUnits);
        const returned = invoice.Status === 4;
        t.units += returned && units > 0 ? -units : units;
        if (!returned && units > 0) t.doors.add(invoice.CustomerID);
      }
      return products;
    };
    const now = tally(period);
    const then = tally(previous);
    // Share of doors: of the brand's doors in the product's State (a store buys its own state's products), a store of
    // no State counted in every state.
    const brandDoors = new Set([...now.values()].flatMap((t) => [...t.doors]));
    const productState = new Map(rawProducts.map((p) => [p.ProductID, p.State]));
    const storeState = new Map(rawCustomers.map((c) => [c.CustomerID, c.State]));
    const reference = [...new Set([...now.keys(), ...then.keys()])].map((id) => {
      const doors = now.get(id)?.doors ?? new Set();
      const before = then.get(id)?.doors ?? new Set();
      const units = now.get(id)?.units ?? 0;
      const state = productState.get(id);
      const base = [...brandDoors].filter((c) => !state || !storeState.get(c) || storeState.get(c) === state).length;
      return [
        id,
        doors.size,
        [...doors].filter((c) => !before.has(c)).length,
        [...before].filter((c) => !doors.has(c)).length,
        doors.size ? rounded(BigInt(units) * 7n, BigInt(doors.size) * 28n, 2) : null,
        base ? rounded(BigInt(doors.size) * 100n, BigInt(base), 1) : null,
      ];
    });
    return { project: byKey(project), reference: byKey(reference) };
  },

  async "worst-past-due"(seed) {
    const [openWalk, agingWalk] = await Promise.all([
      projectWalk(seed, "Employee", overviewOpenInvoices),
      projectWalk(seed, "Employee", overviewAging),
    ]);
    const stores = new Set(openWalk.records.map((i) => i.CustomerID).filter((c): c is number => c != null));
    const balances = todayBalances({ openInvoices: openWalk.records, aging: agingWalk.records }, stores);
    const project = [...balances.storesOf.keys()]
      .sort((a, b) => a - b)
      .map((account) => {
        const worst = worstPastDue(balances.accountFigures.get(account) ?? { over30: "0", over60: "0", over90: "0" });
        return [account, worst ? `${worst.days}: ${micros(worst.amount)}` : "none"];
      });
    // Reference: an account's rows added; its oldest bucket with money in it, and that bucket and older together.
    const aging = await walk(seed, "Employee", "/arAging");
    const accounts = [...new Set((await walk(seed, "Employee", "/payments/openInvoices")).map((i) => i.ARAccountID))];
    const reference = (accounts as number[])
      .filter((a) => aging.some((r) => r.ARAccountID === a))
      .sort((a, b) => a - b)
      .map((account) => {
        const rows = aging.filter((r) => r.ARAccountID === account);
        const over90 = sum(rows.map((r) => r.Due_91));
        const over60 = over90 + sum(rows.map((r) => r.Due_61_90));
        const over30 = over60 + sum(rows.map((r) => r.Due_31_60));
        const worst =
          over90 > 0n ? `90: ${over90}` : over60 > 0n ? `60: ${over60}` : over30 > 0n ? `30: ${over30}` : "none";
        return [account, worst];
      });
    return { project, reference };
  },

  async "collections-worst-bucket"(seed) {
    const { rows, aging } = await collections(seed);
    const project = rows.map((r) => {
      const worst = worstBucket(r);
      return [r.arAccountId, worst ? `${worst.label}: ${micros(worst.amount)}` : "none"];
    });
    // Reference: an account's rows added bucket by bucket; the oldest with money in it, that bucket's amount alone.
    const buckets = [
      ["Due_91", "91+ days"],
      ["Due_61_90", "61–90 days"],
      ["Due_31_60", "31–60 days"],
      ["Due_1_30", "1–30 days"],
      ["CurrentDue", "Current"],
    ] as const;
    const reference = accountsOf(aging).map((account) => {
      const mine = aging.filter((r) => r.ARAccountID === account);
      for (const [field, label] of buckets) {
        const amount = sum(mine.map((r) => r[field]));
        if (amount > 0n) return [account, `${label}: ${amount}`];
      }
      return [account, "none"];
    });
    return { project, reference };
  },

  async "books-payment-sums"(seed) {
    const { sums } = await books(seed);
    const project = [sums.bankCents, sums.creditsCents, sums.allocatedCents, sums.prepaidCents, sums.returnedCents];
    // Reference: the retailer's payments whose PostDate is in the period, each for its whole Amount (a brand's credit,
    // one with a SupplierID, apart from the bank); its confirmed allocations toward a bill of the key's; the rest
    // prepaid, or come back for a negative Amount. Each amount to whole cents, half away from zero.
    const { from, to } = booksPeriod(seed);
    const payments = (await walk(seed, "Customer", "/payments")).filter(
      (p) => day(p.PostDate) >= from && day(p.PostDate) <= to,
    );
    const applications = await walk(seed, "Customer", "/payments/applications?Statuses=Confirmed");
    const bills = new Set(
      (await walk(seed, "Customer", "/invoices?Statuses=1,2,3,4,5,7"))
        .filter((i) => !i.RevisionStatus)
        .map((i) => String(i.InvoiceNum).trim()),
    );
    const reference = [0n, 0n, 0n, 0n, 0n];
    for (const p of payments) {
      const amount = cents(p.Amount);
      reference[p.SupplierID != null ? 1 : 0]! += amount;
      const allocated = applications
        .filter((a) => a.PaymentInvoiceNum === p.PaymentInvoiceNum && bills.has(String(a.TargetInvoiceNum).trim()))
        .reduce((t, a) => t + cents(a.Amount), 0n);
      reference[2]! += allocated;
      reference[amount < 0n ? 4 : 3]! += amount - allocated;
    }
    return { project, reference };
  },

  async "books-bills-total"(seed) {
    const { bills } = await books(seed);
    const project = [bills.count, bills.totalCents];
    // Reference: the retailer's invoices (every status) dated in the period, but one being updated (RevisionStatus),
    // each for its InvoiceTotal to whole cents.
    const { from, to } = booksPeriod(seed);
    const invoices = (await walk(seed, "Customer", "/invoices?Statuses=1,2,3,4,5,7")).filter(
      (i) => day(i.Date) >= from && day(i.Date) <= to && !i.RevisionStatus,
    );
    return { project, reference: [invoices.length, invoices.reduce((t, i) => t + cents(i.InvoiceTotal), 0n)] };
  },

  async "order-guide-suggested"(seed) {
    const stores = (await walk(seed, "Customer", "/customers?AccountStatuses=Active")).map(
      (c) => c.CustomerID as number,
    );
    const project: unknown[] = [];
    const reference: unknown[] = [];
    for (const store of stores.sort((a, b) => a - b)) {
      const guide = await readGuide(projectClient(seed, "Customer"), store, seed.today, GUIDE_DAYS);
      project.push([store, byKey(guide.rows.map((r) => [r.productId, r.suggestedCases]))]);
      reference.push([store, await suggestions(seed, store)]);
    }
    return { project, reference };
  },

  async "today-on-hold"(seed) {
    const { glance, rep } = await todayStrip(seed);
    return { project: glance.onHold, reference: rep.active.filter((c) => c.OnHold === true).length };
  },

  async "today-over-60"(seed) {
    const { glance, rep } = await todayStrip(seed);
    // Reference: the AR accounts the open items of the rep's active stores name, whose aging rows added hold
    // something in 61–90 or 91+.
    const stores = new Set(rep.active.map((c) => c.CustomerID));
    const open = await walk(seed, "Employee", "/payments/openInvoices");
    const accounts = new Set(open.filter((i) => stores.has(i.CustomerID)).map((i) => i.ARAccountID));
    const aging = await walk(seed, "Employee", "/arAging");
    const over60 = [...accounts].filter(
      (a) => sum(aging.filter((r) => r.ARAccountID === a).flatMap((r) => [r.Due_61_90, r.Due_91])) > 0n,
    );
    return { project: glance.over60, reference: over60.length };
  },
};

/** The books export's period: the 90 days to the seed's today. */
const booksPeriod = (seed: Seed) => ({ from: shiftDay(seed.today, -89), to: seed.today });

/**
 * The retailer's books export of the period as the preview plans it (`lib/server/accounting/accounting-export.ts`,
 * which lib/domain may not import: its steps here, on the lists its reads walk, with an empty ledger and the default
 * mapping): QuickBooks Desktop's payments file (`paymentsOf`, a line only toward a bill its bills file takes) and its
 * bills file (`billsOf`, bills and vendor credits in one).
 */
function books(seed: Seed) {
  let planned = booksPlans.get(seed.name);
  if (!planned) booksPlans.set(seed.name, (planned = planBooks(seed)));
  return planned;
}
const booksPlans = new Map<string, ReturnType<typeof planBooks>>();

async function planBooks(seed: Seed) {
  const read = <K extends OperationId>(request: ApiRequest<K>) =>
    projectWalk(seed, "Customer", request, 100).then((w) => w.records);
  const [customers, states, invoices, payments, applications] = await Promise.all([
    read({ operation: "listCustomers", query: { AccountStatuses: "Active,Inactive,OutOfBus" } }),
    read({ operation: "listStates", query: {} }),
    read({ operation: "listInvoices", query: { Statuses: ALL_INVOICE_STATUSES.join(",") } }),
    read({ operation: "listPayments", query: {} }),
    read({ operation: "listPaymentApplications", query: { Statuses: "Confirmed" } }),
  ]);
  const ids = invoices.flatMap((i) => (i.InvoiceID != null ? [i.InvoiceID] : []));
  const lines = [];
  for (let i = 0; i < ids.length; i += 200)
    lines.push(
      ...(await read({ operation: "listInvoiceTransactions", query: { InvoiceIDs: ids.slice(i, i + 200).join(",") } })),
    );
  const input = { invoices, lines, products: [], terms: [], customers, states };
  const period = { ...booksPeriod(seed), statuses: ALL_INVOICE_STATUSES };
  const state = customers.find((c) => c.State)?.State;
  const timeZone = states.find((st) => st.StateAbbreviation === state)?.TimeZone ?? "UTC";
  const named = billsOf(input, DEFAULT_MAPPING, {
    from: "0000-01-01",
    to: "9999-12-31",
    statuses: ALL_INVOICE_STATUSES,
  });
  const inBooks = billsInBooks(named.bills, "qbd").numbers;
  const made = paymentsOf(
    { payments, applications },
    { ...period, timeZone, inBooks: (n) => inBooks.has(n), newOnly: true },
  );
  const bills = billsFor("iif", billsOf(input, DEFAULT_MAPPING, period).bills).bills;
  return { sums: paymentSums(made.payments), bills: { count: bills.length, totalCents: totalOf(bills) } };
}

/** A decimal as whole cents, half away from zero (the reference's own rounding). */
const cents = (value: unknown): bigint => centsOfMicros(micros(value));

/** Micro-units as whole cents, half away from zero. */
function centsOfMicros(m: bigint): bigint {
  const magnitude = ((m < 0n ? -m : m) + 5_000n) / 10_000n;
  return m < 0n ? -magnitude : magnitude;
}

/** The cover the order guide's suggestions aim at when the person chooses none. */
const GUIDE_DAYS = 14;

/**
 * The reference's order guide of a store: each product it ordered in the last 180 days (a return is no order) or has
 * on a running promotion today, with whole cases to suggest by the rules restated from the raw records.
 */
async function suggestions(seed: Seed, store: number): Promise<unknown[][]> {
  const d = seed.today;
  const invoices = await walk(
    seed,
    "Customer",
    `/invoices?CustomerIDs=${store}&Statuses=1,2,3,4,5,7&StartDate=${shiftDay(d, -179)}`,
  );
  const lines = await invoiceLines(
    seed,
    "Customer",
    invoices.map((i) => i.InvoiceID),
  );
  const returned = new Set(invoices.filter((i) => i.Status === 4).map((i) => i.InvoiceID));
  const dateOf = new Map(invoices.map((i) => [i.InvoiceID, String(i.Date)]));
  const prices = (await walk(seed, "Customer", `/customerPricing?CustomerIDs=${store}&EffectiveDate=${d}`)).filter(
    (p) => p.CustomerID === store,
  );
  const running = (p: Row) =>
    p.PromotionID != null && (!p.StartDate || day(p.StartDate) <= d) && (!p.EndDate || day(p.EndDate) >= d);
  const unitPrice = (p: Row | undefined) =>
    p === undefined ? undefined : running(p) || p.PromotionID == null ? (p.UnitPrice ?? p.FullPrice) : p.FullPrice;
  const products = new Set<number>(lines.filter((l) => !returned.has(l.InvoiceID)).map((l) => l.ProductID as number));
  for (const p of prices) if (running(p) && unitPrice(p) !== p.FullPrice) products.add(p.ProductID as number);
  if (products.size === 0) return [];
  const records = await walk(seed, "Customer", `/products?ProductIDs=${[...products].join(",")}`);
  const customer = (await walk(seed, "Customer", `/customers?CustomerIDs=${store}&AccountStatuses=Active`))[0]!;
  const stock = (
    await walk(seed, "Customer", `/availableInventory?CustomerIDs=${store}&LocationIDs=${customer.LocationID}`)
  ).filter((s) => s.LocationID === customer.LocationID);
  const counts = (await walk(seed, "Customer", `/retailerInventory?CustomerIDs=${store}`)).filter(
    (c) => c.CustomerID === store,
  );
  const ONE = 1_000_000n;
  const ceil = (n: bigint, per: bigint) => (n + per - 1n) / per;
  return [...products]
    .sort((a, b) => a - b)
    .map((id) => {
      const product = records.find((p) => p.ProductID === id);
      const perCase = Math.trunc(Number(product?.WholesaleUnitsPerCase ?? 0));
      const unit = unitPrice(prices.find((p) => p.ProductID === id));
      // 1. Nothing the store cannot be sent or priced: out of stock, a sample, no case price today.
      const priced = unit != null && perCase >= 1 && centsOfMicros(micros(unit) * BigInt(perCase)) > 0n;
      if (!stock.find((s) => s.ProductID === id)?.InStock || product?.IsSample === true || !priced) return [id, 0];
      // The usual order: the median of the cases of its newest five orders (an order's lines added), to the cent.
      const orders = new Map<unknown, bigint>();
      for (const l of lines.filter((l) => l.ProductID === id && !returned.has(l.InvoiceID)))
        orders.set(l.InvoiceID, (orders.get(l.InvoiceID) ?? 0n) + micros(l.Cases));
      const last = [...orders]
        .sort(([a], [b]) => String(dateOf.get(b)).localeCompare(String(dateOf.get(a))))
        .slice(0, 5)
        .map(([, c]) => c)
        .filter((c) => c > 0n)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const mid = Math.floor(last.length / 2);
      const median = !last.length ? 0n : last.length % 2 ? last[mid]! : (last[mid - 1]! + last[mid]!) / 2n;
      const usual = centsOfMicros(median) * 10_000n;
      const count = counts.find((c) => c.ProductID === id);
      if (!count || day(count.LastInventoryDate) < "2000-01-02") {
        // Never counted: at the 180 days' pace (cases bought, a return's taken off, to the cent) for the days, to the
        // nearest case, and at most the usual in whole cases.
        const bought =
          centsOfMicros(
            lines
              .filter((l) => l.ProductID === id)
              .reduce((t, l) => {
                const c = micros(l.Cases);
                return t + (returned.has(l.InvoiceID) && c > 0n ? -c : c);
              }, 0n),
          ) * 10_000n;
        const pace = bought <= 0n ? 0n : (bought * BigInt(GUIDE_DAYS) * 2n + 180n * ONE) / (360n * ONE);
        return [id, Number(pace < usual / ONE ? pace : usual / ONE)];
      }
      const onHand = micros(count.Inventory);
      const daily = count.DailySales == null ? 0n : micros(count.DailySales);
      // Counted without sales: an empty shelf is short by the usual, a part case up; one holding stock needs nothing.
      if (daily <= 0n || perCase < 1) return [id, onHand > 0n ? 0 : Number(ceil(usual, ONE))];
      // Counted with sales: the units the days need beyond the shelf, in cases, a part case up.
      const need = daily * BigInt(GUIDE_DAYS) - (onHand > 0n ? onHand : 0n);
      return [id, need <= 0n ? 0 : Number(ceil(need, BigInt(perCase) * ONE))];
    });
}

/**
 * Today's strip of the rep with the most accounts (the reference's choice, from `/salesReps`), by the project (the
 * page's read, `readTodayData`, its model and `todayGlance`), and the rep's active stores by the reference.
 */
async function todayStrip(seed: Seed) {
  const reps = await walk(seed, "Employee", "/salesReps");
  const storesOf = (r: Row) => new Set(((r.Customers as Row[] | null) ?? []).map((c) => c.CustomerID));
  const busiest = [...reps].sort(
    (a, b) => storesOf(b).size - storesOf(a).size || Number(a.UserID) - Number(b.UserID),
  )[0]!;
  const data = await readTodayData(projectClient(seed, "Employee"), busiest.UserID as number, seed.today);
  const glance = todayGlance(todayModel({ ...data.input, now: seed.now, day: seed.today }));
  const mine = storesOf(busiest);
  const active = (await walk(seed, "Employee", "/customers?AccountStatuses=Active")).filter((c) =>
    mine.has(c.CustomerID),
  );
  return { glance, rep: { id: busiest.UserID, active } };
}

/** The retailer's open items narrowed to a figure by the project (`wholeList`), and owed items kept by `keep`. */
async function openFigure(seed: Seed, figure: "past-due" | "due-soon", keep: (row: Row) => boolean) {
  const walked = await projectWalk(seed, "Customer", overviewOpenInvoices);
  const project = wholeList(LIST_VIEWS.openInvoices, { [FIGURE_PARAM]: figure }, walked, seed.today);
  const open = await walk(seed, "Customer", "/payments/openInvoices");
  return { project, reference: open.filter((i) => micros(i.OpenBalance) > 0n && keep(i)) };
}

/** The collections list's rows, by the project (`collectionRows` of the staff's whole aging and payments, as its walk reads them), and the raw aging. */
async function collections(seed: Seed) {
  const [agingWalk, paymentsWalk] = await Promise.all([
    projectWalk(seed, "Employee", { operation: "listArAging", query: {} }, 40),
    projectWalk(seed, "Employee", { operation: "listPayments", query: {} }, 40),
  ]);
  const rows = collectionRows({
    aging: agingWalk.records.flatMap((r) => entryOf("aging", r) ?? []),
    payments: paymentsWalk.records.flatMap((r) => entryOf("payments", r) ?? []),
    customers: [],
    openInvoices: [],
    users: [],
    invoices: [],
  }).sort((a, b) => a.arAccountId - b.arAccountId);
  return { rows, aging: await walk(seed, "Employee", "/arAging") };
}

/** The AR accounts of aging rows, in order. */
const accountsOf = (aging: Row[]) => [...new Set(aging.map((r) => r.ARAccountID as number))].sort((a, b) => a - b);

/** The brand's inventory narrowed to a figure by the project (`wholeList` of the overview's walk), and the raw rows. */
async function stockFigure(seed: Seed, figure: string) {
  const walked = await projectWalk(seed, "Supplier", overviewInventory);
  const project = wholeList(LIST_VIEWS.inventory, { [FIGURE_PARAM]: figure }, walked, seed.today).count;
  return { project, rows: await walk(seed, "Supplier", "/inventory") };
}

/** The brand's drafts or submitted orders by the project (`wholeList` of the overview's walk), and every purchase. */
async function ordersFigure(seed: Seed, figure: "drafts" | "submitted") {
  const walked = await projectWalk(seed, "Supplier", overviewOrders);
  const project = wholeList(
    LIST_VIEWS.purchases,
    { ...ORDERS_QUERY, [FIGURE_PARAM]: figure },
    walked,
    seed.today,
  ).count;
  return { project, all: await walkV2(seed, "Supplier", "/purchases") };
}

/** The retailer's AR accounts, by the reference: those its open items name. */
async function retailerAccounts(seed: Seed): Promise<number[]> {
  const open = await walk(seed, "Customer", "/payments/openInvoices");
  return [...new Set(open.map((i) => i.ARAccountID as number))].sort((a, b) => a - b);
}

/**
 * A statement's figure for each of the retailer's AR accounts, by the project (`buildStatement` of the lists the page's
 * reads ask for, `lib/server/statements/statement-data.ts`, walked by the project's walk) and by `refer` of the account's raw aging rows and payments, and the close's day in the
 * account's state's zone (the reference's own reading: the latest CloseDate, its day where the store is).
 */
async function statementFigure<T>(
  seed: Seed,
  shown: (statement: Statement) => T,
  refer: (account: { rows: Row[]; payments: Row[]; closeDay: string }) => T,
): Promise<Readings> {
  const accounts = await retailerAccounts(seed);
  const [aging, open, customers, states] = await Promise.all([
    walk(seed, "Customer", "/arAging"),
    walk(seed, "Customer", "/payments/openInvoices"),
    walk(seed, "Customer", "/customers?AccountStatuses=Active,Inactive,OutOfBus"),
    walk(seed, "Customer", "/states"),
  ]);
  const project: unknown[] = [];
  const reference: unknown[] = [];
  for (const account of accounts) {
    project.push([account, shown(await projectStatement(seed, account))]);
    const rows = aging.filter((r) => r.ARAccountID === account);
    const payments = await walk(seed, "Customer", `/payments?ARAccountIDs=${account}`);
    const store = customers.find((c) => c.CustomerID === open.find((i) => i.ARAccountID === account)?.CustomerID);
    const zone = String(states.find((st) => st.StateAbbreviation === store?.State)?.TimeZone ?? "UTC");
    const close =
      rows
        .map((r) => String(r.CloseDate ?? ""))
        .sort()
        .at(-1) ?? "";
    const closeDay = close ? new Date(close).toLocaleDateString("en-CA", { timeZone: zone }) : "";
    reference.push([account, refer({ rows, payments, closeDay })]);
  }
  return { project, reference };
}

/** A retailer's statement of an account as the page builds it, from the lists its reads ask for (a Customer key's). */
async function projectStatement(seed: Seed, arAccountId: number): Promise<Statement> {
  const account = { ARAccountIDs: String(arAccountId) };
  const read = <K extends OperationId>(request: ApiRequest<K>) =>
    projectWalk(seed, "Customer", request).then((w) => w.records);
  const [openInvoices, payments, applications, locations, states, aging, customers] = await Promise.all([
    read({ operation: "listOpenInvoices", query: account }),
    read({ operation: "listPayments", query: account }),
    read({ operation: "listPaymentApplications", query: account }),
    read({ operation: "listLocations", query: {} }),
    read({ operation: "listStates", query: {} }),
    read({ operation: "listArAging", query: {} }),
    read({ operation: "listCustomers", query: { AccountStatuses: "Active,Inactive,OutOfBus" } }),
  ]);
  const openIds = new Set(openInvoices.map((i) => i.InvoiceID));
  const closed = agingInvoiceIds(aging, arAccountId).filter((id) => !openIds.has(id));
  const invoices = closed.length
    ? await read({ operation: "listInvoices", query: { InvoiceIDs: closed.join(","), Statuses: "1,2,3,4,5,7" } })
    : [];
  return buildStatement({
    arAccountId,
    aging,
    openInvoices,
    invoices,
    payments,
    applications,
    customers,
    locations,
    states,
  });
}

/** The aging's sums by the project (`sumAmounts` of `amountsOf`, as the cards and the AR aging page) and by `refer`. */
async function agingFigure<T>(
  seed: Seed,
  refer: (rows: Row[]) => T,
  shown: (totals: ReturnType<typeof sumAmounts>) => T,
): Promise<Readings> {
  const reference: unknown[] = [];
  const project: unknown[] = [];
  // The retailer's "What you owe" and the brand's "Receivables": the same function over each key's aging.
  for (const as of ["Customer", "Supplier", "Employee"] as const) {
    const walked = await projectWalk(seed, as, overviewAging);
    project.push(shown(sumAmounts(walked.records.map(amountsOf))));
    reference.push(refer(await walk(seed, as, "/arAging")));
  }
  return { project, reference };
}

checkReferences(CASES);
