import { serve } from "@/lib/backend";
import { markNotificationsRead } from "@/lib/server/notifications/notifications-api";

export const POST = serve(markNotificationsRead);
