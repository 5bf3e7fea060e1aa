/**
 * The plan table's headers, in order: one list for the page, its render test and the browser
 * tests, which find the columns by these names.
 */
export const PLAN_HEADERS = [
  "Product",
  "Warehouse",
  "Vendor",
  "Available",
  "On order",
  "Sells per day",
  "Days of cover",
  "Arrives in (days)",
  "Target days",
  "Suggested cases",
  "Suggested units",
] as const;
