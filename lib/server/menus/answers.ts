import "server-only";
import * as z from "zod";
import type { MadeMenuJson, MenuLinkJson } from "@/lib/domain/menus/menu-schema";

/**
 * What the shared menus' routes answer, as zod schemas for their specs (`/api/openapi.json`; every answer is checked
 * by them under test), each held to the type the code builds the answer as by `satisfies`. Kept on the server: the
 * types (lib/domain/menus/menu-schema.ts) are shared with the Menus page, which loads no zod for them.
 */

/** A link as `GET /api/menus` lists it: never its token (only its hash is kept). */
export const MenuLinkAnswer = z.object({
  id: z.string(),
  name: z.string(),
  states: z.array(z.string()).describe("The states whose products it shows; empty: every state."),
  categories: z.array(z.string()).describe("The categories it shows; empty: every category."),
  contactEmail: z.string().describe('Where "Ask about this product" writes to.'),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  status: z.enum(["active", "expired", "revoked"]).describe("Its state now."),
  revokedAt: z.string().nullable(),
}) satisfies z.ZodType<MenuLinkJson>;

/** What `POST /api/menus` answers, once: the link and its token (never shown again). */
export const MadeMenuAnswer = z.object({
  id: z.string(),
  url: z.string().describe("The public menu's address: `/menu/{token}`."),
  token: z.string().describe("Shown once: only its hash is kept."),
  expiresAt: z.string().describe("When it stops answering (a demo's link lasts a day at most)."),
}) satisfies z.ZodType<MadeMenuJson>;
