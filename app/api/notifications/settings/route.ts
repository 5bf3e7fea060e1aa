import { serve } from "@/lib/backend";
import { getNotificationSettings, putNotificationSettings } from "@/lib/server/notifications/settings-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/notifications/settings: the person's channel per kind and daily digest.
export const GET = serve(getNotificationSettings);

// PUT /api/notifications/settings {channels?, digest?}: changes them.
export const PUT = serve(putNotificationSettings);
