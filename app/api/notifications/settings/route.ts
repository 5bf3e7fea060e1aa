import { backend } from "@/lib/backend";
import { getNotificationSettings, putNotificationSettings } from "@/lib/server/notifications/settings-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/notifications/settings: the person's channel per kind and daily digest.
export const GET = answerFailures(async (request: Request) => getNotificationSettings(request, await backend()));
// PUT /api/notifications/settings {channels?, digest?}: changes them.
export const PUT = answerFailures(async (request: Request) => putNotificationSettings(request, await backend()));
