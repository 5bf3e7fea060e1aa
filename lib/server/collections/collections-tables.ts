/** Every table of a key's collections snapshot (migration 014): what goes when the key goes. */
export const COLLECTIONS_TABLES = ["collections_pages", "collections_accounts", "collections_state"] as const;
