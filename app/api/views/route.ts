import { backend } from "@/lib/backend";
import { createView, listViews } from "@/lib/server/reports/views-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/views: the workspace's saved views and their schedules.
export const GET = answerFailures(async (request: Request) => listViews(request, await backend()));

// POST /api/views {name, path}: saves a list page's address under a name.
export const POST = answerFailures(async (request: Request) => createView(request, await backend()));
