import { serve } from "@/lib/backend";
import { createMenu, listMenus } from "@/lib/server/menus/menus-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/menus: the Supplier key's links to its public menu (never their tokens).
export const GET = serve(listMenus);

// POST /api/menus {name, states, categories, expiresAt, contactEmail} with an Idempotency-Key: makes a link.
export const POST = serve(createMenu);
