import { serve } from "@/lib/backend";
import { listNotifications } from "@/lib/server/notifications/notifications-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/notifications: the person's inbox and its unread count.
export const GET = serve(listNotifications);
