import { array, boolean, date, dateTime, defineRecord, nullable, number, oneOf, string } from "../fields";

import { ACCOUNT_STATUSES } from "../values";

const deliveryDays = string("Weekday numbers, 1 = Monday .. 7 = Sunday.");

export const Customer = defineRecord(
  "Customer",
  {
    CustomerID: number(),
    LocationID: number(),
    SalesRepUserID: number(),
    DeliveryMinimum: number(),
    CustomerName: string(),
    CustomerNameAlt: string(),
    ChainName: string(),
    LicenseNum: string(),
    Address: string(),
    SalesRepName: string(),
    SalesRepEmail: string(),
    SalesRepPhone: string(),
    ProfilePictureURL: string(),
    State: string(),
    CollectionAgentFullName: nullable(string()),
    CollectionAgentEmail: nullable(string()),
    OnHold: boolean(),
    DeliveryDays: deliveryDays,
    NextDeliveryDates: string("Dates joined by ';'."),
    DeliveryDates: array(date()),
    AccountStatus: oneOf(ACCOUNT_STATUSES, "OutOfBus is labelled Out of Business."),
    TimeUpdated: dateTime(),
  },
  { description: "A retail account (customer) of the distributor." },
);

export const CustomerCreditTerm = defineRecord("CustomerCreditTerm", {
  CustomerID: number(),
  SupplierID: number(),
  TermID: number(),
  Term: string(),
  TimeUpdated: dateTime(),
});

export const DeliverySchedule = defineRecord("DeliverySchedule", {
  CustomerID: number(),
  DeliveryDays: deliveryDays,
  DeliveryDates: array(date()),
});
