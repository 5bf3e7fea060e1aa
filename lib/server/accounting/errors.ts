import "server-only";
import { refusal } from "../core/define-route";

/** The books' own refusals; a brand's key is refused by the routes' `keyTypes`. */

/** A retailer's key naming a store that is not one of its own. */
export const customerNotInScope = () =>
  refusal("CUSTOMER_NOT_IN_SCOPE", "This key's retailer does not own that store.", 403);
