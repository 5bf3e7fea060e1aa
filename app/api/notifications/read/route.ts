import { backend } from "@/lib/backend";
import { markNotificationsRead } from "@/lib/server/notifications/notifications-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/notifications/read {ids} or {all: true}: marks notifications read.
export const POST = answerFailures(async (request: Request) => markNotificationsRead(request, await backend()));
