import { describe, expect, it } from "vitest";
import { type PageLink, readPageHref } from "@/lib/domain/page-href";
import type { PendingEntry } from "../core/audit/audit-trail";
import { creditNotifications, invoiceNotifications } from "../watch/account-findings";
import { cutOffNotifications, holdNotifications } from "../watch/customer-findings";
import type { WatchMember } from "../watch/recipients";
import { belowCoverNotifications } from "../watch/stock-findings";
import { summaryOf } from "../watch/watch";
import { digestMail, notificationMail } from "../core/notify/mail";
import type { NewNotification } from "../core/notify/notification-store";
import { NO_REASON, outcomeNotification } from "../follow-ups/outcomes";

// Every link Backroom sends (a notification's, its email's, a digest's line, a watch's summary) opens a page that reads
// the record it names: each link is read back as its page reads its address (`readPageHref`, by the pages' own readers).

const OWNER: WatchMember = { userId: "owner", role: "owner", salesRepUserId: null };
const REP: WatchMember = { userId: "rep", role: "viewer", salesRepUserId: 1006 };
const base = { workspaceId: "w1", keyId: "k1", members: [OWNER] };
const ORIGIN = "https://backroom.example";

function entry(event: PendingEntry["event"], reference: PendingEntry["reference"]): PendingEntry {
  return { id: "41", event, reference, outcome: null, userId: "u1", workspaceId: "w1" };
}

const allocation = {
  arAccountId: 50001,
  paymentInvoiceNum: "PAY-200036",
  targetInvoiceNum: "INV-101463",
  amount: "250",
  paymentRequestId: 9001,
};

/** Each kind of link Backroom makes, with the page and record it must open. */
const LINKS: [string, NewNotification | { link: string | null } | undefined, PageLink][] = [
  [
    "a payment request confirmed",
    outcomeNotification({ entry: entry("payment-allocation", allocation), outcome: "Confirmed" }),
    { page: "payments", params: { account: 50001 } },
  ],
  [
    "a payment request rejected",
    outcomeNotification({ entry: entry("payment-allocation", allocation), outcome: "Rejected" }),
    { page: "payments", params: { account: 50001 } },
  ],
  [
    "a purchase order imported",
    outcomeNotification({
      entry: entry("purchase-submit", { purchaseGlobalId: "4f6c1d9e-0b1a-4c7d", poNum: "PO-7", erpId: 88 }),
      outcome: "Imported",
    }),
    { page: "purchase", id: "4f6c1d9e-0b1a-4c7d" },
  ],
  [
    "an invoice falling due",
    invoiceNotifications(
      [{ InvoiceID: 301, InvoiceNum: "INV-1", OpenBalance: "1240", DueDate: "2026-12-01T00:00:00.000Z" }],
      { ...base, now: new Date("2026-11-27T18:00:00Z") },
    )[0],
    { page: "invoice", id: 301 },
  ],
  [
    "an invoice overdue",
    invoiceNotifications(
      [{ InvoiceID: 302, InvoiceNum: "INV-2", OpenBalance: "10", DueDate: "2026-11-01T00:00:00.000Z" }],
      { ...base, now: new Date("2026-11-27T18:00:00Z") },
    )[0],
    { page: "invoice", id: 302 },
  ],
  [
    "credit to apply",
    creditNotifications(
      [{ PaymentID: 600036, PaymentInvoiceNum: "PAY-1", ARAccountID: 50001, AvailableBalance: "120" }],
      { ...base, now: new Date() },
    )[0],
    { page: "payments", params: { account: 50001 } },
  ],
  [
    "a customer on hold",
    holdNotifications([{ customerId: 20013, name: "Meadow", since: "2026-11-21T18:00:00.000Z" }], {
      ...base,
      keyType: "Customer",
      now: new Date(),
    })[0],
    { page: "customer", id: 20013 },
  ],
  [
    "tomorrow's delivery cut-off",
    cutOffNotifications(
      {
        customers: [
          {
            CustomerID: 20001,
            CustomerName: "Cloud Station",
            State: "CA",
            DeliveryDays: "2",
            DeliveryDates: ["2026-11-24"],
          },
        ],
        states: [
          {
            StateAbbreviation: "CA",
            TimeZone: "America/Los_Angeles",
            OrderCutOffTime: "2:30 PM",
            OrderCutOffDaysInAdvance: "1",
          },
        ],
        reps: [{ UserID: 1006, Customers: [{ CustomerID: 20001 }] }],
      },
      { ...base, members: [REP], keyType: "Employee", now: new Date("2026-11-23T18:00:00Z") },
    )[0],
    { page: "deliveryDays", params: { rep: 1006, day: 2 } },
  ],
  [
    "products below target",
    belowCoverNotifications(
      [
        {
          inventory: [{ LocationID: 1, ProductID: 7, AvailableUnits: 61, AvgDailySales90d: "12.40" }],
          products: [
            { ProductID: 7, SupplierID: 12, ProductName: "Chocolate Bar", WholesaleUnitsPerCase: 12, StatusID: 1 },
          ],
          vendors: [
            {
              VendorID: 40,
              SupplierID: 12,
              LocationID: 1,
              LeadTimeDays: 5,
              TargetDOI: 30,
              PickupDates: ["Thu"],
              Active: true,
            },
          ],
          locations: [{ LocationID: 1, Location: "Oakland", State: "CA" }],
          states: [{ StateAbbreviation: "CA", TimeZone: "America/Los_Angeles" }],
        },
      ],
      { ...base, now: new Date("2026-11-21T23:00:00Z") },
    )[0],
    { page: "purchasePlan" },
  ],
];

