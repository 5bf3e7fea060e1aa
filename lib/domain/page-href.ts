import type { OPERATION_META } from "@/lib/data-api/meta.generated";
import { NOT_VISITED_MAX } from "./today/visits";

/**
 * The addresses of Backroom's pages that are linked to from outside the page: a notification, an email, a digest's
 * line, a watch's summary, a statement's mail and PDF, another page. One builder per page, typed by what the page reads
 * (`pageHref`), and one reader per page (`pageRead`) that the page parses its own address with, under the same names
 * (`PAGE_PARAMS`): a link and the page it opens cannot drift apart. Pure (no React, no Next), so the server's
 * notifications, mails and PDFs build their links with it too (docs/architecture.md).
 */

/** The list pages read their address by the API's parameter names (`listRequest`). */
type CustomersQuery = keyof (typeof OPERATION_META)["listCustomers"]["query"];

/** The parameters of a page's address, by the names the page reads. */
export const PAGE_PARAMS = {
  /** `/payments`: the AR account, and the payment being allocated (its PaymentInvoiceNum). */
  payments: { account: "account", payment: "payment" },
  /**
   * `/statements`: the AR account, the day the statement is as of (YYYY-MM-DD; today when absent), and what staff
   * searched for (a customer's name or id, or an AR account's number), whose matches stay above the statement.
   */
  statements: { account: "account", asOf: "asOf", q: "q" },
  /** `/customers`: a list page, whose address is the API's own query (`listRequest`): listCustomers' names. */
  customers: { customerIds: "CustomerIDs", onHold: "OnHold" } satisfies Record<string, CustomersQuery>,
  /**
   * `/delivery-days`: the sales rep (`/salesReps` UserID), the date (YYYY-MM-DD: the customers with a delivery dated
   * that day) or a weekday (1 = Monday .. 7 = Sunday: its date in the seven days from today).
   */
  deliveryDays: { rep: "rep", day: "day", date: "date" },
  /** `/today`: the sales rep (`/salesReps` UserID) whose day is shown (the person's own rep when absent). */
  today: { rep: "rep" },
  /**
   * `/today/accounts`: the rep (as on Today), what the rep searched for (a name, address, licence or id), and "not
   * visited in N days" (1 to 365; every account when absent).
   */
  todayAccounts: { rep: "rep", q: "q", notVisited: "notVisited", shown: "shown" },
  /**
   * `/accounting`: the store whose books are exported (a CustomerID: staff name one), and what staff searched for to
   * find it (a customer's name or id), whose matches stay above the form.
   */
  accounting: { customer: "customer", q: "q" },
} as const satisfies Record<string, Record<string, string>>;

export interface PaymentsLink {
  account?: number;
  payment?: string;
}

export interface StatementsLink {
  account?: number;
  /** YYYY-MM-DD. */
  asOf?: string;
  /** Staff's search (at most 200 characters). */
  q?: string;
}

export interface CustomersLink {
  customerIds?: readonly number[];
  onHold?: boolean;
}

export interface AccountingLink {
  customer?: number;
  /** Staff's search (at most 200 characters). */
  q?: string;
}

export interface TodayLink {
  rep?: number;
}

export interface TodayAccountsLink extends TodayLink {
  /** The rep's search (at most 200 characters). */
  q?: string;
  /** Only the accounts not visited in this many days (1 to 365). */
  notVisited?: number;
  /** How many of the cards are shown ("Show more"); the first page's when none. */
  shown?: number;
}

export interface DeliveryDaysLink {
  /** 1 = Monday .. 7 = Sunday: that weekday's date in the seven days from today. */
  day?: number;
  /** YYYY-MM-DD: the customers with a delivery dated that day. */
  date?: string;
  rep?: number;
}

/** A page's address and its query, without the parameters left out (undefined or empty). Typed as Next's typed routes take it. */
function withQuery<P extends string>(path: P, query: Record<string, string | undefined>): P | `${P}?${string}` {
  const kept = Object.entries(query).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "",
  );
  // Commas stay as they are (a list's separator, legal in a query): the address reads as the page's own.
  return kept.length ? `${path}?${new URLSearchParams(kept).toString().replace(/%2C/g, ",")}` : path;
}

/**
 * The address of each page that is linked to, from what it shows.
 *
 * @example
 * pageHref.payments({ account: 50001 }); // "/payments?account=50001"
 * pageHref.customers({ customerIds: [20007, 20001], onHold: true }); // "/customers?CustomerIDs=20001,20007&OnHold=true"
 * pageHref.invoice(301); // "/invoices/301"
 */
