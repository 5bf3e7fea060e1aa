import { array, boolean, date, dateTime, defineRecord, nullable, nullSent, number, oneOf, string } from "../fields";

import { ACCOUNT_STATUSES } from "../values";

const deliveryDays = nullSent(
  string("Weekday numbers, 1 = Monday .. 7 = Sunday."),
  "Null for a customer without a delivery schedule: the live service sends it so for about 5 % of customers (observed; the documentation shows no null).",
);

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
    NextDeliveryDates: nullSent(
      string("Dates joined by ';'."),
      "Backroom's sandbox sends null for a customer without a delivery schedule (no dates to join); what the live service sends then is not shown.",
      true,
    ),
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
