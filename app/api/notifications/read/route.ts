import { serve } from "@/lib/backend";
import { markNotificationsRead } from "@/lib/server/notifications/notifications-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/notifications/read {ids} or {all: true}: marks notifications read.
export const POST = serve(markNotificationsRead);
