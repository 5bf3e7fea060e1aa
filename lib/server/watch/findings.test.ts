import { describe, expect, it } from "vitest";
import { creditNotifications, invoiceNotifications } from "./account-findings";
import { cutOffNotifications, holdNotifications, tomorrowsDeliveries } from "./customer-findings";
import { candidates, type WatchMember } from "./recipients";
import { belowCover, belowCoverNotifications } from "./stock-findings";
import type { PlanInput } from "@/lib/domain/replenishment/plan";

/** Saturday 2026-11-21, 3:00 PM in Los Angeles. */
const SATURDAY = new Date("2026-11-21T23:00:00Z");
/** A chocolate bar in cases of 12 selling 12.4 a day with 61 available at Oakland, from a vendor with 30 days' target. */
const CHOCOLATE = {
  ProductID: 7,
  SupplierID: 12,
  ProductName: "Chocolate Bar",
  WholesaleUnitsPerCase: 12,
  StatusID: 1,
};
const NORTH_FARM = {
  VendorID: 40,
  SupplierID: 12,
  LocationID: 1,
  LeadTimeDays: 5,
  TargetDOI: 30,
  PickupDates: ["Thu"],
  Active: true,
};
const OAKLAND_STOCK = { LocationID: 1, ProductID: 7, AvailableUnits: 61, AvgDailySales90d: "12.40" };
function world(parts: Partial<PlanInput> = {}): PlanInput {
  const locations = [
    { LocationID: 1, Location: "Oakland", State: "CA" },
    { LocationID: 2, Location: "Fresno", State: "CA" },
  ];
  return {
    inventory: [OAKLAND_STOCK],
    products: [CHOCOLATE],
    vendors: [NORTH_FARM],
    locations,
    states: [{ StateAbbreviation: "CA", TimeZone: "America/Los_Angeles" }],
    ...parts,
  };
}

const OWNER: WatchMember = { userId: "owner", role: "owner", salesRepUserId: null };
const VIEWER: WatchMember = { userId: "viewer", role: "viewer", salesRepUserId: null };
const REP: WatchMember = { userId: "rep", role: "viewer", salesRepUserId: 1006 };
const OTHER_REP: WatchMember = { userId: "other-rep", role: "accounts", salesRepUserId: 1008 };
const members = [OWNER, VIEWER];
const base = { workspaceId: "w1", keyId: "k1", members };

describe("who a watch tells", () => {
  it("tells every member about the key's own kinds, and only rep-linked members about a rep's customers", () => {
    const all = [OWNER, REP, OTHER_REP];
    expect(candidates("invoice-due", "Customer", all).map((m) => m.userId)).toEqual(["owner", "rep", "other-rep"]);
    expect(candidates("invoice-due", "Supplier", all)).toEqual([]);
    expect(candidates("customer-on-hold", "Customer", all)).toHaveLength(3);
    expect(candidates("customer-on-hold", "Employee", all).map((m) => m.userId)).toEqual(["rep", "other-rep"]);
    expect(candidates("delivery-cutoff", "Employee", all).map((m) => m.userId)).toEqual(["rep", "other-rep"]);
    expect(candidates("below-cover", "Supplier", all)).toHaveLength(3);
  });
});

