import "server-only";
import { refusal, type RouteError } from "../core/route-errors";

/** The reorder lists' refusals of their own (a Supplier key is refused by the send's `keyTypes`). */

/** 404 `NOT_FOUND`: a list id the workspace does not have (in the key's environment). */
export const noSuchList = (): RouteError => refusal("NOT_FOUND", "No such list in this workspace.", 404);

/** 404 `CUSTOMER_NOT_FOUND`: the store asked is not among the key's customers. */
export const customerNotFound = (customerId: number): RouteError =>
  refusal("CUSTOMER_NOT_FOUND", `No customer ${customerId} is among this key's customers.`, 404);

/** 409 `NO_REP_EMAIL`: nobody to mail the list to. */
export const noRepEmail = (): RouteError =>
  refusal(
    "NO_REP_EMAIL",
    "Nobody to send it to: the store's record has no SalesRepEmail and the workspace has no contact address. An owner or admin sets one on the Reorder lists page.",
    409,
  );
