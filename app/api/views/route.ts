import { serve } from "@/lib/backend";
import { createView, listViews } from "@/lib/server/reports/views-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/views: the workspace's saved views and their schedules.
export const GET = serve(listViews);

// POST /api/views {name, path}: saves a list page's address under a name.
export const POST = serve(createView);
