import { serve } from "@/lib/backend";
import { listNotifications } from "@/lib/server/notifications/notifications-api";

export const GET = serve(listNotifications);
