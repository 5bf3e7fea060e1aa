/** Every table of a key's collections snapshot (migrations 014 and 016): what goes when the key goes. */
export const COLLECTIONS_TABLES = [
  "collections_pages",
  "collections_accounts",
  "collections_state",
  "collections_aging",
] as const;