export const pageHref = {
  payments: ({ account, payment }: PaymentsLink = {}) =>
    withQuery("/payments", {
      [PAGE_PARAMS.payments.account]: account?.toString(),
      [PAGE_PARAMS.payments.payment]: payment,
    }),
  statements: ({ account, asOf, q }: StatementsLink = {}) =>
    withQuery("/statements", {
      [PAGE_PARAMS.statements.account]: account?.toString(),
      [PAGE_PARAMS.statements.asOf]: asOf,
      [PAGE_PARAMS.statements.q]: q,
    }),
  customers: ({ customerIds, onHold }: CustomersLink = {}) =>
    withQuery("/customers", {
      [PAGE_PARAMS.customers.customerIds]: customerIds?.length
        ? [...new Set(customerIds)].sort((a, b) => a - b).join(",")
        : undefined,
      [PAGE_PARAMS.customers.onHold]: onHold?.toString(),
    }),
  deliveryDays: ({ rep, day, date }: DeliveryDaysLink = {}) =>
    withQuery("/delivery-days", {
      [PAGE_PARAMS.deliveryDays.rep]: rep?.toString(),
      [PAGE_PARAMS.deliveryDays.day]: day?.toString(),
      [PAGE_PARAMS.deliveryDays.date]: date,
    }),
  today: ({ rep }: TodayLink = {}) => withQuery("/today", { [PAGE_PARAMS.today.rep]: rep?.toString() }),
  accounting: ({ customer, q }: AccountingLink = {}) =>
    withQuery("/accounting", {
      [PAGE_PARAMS.accounting.customer]: customer?.toString(),
      [PAGE_PARAMS.accounting.q]: q,
    }),
  /** A rep's accounts as cards (the rep as on Today). */
  todayAccounts: ({ rep, q, notVisited, shown }: TodayAccountsLink = {}) =>
    withQuery("/today/accounts", {
      [PAGE_PARAMS.todayAccounts.rep]: rep?.toString(),
      [PAGE_PARAMS.todayAccounts.q]: q,
      [PAGE_PARAMS.todayAccounts.notVisited]: notVisited?.toString(),
      [PAGE_PARAMS.todayAccounts.shown]: shown?.toString(),
    }),
  /** A rep's day's visits in driving order (the rep as on Today). */
  todayPlan: ({ rep }: TodayLink = {}) => withQuery("/today/plan", { [PAGE_PARAMS.today.rep]: rep?.toString() }),
  invoice: (invoiceId: number) => `/invoices/${invoiceId}` as const,
  customer: (customerId: number) => `/customers/${customerId}` as const,
  /** A purchase by its global id (v2) or its numeric ERP id. */
  purchase: (purchaseId: string | number) => `/purchases/${encodeURIComponent(String(purchaseId))}` as const,
  purchasePlan: () => "/purchases/plan" as const,
} as const;

/** A page's search parameters, as a page (Next's `searchParams`) or the browser (`URLSearchParams`) has them. */
export type SearchParams = URLSearchParams | Readonly<Record<string, string | string[] | undefined>>;

/** The first value of a parameter, or undefined when absent or empty. */
export function paramOf(params: SearchParams, name: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === null || first === undefined || first === "" ? undefined : first;
}

/**
 * A record's numeric id as an address holds it (a whole number from 1, at most 15 digits), or undefined. The API's ids
 * start at 1: an address naming 0 names no record (the customer's page read it as an id and failed).
 */
function idOf(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : undefined;
}

/**
 * What each page reads of its address: the parameters `pageHref` writes, checked (anything unreadable is left out, as
 * if absent). A detail page reads its path segment.
 *
 * @example
 * pageRead.payments(new URLSearchParams("account=50001")); // { account: 50001 }
 * pageRead.invoice("301"); // 301
 * pageRead.invoice("INV-1"); // undefined (the page answers not found)
 */
