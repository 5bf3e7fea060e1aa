import { type ApiRequest, STALE } from "@/lib/domain/api-query";
import { ACCOUNT_STATUSES } from "@/lib/data-api/values";
import { pageRead } from "@/lib/domain/page-href";

/**
 * What the delivery-days page reads, and its address: `date` (YYYY-MM-DD) or `day` (1 = Monday .. 7 = Sunday: its date
 * in the seven days from today), `States`, `AccountStatuses` (sent to the API), `rep` and `q` (applied in the page).
 * The date, the day and the rep are the ones a link to the page names (`pageHref.deliveryDays`: the overview's
 * figures, a delivery cut-off's notification), read by `pageRead.deliveryDays`.
 */

type Params = Record<string, string | string[] | undefined>;
const one = (params: Params, name: string) =>
  (Array.isArray(params[name]) ? params[name][0] : params[name]) ?? undefined;

/** Customers walked at most (pages of 500): 3,000, past the 1,200 a large key sees. */
export const CUSTOMER_PAGES = 6;
export const DELIVERY_STALE = STALE.directory;

export interface DeliveryParams {
  day?: number;
  /** YYYY-MM-DD: the date whose deliveries are listed (a link from the overview names it). */
  date?: string;
  states?: string;
  statuses: string;
  rep?: number;
  q?: string;
}

/** The page's address read and checked (anything unreadable is left out, as if absent). */
export function deliveryParams(params: Params): DeliveryParams {
  const { day, date, rep } = pageRead.deliveryDays(params);
  const states = (one(params, "States") ?? "")
    .split(",")
    .map((s) => s.trim().toUpperCase())
    .filter((s) => /^[A-Z]{2}$/.test(s));
  const statuses = (one(params, "AccountStatuses") ?? "Active")
    .split(",")
    .filter((s): s is (typeof ACCOUNT_STATUSES)[number] => (ACCOUNT_STATUSES as readonly string[]).includes(s));
  return {
    day,
    date,
    states: states.length ? states.join(",") : undefined,
    statuses: (statuses.length ? statuses : ["Active"]).join(","),
    rep,
    q: one(params, "q")?.trim() || undefined,
  };
}

/**
 * The customers the page walks: every state's, by account status only. A state is chosen in the page, from what was
 * walked, so choosing one asks nothing more of the API.
 */
export function customersRequest(p: DeliveryParams): ApiRequest<"listCustomers"> {
  return { operation: "listCustomers", query: { AccountStatuses: p.statuses } };
}

/**
 * The chosen states' customers, asked of the API only when the walk of every state stopped at its limit (more than
 * 3,000 customers): then the chosen states are counted in full. Undefined when no state is chosen.
 */
export function stateCustomersRequest(p: DeliveryParams): ApiRequest<"listCustomers"> | undefined {
  return p.states
    ? { operation: "listCustomers", query: { AccountStatuses: p.statuses, States: p.states } }
    : undefined;
}

export const statesRequest: ApiRequest<"listStates"> = { operation: "listStates", query: { PageSize: "500" } };
export const repsRequest: ApiRequest<"listSalesReps"> = { operation: "listSalesReps", query: { PageSize: "500" } };

/**
 * One customer's delivery schedule (DeliverySchedule), as its page shows it. `/deliveryDays` covers active customers:
 * another answers no record.
 */
export function customerScheduleRequest(customerId: number): ApiRequest<"listDeliveryDays"> {
  return { operation: "listDeliveryDays", query: { CustomerIDs: String(customerId) } };
}
