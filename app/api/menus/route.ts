import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { createMenu, listMenus } from "@/lib/server/menus/menus-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/menus: the Supplier key's links to its public menu (never their tokens).
export const GET = answerFailures(async (request: Request) => listMenus(request, await backend()));

// POST /api/menus {name, states, categories, expiresAt, contactEmail} with an Idempotency-Key: makes a link.
export const POST = answerFailures(async (request: Request) => createMenu(request, await backend()));
