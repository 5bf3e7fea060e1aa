/** A 44 px touch target on a phone, the usual size on a desk. */
export const TOUCH = "min-h-11 sm:min-h-0";

/** A count with its noun: "1 row", "3 rows" (the one helper every page counts with). */
export { plural } from "@/lib/format/plural";