export const pageRead = {
  payments: (params: SearchParams): PaymentsLink =>
    defined({
      account: idOf(paramOf(params, PAGE_PARAMS.payments.account)),
      payment: paramOf(params, PAGE_PARAMS.payments.payment),
    }),
  statements: (params: SearchParams): StatementsLink => {
    const asOf = paramOf(params, PAGE_PARAMS.statements.asOf);
    const q = paramOf(params, PAGE_PARAMS.statements.q)?.trim().slice(0, 200);
    return defined({
      account: idOf(paramOf(params, PAGE_PARAMS.statements.account)),
      asOf: asOf && /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? asOf : undefined,
      q: q || undefined,
    });
  },
  customers: (params: SearchParams): CustomersLink => {
    const ids = (paramOf(params, PAGE_PARAMS.customers.customerIds) ?? "").split(",").map((s) => idOf(s.trim()));
    const onHold = paramOf(params, PAGE_PARAMS.customers.onHold);
    return defined({
      customerIds: ids.length && ids.every((id) => id !== undefined) ? (ids as number[]) : undefined,
      onHold: onHold === "true" ? true : onHold === "false" ? false : undefined,
    });
  },
  deliveryDays: (params: SearchParams): DeliveryDaysLink => {
    const day = Number(paramOf(params, PAGE_PARAMS.deliveryDays.day));
    const date = paramOf(params, PAGE_PARAMS.deliveryDays.date);
    return defined({
      day: Number.isInteger(day) && day >= 1 && day <= 7 ? day : undefined,
      date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) ? date : undefined,
      rep: idOf(paramOf(params, PAGE_PARAMS.deliveryDays.rep)),
    });
  },
  today: (params: SearchParams): TodayLink => defined({ rep: idOf(paramOf(params, PAGE_PARAMS.today.rep)) }),
  todayAccounts: (params: SearchParams): TodayAccountsLink => {
    const q = paramOf(params, PAGE_PARAMS.todayAccounts.q)?.trim().slice(0, 200);
    const days = Number(paramOf(params, PAGE_PARAMS.todayAccounts.notVisited));
    const shown = Number(paramOf(params, PAGE_PARAMS.todayAccounts.shown));
    return defined({
      rep: idOf(paramOf(params, PAGE_PARAMS.todayAccounts.rep)),
      q: q || undefined,
      notVisited: Number.isInteger(days) && days >= 1 && days <= NOT_VISITED_MAX ? days : undefined,
      shown: Number.isSafeInteger(shown) && shown >= 1 ? shown : undefined,
    });
  },
  accounting: (params: SearchParams): AccountingLink => {
    const q = paramOf(params, PAGE_PARAMS.accounting.q)?.trim().slice(0, 200);
    return defined({ customer: idOf(paramOf(params, PAGE_PARAMS.accounting.customer)), q: q || undefined });
  },
  invoice: (segment: string): number | undefined => idOf(segment),
  customer: (segment: string): number | undefined => idOf(segment),
  /** A global id (letters, digits and dashes) or a numeric ERP id. */
  purchase: (segment: string): string | undefined => (/^[A-Za-z0-9-]{1,64}$/.test(segment) ? segment : undefined),
} as const;

/** Which page a link of Backroom's opens, and what it names: `pageHref`'s arguments read back. */
export type PageLink =
  | { page: "payments"; params: PaymentsLink }
  | { page: "statements"; params: StatementsLink }
  | { page: "customers"; params: CustomersLink }
  | { page: "deliveryDays"; params: DeliveryDaysLink }
  | { page: "today"; params: TodayLink }
  | { page: "accounting"; params: AccountingLink }
  | { page: "todayAccounts"; params: TodayAccountsLink }
  | { page: "todayPlan"; params: TodayLink }
  | { page: "invoice"; id: number }
  | { page: "customer"; id: number }
  | { page: "purchase"; id: string }
  | { page: "purchasePlan" };

/**
 * The page a path of Backroom's opens and what it reads there (by `pageRead`), or undefined for a path `pageHref` does
 * not make. A watch's summary reads its findings' links with it; the tests check every builder against it.
 *
 * @example
 * readPageHref("/customers/20013"); // { page: "customer", id: 20013 }
 * readPageHref("/payments?account=50001"); // { page: "payments", params: { account: 50001 } }
 */
export function readPageHref(href: string): PageLink | undefined {
  let url: URL;
  let segments: string[];
  try {
    url = new URL(href, "http://backroom.invalid");
    segments = url.pathname
      .split("/")
      .slice(1)
      .map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
  if (url.origin !== "http://backroom.invalid" || !href.startsWith("/") || href.startsWith("//")) return undefined;
  const q = url.searchParams;
  const [first, second, ...rest] = segments;
  if (rest.length) return undefined;
  if (second === undefined) {
    if (first === "payments") return { page: "payments", params: pageRead.payments(q) };
    if (first === "statements") return { page: "statements", params: pageRead.statements(q) };
    if (first === "customers") return { page: "customers", params: pageRead.customers(q) };
    if (first === "delivery-days") return { page: "deliveryDays", params: pageRead.deliveryDays(q) };
    if (first === "today") return { page: "today", params: pageRead.today(q) };
    if (first === "accounting") return { page: "accounting", params: pageRead.accounting(q) };
    return undefined;
  }
  if (first === "purchases" && second === "plan") return { page: "purchasePlan" };
  if (first === "today" && second === "accounts") return { page: "todayAccounts", params: pageRead.todayAccounts(q) };
  if (first === "today" && second === "plan") return { page: "todayPlan", params: pageRead.today(q) };
  const id =
    first === "invoices" ? pageRead.invoice(second) : first === "customers" ? pageRead.customer(second) : undefined;
  if (id !== undefined) return { page: first === "invoices" ? "invoice" : "customer", id };
  const purchase = first === "purchases" ? pageRead.purchase(second) : undefined;
  return purchase === undefined ? undefined : { page: "purchase", id: purchase };
}

/** The object without its undefined properties (a link read back equals the arguments it was built from). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
