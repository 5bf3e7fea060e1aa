import type { AgingRow } from "@/lib/domain/ar-aging/aging";
import type { ScheduleCustomer, ScheduleState } from "@/lib/domain/delivery/schedule";
import type { Tier } from "@/lib/domain/insights/definitions";
import type { CadenceStatus } from "@/lib/domain/insights/cadence";

/** What a rep's Today reads (sparse records: every field may be missing) and the model it makes of them. */

/** What Today reads of a customer record (`/customers`, joined with `/deliveryDays` where the record lacks them). */
export interface TodayCustomer extends ScheduleCustomer {
  Address?: string | null;
  LicenseNum?: string | null;
  OnHold?: boolean | null;
}

/** An open invoice (`/payments/openInvoices`): which store an AR account's balance belongs to. */
export interface TodayOpenInvoice {
  InvoiceID?: number | null;
  CustomerID?: number | null;
  ARAccountID?: number | null;
  OpenBalance?: string | null;
}

/** An invoice (`/invoices`, every status): a store's last order. */
export interface TodayInvoice {
  InvoiceID?: number | null;
  CustomerID?: number | null;
  InvoiceNum?: string | null;
  Date?: string | null;
  Status?: number | null;
  InvoiceTotal?: string | null;
}

/** An account's health from the key's synced history (the insights' tiers), where the key keeps one. */
export interface TodayHealth {
  customerId: number;
  tier: Tier;
  lastOrder: string | null;
  daysSince: number | null;
  medianReorderDays: number | null;
  /** The median days between orders from three orders at least (the reorder cadence's); absent from an older copy. */
  cadenceDays?: number | null;
}

export interface TodayInput {
  now: Date;
  /** The rep's accounts (`/salesReps` Customers), in any order. */
  customerIds: readonly number[];
  customers: readonly TodayCustomer[];
  states: readonly ScheduleState[];
  /** The AR aging rows of the rep's accounts' AR accounts (`/arAging?CustomerIDs=`). */
  aging: readonly AgingRow[];
  openInvoices: readonly TodayOpenInvoice[];
  /** The rep's accounts' invoices of the last `LAST_ORDER_DAYS` days. */
  invoices: readonly TodayInvoice[];
  /** Undefined when the key keeps no history of these accounts. */
  health?: readonly TodayHealth[];
  /** The rep's day (YYYY-MM-DD, on the person's clock): its Monday-to-Sunday week is the reorders' (UTC's when left out). */
  day?: string;
}

/** A store's balance, from its AR account's aging row(s) as of the aging's close. */
export interface CardBalance {
  arAccountId: number;
  /** Every age, less the open credit (TotalBalanceOutstanding), 6 decimals. */
  total: string;
  over30: string;
  over60: string;
  over90: string;
  /** The other stores of the rep's that the AR account also holds (a chain's account): the figures are the account's. */
  sharedWith: number;
}

/** One account of the rep's, as a card. */
export interface AccountCard {
  customerId: number;
  name: string;
  state?: string;
  address?: string;
  /** A link that opens the address in a maps app. */
  mapsHref?: string;
  /** The store's licence, left out when the record holds a placeholder ("#N/A", "LIC-99999-FAKE"). */
  licence?: string;
  /** True or false when the record says; undefined when the key was not shown it. */
  onHold?: boolean;
  /** Undefined when no AR aging row is known for the store. */
  balances: CardBalance[];
  /** The latest order in the last LAST_ORDER_DAYS days (or the history's), none when there was none. */
  lastOrder?: { day: string; invoiceNum?: string; invoiceId?: number };
  /** The history's tier, where the key keeps one. */
  tier?: Tier;
  /**
   * Its rhythm, where the history gives it one (three orders at least): the median days between orders, the day the
   * next is expected (the last order's day, the freshest known, plus the median) and whether it is due or late.
   */
  reorder?: { medianDays: number; nextOrder: string; status: CadenceStatus };
  /** Deliveries to come, from today (the state's day) on: the API's dates, else the weekdays' next ones. */
  nextDeliveries: string[];
  /** Whether the first of them is today's or tomorrow's, on the state's clock. */
  nextDeliveryWhen?: "today" | "tomorrow";
}

/** The deliveries of a day in one state: the state's clock says which day it is. */
export interface DeliveryGroup {
  state: string;
  timeZone?: string;
  /** The day, YYYY-MM-DD, on the state's clock. */
  day: string;
  /** Tomorrow's only: the instant by which an order must be placed to make it; undefined when the state gives none. */
  cutOff?: Date;
  /** Tomorrow's only: whether that cut-off has passed at `now`. */
  cutOffPassed?: boolean;
  cards: AccountCard[];
}

/** An AR account with a balance more than 30 days past due, named by the rep's stores it holds. */
export interface OverdueAccount {
  arAccountId: number;
  cards: AccountCard[];
  total: string;
  over30: string;
  over60: string;
  over90: string;
  /** The oldest bucket with something in it: 90, 60 or 30. */
  worst: 90 | 60 | 30;
}

export interface TodayModel {
  today: DeliveryGroup[];
  tomorrow: DeliveryGroup[];
  onHold: AccountCard[];
  /** Sorted: what is over 90 days first (most first), then over 60, then over 30. */
  overdue: OverdueAccount[];
  /** Accounts whose orders stopped (history tiers At risk and Lost, having ordered before); undefined without a history. */
  stopped?: AccountCard[];
  /**
   * Accounts due to reorder by their own rhythm this week (the Insights' doors due, `dueThisWeek`): this week's first,
   * then those already due or late; undefined without a history.
   */
  dueToReorder?: AccountCard[];
  /** Every account, by name. */
  accounts: AccountCard[];
  /** Accounts of the rep's whose records the key did not return (inactive since, or out of its reach). */
  missing: number;
  /** How many accounts' records came without delivery days (the key was not shown them). */
  unknownSchedules: number;
  /** How many accounts' records came without OnHold. */
  unknownHolds: number;
  /** The aging's close, YYYY-MM-DD (the newest CloseDate), when a row says. */
  agingAsOf?: string;
}
