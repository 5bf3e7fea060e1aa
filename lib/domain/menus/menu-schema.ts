import * as z from "zod";

/**
 * The body of `POST /api/menus` (the route handler's and the tests' one schema) and the links' types, which the Menus
 * page imports as types only, so it loads no zod for them.
 */

/** How long a link may live at most: a year. */
export const MENU_MAX_DAYS = 366;

const State = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "A state is its two-letter code, such as CA.");

const Category = z.string().trim().min(1, "A category is not empty.").max(100, "A category is at most 100 characters.");

/** POST /api/menus: what the link shows and until when (the Idempotency-Key goes in its header). */
export const NewMenu = z.strictObject({
  name: z
    .string({ error: "Name the link." })
    .trim()
    .min(1, "Name the link: it is empty.")
    .max(100, "Keep the name to 100 characters."),
  /** The states whose products it shows; empty: every state. */
  states: z.array(State, { error: "states is a list of state codes." }).max(60).default([]),
  /** The categories (the product's type, "Edible: Chocolate") it shows; empty: every category. */
  categories: z.array(Category, { error: "categories is a list of names." }).max(100).default([]),
  /** When the link stops answering: a date-time with its offset (or a date: its end in UTC). */
  expiresAt: z
    .string({ error: "Say when the link expires (expiresAt)." })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}(T.+)?$/.test(value) && !Number.isNaN(Date.parse(value)), {
      error: "expiresAt is a date (2026-12-31) or a date-time with its offset.",
    })
    .transform((value) => new Date(/T/.test(value) ? value : `${value}T23:59:59.999Z`).toISOString()),
  /** Where "Ask about this product" writes to. */
  contactEmail: z.email({ error: "contactEmail is an email address people may write to." }).max(200),
});

export type NewMenuBody = z.output<typeof NewMenu>;

/** A link as `GET /api/menus` lists it: never its token (only its hash is kept). */
export interface MenuLinkJson {
  id: string;
  name: string;
  /** The states whose products it shows; empty: every state. */
  states: string[];
  /** The categories it shows; empty: every category. */
  categories: string[];
  /** Where "Ask about this product" writes to. */
  contactEmail: string;
  expiresAt: string;
  createdAt: string;
  createdBy: string;
  /** Its state now. */
  status: "active" | "expired" | "revoked";
  revokedAt: string | null;
}

/** What `POST /api/menus` answers, once: the link and its token (never shown again). */
export interface MadeMenuJson {
  id: string;
  /** The public menu's address: `/menu/{token}`. */
  url: string;
  /** Shown once: only its hash is kept. */
  token: string;
  /** When it stops answering (a demo's link lasts a day at most). */
  expiresAt: string;
}
