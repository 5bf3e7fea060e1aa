import "server-only";
import { refusal } from "../core/route-errors";

/** The statements' own refusals; a key without statements is refused by the routes' `keyTypes`. */

/** A statement of an AR account the key reads nothing of (not its own, or no history at all). */
export const noSuchAccount = () =>
  refusal(
    "NO_SUCH_ACCOUNT",
    "Nothing of this AR account can be read with this key: no open invoice, payment or allocation",
    404,
  );

/** A statement asked for a day the API's aging is not as of (it keeps its last close only); `detail` names that day. */
export const statementDateUnavailable = (detail: string) => refusal("STATEMENT_DATE_UNAVAILABLE", detail, 409);