describe("invoices falling due and overdue", () => {
  // Friday 2026-11-27, 10:00 in Los Angeles.
  const now = new Date("2026-11-27T18:00:00Z");
  const invoice = (id: number, due: string, open = "1240.000000") => ({
    InvoiceID: id,
    InvoiceNum: `INV-${id}`,
    CustomerID: 20001,
    OpenBalance: open,
    DueDate: `${due}T00:00:00.000Z`,
  });

  it("tells each member of an invoice due within 7 days, with its due date in the effect key", () => {
    const found = invoiceNotifications(
      [invoice(1, "2026-12-01"), invoice(2, "2026-12-04"), invoice(3, "2026-12-05"), invoice(4, "2026-11-27")],
      { ...base, now },
    );
    expect(found.filter((n) => n.userId === "owner")).toEqual([
      {
        userId: "owner",
        workspaceId: "w1",
        kind: "invoice-due",
        effectKey: "invoice-due:owner:1:2026-12-01",
        title: "Invoice INV-1 is due on Dec 1: $1,240.00 open",
        link: "/invoices/1",
      },
      {
        userId: "owner",
        workspaceId: "w1",
        kind: "invoice-due",
        effectKey: "invoice-due:owner:2:2026-12-04",
        title: "Invoice INV-2 is due on Dec 4: $1,240.00 open",
        link: "/invoices/2",
      },
      {
        userId: "owner",
        workspaceId: "w1",
        kind: "invoice-due",
        effectKey: "invoice-due:owner:4:2026-11-27",
        title: "Invoice INV-4 is due on Nov 27: $1,240.00 open",
        link: "/invoices/4",
      },
    ]);
    expect(found).toHaveLength(6);
  });

  it("tells of an invoice past its due date once, and of none settled or in credit", () => {
    const found = invoiceNotifications(
      [invoice(5, "2026-11-26", "89.5"), invoice(6, "2026-11-20", "0.000000"), invoice(7, "2026-11-20", "-10.000000")],
      { ...base, members: [OWNER], now },
    );
    expect(found).toEqual([
      {
        userId: "owner",
        workspaceId: "w1",
        kind: "invoice-overdue",
        effectKey: "invoice-overdue:owner:5",
        title: "Invoice INV-5 is overdue since Nov 26: $89.50 open",
        link: "/invoices/5",
      },
    ]);
  });

  it("counts the days on the customer's clock: at 5 PM in Los Angeles on the 26th, an invoice due that day is not yet overdue", () => {
    const evening = new Date("2026-11-27T01:00:00Z");
    const due = invoice(8, "2026-11-26");
    expect(invoiceNotifications([due], { ...base, members: [OWNER], now: evening })[0]!.kind).toBe("invoice-overdue");
    expect(
      invoiceNotifications([due], { ...base, members: [OWNER], now: evening, zoneOf: () => "America/Los_Angeles" })[0]!
        .kind,
    ).toBe("invoice-due");
  });
});

describe("credit available", () => {
  it("tells of each payment with credit left, the amount in the effect key", () => {
    const found = creditNotifications(
      [
        { PaymentID: 600036, PaymentInvoiceNum: "PAY-200036", ARAccountID: 50001, AvailableBalance: "120.500000" },
        { PaymentID: 600037, PaymentInvoiceNum: "PAY-200037", ARAccountID: 50001, AvailableBalance: "0.000000" },
      ],
      { ...base, members: [OWNER], now: SATURDAY },
    );
    expect(found).toEqual([
      {
        userId: "owner",
        workspaceId: "w1",
        kind: "credit-available",
        effectKey: "credit-available:owner:600036:120.50",
        title: "Payment PAY-200036 has $120.50 of credit to apply",
        link: "/payments?account=50001",
      },
    ]);
  });
});

describe("products below target days of cover", () => {
  it("counts the planner's below-target rows, each product once, in one summary a day", () => {
    // 61 available selling 12.4 a day: 4.9 days of cover against a 30 days' target.
    expect(belowCover([world()], SATURDAY)).toEqual({ productIds: [7], day: "2026-11-21" });
    const atFresno = { ...OAKLAND_STOCK, LocationID: 2 };
    const twoWarehouses = world({
      inventory: [OAKLAND_STOCK, atFresno],
      vendors: [NORTH_FARM, { ...NORTH_FARM, VendorID: 41, LocationID: 2 }],
    });
    expect(belowCover([twoWarehouses], SATURDAY).productIds).toEqual([7]);
    expect(
      belowCoverNotifications(
        [
          world(),
          world({ products: [{ ...CHOCOLATE, ProductID: 8 }], inventory: [{ ...OAKLAND_STOCK, ProductID: 8 }] }),
        ],
        { ...base, members: [OWNER], now: SATURDAY },
      ),
    ).toEqual([
      {
        userId: "owner",
        workspaceId: "w1",
        kind: "below-cover",
        effectKey: "below-cover:owner:k1:2026-11-21",
        title: "2 products below target days of cover",
        link: "/purchases/plan",
      },
    ]);
  });

  it("tells nothing when stock covers the target", () => {
    const stocked = world({ inventory: [{ ...OAKLAND_STOCK, AvailableUnits: 1000 }] });
    expect(belowCoverNotifications([stocked], { ...base, now: SATURDAY })).toEqual([]);
  });
});

