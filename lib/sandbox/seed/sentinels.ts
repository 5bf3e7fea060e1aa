/**
 * The sentinel dates the live service sends (field notes, "More from integrators"), in a file of their own below the
 * generators that write them: the demo stores' history (`demo-history.ts`) and the quirks laid over the drawn data
 * (`live-quirks.ts`) both use them, and neither imports the other.
 */

/** `LastInventoryDate` of a shelf never counted, stored as a day (sent as its midnight UTC). */
export const NEVER_COUNTED = "2000-01-01";
/** The same sentinel after a time-zone round trip (midnight UTC read as Pacific time and stamped UTC again). */
export const NEVER_COUNTED_SHIFTED = "1999-12-31T16:00:00.000Z";
