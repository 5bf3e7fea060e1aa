import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deliveryParams } from "./delivery/requests";
import {
  type AccountingLink,
  type CustomersLink,
  type DeliveryDaysLink,
  type PageLink,
  type PaymentsLink,
  pageHref,
  pageRead,
  readPageHref,
  type StatementsLink,
} from "./page-href";
import { accountOf, paymentOf } from "@/lib/ui/payments/requests";
import { readPlanAddress } from "@/lib/ui/replenishment/address";
import { listRequest } from "./views/list-view-spec";
import { LIST_VIEWS } from "./views/list-views";

/** The page's search parameters as Next hands them to a page (`searchParams`: a record of strings). */
const searchOf = (href: string) => Object.fromEntries(new URL(href, "http://backroom.test").searchParams);
const segmentOf = (href: string) => decodeURIComponent(new URL(href, "http://backroom.test").pathname.split("/")[2]!);

describe("pageHref: every page a link of Backroom's opens, read back by the page itself", () => {
  it.each<[PaymentsLink]>([[{ account: 50001 }], [{ account: 50001, payment: "PAY-200036" }], [{}]])(
    "the payments page reads its AR account and payment: %j",
    (link) => {
      const href = pageHref.payments(link);
      const search = searchOf(href);
      expect(new URL(href, "http://backroom.test").pathname).toBe("/payments");
      // The page's own readers (app/(dashboard)/payments/_lib/workspace.tsx, payments-workspace.tsx).
      expect(accountOf(search)).toBe(link.account);
      expect(paymentOf(search)).toBe(link.payment);
      expect(accountOf(new URLSearchParams(search))).toBe(link.account);
    },
  );

  it.each<[StatementsLink]>([
    [{ account: 50001 }],
    [{ account: 50001, asOf: "2026-11-30" }],
    [{ account: 50001, q: "cloud & co" }],
    [{}],
  ])("the statements page reads its AR account and day: %j", (link) => {
    const href = pageHref.statements(link);
    expect(new URL(href, "http://backroom.test").pathname).toBe("/statements");
    expect(pageRead.statements(searchOf(href))).toEqual(link);
  });

  it.each<[AccountingLink]>([[{ customer: 20001 }], [{ customer: 20001, q: "green & co" }], [{ q: "valley" }], [{}]])(
    "the books export reads its store and staff's search: %j",
    (link) => {
      const href = pageHref.accounting(link);
      expect(new URL(href, "http://backroom.test").pathname).toBe("/accounting");
      expect(pageRead.accounting(searchOf(href))).toEqual(link);
    },
  );

  it.each<[CustomersLink]>([
    [{ customerIds: [20001, 20007, 20013], onHold: true }],
    [{ onHold: true }],
    [{ customerIds: [20013] }],
  ])("the customers list asks the API for what it names: %j", (link) => {
    const href = pageHref.customers(link);
    // The list page asks the API with its address's parameters (app/(dashboard)/_lib/list-page.tsx, listRequest).
    const query: Record<string, string | undefined> = listRequest(LIST_VIEWS.customers, searchOf(href)).query ?? {};
    expect(query.CustomerIDs).toBe(link.customerIds?.join(","));
    expect(query.OnHold).toBe(link.onHold === undefined ? undefined : String(link.onHold));
    expect(pageRead.customers(searchOf(href))).toEqual(link);
  });

  it("names customers once each, in order, with readable commas", () => {
    expect(pageHref.customers({ customerIds: [20007, 20001, 20007], onHold: true })).toBe(
      "/customers?CustomerIDs=20001,20007&OnHold=true",
    );
  });

  it.each<[DeliveryDaysLink]>([[{ rep: 1006, day: 2 }], [{ day: 7 }], [{ rep: 1006 }], [{ date: "2026-11-27" }]])(
    "the delivery-days page reads its rep, weekday and date: %j",
    (link) => {
      const parsed = deliveryParams(searchOf(pageHref.deliveryDays(link)));
      expect({ rep: parsed.rep, day: parsed.day, date: parsed.date }).toEqual({
        rep: link.rep,
        day: link.day,
        date: link.date,
      });
    },
  );

  it("the detail pages read their record's id from the path", () => {
    expect(pageRead.invoice(segmentOf(pageHref.invoice(301)))).toBe(301);
    expect(pageRead.customer(segmentOf(pageHref.customer(20013)))).toBe(20013);
    expect(pageRead.purchase(segmentOf(pageHref.purchase("4f6c1d9e-0b1a-4c7d-9a55-2d1f8e3b7c10")))).toBe(
      "4f6c1d9e-0b1a-4c7d-9a55-2d1f8e3b7c10",
    );
    expect(pageRead.purchase(segmentOf(pageHref.purchase(91234)))).toBe("91234");
    // What a page refuses (its not-found page), and what a builder never makes.
    expect(pageRead.invoice("INV-1")).toBeUndefined();
    expect(pageRead.purchase("a/b")).toBeUndefined();
  });

  it("the replenishment plan opens with its defaults (below target only)", () => {
    const href = pageHref.purchasePlan();
    expect(readPlanAddress(searchOf(href)).filters.onlyBelowTarget).toBe(true);
  });

  it.each<[string, PageLink]>([
    [pageHref.payments({ account: 50001 }), { page: "payments", params: { account: 50001 } }],
    [
      pageHref.statements({ account: 50001, asOf: "2026-11-30" }),
      { page: "statements", params: { account: 50001, asOf: "2026-11-30" } },
    ],
    [
      pageHref.customers({ customerIds: [1, 2], onHold: true }),
      { page: "customers", params: { customerIds: [1, 2], onHold: true } },
    ],
    [pageHref.deliveryDays({ rep: 1006, day: 2 }), { page: "deliveryDays", params: { rep: 1006, day: 2 } }],
    [pageHref.today({ rep: 1008 }), { page: "today", params: { rep: 1008 } }],
    [pageHref.today(), { page: "today", params: {} }],
    [pageHref.accounting({ customer: 20001 }), { page: "accounting", params: { customer: 20001 } }],
    [pageHref.todayAccounts({ rep: 1008 }), { page: "todayAccounts", params: { rep: 1008 } }],
    [
      pageHref.todayAccounts({ rep: 1008, q: "green", notVisited: 30 }),
      { page: "todayAccounts", params: { rep: 1008, q: "green", notVisited: 30 } },
    ],
    [pageHref.todayAccounts({ shown: 24 }), { page: "todayAccounts", params: { shown: 24 } }],
    [pageHref.todayPlan({ rep: 1008 }), { page: "todayPlan", params: { rep: 1008 } }],
    [pageHref.invoice(301), { page: "invoice", id: 301 }],
    [pageHref.customer(20013), { page: "customer", id: 20013 }],
    [pageHref.purchase("abc-1"), { page: "purchase", id: "abc-1" }],
    [pageHref.purchasePlan(), { page: "purchasePlan" }],
  ])("readPageHref reads %s back to what it was made of", (href, link) => {
    expect(readPageHref(href)).toEqual(link);
    // And it is a page of Backroom's: the route's file exists.
    const route = {
      payments: "payments",
      statements: "statements",
      customers: "customers",
      deliveryDays: "delivery-days",
      today: "today",
      accounting: "accounting",
      todayAccounts: "today/accounts",
      todayPlan: "today/plan",
      invoice: "invoices/[invoiceId]",
      customer: "customers/[customerId]",
      purchase: "purchases/[purchaseId]",
      purchasePlan: "purchases/plan",
    }[link.page];
    expect(existsSync(join(process.cwd(), "app/(dashboard)", route, "page.tsx"))).toBe(true);
  });

  it.each([
    // The address every payment notification had: the page reads `account`, so it named no account.
    ["/payments?ARAccountIDs=50001", { page: "payments", params: {} }],
    ["/nowhere", undefined],
    // "Not visited in N days" takes 1 to 365 whole days; anything else is every account.
    ["/today/accounts?notVisited=0", { page: "todayAccounts", params: {} }],
    ["/today/accounts?notVisited=9999", { page: "todayAccounts", params: {} }],
    ["/today/accounts?notVisited=7.5", { page: "todayAccounts", params: {} }],
    // The cards shown ("Show more"): a whole number from 1.
    ["/today/accounts?shown=0", { page: "todayAccounts", params: {} }],
    ["/today/accounts?shown=1.5", { page: "todayAccounts", params: {} }],
    ["/today/accounts?shown=all", { page: "todayAccounts", params: {} }],
    ["https://elsewhere.example/payments?account=1", undefined],
    ["//elsewhere.example/invoices/1", undefined],
    ["/invoices/%E0", undefined],
    ["/invoices/1/lines", undefined],
    // An id is a whole number from 1: 0, a leading zero or a sign names no record.
    ["/customers/0", undefined],
    ["/customers/020789", undefined],
    ["/invoices/-1", undefined],
    ["/payments?account=0", { page: "payments", params: {} }],
  ])("readPageHref reads %s as the page would", (href, link) => {
    expect(readPageHref(href)).toEqual(link);
  });
});
