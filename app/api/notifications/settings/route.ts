import { serve } from "@/lib/backend";
import { getNotificationSettings, putNotificationSettings } from "@/lib/server/notifications/settings-api";

export const GET = serve(getNotificationSettings);
export const PUT = serve(putNotificationSettings);