describe("customers on hold", () => {
  const hold = { customerId: 20013, name: "Meadow Cannabis Co. - Santa Cruz", since: "2026-11-21T18:00:00.000Z" };

  it("tells a Customer key's members of their account on hold, the hold's first sight in the effect key", () => {
    expect(holdNotifications([hold], { ...base, members: [OWNER], keyType: "Customer", now: SATURDAY })).toEqual([
      {
        userId: "owner",
        workspaceId: "w1",
        kind: "customer-on-hold",
        effectKey: "customer-on-hold:owner:20013:2026-11-21T18:00:00.000Z",
        title: "Meadow Cannabis Co. - Santa Cruz is on hold",
        link: "/customers/20013",
      },
    ]);
  });

  it("tells an Employee key's rep members only of their own rep's customers", () => {
    const found = holdNotifications([{ ...hold, salesRepUserId: 1006 }], {
      ...base,
      members: [OWNER, REP, OTHER_REP],
      keyType: "Employee",
      now: SATURDAY,
    });
    expect(found.map((n) => n.userId)).toEqual(["rep"]);
  });
});

describe("tomorrow's delivery cut-off", () => {
  const ca = {
    StateAbbreviation: "CA",
    TimeZone: "America/Los_Angeles",
    OrderCutOffTime: "2:30 PM",
    OrderCutOffDaysInAdvance: "1",
  };
  const reps = [
    { UserID: 1006, Customers: [{ CustomerID: 20001 }, { CustomerID: 20003 }] },
    { UserID: 1008, Customers: [{ CustomerID: 20002 }] },
  ];
  const customers = [
    {
      CustomerID: 20001,
      CustomerName: "Cloud Station",
      State: "CA",
      DeliveryDays: "1,2,5",
      DeliveryDates: ["2026-11-24", "2026-11-27"],
    },
    {
      CustomerID: 20003,
      CustomerName: "Valley Dispensary",
      State: "CA",
      DeliveryDays: "2",
      DeliveryDates: ["2026-11-24"],
    },
    {
      CustomerID: 20002,
      CustomerName: "Cloud Station SF",
      State: "CA",
      DeliveryDays: "4",
      DeliveryDates: ["2026-11-26"],
    },
  ];
  const world = { customers, states: [ca], reps };
  // Monday 2026-11-23, 10:00 in Los Angeles: Tuesday's cut-off is today at 2:30 PM.
  const monday = new Date("2026-11-23T18:00:00Z");

  it("lists a rep's customers delivered tomorrow with the cut-off still ahead", () => {
    expect(tomorrowsDeliveries(world, 1006, monday)).toEqual([
      {
        day: "2026-11-24",
        customers: [
          { customerId: 20001, name: "Cloud Station" },
          { customerId: 20003, name: "Valley Dispensary" },
        ],
        cutOff: new Date("2026-11-23T22:30:00Z"),
        timeZone: "America/Los_Angeles",
      },
    ]);
    expect(tomorrowsDeliveries(world, 1008, monday)).toEqual([]);
    // Past the cut-off: too late to order for tomorrow, nothing to tell.
    expect(tomorrowsDeliveries(world, 1006, new Date("2026-11-23T23:00:00Z"))).toEqual([]);
  });

  it("sends one summary per rep member and delivery date", () => {
    expect(
      cutOffNotifications(world, {
        workspaceId: "w1",
        keyId: "k1",
        members: [OWNER, REP, OTHER_REP],
        keyType: "Employee",
        now: monday,
      }),
    ).toEqual([
      {
        userId: "rep",
        workspaceId: "w1",
        kind: "delivery-cutoff",
        effectKey: "delivery-cutoff:rep:k1:2026-11-24",
        title: "2 customers have a delivery tomorrow: order by Mon, Nov 23, 2:30 PM PT",
        link: "/delivery-days?rep=1006&day=2",
      },
    ]);
  });
});
