import { backend } from "@/lib/backend";
import { listNotifications } from "@/lib/server/notifications/notifications-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/notifications: the person's inbox and its unread count.
export const GET = answerFailures(async (request: Request) => listNotifications(request, await backend()));