/** A watch's findings of one kind, for its summary. */
const findings = (kind: NewNotification["kind"], links: string[]): NewNotification[] =>
  links.map((link, i) => ({
    userId: "u",
    workspaceId: "w",
    kind,
    effectKey: `${kind}:${i}`,
    title: `finding ${i}`,
    link,
  }));

const SUMMARIES: [string, { link: string } | undefined, PageLink][] = [
  [
    "invoices overdue",
    summaryOf(
      "invoice-overdue",
      findings("invoice-overdue", ["/invoices/1", "/invoices/2", "/invoices/3", "/invoices/4"]),
    ),
    { page: "statements", params: {} },
  ],
  [
    "invoices falling due",
    summaryOf("invoice-due", findings("invoice-due", ["/invoices/1", "/invoices/2", "/invoices/3", "/invoices/4"])),
    { page: "statements", params: {} },
  ],
  [
    "credit on one account",
    summaryOf("credit-available", findings("credit-available", Array(4).fill("/payments?account=50001"))),
    { page: "payments", params: { account: 50001 } },
  ],
  [
    "customers on hold",
    summaryOf(
      "customer-on-hold",
      findings("customer-on-hold", ["/customers/3", "/customers/1", "/customers/2", "/customers/4"]),
    ),
    { page: "customers", params: { customerIds: [1, 2, 3, 4], onHold: true } },
  ],
];

describe("every link Backroom sends opens the page of the record it names", () => {
  it.each([...LINKS, ...SUMMARIES])("%s", (_, notification, page) => {
    expect(notification?.link).toBeTruthy();
    expect(readPageHref(notification!.link!)).toEqual(page);
  });

  it.each(LINKS)("%s, in its email and in the digest", (_, notification, page) => {
    const n = { kind: "payment-confirmed", title: "t", link: notification!.link };
    const links = { origin: ORIGIN, unsubscribe: { url: `${ORIGIN}/unsubscribe?token=t`, headers: {} } };
    for (const mail of [
      notificationMail(n, "ana@example.com", links),
      digestMail({ items: [n], to: "ana@example.com", day: "Monday", links }),
    ]) {
      const sent = mail.text
        .match(/https:\/\/backroom\.example\/[^\s]*/g)!
        .find((url) => !/unsubscribe|account\/notifications/.test(url))!;
      expect(readPageHref(sent.slice(ORIGIN.length))).toEqual(page);
      expect(mail.html).toContain(`href="${sent.replace(/&/g, "&#38;")}"`);
    }
  });
});

describe("a payment request's outcome, in words", () => {
  it("names its amount as money, and a rejection says why or that the API did not", () => {
    expect(outcomeNotification({ entry: entry("payment-allocation", allocation), outcome: "Confirmed" })?.title).toBe(
      "Payment request 9001 confirmed: $250.00 from PAY-200036 to INV-101463",
    );
    expect(outcomeNotification({ entry: entry("payment-allocation", allocation), outcome: "Rejected" })?.title).toBe(
      `Payment request 9001 rejected: $250.00 from PAY-200036 to INV-101463. ${NO_REASON}`,
    );
    expect(
      outcomeNotification({
        entry: entry("payment-allocation", { ...allocation, amount: "1234.5" }),
        outcome: "Confirmed",
      })?.title,
    ).toContain("$1,234.50 from");
  });
});
