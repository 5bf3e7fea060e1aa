/** Every table of a key's synced history (migration 011): what goes when the key goes. */
export const HISTORY_TABLES = [
  "history_lines",
  "history_invoices",
  "history_reps",
  "history_products",
  "history_shelf",
  "history_customers",
  "history_suppliers",
  "history_state",
] as const;
