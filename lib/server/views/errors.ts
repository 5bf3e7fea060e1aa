import "server-only";
import { RouteError } from "../core/route-errors";

/** The saved views' refusals of their own. */

/**
 * 409 `VALIDATION_FAILED` on `recipients`: the asker's active key cannot read the view's list, so a schedule read with
 * it would fail; another key can.
 */
export function keyCannotReadList(): RouteError {
  const detail = "Your active key cannot read this list: switch to a key that can, then schedule it.";
  return new RouteError(409, "VALIDATION_FAILED", detail, {
    fieldErrors: [{ field: "recipients", code: "INVALID_VALUE", detail }],
  });
}
