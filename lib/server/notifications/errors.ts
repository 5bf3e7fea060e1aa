import "server-only";
import { refusal } from "../core/route-errors";

/** The notifications' own refusals. */

/** An unsubscribe link whose token is not one of ours (altered, cut short, or from another Backroom). */
export const badUnsubscribeToken = () =>
  refusal(
    "BAD_UNSUBSCRIBE_TOKEN",
    "This unsubscribe link is not valid: it may have been cut short. Change what you receive in your notification settings instead.",
    400,
  );
