import { array, boolean, dateTime, defineRecord, nested, nullable, number, oneOf, string } from "../fields";

export const Supplier = defineRecord(
  "Supplier",
  {
    SupplierID: number(),
    Supplier: string(),
    State: string(),
    Description: string(),
    BrandAssetsURL: string(),
    SupplierWebsiteURL: string(),
    Active: boolean(),
    TimeUpdated: dateTime(),
  },
  { description: "A brand whose products the distributor carries." },
);

export const SupplierCreditTerm = defineRecord("SupplierCreditTerm", {
  SupplierID: number(),
  TermID: number(),
  Term: string(),
  TimeUpdated: dateTime(),
});

export const CreditTerm = defineRecord("CreditTerm", {
  TermID: number(),
  Term: string(),
  DaysOfCredit: number(),
  AccountOnHold: boolean(),
  TimeUpdated: dateTime(),
});

export const State = defineRecord("State", {
  StateAbbreviation: string(),
  StateName: string(),
  OrderCutOffTime: string("A clock time, for example 2:30 PM."),
  TimeZone: string("An IANA time zone name."),
  OrderCutOffDaysInAdvance: string(),
  TimeUpdated: dateTime(),
});

export const Location = defineRecord(
  "Location",
  {
    LocationID: number(),
    Location: string(),
    DBA: string(),
    Address: string(),
    Address2: nullable(string()),
    Address3: nullable(string()),
    City: string(),
    State: string(),
    PostalCode: string(),
    TimeUpdated: dateTime(),
  },
  { description: "A warehouse." },
);

export const USER_ROLES = ["Customer", "Supplier", "Admin", "DistributorRep"] as const;

export const User = defineRecord("User", {
  UserID: number(),
  SiteUserID: number(),
  UserActive: boolean(),
  SvcLiveAccess: boolean(),
  PowerUser: boolean(),
  Email: string(),
  FullName: string(),
  States: array(string()),
  Role: oneOf(USER_ROLES),
  CustomerIDs: nullable(array(number())),
  SupplierIDs: nullable(array(number())),
  LocationIDs: nullable(array(number())),
  JobTitle: nullable(string()),
  Department: nullable(string()),
});

export const SALES_REP_TYPES = ["Territory Manager", "Supplier Rep"] as const;

const SupplierRef = defineRecord("SupplierRef", { SupplierID: number(), Supplier: string() });
const CustomerRef = defineRecord("CustomerRef", { CustomerID: number(), CustomerName: string() });

export const SalesRep = defineRecord(
  "SalesRep",
  {
    UserID: number(),
    Name: string(),
    Email: string(),
    Type: oneOf(
      SALES_REP_TYPES,
      "Derived from ProductGroups: 'Supplier' means a Supplier Rep, any other group a Territory Manager.",
    ),
    ProductGroups: array(string()),
    Suppliers: array(nested(SupplierRef)),
    Customers: array(nested(CustomerRef)),
  },
  { description: "Only active users, customers and suppliers are returned." },
);

export const Vendor = defineRecord(
  "Vendor",
  {
    SupplierID: number(),
    LocationID: number("Destination warehouse."),
    VendorID: number(),
    LeadTimeDays: number(),
    TargetDOI: number(),
    MaxDOI: number(),
    VendorName: string(),
    VendorLicenseNumber: string(),
    VendorAddress: string(),
    VendorAddress2: nullable(string()),
    VendorCity: string(),
    VendorState: string(),
    VendorPostalCode: string(),
    PickupDates: array(string(), "Weekday abbreviations."),
    RequirePOBatchCodes: boolean(),
    Active: boolean(),
    TimeUpdated: dateTime(),
  },
  { description: "Where a supplier's purchase orders ship from, per destination warehouse." },
);
